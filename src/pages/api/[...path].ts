import type { APIRoute } from 'astro';

export const prerender = false;

/** Every /api call, any method, goes to the one Hono app. */
export const ALL: APIRoute = (context) => context.locals.server.app.fetch(context.request, { requestId: context.locals.requestId, ip: clientIp(context) });

/** The peer address; empty when the client has already gone (reading it would throw). */
function clientIp(context: Parameters<APIRoute>[0]): string {
  try {
    return context.clientAddress;
  } catch {
    return '';
  }
}
