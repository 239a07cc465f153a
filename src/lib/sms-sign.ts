import { t } from './i18n/messages/sms';

/**
 * SMS verification codes, the parts shared by the browser and the server (browser-safe).
 *
 * The `sign` header of GET /api/oauth/anyTenant/sendSmsCode is the lower-case hex SHA-256 of the
 * query parameters except `sign`, sorted by name and joined as `k=v&k=v`, followed by
 * `&key=<access key>`. The access key is a client constant (public config `smsSignKey`), not a
 * secret: the sign only keeps casual scripts from calling the endpoint; the real protection is the
 * server's rate limits.
 */

export const SMS_TEMPLATES = ['VISITOR_MSG_VERIFY', 'MOBILE_LOGIN_REGISTER'] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];
/** The consult form's template; login and join use MOBILE_LOGIN_REGISTER. */
export const DEFAULT_SMS_TEMPLATE: SmsTemplate = 'VISITOR_MSG_VERIFY';
/** Seconds before another code may be sent to the same mobile (the button's countdown). */
export const SMS_COUNTDOWN_SECONDS = 60;
export const SMS_CODE_LENGTH = 6;
/** 11 digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;

/** The text that is hashed: parameters except sign, sorted by name, then &key=<access key>. */
export function smsSignText(params: Record<string, unknown>, accessKey: string): string {
  const pairs = Object.entries(params)
    .filter(([k, v]) => k !== 'sign' && v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${String(v)}`);
  return `${pairs.join('&')}&key=${accessKey}`;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The sign header value, computed with WebCrypto (browser and Node alike). */
export async function smsSign(params: Record<string, unknown>, accessKey: string): Promise<string> {
  const data = new TextEncoder().encode(smsSignText(params, accessKey));
  return hex(await crypto.subtle.digest('SHA-256', data));
}

/** The message for a mobile the code button must not send to, or null when it may. */
export function smsMobileError(mobile: string | null | undefined): string | null {
  const value = (mobile ?? '').trim();
  if (value === '') return t('sms.mobileRequired');
  if (!MOBILE_PATTERN.test(value)) return t('sms.mobileInvalid');
  return null;
}
