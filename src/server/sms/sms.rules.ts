import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH, smsSignText } from '~/lib/sms-sign';

/** The codes and signs of SMS verification, without I/O. */

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/** The stored form of a code: HMAC-SHA256 (the secret) of tenant, mobile, template and code. */
export function hashCode(secret: string, v: { tenantId: string; mobile: string; templateCode: string; code: string }): string {
  return createHmac('sha256', secret).update(`${v.tenantId}\n${v.mobile}\n${v.templateCode}\n${v.code}`).digest('hex');
}

/** Two hex texts of one non-empty value, compared in constant time. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Whether the `sign` header (hex, any case) is the SHA-256 of the query's sign text with the access key. */
export function signMatches(given: string, query: Record<string, string>, accessKey: string): boolean {
  const sign = given.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(sign) && sameHex(createHash('sha256').update(smsSignText(query, accessKey)).digest('hex'), sign);
}
