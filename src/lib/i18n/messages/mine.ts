/** The learner home (学习中心). */
export const mine = {
  'login.mineWelcome': '欢迎回来，{name}',
  'login.mineIntro': '这里是你的学员首页。课程学习、作业与考试正在建设中，上线后将在这里开放。',
  'login.mineMobile': '手机号码：{mobile}',
  'login.minePartner': '进入{name}学习平台',
  'login.partnerSsoOff': '统一登录未开通',
} as const;
