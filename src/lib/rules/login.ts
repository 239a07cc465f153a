import { t } from '../i18n/messages/login';
import { MOBILE_PATTERN, SMS_CODE_LENGTH } from '../sms-codes';
import { check, fail, fieldErrors, matches, pass, requiredText, type Rule } from './rule';

/**
 * Login form rules, shared by the login pages and the server
 * (browser-safe). Each field reports its first message; `loginErrors` gives every field's.
 */

export const LOGIN_LIMITS = { mobile: 11, code: SMS_CODE_LENGTH, passwordMin: 6, passwordMax: 20 } as const;

/** 请输入手机号码; exactly 11 characters, 1 and ten digits: 请输入正确的手机号码. */
export const mobileRule = requiredText(t('login.mobileRequired'), matches(MOBILE_PATTERN, t('login.mobileInvalid')));

/** 请输入验证码; exactly 6 digits: 请输入6位验证码. */
export const codeRule = requiredText(t('login.codeRequired'), matches(new RegExp(`^\\d{${LOGIN_LIMITS.code}}$`), t('login.codeLength')));

/** The login form checks only presence (请输入密码), never trimmed; the 6–20 rule is for setting a password. */
export const loginPasswordRule: Rule = (v) => {
  const password = v === undefined || v === null ? '' : v;
  return typeof password === 'string' && password.length >= 1 && password.length <= 128 ? pass(password) : fail(t('login.passwordRequired'));
};

/** The agreement checkbox must be ticked: 请先阅读并同意协议. */
export const agreementRule: Rule<true> = (v) => (v === true ? pass(true) : fail(t('login.agreementRequired')));

export type LoginMode = 'code' | 'password';
export type LoginField = 'mobile' | 'code' | 'password' | 'agreed';
export const LOGIN_FIELDS: Record<LoginMode, readonly LoginField[]> = {
  code: ['mobile', 'code', 'agreed'],
  password: ['mobile', 'password', 'agreed'],
};

const fieldRules: Record<LoginField, Rule<unknown>> = { mobile: mobileRule, code: codeRule, password: loginPasswordRule, agreed: agreementRule };

export function loginFieldError(field: LoginField, value: unknown): string | null {
  return check(fieldRules[field], value);
}

/** Every invalid field's first message, in the form's order. */
export function loginErrors(mode: LoginMode, values: Partial<Record<LoginField, unknown>>): Partial<Record<LoginField, string>> {
  return fieldErrors(LOGIN_FIELDS[mode], loginFieldError, values);
}
