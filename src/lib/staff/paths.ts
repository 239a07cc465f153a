import { safeRedirect } from '../navigation';

/** Where staff pages send people (browser-safe; the /admin pages and their islands both use it). */

const STAFF_PAGE = /^\/admin(?:[/?]|$)/;
const NOT_AFTER_SIGN_IN = /^\/admin\/(?:login|accept)(?:[/?]|$)/;

/** After signing in: the staff page asked for (never the sign-in or invitation page), else the dashboard. */
export function afterSignIn(next: string | null | undefined): string {
  const target = safeRedirect(next, '/admin');
  return STAFF_PAGE.test(target) && !NOT_AFTER_SIGN_IN.test(target) ? target : '/admin';
}

/** The sign-in page, coming back to `current` after. */
export function staffSignInUrl(current: string): string {
  const next = afterSignIn(current);
  return next === '/admin' ? '/admin/login' : `/admin/login?next=${encodeURIComponent(next)}`;
}
