import { z } from 'zod';
import { t } from '~/server/i18n';
import { all, required, rules } from '~/lib/rules/library';
import { codeRule as code, loginPasswordRule as loginPassword, mobileRule as mobile } from '~/lib/rules/login';
import { enterpriseNameRule as enterpriseName, invitationCodeRule as invitationCode } from '~/lib/rules/register';
import { requiredText as requiredTextRule, type Rule } from '~/lib/rules/rule';

/**
 * The shared form rules (src/lib/rules, plain functions so the browser ships no zod) as zod
 * schemas for the routes: a rule's first message becomes the issue and its value (trimmed,
 * normalised) the output, so a route refuses with the same words the form shows.
 */
export function zodRule<T>(rule: Rule<T>) {
  return z.unknown().transform((value, ctx): T => {
    const result = rule(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/** A required text field (missing, null or blank: the message), trimmed; pipe it into the route's own checks. */
export const requiredText = (message: string) => zodRule(requiredTextRule(message));

export const mobileRule = zodRule(mobile);
export const codeRule = zodRule(code);
export const loginPasswordRule = zodRule(loginPassword);
/** A new password: 6–20 letters or digits (密码不能少于6位 / 密码不能超过20位 / 请输入6~20位字母或数字). */
export const newPasswordRule = zodRule(all(required(t('login.passwordRequired')), rules.password));
export const enterpriseNameRule = zodRule(enterpriseName);
export const invitationCodeRule = zodRule(invitationCode);
