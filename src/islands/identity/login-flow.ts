import { send } from '~/lib/api/client';
import type { Call } from '~/lib/api/contract';
import { userInfo, type UserInfo } from '~/lib/api/contracts/identity';
import { bindTenant, login as loginCall, studentId, type CodeLoginRequest, type IssuedToken, type PasswordLoginRequest } from '~/lib/api/contracts/login';
import { publicConfig } from '~/lib/config';
import { safeRedirect } from '~/lib/navigation';

// The forms leave the page with it once logged in: it comes with these calls, not before.
export { navigateTo } from '~/lib/navigation';
import { clearSession, setUser, startSession } from '~/lib/stores/session';

/** The identity calls of the login and registration pages (docs/api.md, "Login and registration"). */

/** A login form's body; the school is the second argument of login(). */
export type LoginBody = Omit<CodeLoginRequest, 'tenantId'> | Omit<PasswordLoginRequest, 'tenantId'>;

/** Headers naming a school other than the page's (the join form's chosen school). */
function schoolHeaders(tenantId: string): Record<string, string> | undefined {
  return tenantId === publicConfig().tenantId ? undefined : { TenantId: tenantId, SchoolId: tenantId };
}

/** Sends a call silently (the form shows the server's message itself) as a user of `tenantId`'s school. */
function sendAt<Req, Res>(call: Call<Req, Res>, input: Req, tenantId: string): Promise<Res> {
  return send(call, input, { silent: true, headers: schoolHeaders(tenantId) });
}

export function login(body: LoginBody, tenantId: string): Promise<IssuedToken> {
  return sendAt(loginCall, { ...body, tenantId }, tenantId);
}

/**
 * What follows every login: store the token, bind the user to the school, get or
 * create the student id, fetch the user info and store it. Logged in only once all of it worked;
 * on any failure the half-made session is cleared again and the error is passed on.
 */
export async function finishLogin(answer: IssuedToken, tenantId: string): Promise<UserInfo> {
  startSession(answer, tenantId);
  try {
    await sendAt(bindTenant, { tenantId, userId: answer.userId }, tenantId);
    await sendAt(studentId, { tenantId, userId: answer.userId }, tenantId);
    const info = await sendAt(userInfo, {}, tenantId);
    setUser(info);
    return info;
  } catch (error) {
    clearSession();
    throw error;
  }
}

const LOGIN_ROUTES = /^\/(?:login|register|sso-login|[a-z0-9]+-login)\/?(?:[?#]|$)/;

/** Where to go after logging in: the same-origin `redirect` parameter, never back to a login page. */
export function afterLoginTarget(redirect: string | null, fallback: string): string {
  const target = safeRedirect(redirect, fallback);
  return LOGIN_ROUTES.test(target) ? fallback : target;
}
