/**
 * The staff header's one action without a framework: 退出登录 ends the session on the server (a
 * write, so with the page's CSRF token) and goes to the sign-in page whatever the answer, so the
 * person is never left looking signed in.
 */
import { signOut } from '~/lib/api/contracts/staff';
import { markSigningOut, setCsrfToken, staffSend } from '~/lib/api/staff-client';

const button = document.querySelector<HTMLButtonElement>('[data-staff-sign-out]');
button?.addEventListener('click', async () => {
  if (button.disabled) return;
  button.disabled = true;
  button.textContent = button.dataset['busyText'] ?? button.textContent;
  setCsrfToken(button.dataset['csrf'] ?? '');
  markSigningOut();
  try {
    await staffSend(signOut, {});
  } catch {
    // Ended or not, the person asked to leave: the sign-in page is where they go.
  }
  location.assign('/admin/login');
});
