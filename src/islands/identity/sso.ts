/**
 * /sso-login in the browser: exchange the signed ticket for a session, store it (token, school,
 * user) and go to the same-origin `redirect`, or home. The ticket leaves the address bar at once.
 */
import { request } from '~/lib/api/client';
import { t } from '~/lib/i18n';
import { navigateTo } from '~/lib/navigation';
import { clearSession, ensureVisitor, setUser, startSession, type UserInfo } from '~/lib/stores/session';
import { IDENTITY_PATHS, afterLoginTarget, type LoginAnswer } from './login-flow';

async function run(): Promise<void> {
  const url = new URL(location.href);
  const ticket = url.searchParams.get('ticket');
  const redirect = url.searchParams.get('redirect');
  url.searchParams.delete('ticket');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  const status = document.getElementById('sso-status')!;
  const fail = (message: string) => {
    status.textContent = message;
    status.classList.add('text-red-700');
    document.getElementById('sso-login-link')?.removeAttribute('hidden');
  };
  if (!ticket) return fail(t('sso.invalid'));
  try {
    const answer = await request<LoginAnswer & { tenantId: string }>(IDENTITY_PATHS.ssoLogin, { method: 'POST', body: { ticket }, silent: true });
    startSession(answer, answer.tenantId);
    const headers = { TenantId: answer.tenantId, SchoolId: answer.tenantId };
    const user = await request<UserInfo>(IDENTITY_PATHS.userInfo, { method: 'POST', body: {}, headers, silent: true });
    setUser(user);
    ensureVisitor();
    status.textContent = t('login.success');
    navigateTo(afterLoginTarget(redirect, '/'));
  } catch (error) {
    clearSession();
    fail(error instanceof Error && error.message ? error.message : t('sso.invalid'));
  }
}

void run();
