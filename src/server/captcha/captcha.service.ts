import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { newId } from '../ids';
import { t } from '~/server/i18n';
import { DAY, MINUTE } from '~/lib/time/cst';
import { CAPTCHA_KEY_PATTERN } from '~/lib/rules/captcha';
import type { CaptchaRequest, LatestCaptcha } from '~/lib/api/contracts/captcha';
import * as repo from './captcha.repository';
import { renderCaptchaSvg } from './captcha.image';

/**
 * Image captchas for the certificate lookups. The browser makes a random 16-character key and asks
 * for an image with it; the answer (4 random digits) is stored only as a salted SHA-256, bound to
 * the school and the key, valid 5 minutes. Asking again with the same key replaces the answer.
 * A captcha is checked at most once: any check, right or wrong, burns it, and the check says
 * whether the answer was wrong or the captcha no longer live. Images are limited per
 * IP address, counted in the database at the request clock.
 */

export const CAPTCHA_LIMITS = {
  ttlMs: 5 * MINUTE,
  length: 4,
  /** Images one IP address may ask for per minute, in all schools together. */
  perIpMinute: 60,
} as const;

function isCaptchaKey(value: unknown): value is string {
  return typeof value === 'string' && CAPTCHA_KEY_PATTERN.test(value);
}

function hashCaptcha(salt: string, tenantId: string, key: string, code: string): string {
  return createHash('sha256').update(`${salt}\n${tenantId}\n${key}\n${code}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function newCaptchaCode(): string {
  return String(randomInt(0, 10 ** CAPTCHA_LIMITS.length)).padStart(CAPTCHA_LIMITS.length, '0');
}

/** Crypto-strength numbers in [0, 1) for the picture's distortions (Math.random would do too). */
function randomSource(): () => number {
  const pool = randomBytes(4096);
  let i = 0;
  return () => {
    if (i + 4 > pool.length) {
      randomBytes(4096).copy(pool);
      i = 0;
    }
    const n = pool.readUInt32BE(i);
    i += 4;
    return n / 0x1_0000_0000;
  };
}

/** Makes a new answer for the key (replacing any earlier one) and returns its SVG picture. */
export async function createCaptcha(s: Scope, q: CaptchaRequest): Promise<string> {
  const tenant = await s.tenant(q.tenantId);
  if (!isCaptchaKey(q.key)) throw AppError.badRequest(t('captcha.keyInvalid'));
  if ((await repo.countIpCaptchas(s.db, s.ip, s.now - MINUTE)) >= CAPTCHA_LIMITS.perIpMinute) throw AppError.tooMany(t('captcha.tooMany'));
  const code = newCaptchaCode();
  const salt = randomBytes(16).toString('hex');
  const id = newId(s.now);
  await repo.insertCaptcha(s.db, tenant.id, {
    id,
    captchaKey: q.key,
    salt,
    codeHash: hashCaptcha(salt, tenant.id, q.key, code),
    ip: s.ip,
    createdAt: s.now,
    expiresAt: s.now + CAPTCHA_LIMITS.ttlMs,
  });
  await repo.burnOtherCaptchas(s.db, tenant.id, q.key, id, s.now);
  await repo.deleteCaptchasBefore(s.db, s.now - DAY);
  return renderCaptchaSvg(code, randomSource());
}

/** What one check of a captcha found: the right answer, a wrong one, or no live captcha to answer. */
export type CaptchaCheck = 'passed' | 'wrong' | 'expired';

/**
 * Checks the answer to the live captcha of `key` in the school and burns it, whatever the
 * answer: 'passed' only for the right answer to a live captcha, once; 'wrong' for any other answer
 * to a live captcha; 'expired' when there is none (unknown, replaced, used, expired, or another
 * school's key). It takes the school and clock explicitly: the certificate lookups have resolved
 * them already, and the tests check captchas without a request.
 */
export async function checkAndBurnCaptcha(db: DB, tenantId: string, key: string, code: string, now: number): Promise<CaptchaCheck> {
  if (!isCaptchaKey(key)) return 'expired';
  const row = await repo.findLiveCaptcha(db, tenantId, key, now);
  if (!row) return 'expired';
  // Burn first: of two checks at the same moment only one gets here with a live captcha.
  if (!(await repo.burnCaptcha(db, tenantId, row.id, now))) return 'expired';
  const given = String(code ?? '').trim();
  return /^\d{4}$/.test(given) && sameHex(hashCaptcha(row.salt, tenantId, key, given), row.codeHash) ? 'passed' : 'wrong';
}

/**
 * The check as a form answers it: nothing when the captcha passed, else a refusal saying what was
 * wrong with the captcha (验证码错误 / 验证码已失效…). The message is about the captcha alone, so
 * a caller that checks it before anything else reveals nothing else by it (decision 011).
 */
export async function requireCaptcha(db: DB, tenantId: string, key: string, code: string, now: number): Promise<void> {
  const result = await checkAndBurnCaptcha(db, tenantId, key, code, now);
  if (result === 'wrong') throw AppError.badRequest(t('captcha.wrong'));
  if (result === 'expired') throw AppError.badRequest(t('captcha.expired'));
}

/**
 * Development and tests only (the route answers 404 in production): the answer to the live
 * captcha of a key. Only a hash is stored, so it tries the 10 000 possible answers; no answer is
 * kept in memory, and it works whichever instance made the image.
 */
export async function latestCaptcha(s: Scope, q: CaptchaRequest): Promise<LatestCaptcha> {
  const tenant = await s.tenant(q.tenantId);
  const row = isCaptchaKey(q.key) ? await repo.findLiveCaptcha(s.db, tenant.id, q.key, s.now) : undefined;
  for (let n = 0; row && n < 10 ** CAPTCHA_LIMITS.length; n++) {
    const code = String(n).padStart(CAPTCHA_LIMITS.length, '0');
    if (hashCaptcha(row.salt, tenant.id, q.key, code) === row.codeHash) return { key: q.key, code, createdAt: row.createdAt };
  }
  throw AppError.notFound(t('captcha.notFound'));
}
