import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/context';
import { readJson } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { AppError, ok } from '../errors';
import { t } from '~/lib/i18n';
import { CAPTCHA_KEY_PATTERN, parseCertQuery } from '~/lib/rules/certificate';
import { captchaRoutes } from '../captcha/captcha.routes';
import { lookupSkillCertificate, lookupTrainingCertificate, type LookupArgs } from './certificates.service';

const body = z.object({}).loose();

/**
 * The form's fields under each call's own names, checked in the form's order (name, number,
 * captcha) with the form's messages, then the captcha key.
 */
function parseLookup(input: Record<string, unknown>, names: { name: string; number: string }) {
  const form = parseCertQuery({ name: input[names.name], number: input[names.number], captchaCode: input['captchaCode'] });
  if (!form.ok) throw AppError.badRequest(form.message);
  const key = input['captchaKey'];
  if (typeof key !== 'string' || !CAPTCHA_KEY_PATTERN.test(key)) throw AppError.badRequest(t('captcha.keyInvalid'));
  return { name: form.value.name, number: form.value.number, captchaCode: form.value.captchaCode, captchaKey: key };
}

async function lookupArgs(c: Parameters<typeof tenantOf>[0], names: { name: string; number: string }): Promise<LookupArgs> {
  const fields = parseLookup(await readJson(c, body), names);
  const tenant = await tenantOf(c);
  return { ...fields, tenantId: tenant.id, ip: c.var.ctx.ip, now: c.var.ctx.now };
}

/** Found: the certificate (masked) and 查询成功; otherwise data null with one message for every cause. */
const answer = <T>(data: T | null) => (data ? ok(data, t('certificates.found')) : ok(null, t('certificates.notFoundMessage')));

const lookupRoutes = new Hono<ApiEnv>()
  .post('/evaluate/anyTenant/certificate/queryCertificateByCode', async (c) => {
    const args = await lookupArgs(c, { name: 'name', number: 'certificateCode' });
    c.header('Cache-Control', 'no-store');
    return c.json(answer(await lookupSkillCertificate(c.var.runtime.db, args)));
  })
  .post('/teaching/anyTenant/queryTeachUserCert', async (c) => {
    const args = await lookupArgs(c, { name: 'studentName', number: 'certificateNum' });
    c.header('Cache-Control', 'no-store');
    return c.json(answer(await lookupTrainingCertificate(c.var.runtime.db, args)));
  });

/** The feature's calls, mounted in app.ts with one line: captcha images and both lookups. */
export const certificatesRoutes = new Hono<ApiEnv>().route('/', captchaRoutes).route('/', lookupRoutes);
