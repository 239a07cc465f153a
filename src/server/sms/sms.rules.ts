import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { smsSignText } from '~/lib/sms-sign';
import { SMS_CODE_LENGTH } from '~/lib/sms-codes';

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

/**
 * How many codes an address may ask for in an hour: the configured limit, plus
 * SMS_PER_VERIFIED_CODE for each code asked from there that was typed back correctly in the hour
 * (decision 053). A classroom behind one address proves itself as its students log in, so a class
 * of 50 gets its codes; a spray over other people's mobiles verifies none and stays at the limit,
 * and codes verified on an attacker's own phone are bounded by that mobile's own limits.
 */
export const SMS_PER_VERIFIED_CODE = 2;

export function smsAddressBudget(hourlyLimit: number, verifiedFromAddress: number): number {
  return hourlyLimit + SMS_PER_VERIFIED_CODE * Math.max(0, verifiedFromAddress);
}
