import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { newId } from '../ids';
import { checkAndBurnCaptcha } from '../captcha/captcha.service';
import { DAY, MINUTE, startOfCstDay } from '~/lib/time/cst';
import { t } from '~/server/i18n';
import type { CertKind, CertQueryForm } from '~/lib/rules/certificate';
import type { CaptchaAnswer, SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';
import * as repo from './certificates.repository';
import { CERT_QUERY_IP_LIMITS, lookupLimitBroken, skillCertificateVO, trainingCertificateVO } from './certificates.rules';

/**
 * The two certificate lookups. A visitor names the holder and the number and answers a captcha;
 * the answer is the certificate with the ID number and mobile masked, or null. A wrong captcha, a
 * wrong name and an unknown number all answer null alike (the captcha is burned and the
 * certificate looked up every time, so neither the answer nor its timing says which was wrong).
 * Every lookup counts against per-IP limits, counted in the database at the request clock.
 */

/** The form as checked by the route (src/lib/rules/certificate.ts): name normalised, all trimmed. */
export type LookupForm = Pick<CertQueryForm, 'name' | 'number'> & CaptchaAnswer;

/**
 * Counts this lookup against the IP's limits, or refuses (and counts nothing). The row is written
 * first and the count includes it, so instances answering at the same moment never grant more
 * than the limit between them (at worst both refuse).
 */
async function countLookup(s: Scope, tenantId: string, kind: CertKind): Promise<void> {
  const id = newId(s.now);
  await repo.insertQuery(s.db, tenantId, { id, ip: s.ip, kind, createdAt: s.now });
  const today = await repo.countIpQueries(s.db, s.ip, startOfCstDay(s.now));
  const lastMinute = today > CERT_QUERY_IP_LIMITS.perDay ? 0 : await repo.countIpQueries(s.db, s.ip, s.now - MINUTE + 1);
  const broken = lookupLimitBroken(today, lastMinute);
  if (broken) {
    await repo.deleteQuery(s.db, tenantId, id);
    throw AppError.tooMany(t(broken));
  }
  await repo.deleteQueriesBefore(s.db, s.now - 2 * DAY);
}

/** Counts, burns the captcha and looks the certificate up, every time, whatever fails. */
async function lookup<R, V>(s: Scope, kind: CertKind, form: LookupForm, find: (tenantId: string) => Promise<R | undefined>, answer: (row: R) => V) {
  const tenant = await s.tenant();
  await countLookup(s, tenant.id, kind);
  const captchaOk = await checkAndBurnCaptcha(s.db, tenant.id, form.captchaKey, form.captchaCode, s.now);
  const row = await find(tenant.id);
  return captchaOk && row ? answer(row) : null;
}

export function lookupSkillCertificate(s: Scope, form: LookupForm): Promise<SkillCertificateVO | null> {
  return lookup(s, 'skill', form, (tenantId) => repo.findSkillCertificate(s.db, tenantId, form.number, form.name), skillCertificateVO);
}

export function lookupTrainingCertificate(s: Scope, form: LookupForm): Promise<TrainingCertificateVO | null> {
  return lookup(s, 'training', form, (tenantId) => repo.findTrainingCertificate(s.db, tenantId, form.number, form.name), trainingCertificateVO);
}
