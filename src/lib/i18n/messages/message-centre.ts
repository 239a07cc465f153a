import { translator } from '../translate';
import { common } from './common';

/** The learner's message centre (/study/messages) and the messages the school's events write. */
export const messageCentre = {
  'messageCentre.title': '消息中心',
  'messageCentre.badge': '我的消息',
  'messageCentre.all': '全部',
  'messageCentre.unreadOnly': '未读',
  'messageCentre.markAll': '全部标为已读',
  'messageCentre.markedAll': '已全部标为已读',
  'messageCentre.markRead': '标为已读',
  'messageCentre.open': '查看',
  'messageCentre.unreadTag': '未读',
  'messageCentre.empty': '暂无消息',
  'messageCentre.emptyUnread': '没有未读消息',
  'messageCentre.unreadSummary': '{n} 条未读',
  'messageCentre.kind.enrolled': '入班通知',
  'messageCentre.kind.released': '成绩通知',
  'messageCentre.kind.certificate': '证书通知',
  'messageCentre.kind.notice': '班级通知',
  // Refusals.
  'messageCentre.badIds': '请选择要标为已读的消息（一次最多 {max} 条）',
  // What the school's events write (the server keeps the text it wrote).
  'messageCentre.enrolled.title': '您已加入班级「{className}」',
  'messageCentre.enrolled.body': '{school}已为您开通班级「{className}」，可在学习中心进入班级开始学习。',
  'messageCentre.released.title': '「{work}」成绩已发布',
  'messageCentre.released.body': '您在班级「{className}」提交的「{work}」已批阅，得分 {score} 分，可进入班级查看。',
  'messageCentre.notice.title': '班级通知：{title}',
  'messageCentre.certificate.title': '您的证书「{name}」已颁发',
  'messageCentre.certificate.body': '{school}已为您颁发「{name}」，证书编号 {number}。',
} as const;

export const t = /* @__PURE__ */ translator(common, messageCentre);
