import { publicConfig } from './config';

/**
 * The school chosen with `?schoolId=` (it wins over the school of the host) stays chosen from
 * page to page by travelling in the URL: pages are cached by host and URL and may depend on
 * nothing else (no cookie), so the address is the only place the choice can live. Every same-site
 * link of a page opened with it carries it too: the server adds it to the links it renders
 * (src/server/http/school-choice.ts), and in the browser navigateTo(), loginUrl() and a delegated
 * listener (keepSchoolInLinks) add it to what islands build.
 */
export const SCHOOL_PARAM = 'schoolId';

/** The learner area's home (我的学习): 个人中心, the way into study; it sends a visitor to sign in and back. */
export const LEARNER_HOME_PATH = '/study/mine';

/** The value a schoolId may have (a tenant id); anything else is left out of links. */
const SCHOOL_ID = /^[0-9A-Za-z_-]{1,64}$/;

/** Site paths that are not pages: the API, built assets, single sign-on (which skips every step). */
const NOT_PAGES = /^\/(?:api|_astro|sso-login)(?:[/?#]|$)/;

/** 'schoolId=' as a parameter of a query. */
const HAS_SCHOOL = /[?&]schoolId=/;

/**
 * `href` with `schoolId` added when it is a page of this site (a path or a query of the current
 * page) that does not name a school yet. Everything else is returned unchanged: other sites,
 * '//host', fragments, mailto:/tel:/javascript:, the API and built assets, a link that already
 * chooses a school (registration's `/?schoolId=<joined school>`).
 */
export function withSchoolId(href: string, schoolId: string | null | undefined): string {
  if (!schoolId || !SCHOOL_ID.test(schoolId) || !isSitePage(href)) return href;
  const hash = href.indexOf('#');
  const base = hash < 0 ? href : href.slice(0, hash);
  const fragment = hash < 0 ? '' : href.slice(hash);
  if (HAS_SCHOOL.test(base)) return href;
  const query = base.indexOf('?');
  const sep = query < 0 ? '?' : query === base.length - 1 || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${SCHOOL_PARAM}=${schoolId}${fragment}`;
}

/** True for an address of a page of this site: a path (not '//host', not the API or assets) or a query. */
export function isSitePage(href: string): boolean {
  const path = (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) || href.startsWith('?');
  return path && !NOT_PAGES.test(href);
}

/** True when the address already names a school. */
export function namesSchool(href: string): boolean {
  const hash = href.indexOf('#');
  return HAS_SCHOOL.test(hash < 0 ? href : href.slice(0, hash));
}

/** The school chosen in the current page's address, or null (browser only). */
export function chosenSchoolId(search: string = typeof location === 'undefined' ? '' : location.search): string | null {
  const id = new URLSearchParams(search).get(SCHOOL_PARAM);
  return id && SCHOOL_ID.test(id) ? id : null;
}

/** A same-site address as this page should link to it: with the chosen school, if one is. */
export function sitePath(href: string): string {
  return withSchoolId(href, chosenSchoolId());
}

/** Full-page navigation, in one place so component tests can observe it. Keeps the chosen school. */
export function navigateTo(url: string): void {
  window.location.assign(sitePath(url));
}

/**
 * Only same-origin paths may be a redirect target: never '//host' or 'https://…'. Backslashes,
 * whitespace and control characters are refused anywhere, since browsers drop tabs and newlines
 * from URLs ('/\t/evil.example' would become '//evil.example').
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/.test(target)) return fallback;
  return target;
}

/** The login page (`loginPath`: the partner edition's own, else /login) with `current` as the redirect parameter. */
export function loginAddress(loginPath: string, current: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(safeRedirect(current))}`;
}

/**
 * A page's path and query as its scripts see them once the site's steps ran (src/islands/header/steps.ts
 * takes a handed-over `token` parameter out): what the server's 注册/登录 link names as the redirect.
 */
export function pageAddress(url: URL): string {
  if (!url.searchParams.has('token')) return url.pathname + url.search;
  const copy = new URL(url);
  copy.searchParams.delete('token');
  return copy.pathname + copy.search;
}

/** The login address keeping the current page as the redirect parameter (and the chosen school). */
export function loginUrl(current = typeof location === 'undefined' ? '/' : location.pathname + location.search): string {
  const cfg = publicConfig();
  return sitePath(loginAddress(cfg.partner ? `/${cfg.partnerSlug}-login` : cfg.loginPath, current));
}

/**
 * Links that islands render after the page loaded (and any the server could not see) get the
 * chosen school at the moment they are used: clicked, middle-clicked, opened from the context
 * menu or focused with the keyboard. Installed once per page by the header's boot script.
 */
export function keepSchoolInLinks(doc: Document = document): void {
  const schoolId = chosenSchoolId();
  if (!schoolId) return;
  const fix = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href], area[href]') : null;
    if (!(link instanceof HTMLAnchorElement || link instanceof HTMLAreaElement)) return;
    const raw = link.getAttribute('href') ?? '';
    let href = raw;
    // An absolute link to this very site counts as a site path.
    if (/^https?:/i.test(raw) && link.origin === location.origin) href = link.pathname + link.search + link.hash;
    const fixed = withSchoolId(href, schoolId);
    if (fixed !== href) link.setAttribute('href', fixed);
  };
  for (const type of ['click', 'auxclick', 'contextmenu', 'focusin']) doc.addEventListener(type, fix, { capture: true });
}
