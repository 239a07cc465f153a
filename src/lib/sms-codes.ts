import { t } from './i18n/messages/sms';

/**
 * SMS verification codes, the parts shared by the browser and the server (browser-safe): the
 * templates, the countdown, the code's length, what a mobile looks like. The send's sign is
 * ./sms-sign.ts, which the browser loads only when it sends.
 */

/** The templates the public send call sends (anyone may ask one for any mobile, within the limits). */
export const PUBLIC_SMS_TEMPLATES = ['VISITOR_MSG_VERIFY', 'MOBILE_LOGIN_REGISTER'] as const;
export type PublicSmsTemplate = (typeof PUBLIC_SMS_TEMPLATES)[number];
/**
 * A staff member's own password reset (/admin/forgot): sent only by the staff side's own call, and
 * only to the mobile of an active staff account of the school, never by the public send call.
 */
export const STAFF_PASSWORD_RESET_TEMPLATE = 'STAFF_PASSWORD_RESET';
/** Every template a code is sent for. */
export const SMS_TEMPLATES = [...PUBLIC_SMS_TEMPLATES, STAFF_PASSWORD_RESET_TEMPLATE] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];
/** The consult form's template; login and join use MOBILE_LOGIN_REGISTER. */
export const DEFAULT_SMS_TEMPLATE: PublicSmsTemplate = 'VISITOR_MSG_VERIFY';
/** Seconds before another code may be sent to the same mobile (the button's countdown). */
export const SMS_COUNTDOWN_SECONDS = 60;
export const SMS_CODE_LENGTH = 6;
/** 11 digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;

/** The message for a mobile the code button must not send to, or null when it may. */
export function smsMobileError(mobile: string | null | undefined): string | null {
  const value = (mobile ?? '').trim();
  if (value === '') return t('sms.mobileRequired');
  if (!MOBILE_PATTERN.test(value)) return t('sms.mobileInvalid');
  return null;
}
