import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';

/**
 * The API (/api/*, /healthz, /readyz) served straight from Node's request to the Hono app, without
 * Astro's page pipeline in between: Astro adds nothing to a call (the API resolves its school per call
 * and sets its own headers), and its per-request work (the web Request, the route match, the static
 * file look-up, the middleware chain) was most of the framework's cost of every call (bench/README.md,
 * issue 31). Pages still go through Astro.
 *
 * The Hono app lives in the built server bundle (src/server/runtime.ts makes it with the database on
 * the first request); the start script (scripts/start.mjs) is outside that bundle, so the two share
 * only the process: the runtime hands the app's fetch over as a process event once it is made, and
 * until then every call goes through Astro as before.
 */

export const API_READY_EVENT = 'portal:apiReady';

/** The paths the API answers, as Node gives them (path and query, no host). */
const API_PATH = /^\/(?:api(?:[/?]|$)|healthz(?:\?|$)|readyz(?:\?|$))/;

/** What a call carries besides the request: the id the start script gave it, the peer's address, and its body when the gate read it. */
export interface ApiCallEnv {
  requestId?: string;
  ip: string;
  /** The whole body, read by the gate (gate.ts) within its limit; absent when nothing read it before the app. */
  body?: Buffer | undefined;
}

type ApiFetch = (request: Request, env: ApiCallEnv) => Response | Promise<Response>;
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export function announceApi(fetch: ApiFetch): void {
  (process as NodeJS.EventEmitter).emit(API_READY_EVENT, fetch);
}

export function isApiPath(url: string | undefined): boolean {
  return url !== undefined && API_PATH.test(url);
}

/**
 * Makes the Node adapter's Request and Response the process's own (decision 103), as the adapter does by default.
 * Its Response keeps a body given as a string or bytes, with its status and headers, as they were given, and
 * makes the web Response only when something reads more than those; the adapter writes such an answer straight
 * to the socket. Every API answer is one (Hono's `c.json`), so none is made and then read back as a stream.
 * Astro's pages in the same process get the same class: its static methods are the web Response's, `instanceof`
 * holds for both kinds, and a page's streamed body makes the web Response when Astro's adapter reads it.
 * The start script installs it before the first request (through `routeApiDirectly`); the server's tests
 * install it too (tests/setup/server-globals.ts), so every test runs with the Response the server runs with.
 */
export function installAdapterGlobals(): void {
  getRequestListener(() => new Response(null), { overrideGlobalObjects: true });
}

/**
 * A request handler that gives API calls to the app once the runtime has announced it and every other
 * request (and every call before that) to `pages`. Registers for the announcement; the app never changes
 * after it (one per process). Installs the adapter's Request and Response first (`installAdapterGlobals`): its listener
 * writes the adapter's Response straight to the socket.
 */
export function routeApiDirectly(pages: Listener): Listener {
  installAdapterGlobals();
  let fetchApi: ApiFetch | undefined;
  (process as NodeJS.EventEmitter).once(API_READY_EVENT, (fetch: ApiFetch) => {
    fetchApi = fetch;
  });
  const listener = getRequestListener(
    (request, env: { incoming: Pick<IncomingMessage, 'headers' | 'socket'> & { rawBody?: Buffer } }) => {
      const given = env.incoming.headers['x-request-id'];
      const call = { requestId: typeof given === 'string' ? given : undefined, ip: env.incoming.socket.remoteAddress ?? '' };
      // The body as the gate read it: the app reads it from here, so no web Request is made for it.
      // Only API calls come here, and only once the app is announced (below).
      return (fetchApi as ApiFetch)(request, { ...call, body: env.incoming.rawBody });
    },
    // Installed above, once: the listener need not look again.
    { overrideGlobalObjects: false },
  );
  const api: Listener = (req, res) => {
    // The gate (gate.ts) has read the body already and keeps it on the request, as Astro takes it;
    // Hono's adapter takes a body read before it as `rawBody`.
    const body = (req as IncomingMessage & { body?: unknown }).body;
    if (Buffer.isBuffer(body)) (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
    void listener(req, res);
  };
  return (req, res) => (fetchApi && isApiPath(req.url) ? api(req, res) : pages(req, res));
}
