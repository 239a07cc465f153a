import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Compact signed tokens for single sign-on, in both directions (/sso-login in, the partner
 * ticket out): `base64url(JSON payload) + '.' + base64url(HMAC-SHA256(secret, first part))`.
 * Not encrypted: the payload is readable by whoever holds the token, so it carries no secrets.
 */
export const MAX_SIGNED_TOKEN_LENGTH = 2048;

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function signToken(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The payload object when the signature is right, else null (never throws). */
export function readSignedToken(token: string, secret: string): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > MAX_SIGNED_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]!) || !/^[\w-]{43}$/.test(parts[1]!)) return null;
  const given = Buffer.from(parts[1]!, 'base64url');
  const expected = mac(secret, parts[0]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** 128 random bits, base64url (22 characters): a nonce for a token. */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}
