import { translator } from '../translate';
import { common } from './common';

/** The certificate query form and its rules (its result's words: ./certificate-result.ts). */
export const certificates = {
  'certificates.tabs': '证书类型',
  'certificates.tab.skill': '职业技能等级证书',
  'certificates.tab.training': '培训结业证书',
  'certificates.name': '姓名',
  'certificates.number': '证书编号',
  'certificates.captcha': '验证码',
  'certificates.namePlaceholder': '请输入姓名',
  'certificates.numberPlaceholder': '请输入证书编号',
  'certificates.captchaPlaceholder': '请输入验证码',
  'certificates.submit': '查询',
  'certificates.submitting': '查询中…',
  'certificates.nameRequired': '请输入姓名',
  'certificates.nameTooLong': '姓名最多{n}个字',
  'certificates.nameInvalid': '姓名格式不正确',
  'certificates.numberRequired': '请输入证书编号',
  'certificates.numberInvalid': '证书编号格式不正确',
  'certificates.captchaRequired': '请输入验证码',
  'certificates.captchaDigits': '验证码只能是数字',
  'certificates.captchaInvalid': '验证码格式不正确',
  'captcha.image': '图形验证码',
  'captcha.refresh': '看不清？点击图片换一张',
} as const;

export const t = /* @__PURE__ */ translator(common, certificates);
