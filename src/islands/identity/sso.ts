/**
 * /sso-login in the browser: exchange the signed ticket for a session, store it (token, school,
 * user) and go to the same-origin `redirect`, or home. The ticket leaves the address bar at once.
 */
import { send } from '~/lib/api/client';
import { userInfo } from '~/lib/api/contracts/identity';
import { ssoLogin } from '~/lib/api/contracts/login';
import { t } from '~/lib/i18n/messages/sso';
import { navigateTo } from '~/lib/navigation';
import { clearSession, ensureVisitor, setUser, startSession } from '~/lib/stores/session';
import { afterLoginTarget } from './login-flow';

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
    const answer = await send(ssoLogin, { ticket }, { silent: true });
    // The page names no school: the client sends the one stored here, the ticket's.
    startSession(answer, answer.tenantId);
    const user = await send(userInfo, {}, { silent: true });
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
