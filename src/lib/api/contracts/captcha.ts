import { get } from '../contract';

/** Image captchas of the certificate lookups. */

export interface CaptchaRequest {
  /** 16 characters of [A-Za-z0-9], made by the browser (lib/captcha.ts). */
  key: string;
  /** The school, for an <img> (it sends no TenantId header). */
  tenantId?: string;
}

export interface LatestCaptcha {
  key: string;
  code: string;
  /** Epoch ms. */
  createdAt: number;
}

/**
 * The picture itself (image/svg+xml, never stored by a cache), not the envelope: the browser
 * shows its URL in an <img>. A refusal (bad key, too many pictures) is the envelope.
 */
export const captchaImage = get<CaptchaRequest, never>('/oauth/anyTenant/captcha');
/** Development and tests only (404 in production): the answer to the key's live captcha. */
export const latestCaptcha = get<CaptchaRequest, LatestCaptcha>('/oauth/anyTenant/dev/latestCaptcha');
