import { AsyncLocalStorage } from 'node:async_hooks';
// Loaded by Node directly from scripts/start.mjs (type stripping) and bundled into the server build:
// erasable TypeScript only.

/**
 * What the server knows about the request being answered, for its access line and metrics: the id,
 * and the route that answered it once a router has matched (an API contract's path or a page's
 * pattern, never the URL itself, so metrics stay a fixed set of series).
 */
export interface RequestContext {
  requestId: string;
  route?: string;
}

// One store per process, shared by the server script and the built app (two copies of this
// module), so it hangs off globalThis under a registered symbol.
const KEY = Symbol.for('digital-cloud-school.request-context');
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };

if (!holder[KEY]) holder[KEY] = new AsyncLocalStorage<RequestContext>();
export const requestContext: AsyncLocalStorage<RequestContext> = holder[KEY];

/** Notes the route that answers the current request (no-op outside a request). */
export function noteRoute(route: string): void {
  const store = requestContext.getStore();
  if (store) store.route = route;
}
