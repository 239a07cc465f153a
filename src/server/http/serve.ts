import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Call } from '~/lib/api/contract';
import { ok } from '../errors';
import { publicCache } from './cache';
import { CACHE_TAG_HEADER, formatCacheTags } from './cache-tags';
import { pageTags, type PageKind } from '../events/page-changes';
import type { ApiEnv, Scope } from './scope';
import { parseWith, readBody } from './validate';

export interface ServeOptions<Res, In = unknown> {
  /** Seconds a shared cache may keep a success (answers that depend only on the school and URL). */
  cache?: number;
  /**
   * What a cached answer shows, for its Cache-Tag (src/server/events/page-changes.ts): the kinds
   * of content besides its school, and the school when the input names one (a tenantId field;
   * otherwise the request's school, already resolved by the handler).
   */
  shows?: { kinds: readonly PageKind[]; school?: (input: In) => string | null | undefined };
  /** The success message where the spec words it (the client shows it), else 'success'. */
  message?: string | ((data: Res) => string);
  /**
   * Runs before the input is read: a check of who may make the call (the staff gate), so a caller
   * who may not learns nothing about what the call takes.
   */
  before?: (scope: Scope, c: Context<ApiEnv>) => Promise<void> | void;
  /** Reads a write's input other than as JSON (a multipart upload); the path parameters are added as usual. */
  input?: (c: Context<ApiEnv>) => Promise<unknown>;
}

type Handler<In, Res> = (scope: Scope, input: In, c: Context<ApiEnv>) => Promise<Res | Response> | Res | Response;

/**
 * Serves one contract on a router: reads the input (GET: query and path parameters; POST: the
 * JSON body and path parameters), checks it with the schema, calls the handler with the request
 * scope and answers the success envelope (PUT and DELETE read the JSON body as POST does). The handler's result must be the contract's answer
 * type, so the island, the tests and the route cannot disagree. A handler that answers something
 * other than the envelope (a picture) returns a Response. Errors are thrown as AppError and
 * become the envelope in app.ts.
 */
export function serve<Req, Res, S extends z.ZodType>(
  router: Hono<ApiEnv>,
  call: Call<Req, Res>,
  schema: S,
  handler: Handler<z.output<S>, Res>,
  options: ServeOptions<Res, z.output<S>> = {},
): void {
  const route = async (c: Context<ApiEnv>) => {
    if (options.before) await options.before(c.var.scope, c);
    const raw = call.method === 'GET' ? c.req.query() : options.input ? await options.input(c) : await readBody(c);
    const params = c.req.param() as Record<string, string>;
    const input = parseWith(schema, Object.keys(params).length > 0 ? { ...(raw as object), ...params } : raw);
    const result = await handler(c.var.scope, input, c);
    if (result instanceof Response) return result;
    if (options.cache) {
      publicCache(c, options.cache);
      if (options.shows) {
        const school = options.shows.school?.(input) ?? (await c.var.scope.tenant()).id;
        c.header(CACHE_TAG_HEADER, formatCacheTags(pageTags(school, options.shows)));
      }
    }
    const { message } = options;
    return c.json(ok(result, typeof message === 'function' ? message(result) : message));
  };
  if (call.method === 'GET') router.get(call.path, route);
  else if (call.method === 'PUT') router.put(call.path, route);
  else if (call.method === 'DELETE') router.delete(call.path, route);
  else router.post(call.path, route);
}
