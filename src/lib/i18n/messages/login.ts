import { translator } from '../translate';
import { common } from './common';

/** The login form and its rules (the registration form reuses the mobile and code fields). */
export const login = {
  'login.modes': '登录方式',
  'login.modeCode': '验证码登录',
  'login.modePassword': '密码登录',
  'login.toPassword': '使用密码登录',
  'login.toCode': '使用验证码登录',
  'login.mobile': '手机号码',
  'login.mobilePlaceholder': '请输入手机号码',
  'login.code': '验证码',
  'login.codePlaceholder': '请输入6位验证码',
  'login.password': '密码',
  'login.passwordPlaceholder': '请输入密码',
  'login.codeHint': '未注册的手机号验证后将自动注册',
  'login.captcha': '图形验证码',
  'login.captchaPlaceholder': '请输入图中的4位数字',
  'login.captchaRefresh': '图形验证码，看不清？点击图片换一张',
  'login.mobileRequired': '请输入手机号码',
  'login.mobileInvalid': '请输入正确的手机号码',
  'login.codeRequired': '请输入验证码',
  'login.codeLength': '请输入6位验证码',
  'login.passwordRequired': '请输入密码',
  'login.agreementRequired': '请先阅读并同意协议',
  'login.submit': '登录',
  'login.submitting': '登录中…',
  'login.success': '登录成功',
} as const;

export const t = /* @__PURE__ */ translator(common, login);
