import { z } from 'zod';
import { t } from '../i18n';
import { MOBILE_PATTERN, SMS_CODE_LENGTH } from '../sms-sign';
import { all, required, requiredText, rules } from './library';

export { requiredText };

/**
 * Login form rules (spec section 5, "Login"), shared by the login pages and the server
 * (browser-safe). Built on the shared rule library (library.ts). Each field reports its first message; `loginErrors` gives every field's.
 */

export const LOGIN_LIMITS = { mobile: 11, code: SMS_CODE_LENGTH, passwordMin: 6, passwordMax: 20 } as const;

/** 请输入手机号码; exactly 11 characters, 1 and ten digits: 请输入正确的手机号码. */
export const mobileRule = requiredText(t('login.mobileRequired')).pipe(
  z
    .string()
    .min(LOGIN_LIMITS.mobile, t('login.mobileInvalid'))
    .max(LOGIN_LIMITS.mobile, t('login.mobileInvalid'))
    .regex(MOBILE_PATTERN, t('login.mobileInvalid')),
);

/** 请输入验证码; at least (and, as the input allows, at most) 6 characters: 请输入6位验证码. */
export const codeRule = requiredText(t('login.codeRequired')).pipe(
  z
    .string()
    .min(LOGIN_LIMITS.code, t('login.codeLength'))
    .max(LOGIN_LIMITS.code, t('login.codeLength'))
    .regex(/^\d+$/, t('login.codeLength')),
);

/** The login form checks only presence (请输入密码); the 6–20 rule is for setting a password. */
export const loginPasswordRule = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string({ error: t('login.passwordRequired') }).min(1, t('login.passwordRequired')).max(128, t('login.passwordRequired')),
);

/** A new password: 6–20 letters or digits (密码不能少于6位 / 密码不能超过20位 / 请输入6~20位字母或数字). */
export const newPasswordRule = all(required(t('login.passwordRequired')), rules.password);

/** The agreement checkbox must be ticked: 请先阅读并同意协议. */
export const agreementRule = z.literal(true, { error: t('login.agreementRequired') });

export const codeLoginSchema = z.object({ mobile: mobileRule, code: codeRule, agreed: agreementRule });
export const passwordLoginSchema = z.object({ mobile: mobileRule, password: loginPasswordRule, agreed: agreementRule });

export type LoginMode = 'code' | 'password';
export type LoginField = 'mobile' | 'code' | 'password' | 'agreed';
export const LOGIN_FIELDS: Record<LoginMode, readonly LoginField[]> = {
  code: ['mobile', 'code', 'agreed'],
  password: ['mobile', 'password', 'agreed'],
};

const fieldRules: Record<LoginField, z.ZodType> = { mobile: mobileRule, code: codeRule, password: loginPasswordRule, agreed: agreementRule };

export function loginFieldError(field: LoginField, value: unknown): string | null {
  const r = fieldRules[field].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? t('validation.invalid'));
}

/** Every invalid field's first message, in the form's order. */
export function loginErrors(mode: LoginMode, values: Partial<Record<LoginField, unknown>>): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  for (const field of LOGIN_FIELDS[mode]) {
    const message = loginFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
