import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { TOTP, totpStepAcceptable } from './accounts.rules';

/**
 * The second factor with otplib (RFC 6238 TOTP, what Google Authenticator, Microsoft
 * Authenticator and the like make), and the sealing of its secret at rest.
 *
 * The secret is kept encrypted (AES-256-GCM, `v1.` + base64url(iv | ciphertext | tag)) with a key
 * derived from SESSION_SECRET, so a copy of the database alone does not give anyone the codes.
 * Changing SESSION_SECRET makes the sealed secrets unreadable: their owners then cannot pass the
 * second step until an administrator resets it (docs/operations.md).
 */

const SEALED = /^v1\.([\w-]{40,400})$/;

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('staff-totp-secret-v1').digest();
}

export function sealSecret(totpSecret: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const data = Buffer.concat([cipher.update(totpSecret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The secret, or null when it was sealed with another server secret or altered. */
export function openSecret(sealed: string, serverSecret: string): string | null {
  const m = SEALED.exec(sealed);
  if (!m) return null;
  try {
    const raw = Buffer.from(m[1]!, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A new secret: 20 random bytes (160 bits, as RFC 4226 recommends), Base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** What an authenticator app scans: the school as issuer, the person's name and mobile as label. */
export function otpauthUrl(a: { issuer: string; label: string; secret: string }): string {
  return generateURI({ issuer: a.issuer, label: a.label, secret: a.secret, digits: TOTP.digits, period: TOTP.periodS });
}

/**
 * The time step a code belongs to, when it is the secret's code of the step before, of or after
 * the one of `nowMs` and newer than `lastStep`; null otherwise (wrong, too old, already used).
 */
export async function acceptedStep(secret: string, code: string, nowMs: number, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      period: TOTP.periodS,
      digits: TOTP.digits,
      epochTolerance: TOTP.periodS * TOTP.toleranceSteps,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    if (!result.valid || !('timeStep' in result)) return null;
    return totpStepAcceptable(result.timeStep, nowMs, lastStep) ? result.timeStep : null;
  } catch {
    // A secret otplib cannot read (not Base32): no code of it is ever right.
    return null;
  }
}

/** The code of a secret at a moment (tests, the seed's documentation, the browser tests' helper). */
export function codeAt(secret: string, epochMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(epochMs / 1000), period: TOTP.periodS, digits: TOTP.digits });
}
