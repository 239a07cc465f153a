import type { APIRoute } from 'astro';
import { openFile } from '~/server/storage/files.service';

export const prerender = false;

/** A year: a file's key never names other bytes (a new upload gets a new key), so any cache may keep it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * An uploaded file, served on its own school's host only (another school's key is not found). The
 * bytes were checked as a picture when uploaded; nosniff and a sandboxing policy keep a browser
 * from treating them as anything else.
 */
export const GET: APIRoute = async ({ params, locals, request }) => {
  const file = await openFile(locals.scope, params['key'] ?? '');
  if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  const etag = `"${file.sha256}"`;
  const headers = {
    'Content-Type': file.contentType,
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.bytes), { status: 200, headers });
};
