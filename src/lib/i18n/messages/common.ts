import { translator } from '../translate';

/**
 * Words the shared browser modules use: the API client, the confirm dialog, the modal, the login
 * guard, the pager and the form hook (on every page: the home islands' own words are in ./home.ts).
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
  'common.operationSuccess': '操作成功',
} as const;

export const t = /* @__PURE__ */ translator(common);
