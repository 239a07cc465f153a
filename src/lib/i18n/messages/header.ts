import { translator } from '../translate';

/** The header islands (user menu, distance) and the logout flow shared with the learner home. */
export const header = {
  'header.registerLogin': '注册/登录',
  'header.student': '学员',
  'header.personalCenter': '个人中心',
  'header.logout': '退出登录',
  'header.logoutConfirm': '确定退出登录？',
  'header.logoutSuccess': '退出成功',
  'header.distance': '距您 {d}',
} as const;

export const t = /* @__PURE__ */ translator(header);
