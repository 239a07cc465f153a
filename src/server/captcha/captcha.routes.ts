import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/captcha';
import { t } from '~/server/i18n';
import { CAPTCHA_KEY_PATTERN } from '~/lib/rules/captcha';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { availableWhen, exactly } from '../http/exact';
import { idSchema } from '../http/validate';
import * as service from './captcha.service';

/** The key's message names what to do, so it is answered as it stands. */
const captchaQuery = exactly(
  z.object({
    key: z.string({ error: t('captcha.keyInvalid') }).regex(CAPTCHA_KEY_PATTERN, t('captcha.keyInvalid')),
    tenantId: idSchema.optional().or(z.literal('').transform(() => undefined)),
  }),
);

export const captchaRoutes = new Hono<ApiEnv>();

serve(captchaRoutes, api.captchaImage, captchaQuery, async (s, q, c) =>
  c.body(await service.createCaptcha(s, q), 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'no-store',
    // Opened on its own, the picture may load nothing and run nothing.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  }),
);
availableWhen(captchaRoutes, api.latestCaptcha, (config) => config.developmentMode);
serve(captchaRoutes, api.latestCaptcha, captchaQuery, (s, q) => service.latestCaptcha(s, q));
