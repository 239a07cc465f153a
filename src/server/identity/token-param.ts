import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The encrypted token query parameter (?token=…) that other apps put on links into the portal.
 * Format: base64url(iv[12] | ciphertext | tag[16]) of the token text, AES-256-GCM, key = SHA-256 of
 * TOKEN_PARAM_SECRET. The browser cannot read it; it asks the server to decode it.
 */
function key(secret: string) {
  return createHash('sha256').update(secret).digest();
}

export function encryptTokenParam(token: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url');
}

/** The token, or null when the parameter was not made with this secret or was altered. */
export function decryptTokenParam(param: string, secret: string): string | null {
  try {
    const raw = Buffer.from(param, 'base64url');
    if (raw.length < 12 + 16 + 1) return null;
    const decipher = createDecipheriv('aes-256-gcm', key(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    return text.length > 0 && text.length <= 512 ? text : null;
  } catch {
    return null;
  }
}
