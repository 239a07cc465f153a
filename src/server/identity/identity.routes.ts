import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/context';
import { readJson } from '../http/validate';
import { AppError, ok } from '../errors';
import { decryptTokenParam } from './token-param';
import { t } from '~/lib/i18n';

export const identityRoutes = new Hono<ApiEnv>().post('/oauth/anyTenant/tokenParam/decode', async (c) => {
  const { token } = await readJson(c, z.object({ token: z.string().trim().min(1).max(2048) }));
  const decoded = decryptTokenParam(token, c.var.runtime.config.TOKEN_PARAM_SECRET);
  if (!decoded) throw AppError.badRequest(t('identity.badTokenParam'));
  return c.json(ok({ token: decoded }));
});
