import { request } from '~/lib/api/client';
import { publicConfig } from '~/lib/config';
import { safeRedirect } from '~/lib/navigation';
import { clearSession, setUser, startSession, type UserInfo } from '~/lib/stores/session';

/** The identity calls of the login and registration pages (docs/api.md, "Login and registration"). */
export const IDENTITY_PATHS = {
  login: '/api/oauth/anyTenant/login',
  bind: '/api/userCenter/anyTenant/userTenant/bind',
  studentId: '/api/userCenter/anyTenant/student/getOrCreateStudentId',
  userInfo: '/api/oauth/appUser/getUserInfo',
  checkInvitation: '/api/userCenter/anyTenant/qrCodeUser/checkInvitation',
  joinByInvitation: '/api/userCenter/anyTenant/qrCodeUser/joinByInvitation',
  ssoLogin: '/api/oauth/anyTenant/ssoLogin',
  partnerSso: '/api/contact/app/kingdee/sso',
} as const;

export interface LoginAnswer {
  userId: string;
  token: string;
  expiration: number;
}

/** Headers naming a school other than the page's (the join form's chosen school). */
export function schoolHeaders(tenantId: string): Record<string, string> | undefined {
  return tenantId === publicConfig().tenantId ? undefined : { TenantId: tenantId, SchoolId: tenantId };
}

/** POST /login, silently: the form shows the server's message itself. */
export function login(body: Record<string, unknown>, tenantId: string): Promise<LoginAnswer> {
  const headers = schoolHeaders(tenantId);
  return request<LoginAnswer>(IDENTITY_PATHS.login, { method: 'POST', body: { ...body, tenantId }, silent: true, ...(headers ? { headers } : {}) });
}

/**
 * What follows every login (spec section 7): store the token, bind the user to the school, get or
 * create the student id, fetch the user info and store it. Logged in only once all of it worked;
 * on any failure the half-made session is cleared again and the error is passed on.
 */
export async function finishLogin(answer: LoginAnswer, tenantId: string): Promise<UserInfo> {
  startSession(answer, tenantId);
  const headers = schoolHeaders(tenantId);
  const opts = { silent: true, ...(headers ? { headers } : {}) };
  try {
    await request(IDENTITY_PATHS.bind, { method: 'POST', body: { tenantId, userId: answer.userId }, ...opts });
    await request<string>(IDENTITY_PATHS.studentId, { method: 'GET', query: { tenantId, userId: answer.userId }, ...opts });
    const info = await request<UserInfo>(IDENTITY_PATHS.userInfo, { method: 'POST', body: {}, ...opts });
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
