import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { readJson } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { AppError, ok } from '../errors';
import { t } from '~/lib/i18n';
import { CAPTCHA_KEY_PATTERN, certQueryFieldError, certQueryValue, type CertQueryField } from '~/lib/rules/certificate';
import { captchaRoutes } from '../captcha/captcha.routes';
import { lookupSkillCertificate, lookupTrainingCertificate, type LookupArgs } from './certificates.service';

/**
 * A form field under the call's own name, checked with the form's rules and messages (shared with
 * the browser) and normalised. Zod reports the object's fields in the order they are declared, so
 * the first message follows the form: name, number, captcha, then the captcha key.
 */
const formField = (field: CertQueryField) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      const message = certQueryFieldError(field, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => certQueryValue(field, value));

const captchaKey = z.unknown().refine((v): v is string => typeof v === 'string' && CAPTCHA_KEY_PATTERN.test(v), t('captcha.keyInvalid'));

const skillBody = z.object({ name: formField('name'), certificateCode: formField('number'), captchaCode: formField('captchaCode'), captchaKey });
const trainingBody = z.object({
  studentName: formField('name'),
  certificateNum: formField('number'),
  captchaCode: formField('captchaCode'),
  captchaKey,
});

/** Parses with zod and refuses with the first message as it stands (the form's exact texts). */
async function readForm<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): Promise<z.infer<S>> {
  const body = await readJson(c, z.unknown());
  const r = schema.safeParse(body && typeof body === 'object' && !Array.isArray(body) ? body : {});
  if (!r.success) throw AppError.badRequest(r.error.issues[0]?.message ?? t('validation.invalid'));
  return r.data;
}

async function lookupArgs(c: Context<ApiEnv>, form: { name: string; number: string; captchaCode: string; captchaKey: string }): Promise<LookupArgs> {
  const tenant = await tenantOf(c);
  return { ...form, tenantId: tenant.id, ip: c.var.ctx.ip, now: c.var.ctx.now };
}

/** Found: the certificate (masked) and 查询成功; otherwise data null with one message for every cause. */
const answer = <T>(data: T | null) => (data ? ok(data, t('certificates.found')) : ok(null, t('certificates.notFoundMessage')));

const lookupRoutes = new Hono<ApiEnv>()
  .post('/evaluate/anyTenant/certificate/queryCertificateByCode', async (c) => {
    const b = await readForm(c, skillBody);
    const args = await lookupArgs(c, { name: b.name, number: b.certificateCode, captchaCode: b.captchaCode, captchaKey: b.captchaKey as string });
    c.header('Cache-Control', 'no-store');
    return c.json(answer(await lookupSkillCertificate(c.var.runtime.db, args)));
  })
  .post('/teaching/anyTenant/queryTeachUserCert', async (c) => {
    const b = await readForm(c, trainingBody);
    const args = await lookupArgs(c, { name: b.studentName, number: b.certificateNum, captchaCode: b.captchaCode, captchaKey: b.captchaKey as string });
    c.header('Cache-Control', 'no-store');
    return c.json(answer(await lookupTrainingCertificate(c.var.runtime.db, args)));
  });

/** The feature's calls, mounted in app.ts with one line: captcha images and both lookups. */
export const certificatesRoutes = new Hono<ApiEnv>().route('/', captchaRoutes).route('/', lookupRoutes);
