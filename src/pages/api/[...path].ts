import type { APIRoute } from 'astro';

export const prerender = false;

/** Every /api call, any method, goes to the one Hono app. */
export const ALL: APIRoute = ({ request, locals, clientAddress }) =>
  locals.server.app.fetch(request, { requestId: locals.requestId, ip: clientAddress });
