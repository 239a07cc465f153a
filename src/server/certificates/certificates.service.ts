import type { DB } from '../db/database';
import { AppError } from '../errors';
import { newId } from '../ids';
import { safeMediaUrl } from '../content/sanitize';
import { checkAndBurnCaptcha } from '../captcha/captcha.service';
import { startOfCstDay } from '~/lib/time/cst';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import type { CertKind } from '~/lib/rules/certificate';
import * as repo from './certificates.repository';
import { maskIdNumber, maskMobile } from './masking';
import type { SkillCertificate, TrainingCertificate } from './certificates.table';

/**
 * The two certificate lookups. A visitor names the holder and the number and answers a captcha;
 * the answer is the certificate with the ID number and mobile masked, or null. A wrong captcha, a
 * wrong name and an unknown number all answer null alike (the captcha is burned and the
 * certificate looked up every time, so neither the answer nor its timing says which was wrong).
 * Every lookup counts against per-IP limits, counted in the database at the request clock.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const CERT_QUERY_IP_LIMITS = {
  perMinute: 10,
  /** Per China Standard Time calendar day. */
  perDay: 100,
} as const;

export interface SkillCertificateVO {
  name: string;
  /** ID number, masked: 320102********1234. */
  card: string | null;
  /** Masked: 138****5678. */
  mobile: string | null;
  professionName: string;
  typeOfWorkName: string | null;
  certificateCode: string;
  level: string;
  /** YYYY-MM-DD. */
  sendDate: string;
  certificateImgUrl: string | null;
}

export interface TrainingCertificateVO {
  studentName: string;
  idType: string;
  /** Masked like card. */
  idCard: string | null;
  mobile: string | null;
  productName: string;
  agencyName: string;
  certificateNum: string;
  startTime: string;
  endTime: string;
  certificateUrl: string | null;
}

export function skillCertificateVO(r: SkillCertificate): SkillCertificateVO {
  return {
    name: r.name,
    card: maskIdNumber(r.card),
    mobile: maskMobile(r.mobile),
    professionName: r.professionName,
    typeOfWorkName: r.typeOfWorkName,
    certificateCode: r.certificateCode,
    level: r.level,
    sendDate: r.sendDate,
    certificateImgUrl: safeMediaUrl(r.certificateImgUrl),
  };
}

export function trainingCertificateVO(r: TrainingCertificate): TrainingCertificateVO {
  return {
    studentName: r.studentName,
    idType: r.idType,
    idCard: maskIdNumber(r.idCard),
    mobile: maskMobile(r.mobile),
    productName: r.productName,
    agencyName: r.agencyName,
    certificateNum: r.certificateNum,
    startTime: r.startTime,
    endTime: r.endTime,
    certificateUrl: safeMediaUrl(r.certificateUrl),
  };
}

const tooMany = (key: Parameters<typeof t>[0]) => new AppError(ErrorCode.TOO_MANY_REQUESTS, t(key));

/**
 * Counts this lookup against the IP's limits, or refuses (and counts nothing). The row is written
 * first and the count includes it, so instances answering at the same moment never grant more
 * than the limit between them (at worst both refuse).
 */
export async function countLookup(db: DB, a: { tenantId: string; ip: string; kind: CertKind; now: number }): Promise<void> {
  const id = newId(a.now);
  await repo.insertQuery(db, a.tenantId, { id, ip: a.ip, kind: a.kind, createdAt: a.now });
  const today = await repo.countIpQueries(db, a.ip, startOfCstDay(a.now));
  const minute = today > CERT_QUERY_IP_LIMITS.perDay ? 0 : await repo.countIpQueries(db, a.ip, a.now - MINUTE + 1);
  if (today > CERT_QUERY_IP_LIMITS.perDay || minute > CERT_QUERY_IP_LIMITS.perMinute) {
    await repo.deleteQuery(db, a.tenantId, id);
    throw tooMany(today > CERT_QUERY_IP_LIMITS.perDay ? 'certificates.tooManyDay' : 'certificates.tooManyMinute');
  }
  await repo.deleteQueriesBefore(db, a.now - 2 * DAY);
}

export interface LookupArgs {
  tenantId: string;
  ip: string;
  now: number;
  /** Holder's name, normalised (src/lib/rules/certificate.ts). */
  name: string;
  number: string;
  captchaKey: string;
  captchaCode: string;
}

export async function lookupSkillCertificate(db: DB, a: LookupArgs): Promise<SkillCertificateVO | null> {
  await countLookup(db, { tenantId: a.tenantId, ip: a.ip, kind: 'skill', now: a.now });
  const captchaOk = await checkAndBurnCaptcha(db, a.tenantId, a.captchaKey, a.captchaCode, a.now);
  const row = await repo.findSkillCertificate(db, a.tenantId, a.number, a.name);
  return captchaOk && row ? skillCertificateVO(row) : null;
}

export async function lookupTrainingCertificate(db: DB, a: LookupArgs): Promise<TrainingCertificateVO | null> {
  await countLookup(db, { tenantId: a.tenantId, ip: a.ip, kind: 'training', now: a.now });
  const captchaOk = await checkAndBurnCaptcha(db, a.tenantId, a.captchaKey, a.captchaCode, a.now);
  const row = await repo.findTrainingCertificate(db, a.tenantId, a.number, a.name);
  return captchaOk && row ? trainingCertificateVO(row) : null;
}
