import { translator } from '../translate';
import { common } from './common';

/** The consult modal (留言咨询) and its form rules. */
export const consult = {
  'consult.title': '留言咨询',
  'consult.intro': '留下您的联系方式和问题，招生老师会尽快与您联系',
  'consult.name': '姓名',
  'consult.mobile': '电话',
  'consult.code': '验证码',
  'consult.content': '咨询内容',
  'consult.namePlaceholder': '请输入姓名',
  'consult.mobilePlaceholder': '请输入电话',
  'consult.codePlaceholder': '请输入验证码',
  'consult.contentPlaceholder': '请输入您要咨询的内容',
  'consult.submit': '提交',
  'consult.submitting': '提交中…',
  'consult.close': '关闭',
  'consult.submitted': '提交成功',
  'consult.nameRequired': '请输入姓名',
  'consult.nameInvalid': '姓名格式不正确',
  'consult.nameTooLong': '姓名不能超过{n}个字符',
  'consult.mobileRequired': '请输入电话',
  'consult.mobileInvalid': '手机格式不正确',
  'consult.codeRequired': '请输入验证码',
  'consult.codeTooLong': '验证码不能超过{n}位',
  'consult.contentRequired': '请输入您要咨询的内容',
  'consult.contentTooLong': '咨询内容不能超过{n}个字',
  'consult.product': '咨询产品：{name}',
  'consult.productMessage': '我想咨询「{name}」。',
} as const;

export const t = /* @__PURE__ */ translator(common, consult);
