import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DB } from '../db/database';
import type { Logger } from '../logger';
import { AppError } from '../errors';
import { newId } from '../ids';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import { HOUR, MINUTE, startOfCstDay } from '~/lib/time/cst';
import { SMS_CODE_LENGTH, SMS_COUNTDOWN_SECONDS, SMS_TEMPLATES, type SmsTemplate } from '~/lib/sms-sign';
import * as repo from './sms.repository';
import { SmsStatus } from './sms.table';
import type { SmsProvider } from './sms.provider';

/**
 * SMS verification codes: the one mechanism for the consult form (VISITOR_MSG_VERIFY) and login /
 * join (MOBILE_LOGIN_REGISTER). A code is 6 random digits, stored only as an HMAC, valid 5 minutes,
 * usable once, bound to tenant + mobile + template and burned after 5 wrong tries. Every limit is
 * counted in the database at the request's clock, so several instances agree.
 */

export const SMS_LIMITS = {
  codeTtlMs: 5 * MINUTE,
  maxAttempts: 5,
  intervalMs: SMS_COUNTDOWN_SECONDS * 1000,
  perMobileHour: 5,
  perMobileDay: 10,
  /** Default of SMS_IP_HOURLY_LIMIT. */
  perIpHour: 20,
  /** How far the request's timestamp may be from the server clock. */
  clockSkewMs: 5 * MINUTE,
} as const;

export function isSmsTemplate(value: string): value is SmsTemplate {
  return (SMS_TEMPLATES as readonly string[]).includes(value);
}

export function hashCode(secret: string, v: { tenantId: string; mobile: string; templateCode: string; code: string }): string {
  return createHmac('sha256', secret).update(`${v.tenantId}\n${v.mobile}\n${v.templateCode}\n${v.code}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

const tooMany = (key: Parameters<typeof t>[0]) => new AppError(ErrorCode.TOO_MANY_REQUESTS, t(key));

export interface SendDeps {
  db: DB;
  /** SESSION_SECRET: the HMAC key of stored codes. */
  secret: string;
  provider: SmsProvider;
  logger: Logger;
  ipHourlyLimit?: number;
}

export interface SendArgs {
  tenantId: string;
  mobile: string;
  templateCode: SmsTemplate;
  ip: string;
  now: number;
}

/**
 * Sends a new code, or refuses with a clear message and sends nothing: per IP address (20 an hour
 * by default), per mobile (one per 60 s, 5 an hour, 10 a calendar day, whatever school asks).
 * A provider failure answers 发送失败; that code is never usable and the countdown is given back.
 */
export async function sendSmsCode(deps: SendDeps, a: SendArgs): Promise<void> {
  const { db } = deps;
  const ipLimit = deps.ipHourlyLimit ?? SMS_LIMITS.perIpHour;
  if ((await repo.countIpSends(db, a.ip, a.now - HOUR)) >= ipLimit) throw tooMany('sms.tooManyIp');
  if ((await repo.countMobileSends(db, a.mobile, startOfCstDay(a.now) - 1)) >= SMS_LIMITS.perMobileDay) throw tooMany('sms.tooManyDay');
  if ((await repo.countMobileSends(db, a.mobile, a.now - HOUR)) >= SMS_LIMITS.perMobileHour) throw tooMany('sms.tooManyHour');
  // Last, so a refusal above never starts a countdown; one winner per mobile per 60 s.
  if (!(await repo.claimSendSlot(db, a.mobile, a.now, SMS_LIMITS.intervalMs))) throw tooMany('sms.waitCountdown');

  const code = newCode();
  const id = newId(a.now);
  await repo.insertCode(db, {
    id,
    tenantId: a.tenantId,
    mobile: a.mobile,
    templateCode: a.templateCode,
    codeHash: hashCode(deps.secret, { ...a, code }),
    ip: a.ip,
    createdAt: a.now,
    expiresAt: a.now + SMS_LIMITS.codeTtlMs,
  });
  try {
    await deps.provider.send({ tenantId: a.tenantId, mobile: a.mobile, templateCode: a.templateCode, code }, a.now);
  } catch (error) {
    deps.logger.warn('sms send failed', { provider: deps.provider.kind, tenantId: a.tenantId, error: error instanceof Error ? error.message : String(error) });
    await repo.setCodeStatus(db, a.tenantId, id, SmsStatus.FAILED);
    await repo.releaseSendSlot(db, a.mobile, a.now);
    throw new AppError(ErrorCode.UNAVAILABLE, t('sms.sendFailed'));
  }
  await repo.setCodeStatus(db, a.tenantId, id, SmsStatus.SENT);
}

export interface VerifyArgs {
  tenantId: string;
  mobile: string;
  templateCode: SmsTemplate;
  code: string;
  now: number;
  /** SESSION_SECRET (runtime.config.SESSION_SECRET): the HMAC key the code was stored with. */
  secret: string;
}

/**
 * Checks and uses up the newest code sent to this mobile for this template in this school.
 * Resolves when it matches (the code can never be used again); otherwise throws an AppError with
 * the message to show: 请先获取验证码, 验证码已失效，请重新获取, 验证码错误, or
 * 验证码错误次数过多，请重新获取 (the fifth wrong try burns the code).
 */
export async function verifySmsCode(db: DB, a: VerifyArgs): Promise<void> {
  const row = await repo.findLatestSentCode(db, a.tenantId, a.mobile, a.templateCode);
  if (!row) throw AppError.badRequest(t('sms.codeNotSent'));
  if (row.usedAt !== null || row.expiresAt <= a.now) throw AppError.badRequest(t('sms.codeExpired'));
  if (row.attempts >= SMS_LIMITS.maxAttempts) throw AppError.badRequest(t('sms.codeLocked'));
  const given = String(a.code ?? '').trim();
  const matches = /^\d{6}$/.test(given) && sameHex(hashCode(a.secret, { ...a, code: given }), row.codeHash);
  if (!matches) {
    if (!(await repo.addWrongAttempt(db, a.tenantId, row.id, SMS_LIMITS.maxAttempts))) throw AppError.badRequest(t('sms.codeExpired'));
    throw AppError.badRequest(t(row.attempts + 1 >= SMS_LIMITS.maxAttempts ? 'sms.codeLocked' : 'sms.codeWrong'));
  }
  if (!(await repo.markUsed(db, a.tenantId, row.id, a.now, SMS_LIMITS.maxAttempts))) throw AppError.badRequest(t('sms.codeExpired'));
}
