import type { IncomingMessage, ServerResponse } from 'node:http';
// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only,
// relative imports with their .ts extension.
import { type AddressTrust, clientAddress, nodeHeaders } from './forwarded.ts';
import { ROUTE_LABEL, type RequestContext } from './request-context.ts';

/**
 * The longest user agent an access line keeps: enough to tell browsers, apps and crawlers apart,
 * while a client cannot make the log's lines long.
 */
export const USER_AGENT_LOG_MAX = 200;

/** One answer as its access line tells it (fields left undefined are left out of the line). */
export interface AccessLine {
  requestId: string;
  method: string | undefined;
  host: string | undefined;
  /** Without the query string (it may carry link parameters). */
  path: string;
  /** The route that answered (an API call's path template, a page's pattern), as the metrics count it. */
  route: string;
  status: number;
  ms: number;
  /** The client's address: the peer, or what the trusted proxies say (TRUST_PROXY, TRUST_PROXY_HOPS, CLIENT_IP_HEADER). */
  ip: string;
  ua: string | undefined;
  /** The school's pre-domain, once the request named one. */
  school: string | undefined;
  /** hit or stale when the render cache answered. */
  cache: string | undefined;
}

/** The route an answer is counted under (a router noted it; `other` only when none did). */
export function routeOf(context: RequestContext): string {
  return context.route ?? ROUTE_LABEL.other;
}

export function accessLine(req: IncomingMessage, res: ServerResponse, context: RequestContext, seconds: number, trust: AddressTrust): AccessLine {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const agent = req.headers['user-agent'];
  return {
    requestId: context.requestId,
    method: req.method,
    host: req.headers.host,
    path: query < 0 ? url : url.slice(0, query),
    route: routeOf(context),
    status: res.statusCode,
    ms: Math.round(seconds * 1000),
    ip: clientAddress(nodeHeaders(req.headers), trust, req.socket?.remoteAddress ?? ''),
    ua: agent === undefined || agent.length <= USER_AGENT_LOG_MAX ? agent : agent.slice(0, USER_AGENT_LOG_MAX),
    school: context.school,
    cache: context.cache,
  };
}
