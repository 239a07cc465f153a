import type { Config } from '../config';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { HOUR, MINUTE, startOfCstDay } from '~/lib/time/cst';
import { SMS_COUNTDOWN_SECONDS, type SmsTemplate } from '~/lib/sms-codes';
import type { LatestSmsCode } from '~/lib/api/contracts/sms';
import * as repo from './sms.repository';
import { hashCode, newCode, sameHex, smsAddressBudget } from './sms.rules';
import { SmsStatus } from './sms.table';
import { signNameOf } from './sms-outbox.service';

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

const tooMany = (key: Parameters<typeof t>[0]) => AppError.tooMany(t(key));

/**
 * Sends a new code to a mobile for the request's school, or refuses with a clear message and
 * sends nothing: per IP address (SMS_IP_HOURLY_LIMIT an hour, more as its codes are verified:
 * smsAddressBudget), per mobile (one per 60 s, 5 an
 * hour, 10 a calendar day, whatever school asks). A provider failure answers 发送失败; that code
 * is never usable and the countdown is given back. With `deliver: false` everything happens but
 * the message itself: the limits, the countdown and the code's row (withheld), so the answer and
 * the later checks of the code are those of a sent one (a mobile the caller must not reveal).
 */
export async function sendSmsCode(s: Scope, a: { mobile: string; templateCode: SmsTemplate; deliver?: boolean }): Promise<void> {
  const { db, now, ip } = s;
  const tenant = await s.tenant();
  const [sent, verified] = await Promise.all([repo.countIpSends(db, ip, now - HOUR), repo.countIpVerified(db, ip, now - HOUR)]);
  if (sent >= smsAddressBudget(s.config.SMS_IP_HOURLY_LIMIT, verified)) throw tooMany('sms.tooManyIp');
  if ((await repo.countMobileSends(db, a.mobile, startOfCstDay(now) - 1)) >= SMS_LIMITS.perMobileDay) throw tooMany('sms.tooManyDay');
  if ((await repo.countMobileSends(db, a.mobile, now - HOUR)) >= SMS_LIMITS.perMobileHour) throw tooMany('sms.tooManyHour');
  // Last, so a refusal above never starts a countdown; one winner per mobile per 60 s.
  if (!(await repo.claimSendSlot(db, a.mobile, now, SMS_LIMITS.intervalMs))) throw tooMany('sms.waitCountdown');

  const id = newId(now);
  const message = {
    id,
    tenantId: tenant.id,
    schoolName: tenant.name,
    signName: await signNameOf(db, tenant),
    mobile: a.mobile,
    templateCode: a.templateCode,
    code: newCode(),
  };
  await repo.insertCode(db, {
    id,
    tenantId: tenant.id,
    mobile: a.mobile,
    templateCode: a.templateCode,
    codeHash: hashCode(s.config.SESSION_SECRET, message),
    ip,
    createdAt: now,
    expiresAt: now + SMS_LIMITS.codeTtlMs,
  });
  if (a.deliver === false) {
    await repo.setCodeStatus(db, tenant.id, id, SmsStatus.WITHHELD);
    return;
  }
  const provider = s.providers.sms;
  try {
    await provider.send(message, now);
  } catch (error) {
    s.logger.warn('sms send failed', { provider: provider.kind, tenantId: tenant.id, error: error instanceof Error ? error.message : String(error) });
    await repo.setCodeStatus(db, tenant.id, id, SmsStatus.FAILED);
    await repo.releaseSendSlot(db, a.mobile, now);
    throw new AppError(ErrorCode.UNAVAILABLE, t('sms.sendFailed'));
  }
  await repo.setCodeStatus(db, tenant.id, id, SmsStatus.SENT);
}

/** The latest code the development provider sent to a mobile for the request's school. */
export async function latestSentCode(s: Scope, mobile: string, templateCode: SmsTemplate): Promise<LatestSmsCode> {
  const tenant = await s.tenant();
  const latest = s.providers.sms.latest?.(tenant.id, mobile, templateCode);
  if (!latest) throw AppError.notFound();
  return { mobile, templateCode, code: latest.code, sentAt: latest.sentAt };
}

/** What verifying needs of a request: its database, its clock and the HMAC key (a Scope has them). */
export type VerifyScope = Pick<Scope, 'db' | 'now'> & { config: Pick<Config, 'SESSION_SECRET'> };

export interface VerifyArgs {
  tenantId: string;
  mobile: string;
  templateCode: SmsTemplate;
  code: string;
}

/**
 * Checks and uses up the newest code sent to this mobile for this template in this school.
 * Resolves when it matches (the code can never be used again); otherwise throws an AppError with
 * the message to show: 请先获取验证码, 验证码已失效，请重新获取, 验证码错误, or
 * 验证码错误次数过多，请重新获取 (the fifth wrong try burns the code).
 */
export async function verifySmsCode(s: VerifyScope, a: VerifyArgs): Promise<void> {
  const { db } = s;
  const row = await repo.findLatestSentCode(db, a.tenantId, a.mobile, a.templateCode);
  if (!row) throw AppError.badRequest(t('sms.codeNotSent'));
  if (row.usedAt !== null || row.expiresAt <= s.now) throw AppError.badRequest(t('sms.codeExpired'));
  if (row.attempts >= SMS_LIMITS.maxAttempts) throw AppError.badRequest(t('sms.codeLocked'));
  const given = String(a.code ?? '').trim();
  const matches = /^\d{6}$/.test(given) && sameHex(hashCode(s.config.SESSION_SECRET, { ...a, code: given }), row.codeHash);
  if (!matches) {
    if (!(await repo.addWrongAttempt(db, a.tenantId, row.id, SMS_LIMITS.maxAttempts))) throw AppError.badRequest(t('sms.codeExpired'));
    throw AppError.badRequest(t(row.attempts + 1 >= SMS_LIMITS.maxAttempts ? 'sms.codeLocked' : 'sms.codeWrong'));
  }
  if (!(await repo.markUsed(db, a.tenantId, row.id, s.now, SMS_LIMITS.maxAttempts))) throw AppError.badRequest(t('sms.codeExpired'));
}
