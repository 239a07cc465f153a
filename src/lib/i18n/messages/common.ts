import { translator } from '../translate';

/**
 * Words the shared browser modules use: the API client, the confirm dialog, the modal, the login
 * guard, the pager, the form hook and the home islands.
 */
export const common = {
  'common.systemBusy': '系统繁忙',
  'common.pleaseLogin': '请登录',
  'common.loginFirst': '请先登录',
  'common.close': '关闭',
  'common.confirm': '确定',
  'common.cancel': '取消',
  'common.tip': '提示',
  'common.noData': '暂无数据',
  'common.none': '无',
  'common.loading': '加载中…',
  'common.prevPage': '上一页',
  'common.nextPage': '下一页',
  'common.like': '点赞',
  'common.unlike': '取消点赞',
  'common.expand': '展开',
  'common.collapse': '收起',
  'common.delete': '删除',
  'common.reply': '回复',
  'common.send': '发送',
  'common.operationSuccess': '操作成功',
} as const;

export const t = /* @__PURE__ */ translator(common);
