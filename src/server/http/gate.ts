import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only,
// relative imports with their .ts extension.
import { ErrorCode } from '../../lib/envelope.ts';
import { serverMessages } from '../i18n/messages.ts';
import { isHttps, nodeHeaders } from './forwarded.ts';
import type { FreshAnswer, RenderCache } from './render-cache.ts';
import type { ClientErrorKind } from '../metrics.ts';
import { UPLOAD_API_PATH, UPLOAD_FRAMING_BYTES, UPLOAD_IMAGE_MAX_BYTES } from '../../lib/uploads.ts';
import { MEDIA_CHUNK_BYTES, MEDIA_UPLOAD_PATH } from '../../lib/media-library.ts';
import { bodyLimitFor } from '../../lib/csv-import.ts';
import { noteRoute, ROUTE_LABEL } from './request-context.ts';

/**
 * The first thing every request meets, before Astro or the API read anything:
 * - a body larger than the configured limit is refused with 413 and an envelope, from its declared
 *   length or while it streams, never read into memory whole;
 * - an address with broken percent-encoding, in its path or its query (`?x=%ZZ`), which the
 *   renderer would answer with a plain-text "Bad request.": the 400 envelope on /api, the 400 page
 *   (src/pages/400.astro, in the school's layout) elsewhere;
 * - Strict-Transport-Security when the operator says the site is on https;
 * - page GETs go through the render cache.
 * Requests the HTTP parser itself refuses (oversized headers, garbage) are answered by
 * `clientErrorResponse` from the server's clientError event.
 */

export interface GateOptions {
  maxBodyBytes: number;
  trustProxy: boolean;
  siteOnHttps: boolean;
  hstsMaxAge: number;
  cache: Pick<RenderCache, 'handle' | 'answerFresh'> | null;
  /** How long a refused upload may go on being discarded before its connection is cut. */
  drainMs?: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function envelopeJson(code: number, message: string): string {
  return JSON.stringify({ code, data: null, message });
}

function answer(res: ServerResponse, status: number, code: number, message: string, close = false): void {
  const body = envelopeJson(code, message);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(body);
}

/**
 * True when the address's percent-encoding cannot be decoded: the path with decodeURIComponent
 * (what the API's router does), the whole address with decodeURI (what the renderer refuses).
 */
export function brokenUrl(url: string): boolean {
  // Only a percent sign can start what the two cannot decode.
  if (!url.includes('%')) return false;
  const path = url.split('?')[0] ?? '';
  try {
    decodeURIComponent(path);
    decodeURI(url);
    return false;
  } catch {
    return true;
  }
}

/** Where the renderer serves the page that says an address cannot be read. */
export const BAD_REQUEST_PAGE = '/400';

/**
 * The Strict-Transport-Security value a request's answer carries, or null: when the operator said the
 * site is on https (TLS ends here or at a proxy), except on a request a trusted proxy says came over
 * plain http (browsers ignore it there anyway). The gate adds it, and so does the render cache's
 * fresh answer made before the gate (createFreshAnswer).
 */
function strictTransportSecurity(options: Pick<GateOptions, 'siteOnHttps' | 'hstsMaxAge' | 'trustProxy'>): (req: IncomingMessage) => string | null {
  const hsts = options.siteOnHttps && options.hstsMaxAge > 0 ? `max-age=${options.hstsMaxAge}` : null;
  if (!hsts) return () => null;
  return (req) => (!options.trustProxy || !req.headers['x-forwarded-proto'] || isHttps(nodeHeaders(req.headers), true, false) ? hsts : null);
}

/**
 * Answers a request from a page the render cache holds fresh, before the request gets a context or
 * meets the gate (scripts/start.mjs): the answer carries the request id and, as the gate would add
 * it, Strict-Transport-Security. Answers what the page's render noted (for the access line and
 * metrics), or null when the request must take the whole way. Nothing the gate refuses can be a
 * stored page: every render that stores one ran behind the gate.
 */
export function createFreshAnswer(options: GateOptions): (req: IncomingMessage, res: ServerResponse, requestId: string) => FreshAnswer | null {
  const cache = options.cache;
  if (!cache) return () => null;
  const hstsFor = strictTransportSecurity(options);
  return (req, res, requestId) => {
    const hsts = hstsFor(req);
    return cache.answerFresh(req, res, hsts ? ['X-Request-Id', requestId, 'Strict-Transport-Security', hsts] : ['X-Request-Id', requestId]);
  };
}

export function createGate(options: GateOptions, next: Handler): Handler {
  const drainMs = options.drainMs ?? 5_000;
  const hstsFor = strictTransportSecurity(options);

  /** Answers 413 at once and discards the rest of the upload (no memory), cutting it off after a while. */
  function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
    noteRoute(ROUTE_LABEL.tooLarge);
    answer(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, serverMessages['validation.tooLarge'], true);
    req.removeAllListeners('data');
    req.resume();
    const cut = setTimeout(() => req.destroy(), drainMs);
    cut.unref();
    req.once('end', () => clearTimeout(cut));
    req.once('close', () => clearTimeout(cut));
  }

  function pass(req: IncomingMessage, res: ServerResponse): void {
    if (options.cache && (req.method === 'GET' || req.method === 'HEAD')) options.cache.handle(req, res, next);
    else next(req, res);
  }

  return (req, res) => {
    const hsts = hstsFor(req);
    if (hsts) res.setHeader('Strict-Transport-Security', hsts);
    const url = req.url ?? '/';
    if (brokenUrl(url)) {
      req.resume();
      if (url.startsWith('/api')) {
        noteRoute(ROUTE_LABEL.badUrl);
        answer(res, 400, ErrorCode.BAD_REQUEST, serverMessages['validation.badUrl']);
        return;
      }
      // The page that says so, in the school's layout: read as a GET, past the render cache, body discarded.
      req.url = BAD_REQUEST_PAGE;
      if (req.method !== 'HEAD') req.method = 'GET';
      next(req, res);
      return;
    }
    if (BODYLESS.has(req.method ?? 'GET')) {
      pass(req, res);
      return;
    }
    // An upload may be as large as the largest file it takes, a CSV import as its documented number
    // of characters (decision 049); every other body keeps the configured limit.
    let limit = url.startsWith(UPLOAD_API_PATH)
      ? Math.max(options.maxBodyBytes, UPLOAD_IMAGE_MAX_BYTES + UPLOAD_FRAMING_BYTES)
      : bodyLimitFor(url, options.maxBodyBytes);
    // A resumable media upload's piece (the browser sends a large file in pieces of at most this size).
    if (url.startsWith(MEDIA_UPLOAD_PATH)) limit = Math.max(options.maxBodyBytes, MEDIA_CHUNK_BYTES);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) {
      refuseTooLarge(req, res);
      return;
    }
    // Read the body here, up to the limit, and hand it on whole (Astro takes req.body as is).
    // The stream's events run in the connection's async context, not the request's: what follows
    // them runs in the request's own, so what the renderer notes of it (its route, its school, the
    // request id of its log lines) reaches the request's access line.
    const request = new AsyncResource('PortalRequestBody');
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        req.off('data', onData);
        request.runInAsyncScope(refuseTooLarge, null, req, res);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      if (refused) return;
      (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks, size);
      request.runInAsyncScope(pass, null, req, res);
    });
    req.once('error', () => {
      if (!res.headersSent) res.destroy();
    });
  };
}

/**
 * The raw answer to a connection Node's HTTP server gave up on (its clientError event), with the
 * envelope instead of an empty body:
 * - 431 for oversized headers or URL;
 * - 408 for a connection that sent no whole request in time (server.headersTimeout or
 *   requestTimeout). Among those are the connections a browser opens ahead of need and leaves
 *   unused: on a busy server the timeout can fall just as the browser sends its request on one.
 *   A browser sends a request again on a new connection when a connection it reused answers 408,
 *   as it must for that race (RFC 9110 §15.5.9); any other status would reach the page as the
 *   request's answer (decision 088);
 * - 400 for anything the parser could not read.
 */
export function clientErrorResponse(error: NodeJS.ErrnoException): string {
  const kind = clientErrorKind(error);
  const [status, code, key] =
    kind === 'headers_too_large'
      ? (['431 Request Header Fields Too Large', 431, 'validation.headersTooLarge'] as const)
      : kind === 'timeout'
        ? (['408 Request Timeout', ErrorCode.REQUEST_TIMEOUT, 'validation.requestTimeout'] as const)
        : (['400 Bad Request', ErrorCode.BAD_REQUEST, 'validation.badRequest'] as const);
  const body = envelopeJson(code, serverMessages[key]);
  return (
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`
  );
}

/** What a clientError was, as the metrics count it (metrics.ts CLIENT_ERROR_KINDS). */
export function clientErrorKind(error: NodeJS.ErrnoException): ClientErrorKind {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'timeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  if (error.code === 'ECONNRESET') return 'reset';
  return 'unreadable';
}

/**
 * Node's clientError listener: answers with the envelope when the socket can still be written and
 * no answer has begun on it (a request timing out while its early answer, such as a 413, is still
 * being sent: a second answer would corrupt the first); otherwise the connection is only closed.
 */
export function onClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage?.headersSent === true;
  if (clientErrorKind(error) === 'reset' || !socket.writable || answering) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error));
}
