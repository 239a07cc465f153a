import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/scope';
import { readJson } from '../http/validate';
import { requireUser } from '../http/auth';
import { tenantOf } from '../http/tenant';
import { AppError, ok } from '../errors';
import { decryptTokenParam } from './token-param';
import { revoke, userInfoOf } from './identity.service';
import { t } from '~/lib/i18n';

export const identityRoutes = new Hono<ApiEnv>()
  .post('/oauth/anyTenant/tokenParam/decode', async (c) => {
    const { token } = await readJson(c, z.object({ token: z.string().trim().min(1).max(2048) }));
    const decoded = decryptTokenParam(token, c.var.runtime.config.TOKEN_PARAM_SECRET);
    if (!decoded) throw AppError.badRequest(t('identity.badTokenParam'));
    return c.json(ok({ token: decoded }));
  })
  .post('/oauth/appUser/getUserInfo', async (c) => {
    const { user } = await requireUser(c);
    return c.json(ok(userInfoOf(user)));
  })
  .post('/oauth/anyUser/logout', async (c) => {
    // Logging out twice, or with an unknown token, is fine: the token simply stops working.
    const token = c.var.ctx.headers.token;
    if (token) await revoke(c.var.runtime.db, (await tenantOf(c)).id, token, c.var.ctx.now);
    return c.json(ok(null));
  });
