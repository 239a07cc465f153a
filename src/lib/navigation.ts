import { publicConfig } from './config';

/** Full-page navigation, in one place so component tests can observe it. */
export function navigateTo(url: string): void {
  window.location.assign(url);
}

/**
 * Only same-origin paths may be a redirect target: never '//host' or 'https://…'. Backslashes,
 * whitespace and control characters are refused anywhere, since browsers drop tabs and newlines
 * from URLs ('/\t/evil.example' would become '//evil.example').
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/.test(target)) return fallback;
  return target;
}

/** The login address keeping the current page as the redirect parameter. */
export function loginUrl(current = typeof location === 'undefined' ? '/' : location.pathname + location.search): string {
  const cfg = publicConfig();
  const path = cfg.partner ? `/${cfg.partnerSlug}-login` : cfg.loginPath;
  return `${path}?redirect=${encodeURIComponent(safeRedirect(current))}`;
}
