import type { Selectable } from 'kysely';

/** An image captcha: the answer to one picture, bound to a school and the browser's 16-character key. */
export interface CaptchaTable {
  id: string;
  tenantId: string;
  captchaKey: string;
  /** Random per row (hex); the hash is SHA-256 of salt, school, key and answer. */
  salt: string;
  codeHash: string;
  ip: string;
  createdAt: number;
  expiresAt: number;
  /** Set by the one check a captcha allows, or when a newer image for the same key replaces it. */
  usedAt: number | null;
}

export type Captcha = Selectable<CaptchaTable>;
