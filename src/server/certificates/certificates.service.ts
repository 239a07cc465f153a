import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { newId } from '../ids';
import { requireCaptcha } from '../captcha/captcha.service';
import { DAY, MINUTE, startOfCstDay } from '~/lib/time/cst';
import { t } from '~/server/i18n';
import type { CertKind, CertQueryForm } from '~/lib/rules/certificate';
import type { CaptchaAnswer, SkillCertificateVO, TrainingCertificateVO } from '~/lib/api/contracts/certificates';
import * as repo from './certificates.repository';
import { CERT_QUERY_IP_LIMITS, lookupLimitBroken, skillCertificateVO, trainingCertificateVO } from './certificates.rules';

/**
 * The two certificate lookups. A visitor names the holder and the number and answers a captcha;
 * the answer is the certificate with the ID number and mobile masked, or null. The captcha is
 * checked (and burned) first: a wrong or dead one is refused with its own message before any
 * certificate is looked at, so that answer says nothing about certificates. With the captcha
 * passed, a wrong name and an unknown number answer null alike (decision 011). Every lookup counts
 * against per-IP limits, counted in the database at the request clock.
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

/** Counts, then checks and burns the captcha (refusing a wrong or dead one), then looks the certificate up. */
async function lookup<R, V>(s: Scope, kind: CertKind, form: LookupForm, find: (tenantId: string) => Promise<R | undefined>, answer: (row: R) => V) {
  const tenant = await s.tenant();
  await countLookup(s, tenant.id, kind);
  await requireCaptcha(s.db, tenant.id, form.captchaKey, form.captchaCode, s.now);
  const row = await find(tenant.id);
  return row ? answer(row) : null;
}

export function lookupSkillCertificate(s: Scope, form: LookupForm): Promise<SkillCertificateVO | null> {
  return lookup(s, 'skill', form, (tenantId) => repo.findSkillCertificate(s.db, tenantId, form.number, form.name), skillCertificateVO);
}

export function lookupTrainingCertificate(s: Scope, form: LookupForm): Promise<TrainingCertificateVO | null> {
  return lookup(s, 'training', form, (tenantId) => repo.findTrainingCertificate(s.db, tenantId, form.number, form.name), trainingCertificateVO);
}
