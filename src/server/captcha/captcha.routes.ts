import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { tenantOf } from '../http/tenant';
import { AppError, fail, ok } from '../errors';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import { CAPTCHA_KEY_PATTERN } from '~/lib/rules/certificate';
import { createCaptcha, peekCaptchaCode } from './captcha.service';

const captchaQuery = z.object({
  key: z.string({ error: t('captcha.keyInvalid') }).regex(CAPTCHA_KEY_PATTERN, t('captcha.keyInvalid')),
  // The school of a page opened with ?schoolId=: an <img> sends no TenantId header.
  tenantId: idSchema.optional().or(z.literal('').transform(() => undefined)),
});

/** Refuses with the first message as it stands (the key's message names what to do). */
function parseExact<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw AppError.badRequest(r.error.issues[0]?.message ?? t('validation.invalid'));
  return r.data;
}

export const captchaRoutes = new Hono<ApiEnv>()
  .get('/oauth/anyTenant/captcha', async (c) => {
    const q = parseExact(captchaQuery, c.req.query());
    const tenant = await tenantOf(c, q.tenantId);
    const { runtime, ctx } = c.var;
    const svg = await createCaptcha(runtime.db, { tenantId: tenant.id, key: q.key, ip: ctx.ip, now: ctx.now });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'no-store',
      // Opened on its own, the picture may load nothing and run nothing.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  })
  .get('/oauth/anyTenant/dev/latestCaptcha', async (c) => {
    // Development and tests only: the endpoint does not exist in production.
    if (c.var.runtime.config.NODE_ENV === 'production') return c.json(fail(ErrorCode.NOT_FOUND, t('api.notFound')), 404);
    const q = parseExact(captchaQuery, c.req.query());
    const tenant = await tenantOf(c, q.tenantId);
    const found = await peekCaptchaCode(c.var.runtime.db, tenant.id, q.key, c.var.ctx.now);
    if (!found) throw AppError.notFound(t('captcha.notFound'));
    return c.json(ok({ key: q.key, code: found.code, createdAt: found.createdAt }));
  });
