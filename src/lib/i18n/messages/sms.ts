import { translator } from '../translate';

/** The verification-code button and the mobile check before a code is sent. */
export const sms = {
  'sms.getCode': '获取验证码',
  'sms.countdown': '{n}秒重新获取',
  'sms.resend': '重新获取',
  'sms.sent': '发送成功',
  'sms.sendFailed': '发送失败',
  'sms.mobileRequired': '请输入手机号码',
  'sms.mobileInvalid': '请输入正确的手机号码',
  'sms.waitCountdown': '请在倒计时结束后再发送',
} as const;

export const t = /* @__PURE__ */ translator(sms);
