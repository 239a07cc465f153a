import { translator } from '../translate';
import { common } from './common';
import { admin } from './admin';

/** The jobs screen (src/islands/admin/JobsIsland.tsx) and the refusals of its calls. */
export const adminJobs = {
  'jobs.title': '后台任务',
  'jobs.intro': '系统在后台按时执行的工作，例如定时发布。失败的任务可以立即重试，排队中的任务可以取消。',
  'jobs.mediaTools.title': '视频处理不可用',
  'jobs.mediaTools.body':
    '服务器未安装视频处理组件（{missing}），上传的视频和音频无法处理，相应的处理任务会失败。请联系运维人员在服务器上安装 ffmpeg（例如执行 apt-get install ffmpeg），安装后对失败的任务点击“立即重试”。',
  'jobs.state.queued': '排队中',
  'jobs.state.running': '运行中',
  'jobs.state.done': '已完成',
  'jobs.state.failed': '失败',
  'jobs.state.cancelled': '已取消',
  'jobs.state.all': '全部状态',
  'jobs.kind.all': '全部类型',
  'jobs.kind.content.publish': '定时发布新闻或通知',
  'jobs.kind.catalog.publish': '定时发布目录内容',
  'jobs.kind.media.process': '处理媒体文件（时长与清晰度）',
  'jobs.kind.sms.send': '发送通知短信',
  'jobs.what.content.publish.news': '定时发布新闻',
  'jobs.what.content.publish.notice': '定时发布通知',
  'jobs.what.catalog.publish.product': '定时发布培训项目',
  'jobs.what.catalog.publish.productCategory': '定时发布项目分类',
  'jobs.what.catalog.publish.question': '定时发布常见问题',
  'jobs.what.catalog.publish.hotMajor': '定时发布热门专业',
  'jobs.what.catalog.publish.banner': '定时发布首页横幅',
  'jobs.what.catalog.publish.coupon': '定时发布优惠券',
  'jobs.what.catalog.publish.albumCategory': '定时发布相册分类',
  'jobs.what.catalog.publish.material': '定时发布相册素材',
  'jobs.col.kind': '任务',
  'jobs.col.item': '内容',
  'jobs.col.runAt': '执行时间',
  'jobs.col.state': '状态',
  'jobs.col.attempts': '执行次数',
  'jobs.col.error': '最近错误',
  'jobs.col.actions': '操作',
  'jobs.filter.state': '状态',
  'jobs.filter.kind': '类型',
  'jobs.itemGone': '（内容已删除）',
  'jobs.noError': '无',
  'jobs.empty': '没有符合条件的任务',
  'jobs.retry': '立即重试',
  'jobs.cancel': '取消任务',
  'jobs.retried': '已重新排队，将很快执行',
  'jobs.cancelled': '任务已取消',
  'jobs.confirmCancel': '取消后该任务不会再执行；若是定时发布，内容将保持草稿。确定取消吗？',
  'jobs.total': '共 {total} 个任务',
  // Refusals.
  'jobs.notFound': '任务不存在',
  'jobs.notFailed': '只有失败的任务可以重试',
  'jobs.notQueued': '只有排队中的任务可以取消',
  'jobs.badState': '状态不正确',
  'jobs.badKind': '任务类型不正确',
} as const;

export const t = /* @__PURE__ */ translator(common, admin, adminJobs);
