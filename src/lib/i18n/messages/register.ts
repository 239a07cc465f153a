import { translator } from '../translate';
import { common } from './common';
import { login } from './login';

/** The registration forms (join a cloud school, enterprise invitation) and their rules. */
export const register = {
  'register.name': '姓名',
  'register.namePlaceholder': '请输入姓名',
  'register.nameRequired': '请输入姓名',
  'register.nameTooLong': '姓名不能超过11个字符',
  'register.school': '云校',
  'register.schoolPlaceholder': '请选择要加入的云校',
  'register.schoolRequired': '请选择要加入的云校',
  'register.enterpriseName': '企业名称',
  'register.enterpriseNamePlaceholder': '请输入企业名称',
  'register.enterpriseNameRequired': '请输入企业名称',
  'register.enterpriseNameTooLong': '企业名称不能超过50个字符',
  'register.invitationCode': '邀请码',
  'register.invitationCodePlaceholder': '请输入6位邀请码',
  'register.invitationCodeRequired': '请输入邀请码',
  'register.invitationCodeTooLong': '邀请码不能超过6位',
  'register.invitationInvalid': '邀请码无效或已过期',
  'register.submit': '提交',
  'register.submitting': '提交中…',
  'register.success': '操作成功',
} as const;

export const t = /* @__PURE__ */ translator(common, login, register);
