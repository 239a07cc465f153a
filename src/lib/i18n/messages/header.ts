import { translator } from '../translate';

/** The header islands (user menu, distance) and the logout flow shared with the learner home. */
export const header = {
  'header.registerLogin': '注册/登录',
  'header.userLogin': '用户登录',
  'header.student': '学员',
  'header.personalCenter': '个人中心',
  'header.logout': '退出登录',
  'header.messages': '消息',
  'header.messagesUnread': '消息，{n} 条未读',
  'header.logoutConfirm': '确定退出登录？',
  'header.logoutSuccess': '退出成功',
  'header.distance': '距您 {d}',
  'header.distanceApprox': '距您约 {d}',
  'header.distanceApproxHint': '按您的网络所在城市估算',
  'header.locate': '精确定位',
  'header.locateHint': '使用您的位置计算到学校的精确距离',
  'header.locating': '定位中…',
  'header.locateDenied': '未获得定位权限，无法计算精确距离；可在浏览器设置中允许本站定位',
  'header.locateFailed': '暂时无法获取您的位置，请稍后再试',
} as const;

export const t = /* @__PURE__ */ translator(header);
