import { isLoginInvalid, isSuccess, messageOf } from '../envelope';
import { normalizePage, type Page } from '../paging';
import { t } from '../i18n/messages/common';
import { publicConfig } from '../config';
import { apiHeaders, withBase } from './request-headers';
import { urlOf, type Call } from './contract';
import { clearSession } from '../stores/session';
import { flashToast, toast } from '../toast';
import { loginUrl, navigateTo } from '../navigation';

/** The browser's API client: the spec's headers, envelope handling and error messages. */

/** What the HTTP answer said besides its body: its status, and how long it asked the client to wait (Retry-After). */
export interface HttpDetail {
  /** The HTTP status; null when no answer came (network failure, timeout). */
  status: number | null;
  /** Retry-After in ms; null when the answer did not say. */
  retryAfterMs: number | null;
}

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: number | null,
    public readonly http: HttpDetail = { status: null, retryAfterMs: null },
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A Retry-After header (seconds, or an HTTP date) in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The codes (envelope or HTTP) by which the server says "not now, try again later": too many requests, unavailable. */
const TRY_LATER = [429, 503];

/**
 * The server asked the client to try again later (rate limited, or unavailable): the wait it
 * named (0 when it named none); null for any other error, which is a refusal or a network failure.
 */
export function tryAgainAfter(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  if (!TRY_LATER.includes(error.code ?? -1) && !TRY_LATER.includes(error.http.status ?? -1)) return null;
  return error.http.retryAfterMs ?? 0;
}

export const REQUEST_TIMEOUT_MS = 500_000;
let controllers = new Set<AbortController>();

export { loginUrl };

function onLoginInvalid(message: string): never {
  for (const c of controllers) c.abort();
  controllers = new Set();
  clearSession();
  if (message) {
    toast(message, 'error');
    // The login page shows it again: this page is left at once.
    flashToast(message, 'error');
  }
  if (typeof location !== 'undefined') navigateTo(loginUrl());
  throw new ApiError(t('common.pleaseLogin'), null);
}

/** What a request sends: the method, query parameters, a JSON body and headers besides the client's own. */
export interface RequestOptions {
  method?: string;
  /** Query parameters; GET gets a `timestamp` too. Undefined values are left out. */
  query?: Record<string, unknown> | undefined;
  /** Sent as JSON (with content-type and accept application/json) by POST, PUT, PATCH and DELETE. */
  body?: unknown;
  headers?: Record<string, string> | undefined;
  keepalive?: boolean;
  /** No toast on failure: the caller shows the message itself. */
  silent?: boolean | undefined;
  /**
   * A call the page makes by itself, not the person (the header's unread count): a login the server
   * no longer accepts is only its failure. The page is not left for login; the person's own next
   * call is what ends the session.
   */
  background?: boolean | undefined;
  /** Last headers from the query exactly as sent (the SMS sign), computed just before sending. */
  signQuery?: (query: Record<string, unknown>) => Promise<Record<string, string>>;
}

/** A query value as sent: text as it is, numbers and booleans as text, null as empty, anything else (a list's items too) as JSON. */
function queryValue(value: unknown, listItem: boolean): string {
  if (typeof value === 'string') return value;
  if (!listItem && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  return !listItem && value === null ? '' : JSON.stringify(value);
}

/** `url` with the query's defined parameters added (a list as the parameter repeated). */
function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, queryValue(item, true));
    else params.append(key, queryValue(value, false));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

const PAYLOAD_METHODS = ['PATCH', 'POST', 'PUT', 'DELETE'];
const JSON_TYPE = /^application\/(?:[\w!#$%&*.^`~-]*\+)?json$/i;
/** Keys that could reach an object's prototype; they are dropped from answers. */
const SUSPECT_KEY = /__proto__|constructor|\\u00/;

/**
 * An answer's body: JSON when it says so (or says nothing), read without keys that could reach a
 * prototype; the text itself when it is not JSON; undefined when there is none.
 */
async function readBody(response: Response, method: string): Promise<unknown> {
  if (!response.body || [101, 204, 205, 304].includes(response.status) || method === 'HEAD') return undefined;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const text = await response.text();
  if (type && !JSON_TYPE.test(type)) return text;
  try {
    return SUSPECT_KEY.test(text)
      ? JSON.parse(text, (key, value: unknown) =>
          key === '__proto__' || (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value) ? undefined : value,
        )
      : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One call through fetch: the spec's headers, a timeout, the JSON envelope. Success answers its
 * data; a refusal shows the server's message (unless silent) and throws it as an ApiError; a login
 * the server no longer accepts clears the session and goes to login; no answer, an HTTP error or a
 * body without an envelope is 系统繁忙.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const controller = new AbortController();
  controllers.add(controller);
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let body: unknown;
  // The answer's status and Retry-After, read once its body was.
  let http: HttpDetail = { status: null, retryAfterMs: null };
  try {
    const query = method === 'GET' ? { ...options.query, timestamp: Date.now() } : options.query;
    const sent = new Headers({ ...apiHeaders(), ...options.headers });
    if (options.signQuery) for (const [name, value] of Object.entries(await options.signQuery(query ?? {}))) sent.set(name, value);
    const json = !!options.body && PAYLOAD_METHODS.includes(method);
    if (json) {
      if (!sent.has('content-type')) sent.set('content-type', 'application/json');
      if (!sent.has('accept')) sent.set('accept', 'application/json');
    }
    const response = await fetch(withQuery(withBase(path, publicConfig().apiBase), query), {
      method,
      headers: sent,
      ...(json ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
      signal: controller.signal,
    });
    body = await readBody(response, method);
    http = { status: response.status, retryAfterMs: retryAfterMs(response.headers.get('Retry-After'), Date.now()) };
    if (response.status >= 400 && response.status < 600) throw new Error(`HTTP ${response.status}`);
  } catch {
    const message = t('common.systemBusy');
    if (!options.silent) toast(message, 'error');
    // No envelope code: a failure on the way; its HTTP status (a proxy's 429 or 503) tells tryAgainAfter.
    throw new ApiError(message, null, http);
  } finally {
    clearTimeout(timer);
    controllers.delete(controller);
  }
  const env = (body ?? {}) as { code?: unknown; data?: unknown };
  if (isSuccess(env.code)) return env.data as T;
  const message = messageOf(body) || t('common.systemBusy');
  if (isLoginInvalid(env.code) && !options.background) onLoginInvalid(message);
  if (!options.silent) toast(message, 'error');
  throw new ApiError(message, Number(env.code), http);
}

export interface SendOptions {
  /** No toast on failure: the caller shows the message itself. */
  silent?: boolean;
  /** The page's own call, not the person's: a login no longer accepted does not leave the page (RequestOptions). */
  background?: boolean;
  /** Values of the path's ':name' parameters. */
  params?: Record<string, string>;
  /** Extra headers, e.g. another school's TenantId for the join form; they win over the defaults. */
  headers?: Record<string, string>;
  /**
   * The request outlives the page (fetch keepalive): for what a page sends while it is being left
   * or hidden. sendBeacon cannot carry the Token header, so this is the way out; the answer is
   * still read if the page lives on.
   */
  keepalive?: boolean;
}

/** Sends one call of a contract: GET as query parameters, POST, PUT and DELETE as the JSON body. */
export function send<Req, Res>(call: Call<Req, Res>, input?: Req, opts: SendOptions = {}): Promise<Res> {
  const data = input as Record<string, unknown> | undefined;
  return request<Res>(urlOf(call, opts.params), {
    method: call.method,
    silent: opts.silent,
    background: opts.background,
    headers: opts.headers,
    ...(opts.keepalive ? { keepalive: true } : {}),
    ...(call.method === 'GET' ? { query: data } : { body: data }),
  });
}

/** A paged call, with the paging fields made numbers whatever the server sent. */
export async function sendPage<Req, T>(call: Call<Req, Page<T>>, input?: Req, opts?: SendOptions): Promise<Page<T>> {
  return normalizePage<T>(await send(call, input, opts));
}
