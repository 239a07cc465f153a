import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { expectOk } from './api';
import { DEMO, HUAXIA, parse, type Answer, type TestServer } from './server';
import { CERTIFICATE_SEED, idNumber } from '~/dev/seed/certificates';
import { urlOf } from '~/lib/api/contract';
import * as captcha from '~/lib/api/contracts/captcha';
import * as certificates from '~/lib/api/contracts/certificates';

/** Helpers of the captcha and certificate lookup tests. */

export const CAPTCHA = urlOf(captcha.captchaImage);
export const LATEST_CAPTCHA = urlOf(captcha.latestCaptcha);
export const SKILL = urlOf(certificates.skillCertificate);
export const TRAINING = urlOf(certificates.trainingCertificate);

export const MINUTE = 60_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new 16-character key, as the browser makes one. */
export function freshKey(): string {
  return [...randomBytes(16)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

let ips = 0;
/** A client address no other test uses (the per-IP limits). */
export const freshIp = () => `10.9.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

export interface CallOptions {
  /** TenantId header; null for none. Default: the demo tenant. */
  tenant?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

function headersOf(o: CallOptions, extra: Record<string, string> = {}): Record<string, string> {
  const tenant = o.tenant === undefined ? DEMO.id : o.tenant;
  return { ...extra, ...(tenant ? { TenantId: tenant } : {}), ...o.headers };
}

/** GET from a client address (the request's `ip`, as the Astro endpoint passes it). */
export async function getFrom(s: TestServer, path: string, query: Record<string, string>, o: CallOptions = {}): Promise<Answer> {
  const qs = new URLSearchParams(query).toString();
  const res = await s.app.request(qs ? `${path}?${qs}` : path, { headers: headersOf(o) }, { ip: o.ip ?? freshIp() });
  return parse(res);
}

/** POST JSON (a string body is sent as is) from a client address. */
export async function postFrom(s: TestServer, path: string, body: unknown, o: CallOptions = {}): Promise<Answer> {
  const res = await s.app.request(
    path,
    { method: 'POST', headers: headersOf(o, { 'Content-Type': 'application/json' }), body: typeof body === 'string' ? body : JSON.stringify(body) },
    { ip: o.ip ?? freshIp() },
  );
  return parse(res);
}

export const captchaImage = (s: TestServer, key: string, o: CallOptions = {}, query: Record<string, string> = {}) => getFrom(s, CAPTCHA, { key, ...query }, o);

/** The answer to the live captcha of a key, from the development endpoint. */
export async function latestCaptcha(s: TestServer, key: string, o: CallOptions = {}): Promise<string> {
  const data = expectOk<{ key: string; code: string; createdAt: number }>(await getFrom(s, LATEST_CAPTCHA, { key }, o));
  expect(data.code).toMatch(/^\d{4}$/);
  return data.code;
}

/** A new captcha and its answer, as a visitor reads it from the picture. */
export async function solvedCaptcha(s: TestServer, o: CallOptions = {}): Promise<{ captchaKey: string; captchaCode: string }> {
  const captchaKey = freshKey();
  const image = await captchaImage(s, captchaKey, o);
  expect(image.status, image.text).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  return { captchaKey, captchaCode: await latestCaptcha(s, captchaKey, o) };
}

/** A wrong answer to a captcha. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

export interface SkillQuery {
  name: unknown;
  certificateCode: unknown;
}
export interface TrainingQuery {
  studentName: unknown;
  certificateNum: unknown;
}

/** A skill-level lookup with a freshly solved captcha (from the same address and school). */
export async function querySkill(s: TestServer, q: SkillQuery, o: CallOptions = {}): Promise<Answer> {
  const ip = o.ip ?? freshIp();
  const captcha = await solvedCaptcha(s, { ...o, ip });
  return postFrom(s, SKILL, { ...captcha, ...q }, { ...o, ip });
}

export async function queryTraining(s: TestServer, q: TrainingQuery, o: CallOptions = {}): Promise<Answer> {
  const ip = o.ip ?? freshIp();
  const captcha = await solvedCaptcha(s, { ...o, ip });
  return postFrom(s, TRAINING, { ...captcha, ...q }, { ...o, ip });
}

/** The seeded certificates, from the seed data itself. */
export const seed = {
  demo: CERTIFICATE_SEED[DEMO.id]!,
  huaxia: CERTIFICATE_SEED[HUAXIA.id]!,
  idNumber,
};

/** Not found: success code, data null, the one generic message whether the name or the number was wrong. */
export const NOT_FOUND_BODY = { code: 0, data: null, message: '未查询到相关信息，请核对姓名和证书编号' };

export function expectNotFound(answer: Answer): void {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body, answer.text).toEqual(NOT_FOUND_BODY);
  expect(answer.headers.get('cache-control')).toBe('no-store');
}

export const CAPTCHA_WRONG = '验证码错误，请重新输入';
export const CAPTCHA_EXPIRED = '验证码已失效，请重新输入';

/** A lookup refused for its captcha alone: code 400, no data, the captcha's own message. */
export function expectCaptchaRefused(answer: Answer, message: typeof CAPTCHA_WRONG | typeof CAPTCHA_EXPIRED): void {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body, answer.text).toEqual({ code: 400, data: null, message });
  expect(answer.headers.get('cache-control')).toBe('no-store');
}

/**
 * A new student of the school (bound with the school's next 学号) with a name and, when given, a
 * 证件号码 on their record: whom certificates are issued to by hand (decision 078).
 */
export async function schoolStudent(server: TestServer, tenantId: string, who: { name: string; idNumber?: string | undefined; mobile: string }) {
  const { ensureSchoolStudent, setSchoolIdNumber } = await import('~/server/identity/identity.service');
  const db = server.runtime.db;
  const made = await ensureSchoolStudent(db, { tenantId, mobile: who.mobile, realName: who.name, now: server.clock.value });
  if (who.idNumber) await setSchoolIdNumber(db, tenantId, made.userId, who.idNumber);
  return { userId: made.userId, mobile: who.mobile };
}
