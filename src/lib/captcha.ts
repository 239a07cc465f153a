import { CAPTCHA_KEY_LENGTH } from './rules/captcha';
import { urlOf } from './api/contract';
import { captchaImage, type CaptchaRequest } from './api/contracts/captcha';

/** Browser-side captcha helpers (the server side is src/server/captcha). */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 16-character key of [A-Za-z0-9] from the platform's crypto (no modulo bias). */
export function newCaptchaKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let key = '';
  while (key.length < CAPTCHA_KEY_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      // 248 = 4 * 62: bytes above it would favour the first characters.
      if (byte < 248 && key.length < CAPTCHA_KEY_LENGTH) key += ALPHABET[byte % 62];
    }
  }
  return key;
}

/** The picture's address; the school is named in the query because an <img> sends no TenantId header. */
export function captchaUrl(key: string, tenantId: string | null, apiBase = ''): string {
  const request: CaptchaRequest = tenantId ? { key, tenantId } : { key };
  return `${apiBase.replace(/\/$/, '')}${urlOf(captchaImage)}?${new URLSearchParams({ ...request })}`;
}
