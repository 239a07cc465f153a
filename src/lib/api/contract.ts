/**
 * One contract per call: method, path (under /api) and the request and answer types. The route
 * serves it, the island sends it, the tests call it and docs/api.md names it (a test checks).
 * Types only travel with it: it holds no validation, so it costs the browser a few bytes.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Call<Req, Res> {
  readonly method: Method;
  /** Path under /api, as Hono routes it (':id' marks a path parameter). */
  readonly path: string;
  /** Phantom fields that carry the types; never set. */
  readonly types?: { request: Req; answer: Res };
}

export type RequestOf<C> = C extends Call<infer Req, unknown> ? Req : never;
export type AnswerOf<C> = C extends Call<unknown, infer Res> ? Res : never;

/** GET: the request travels as query parameters. */
export function get<Req = Record<string, never>, Res = unknown>(path: string): Call<Req, Res> {
  return { method: 'GET', path };
}

/** POST: the request is the JSON body. */
export function post<Req = Record<string, never>, Res = unknown>(path: string): Call<Req, Res> {
  return { method: 'POST', path };
}

/** PUT: the request is the JSON body (an update, where the spec asks for one). */
export function put<Req = Record<string, never>, Res = unknown>(path: string): Call<Req, Res> {
  return { method: 'PUT', path };
}

/** DELETE: the request is the JSON body (a list of ids, where the spec asks for one). */
export function del<Req = Record<string, never>, Res = unknown>(path: string): Call<Req, Res> {
  return { method: 'DELETE', path };
}

/** The URL path of a call, with its ':name' parameters filled in (encoded). */
export function urlOf(call: Pick<Call<unknown, unknown>, 'path'>, params: Record<string, string> = {}): string {
  return `/api${call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/** The calls a contract module exports, by their export names (its other exports left out). */
export type CallsOf<M> = { [K in keyof M as M[K] extends Call<unknown, unknown> ? K : never]: M[K] };

const isCall = (value: unknown): value is Call<unknown, unknown> => typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/**
 * Every call a contract module (`import * as module`) declares, by name: read from its exports, so a call
 * declared there is served and gated under its name without also being listed by hand.
 */
export function callsOf<M extends object>(module: M): CallsOf<M> {
  return Object.fromEntries(Object.entries(module).filter(([, value]) => isCall(value))) as CallsOf<M>;
}
