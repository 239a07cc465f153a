import { $loggedIn } from '~/lib/stores/session';
import { loginUrl, navigateTo } from '~/lib/navigation';
import { toast } from '~/lib/toast';
import { t } from '~/lib/i18n/messages/common';

/** True when logged in; otherwise says '请先登录' and goes to login, keeping this page. */
export function requireLogin(): boolean {
  if ($loggedIn.get()) return true;
  toast(t('common.loginFirst'), 'warning');
  setTimeout(() => navigateTo(loginUrl()), 800);
  return false;
}
