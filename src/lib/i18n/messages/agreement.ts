import { translator } from '../translate';

/** The agreement checkbox of the login and registration forms. */
export const agreement = {
  'login.agreePrefix': '我已阅读并同意',
  'login.serviceAgreement': '《用户服务协议》',
  'login.and': '和',
  'login.privacyPolicy': '《隐私政策》',
} as const;

export const t = /* @__PURE__ */ translator(agreement);
