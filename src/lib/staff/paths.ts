import { safeRedirect } from '../navigation';

/** Where staff pages send people (browser-safe; the /admin pages and their islands both use it). */

const STAFF_PAGE = /^\/admin(?:[/?]|$)/;
const NOT_AFTER_SIGN_IN = /^\/admin\/(?:login|accept|reset|forgot)(?:[/?]|$)/;

/** The sign-in page, where a reset password is used. */
export const STAFF_SIGN_IN_PATH = '/admin/login';
/** The self-service password reset with an SMS code (the sign-in page's 忘记密码). */
export const STAFF_FORGOT_PATH = '/admin/forgot';

/** After signing in: the staff page asked for (never the sign-in, invitation or password reset pages), else the dashboard. */
export function afterSignIn(next: string | null | undefined): string {
  const target = safeRedirect(next, '/admin');
  return STAFF_PAGE.test(target) && !NOT_AFTER_SIGN_IN.test(target) ? target : '/admin';
}

/** The sign-in page, coming back to `current` after. */
export function staffSignInUrl(current: string): string {
  const next = afterSignIn(current);
  return next === '/admin' ? '/admin/login' : `/admin/login?next=${encodeURIComponent(next)}`;
}
