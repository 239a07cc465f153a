import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { tenantOf } from '../http/tenant';
import { AppError, fail, ok } from '../errors';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import { DEFAULT_SMS_TEMPLATE, MOBILE_PATTERN, SMS_TEMPLATES, smsSignText } from '~/lib/sms-sign';
import { SMS_LIMITS, sendSmsCode } from './sms.service';
import { smsProviderOf } from './sms.provider';

/** Parses with zod and refuses with the first message as it stands (the spec's exact texts). */
function parseExact<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw AppError.badRequest(r.error.issues[0]?.message ?? t('validation.invalid'));
  return r.data;
}

const mobile = z
  .string()
  .max(64, t('sms.mobileInvalid'))
  .optional()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().min(1, t('sms.mobileRequired')).regex(MOBILE_PATTERN, t('sms.mobileInvalid')));

const templateCode = z
  .string()
  .max(64, t('sms.templateInvalid'))
  .optional()
  .transform((v) => v?.trim() || DEFAULT_SMS_TEMPLATE)
  .pipe(z.enum(SMS_TEMPLATES, { error: t('sms.templateInvalid') }));

const sendQuery = z.object({
  mobile,
  templateCode,
  timestamp: z
    .string({ error: t('sms.timestampInvalid') })
    .regex(/^\d{1,16}$/, t('sms.timestampInvalid'))
    .transform(Number),
});

const latestQuery = z.object({ mobile, templateCode });

function signMatches(given: string | undefined, query: Record<string, string>, accessKey: string): boolean {
  if (!given || !/^[0-9a-fA-F]{64}$/.test(given.trim())) return false;
  const expected = createHash('sha256').update(smsSignText(query, accessKey)).digest();
  return timingSafeEqual(expected, Buffer.from(given.trim().toLowerCase(), 'hex'));
}

export const smsRoutes = new Hono<ApiEnv>()
  .get('/oauth/anyTenant/sendSmsCode', async (c) => {
    const query = c.req.query();
    const q = parseExact(sendQuery, query);
    const { runtime, ctx } = c.var;
    const sign = c.req.header('sign');
    if (!sign) throw AppError.badRequest(t('sms.signMissing'));
    if (!signMatches(sign, query, runtime.config.SMS_SIGN_ACCESS_KEY)) throw AppError.badRequest(t('sms.signInvalid'));
    if (Math.abs(q.timestamp - ctx.now) > SMS_LIMITS.clockSkewMs) throw AppError.badRequest(t('sms.timestampInvalid'));
    const tenant = await tenantOf(c);
    await sendSmsCode(
      {
        db: runtime.db,
        secret: runtime.config.SESSION_SECRET,
        provider: smsProviderOf(runtime),
        logger: runtime.logger,
        ipHourlyLimit: runtime.config.SMS_IP_HOURLY_LIMIT,
      },
      { tenantId: tenant.id, mobile: q.mobile, templateCode: q.templateCode, ip: ctx.ip, now: ctx.now },
    );
    return c.json(ok(null, t('sms.sent')));
  })
  .get('/oauth/anyTenant/dev/latestSmsCode', async (c) => {
    // Development and tests only: the endpoint does not exist in production.
    if (c.var.runtime.config.NODE_ENV === 'production') return c.json(fail(ErrorCode.NOT_FOUND, t('api.notFound')), 404);
    const q = parseExact(latestQuery, c.req.query());
    const tenant = await tenantOf(c);
    const latest = smsProviderOf(c.var.runtime).latest?.(tenant.id, q.mobile, q.templateCode) ?? null;
    if (!latest) throw AppError.notFound();
    return c.json(ok({ mobile: q.mobile, templateCode: q.templateCode, code: latest.code, sentAt: latest.sentAt }));
  });
