import { t } from './i18n/messages/header';
import { confirmDialog } from './confirm';
import { toast } from './toast';
import { clearSession } from './stores/session';
import { loginUrl, navigateTo } from './navigation';
import { logout } from './api/contracts/identity';

/**
 * Logout as the spec has it, for the header menu and the learner home alike: '确定退出登录？',
 * then the server forgets the token, the browser clears token and user and makes a new visitor
 * identity, '退出成功', and after 1 s the login page (keeping the current page as redirect).
 * Resolves false when the user cancelled.
 */
export async function confirmLogout(): Promise<boolean> {
  if (!(await confirmDialog(t('header.logoutConfirm')))) return false;
  // The API client is loaded only now, to keep the header light; a failure on the server must not
  // keep the visitor logged in.
  const { send } = await import('./api/client');
  const target = loginUrl();
  await send(logout, {}, { silent: true }).catch(() => undefined);
  clearSession();
  toast(t('header.logoutSuccess'), 'success');
  setTimeout(() => navigateTo(target), 1000);
  return true;
}
