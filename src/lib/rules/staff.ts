import { t } from '../i18n/messages/admin';
import { MOBILE_PATTERN, SMS_CODE_LENGTH } from '../sms-codes';
import { fail, matches, maxLength, pass, requiredText, type Rule } from './rule';
import { isStaffRole, type StaffRole } from '../staff/roles';

/**
 * The staff forms' rules, shared by the /admin islands and the staff routes (browser-safe).
 *
 * A staff password guards a whole school's site, so it is longer than a student's 6–20: 8 to 64
 * characters with at least one letter and one digit (decision 033). Signing in only checks that a
 * password was typed, so an old password is never refused for its shape.
 */

export const STAFF_LIMITS = { passwordMin: 8, passwordMax: 64, nameMax: 20, codeDigits: 6 } as const;

export const staffMobileRule = requiredText(t('admin.mobileRequired'), matches(MOBILE_PATTERN, t('admin.mobileInvalid')));

/** What a sign-in or a proof of the current password takes: anything typed, 128 characters at most. */
export const typedPasswordRule: Rule = (v) => (typeof v === 'string' && v.length >= 1 && v.length <= 128 ? pass(v) : fail(t('admin.passwordRequired')));

/** A new staff password: 8–64 characters, a letter and a digit among them; kept as typed (not trimmed). */
export const newStaffPasswordRule: Rule = (v) => {
  if (typeof v !== 'string' || v === '') return fail(t('admin.passwordRequired'));
  if (v.length < STAFF_LIMITS.passwordMin) return fail(t('admin.passwordTooShort'));
  if (v.length > STAFF_LIMITS.passwordMax) return fail(t('admin.passwordTooLong'));
  if (!/\p{L}/u.test(v) || !/\d/.test(v)) return fail(t('admin.passwordWeak'));
  return pass(v);
};

/** A person's name as colleagues see it: 1–20 characters, no control characters or angle brackets. */
export const staffNameRule = requiredText(
  t('admin.nameRequired'),
  maxLength(STAFF_LIMITS.nameMax, t('admin.nameTooLong')),
  matches(/^[^\p{Cc}\p{Cf}<>]+$/u, t('admin.nameInvalid')),
);

/** The SMS code of the self-service password reset: its 6 digits. */
export const staffSmsCodeRule = requiredText(t('admin.smsCodeRequired'), matches(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), t('admin.smsCodeInvalid')));

/** The authenticator's 6 digits (spaces people type between groups are dropped). */
export const totpCodeRule: Rule = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number') return fail(t('admin.codeRequired'));
  const code = String(v).replace(/\s+/g, '');
  if (code === '') return fail(t('admin.codeRequired'));
  return /^\d{6}$/.test(code) ? pass(code) : fail(t('admin.codeInvalid'));
};

/**
 * A second-factor recovery code: 16 letters and digits of the base-32 alphabet (A–Z, 2–7), shown in
 * four groups of four. Typed in any case, with or without the dashes and spaces; 0 and 1, absent from
 * the alphabet, are read as the O and I they were mistaken for. The answer is the 16 characters.
 */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-7]{16}$/;

export function normalRecoveryCode(v: string): string {
  return v
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/0/g, 'O')
    .replace(/1/g, 'I');
}

/** What the second step of signing in (and turning the second factor off) takes: the authenticator's code or a recovery code. */
export type SecondStepCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

export const secondStepCodeRule: Rule<SecondStepCode> = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number') return fail(t('admin.codeRequired'));
  const text = String(v).replace(/\s+/g, '');
  if (text === '') return fail(t('admin.codeRequired'));
  if (/^\d{6}$/.test(text)) return pass({ kind: 'totp', code: text });
  const recovery = normalRecoveryCode(text);
  return RECOVERY_CODE_PATTERN.test(recovery) ? pass({ kind: 'recovery', code: recovery }) : fail(t('admin.codeOrRecoveryInvalid'));
};

export const staffRoleRule: Rule<StaffRole> = (v) => (isStaffRole(v) ? pass(v) : fail(t('admin.roleRequired')));

/** An optional mobile: blank is none, anything else must be a mobile number. */
export const optionalMobileRule: Rule<string | undefined> = (v) => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return pass(undefined);
  return staffMobileRule(v);
};

/** The repeated new password must be the same text. */
export function repeatError(password: string, repeat: string): string | null {
  return password === repeat ? null : t('admin.passwordMismatch');
}
