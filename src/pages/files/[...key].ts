import type { APIContext, APIRoute } from 'astro';
import { Readable } from 'node:stream';
import { openFile } from '~/server/storage/files.service';
import { byteRange } from '~/server/storage/files.rules';
import { etagMatches } from '~/server/http/page-cache';

export const prerender = false;

/** A year: a file's key never names other bytes (a new upload gets a new key), so any cache may keep it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_FOUND = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
const notFound = () => new Response('Not found', { status: 404, headers: NOT_FOUND });

/**
 * An uploaded file, served on its own school's host only (another school's key is not found). The
 * bytes were checked by their content when uploaded; nosniff and a sandboxing policy keep a browser
 * from treating them as anything else. The bytes are streamed from the file store, whichever
 * driver keeps them (the local disk or a private bucket: decision 054), with the same headers; a
 * Range request gets just its part (206): a video player seeks without fetching the whole file.
 * HEAD and a revalidation (304) answer from the file's record and never open the bytes.
 */
async function serve({ params, locals, request }: APIContext, withBody: boolean): Promise<Response> {
  const file = await openFile(locals.scope, params['key'] ?? '');
  if (!file) return notFound();
  const etag = `"${file.sha256}"`;
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  // If-Range naming other bytes (never, with immutable keys, but a stale client may ask): the whole file.
  const ifRange = request.headers.get('if-range');
  const range = !ifRange || ifRange === etag ? byteRange(request.headers.get('range'), file.size) : null;
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${file.size}` } });
  }
  const part = range
    ? {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`, 'Content-Length': String(range.end - range.start + 1) },
      }
    : { status: 200, headers: { ...headers, 'Content-Length': String(file.size) } };
  if (!withBody) return new Response(null, part);
  const stream = await file.open(range ?? undefined);
  if (!stream) return notFound();
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, part);
}

export const GET: APIRoute = (context) => serve(context, true);

// Without its own HEAD, the GET above would open the bytes (a bucket's GET) only for them to be dropped.
export const HEAD: APIRoute = (context) => serve(context, false);
