import type { Hono } from 'hono';
import { z } from 'zod';
import type { Call } from '~/lib/api/contract';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { ApiEnv } from './scope';

/**
 * What serve() leaves to calls the spec words itself: a refusal with the rule's own message (the
 * form's texts, not "参数 x 不正确：…") and calls that exist only in some deployments.
 */

/** The schema, refusing with its first message as it stands (an issue without a path). */
export function exactly<S extends z.ZodType>(schema: S) {
  return z.unknown().transform((value, ctx): z.output<S> => {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? t('validation.invalid') });
    return z.NEVER;
  });
}

/**
 * A call that exists only where `available(config)` holds (development helpers, the partner
 * edition): elsewhere it answers 404 接口不存在 before its input is read, as an unknown path does.
 * Register it before the call's serve().
 */
export function availableWhen(router: Hono<ApiEnv>, call: Call<unknown, unknown>, available: (config: Config) => boolean): void {
  router.use(call.path, async (c, next) => {
    if (!available(c.var.scope.config)) throw new AppError(ErrorCode.NOT_FOUND, t('api.notFound'), 404);
    await next();
  });
}
