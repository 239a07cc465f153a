import { describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import { ROUTE_LABEL, requestContext, type RequestContext } from '~/server/http/request-context';
import { useTestServer } from '../setup/server';

/**
 * Every answer of the API is counted (portal_http_requests_total) and logged under the route that
 * made it: the matched route's path template, never the URL (bounded series) and never `other`.
 * Each route of the app (app.routes: the contracts' calls, the resumable upload's protocol routes,
 * health and readiness) is asked once, inside a request context as the server runs it, with its
 * path parameters filled in; and every contract's call is one of those routes, so a call cannot be
 * served without being labelled.
 */

const server = useTestServer();

const contractModules = import.meta.glob<Record<string, unknown>>('../../src/lib/api/contracts/*.ts', { eager: true });
const isCall = (v: unknown): v is Call<unknown, unknown> =>
  typeof v === 'object' && v !== null && typeof (v as Call<unknown, unknown>).method === 'string' && typeof (v as Call<unknown, unknown>).path === 'string';
const CALLS = Object.values(contractModules).flatMap((m) => Object.values(m).filter(isCall));

/** The methods a route registered for every method (app.all) is asked with: the resumable upload's protocol. */
const ANY_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The route the server noted for one request to `path`. */
async function labelOf(method: string, path: string): Promise<string | undefined> {
  const context: RequestContext = { requestId: `label-${method}-${path}` };
  await requestContext.run(context, () =>
    server().app.request(path, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' || method === 'HEAD' ? null : '{}' }),
  );
  return context.route;
}

const filled = (path: string) => path.replace(/:(\w+)/g, 'x1');

describe('route labels', () => {
  test('every route of the app is counted under its own path template', async () => {
    const routes = server().app.routes.filter((r) => !(r.method === 'ALL' && (r.path === '/*' || r.path === '*')));
    expect(routes.length).toBeGreaterThan(CALLS.length / 2);
    const wrong: string[] = [];
    for (const route of routes) {
      for (const method of route.method === 'ALL' ? ANY_METHODS : [route.method]) {
        const label = await labelOf(method, filled(route.path));
        if (label !== route.path) wrong.push(`${method} ${route.path}: ${label}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("every contract's call is a route of the app", () => {
    const served = new Set(server().app.routes.map((r) => `${r.method} ${r.path}`));
    const unserved = CALLS.map((c) => `${c.method} /api${c.path}`).filter((name) => !served.has(name));
    expect(unserved).toEqual([]);
  });

  test('a path that names no call, or a call asked with another method, is counted as one series of its own', async () => {
    expect(await labelOf('GET', '/api/no/such/call')).toBe(ROUTE_LABEL.apiNotFound);
    expect(await labelOf('POST', '/api/no/such/call/123456')).toBe(ROUTE_LABEL.apiNotFound);
    const aGet = CALLS.find((c) => c.method === 'GET')!;
    expect(await labelOf('DELETE', filled(`/api${aGet.path}`))).toBe(ROUTE_LABEL.apiNotFound);
  });
});
