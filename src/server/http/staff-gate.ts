import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { t } from '~/server/i18n';
import { STAFF_CALLS, type StaffCallName } from '~/lib/api/contracts/staff-calls';
import { STAFF_ACCESS, mayCall } from '~/lib/staff/access';
import type { AnswerOf } from '~/lib/api/contract';
import { AppError } from '../errors';
import { serve } from './serve';
import { exactly } from './exact';
import { requestOrigin } from './origin';
import { fetchHeaders, isHttps } from './forwarded';
import type { ApiEnv, Scope } from './scope';
import type { StaffActor } from '../staff/accounts/accounts.table';
import { csrfTokenMatches, sameOriginWrite } from './request-guard.rules';

/**
 * Every staff call is served through here, by its name in STAFF_CALLS, and checked against its
 * row of STAFF_ACCESS before its input is read:
 * 1. a write must come from the site's own pages (Sec-Fetch-Site, Origin);
 * 2. unless the call is public, the staff session of the request's school (40001/40005/40009);
 * 3. a write must carry the session's CSRF token (X-CSRF-Token);
 * 4. the person's role must be one the table allows for the call (403).
 * Handlers then act for that person only; ids they are given are looked up in that school.
 * Input is refused with its rule's own message (the form's words).
 */

type PublicCall = { [K in StaffCallName]: (typeof STAFF_ACCESS)[K] extends 'public' ? K : never }[StaffCallName];
type SessionCall = Exclude<StaffCallName, PublicCall>;

/** The request's own host with its port, as its Origin header would name it. */
function ownHost(s: Scope, c: Context<ApiEnv>): string {
  return requestOrigin(s, c).replace(/^https?:\/\//, '');
}

/** Whether the request reached the site over https (the session cookie is then Secure). */
export function onHttps(s: Scope, c: Context<ApiEnv>): boolean {
  return s.config.SITE_ON_HTTPS || isHttps(fetchHeaders(c.req.raw.headers), s.config.TRUST_PROXY, new URL(c.req.url).protocol === 'https:');
}

function gate(name: StaffCallName) {
  const writes = STAFF_CALLS[name].method !== 'GET';
  return async (s: Scope, c: Context<ApiEnv>): Promise<void> => {
    if (writes && !sameOriginWrite({ origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') }, ownHost(s, c))) {
      throw AppError.forbidden(t('staff.originRefused'));
    }
    if (STAFF_ACCESS[name] === 'public') return;
    const actor = await s.staff();
    if (writes && !csrfTokenMatches(c.req.header('x-csrf-token'), s.staffCsrfToken(actor))) throw AppError.forbidden(t('staff.csrfRefused'));
    if (!mayCall(actor.account.role, name)) throw AppError.forbidden(t('staff.forbidden'));
  };
}

/** What a staff call answers. */
export type Answer<K extends StaffCallName> = AnswerOf<(typeof STAFF_CALLS)[K]>;

/** A call for signed-in staff: the handler gets the person the gate let through (a Response: a file, not the envelope). */
export function serveStaff<K extends SessionCall, S extends z.ZodType>(
  router: Hono<ApiEnv>,
  name: K,
  schema: S,
  handler: (s: Scope, actor: StaffActor, input: z.output<S>, c: Context<ApiEnv>) => Promise<Answer<K> | Response>,
  message?: string,
): void {
  serve(router, STAFF_CALLS[name] as never, exactly(schema), async (s, input, c) => handler(s, await s.staff(), input, c) as never, {
    before: gate(name),
    ...(message ? { message } : {}),
  });
}

/** A call without a session (signing in, the invitation link). */
export function servePublicStaff<K extends PublicCall, S extends z.ZodType>(
  router: Hono<ApiEnv>,
  name: K,
  schema: S,
  handler: (s: Scope, input: z.output<S>, c: Context<ApiEnv>) => Promise<Answer<K>>,
  message?: string,
): void {
  serve(router, STAFF_CALLS[name] as never, exactly(schema), (s, input, c) => handler(s, input, c) as never, {
    before: gate(name),
    ...(message ? { message } : {}),
  });
}

/**
 * A signed-in staff call whose input is a multipart form (an upload): the same gate, then the
 * form's fields (a file field as a File) checked by the schema. Not a form: a clear refusal.
 */
export function serveStaffForm<K extends SessionCall, S extends z.ZodType>(
  router: Hono<ApiEnv>,
  name: K,
  schema: S,
  handler: (s: Scope, actor: StaffActor, input: z.output<S>, c: Context<ApiEnv>) => Promise<Answer<K>>,
): void {
  serve(router, STAFF_CALLS[name] as never, exactly(schema), async (s, input, c) => handler(s, await s.staff(), input, c) as never, {
    before: gate(name),
    input: readForm,
  });
}

async function readForm(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw AppError.badRequest(t('staff.upload.notMultipart'));
  }
  try {
    return (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    throw AppError.badRequest(t('staff.upload.notMultipart'));
  }
}

/**
 * The gate's checks for a staff request that is not a JSON call of STAFF_CALLS (the resumable
 * media upload, a protocol of its own): the site's own origin for a write, the staff session of
 * the request's school, the CSRF token for a write, and one of `roles`. Answers the person.
 */
export async function gateStaffRequest(s: Scope, c: Context<ApiEnv>, roles: readonly string[], writes: boolean): Promise<StaffActor> {
  if (writes && !sameOriginWrite({ origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') }, ownHost(s, c))) {
    throw AppError.forbidden(t('staff.originRefused'));
  }
  const actor = await s.staff();
  if (writes && !csrfTokenMatches(c.req.header('x-csrf-token'), s.staffCsrfToken(actor))) throw AppError.forbidden(t('staff.csrfRefused'));
  if (!roles.includes(actor.account.role)) throw AppError.forbidden(t('staff.forbidden'));
  return actor;
}
