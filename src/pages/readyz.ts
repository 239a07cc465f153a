import type { APIRoute } from 'astro';

export const ALL: APIRoute = ({ request, locals }) => locals.server.app.fetch(request, { requestId: locals.requestId });
