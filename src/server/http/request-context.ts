import { AsyncLocalStorage } from 'node:async_hooks';
// Loaded by Node directly from scripts/start.mjs (type stripping) and bundled into the server build:
// erasable TypeScript only.

/**
 * What the server knows about the request being answered, for its access line and metrics: the id,
 * the route that answered it once a router has matched (an API call's path template or a page's
 * pattern, never the URL itself, so metrics stay a fixed set of series) and the school it was for,
 * once known.
 */
export interface RequestContext {
  requestId: string;
  route?: string;
  /** The school's pre-domain. */
  school?: string;
  /** How the render cache answered it, when it did: a fresh page (hit) or a stale one while another render replaces it. */
  cache?: 'hit' | 'stale';
}

// One store per process, shared by the server script and the built app (two copies of this
// module), so it hangs off globalThis under a registered symbol.
const KEY = Symbol.for('digital-cloud-school.request-context');
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };

if (!holder[KEY]) holder[KEY] = new AsyncLocalStorage<RequestContext>();
export const requestContext: AsyncLocalStorage<RequestContext> = holder[KEY];

/** Notes the route that answers the current request (no-op outside a request); a later, more exact router overrides it. */
export function noteRoute(route: string): void {
  const store = requestContext.getStore();
  if (store) store.route = route;
}

/** Notes the school the current request is for (no-op outside a request). */
export function noteSchool(preDomain: string): void {
  const store = requestContext.getStore();
  if (store) store.school = preDomain;
}

/** Notes that the render cache answered the current request (no-op outside a request). */
export function noteCacheAnswer(state: 'hit' | 'stale'): void {
  const store = requestContext.getStore();
  if (store) store.cache = state;
}

/**
 * Route labels of answers no router gave: the built files the adapter serves as they are, the
 * gate's refusals (before any router saw the request), an /api path that names no call, and the
 * scrape itself. Every other answer is labelled by the route that made it; `other` is left for what
 * none of these covers (a bug to fix, never expected).
 */
export const ROUTE_LABEL = {
  /** A file of the build's client folder, answered from the list made at start (static-files.ts) before any router. */
  staticFile: 'static',
  badUrl: 'gate:bad-url',
  tooLarge: 'gate:too-large',
  apiNotFound: 'api:not-found',
  metrics: '/metrics',
  readiness: '/readyz',
  other: 'other',
} as const;
