import { z } from 'zod';
import { zodRule } from '~/lib/forms/rule';
import { t } from '~/server/i18n';
import { all, required, rules } from '~/lib/rules/library';
import { codeRule as code, loginPasswordRule as loginPassword, mobileRule as mobile } from '~/lib/rules/login';
import { enterpriseNameRule as enterpriseName, invitationCodeRule as invitationCode } from '~/lib/rules/register';
import { requiredText as requiredTextRule } from '~/lib/rules/rule';
import { CAPTCHA_KEY_LENGTH } from '~/lib/rules/captcha';

/**
 * The shared form rules (src/lib/rules, plain functions so the browser ships no zod) as zod
 * schemas for the routes (zodRule, src/lib/forms/rule.ts), so a route refuses with the same words
 * the form shows.
 */
export { zodRule };

/** A required text field (missing, null or blank: the message), trimmed; pipe it into the route's own checks. */
export const requiredText = (message: string) => zodRule(requiredTextRule(message));

export const mobileRule = zodRule(mobile);
export const codeRule = zodRule(code);
export const loginPasswordRule = zodRule(loginPassword);
/** A new password: 6–20 letters or digits (密码不能少于6位 / 密码不能超过20位 / 请输入6~20位字母或数字). */
export const newPasswordRule = zodRule(all(required(t('login.passwordRequired')), rules.password));
export const enterpriseNameRule = zodRule(enterpriseName);
export const invitationCodeRule = zodRule(invitationCode);

/** A captcha's answer is 4 digits; a longer text is wrong without a look at the database. */
const CAPTCHA_CODE_MAX = 8;

/**
 * The optional captcha of a login or staff sign-in, sent only after the server answered
 * CAPTCHA_REQUIRED (decision 053); the check itself says what was wrong with it.
 */
export const captchaAnswerFields = {
  captchaKey: z
    .string({ error: t('captcha.keyInvalid') })
    .max(CAPTCHA_KEY_LENGTH, t('captcha.keyInvalid'))
    .optional(),
  captchaCode: z
    .string({ error: t('captcha.wrong') })
    .trim()
    .max(CAPTCHA_CODE_MAX, t('captcha.wrong'))
    .optional(),
};

/** The captcha of such a body, when both its fields came. */
export function captchaOf(b: { captchaKey?: string | undefined; captchaCode?: string | undefined }): { key: string; code: string } | undefined {
  return b.captchaKey !== undefined && b.captchaCode !== undefined ? { key: b.captchaKey, code: b.captchaCode } : undefined;
}
