// A build plugin: a page's bytes written to the socket as they were rendered, not passed through two more web
// Response bodies on the way (docs/decisions/106).
//
// Astro renders a page whole (decision 098) into one Uint8Array and wraps it in a web Response. The page middleware
// (src/middleware.ts) reads those bytes back for the page's ETag and script policy and wraps them in a Response of its
// own, and Astro's Node writer (astro/dist/core/app/node.js `writeResponse`) reads that Response's body once more, chunk
// by chunk, through a stream reader. Each read builds and drains a ReadableStream for bytes already in memory: a fifth
// to a quarter of the server's CPU for the uncached news list (bench/README.md, thirty-ninth part). The plugin keeps
// the bytes on the Response beside its body, under one registered symbol (PAGE_BYTES_KEY):
//
// - Astro's renderPage keeps the bytes it rendered on the Response it makes;
// - the page middleware reads them from there and keeps them on the Response it answers with (src/server/http/page-bytes.ts);
// - the Node writer, given a Response with its bytes kept, writes the head and ends with those bytes, reading
//   neither its body nor its status text (on the adapter's Response either one makes a web Response of the bytes).
//
// Astro's renderPage also encodes the page's text with TextEncoder; the rewrite has it encoded by `utf8Bytes` instead,
// the same bytes at a third of the cost for a page with Chinese in it (below).
//
// A Response made anywhere else (an endpoint, a redirect, an error page Astro rebuilds) has no bytes kept and is read
// and written as before. The browser's bundle never has these modules. Should Astro change either place, the build
// stops here instead of shipping without the shortcut unnoticed.

import { transcode } from 'node:buffer';
import { ASTRO_NODE_MODULE, replaceOnce, rewriteServerModule } from './rewrite-server-module.mjs';

/** The name of the registered symbol a Response keeps its page's bytes under (`Symbol.for`). */
export const PAGE_BYTES_KEY = 'portal.pageBytes';
const KEPT = `Symbol.for(${JSON.stringify(PAGE_BYTES_KEY)})`;
/** The registered symbol under which a page's Response keeps the parts of its bytes (`Symbol.for`). */
export const PAGE_PARTS_KEY = 'portal.pageParts';
const PARTS = `Symbol.for(${JSON.stringify(PAGE_PARTS_KEY)})`;

const RENDER_PAGE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/;
/** The end of Astro's renderPage, which makes the page's Response (Astro's text, as the test reads it too). */
export const RENDER_ORIGINAL = `  if (status) {
    return new Response(body, { ...init, headers, status, statusText });
  } else {
    return new Response(body, { ...init, headers });
  }
}`;
/** The same Response, with the bytes, and the parts they were rendered in, kept when the page was rendered whole. */
export const RENDER_REPLACEMENT = `  const page = status
    ? new Response(body, { ...init, headers, status, statusText })
    : new Response(body, { ...init, headers });
  if (body instanceof Uint8Array) {
    page[${KEPT}] = body;
    page[${PARTS}] = result[${PARTS}];
  }
  return page;
}`;

/**
 * A page's text as UTF-8, byte for byte what TextEncoder makes of it. V8 holds a text with any Chinese in it in two
 * bytes a character, and TextEncoder's encoding of such a text cost 117 µs for the 50 KB home on this machine, against
 * 31 µs for Node's copy of its UTF-16 and ICU's transcoding of that (bench/README.md, forty-fifth part). A text that is
 * not well-formed UTF-16 (a lone surrogate, which ICU refuses) is left to TextEncoder, which writes U+FFFD for it; so is
 * any text where the transcoding fails or is missing (a Node built without ICU).
 *
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function utf8Bytes(text) {
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8');
  } catch {
    return new TextEncoder().encode(text);
  }
}

/**
 * A page's bytes from what its render wrote (decision 115), as the parts they are made of: the kept parts' bytes
 * (`pieces`' Uint8Arrays, in the order they were written) as they are, and the text between them (`pieces`' strings, then
 * `tail`) encoded by `utf8Bytes`; the page's bytes are the parts one after the other. With no piece, the page is its text
 * encoded, one part. The same bytes as the whole page's text encoded, a kept part's bytes being its HTML as UTF-8.
 *
 * @param {(string | Uint8Array)[] | undefined} pieces
 * @param {string} tail
 * @returns {Uint8Array[]}
 */
export function encodedParts(pieces, tail) {
  const parts = [];
  for (const piece of pieces ?? []) {
    if (typeof piece !== 'string') parts.push(piece);
    else if (piece) parts.push(utf8Bytes(piece));
  }
  if (tail || parts.length === 0) parts.push(utf8Bytes(tail));
  return parts;
}

/** The registered symbol under which Astro's render collects a page's pieces (`Symbol.for`). */
export const PAGE_PIECES_KEY = 'portal.pagePieces';
const PIECES = `Symbol.for(${JSON.stringify(PAGE_PIECES_KEY)})`;

/** Where Astro's renderPage renders a page whole (Astro's text). */
export const RENDER_CALL_ORIGINAL = `    body = await renderToString(result, componentFactory, props, children, true, route);
`;
/** The same, with the render told to keep the bytes it is given apart (below). */
export const RENDER_CALL_REPLACEMENT = `    result[${PIECES}] = [];
    body = await renderToString(result, componentFactory, props, children, true, route);
`;
/** Where Astro's renderPage encodes a page rendered whole (Astro's text). */
export const ENCODE_ORIGINAL = `    body = encoder.encode(body);
`;
/**
 * The same page made of its pieces by `encodedParts`, added to the module with its import; the parts are kept on the
 * page's render result for its Response.
 */
export const ENCODE_REPLACEMENT = `    const parts = encodedParts(result[${PIECES}], body);
    result[${PARTS}] = parts;
    body = parts.length === 1 ? parts[0] : Buffer.concat(parts);
`;
const ENCODER_ADDED = `
import { transcode } from "node:buffer";
${utf8Bytes.toString()}
${encodedParts.toString()}
`;

const RENDER_TO_STRING = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]astro[\\/]render\.js$/;
/** Where Astro's render of a page to text adds what a component wrote (Astro's text). */
export const CHUNK_ORIGINAL = `      if (chunk instanceof Response) return;
      str += chunkToString(result, chunk);
`;
/**
 * The same, except that bytes written while the page collects pieces (a kept part's, src/components/KeptPart.astro)
 * are not decoded into the text: the text so far and those bytes are collected, and the text starts again. The render
 * then returns only the text after the last bytes, which renderPage, and nothing else, makes the page's parts with.
 */
export const CHUNK_REPLACEMENT = `      if (chunk instanceof Response) return;
      const pieces = result[${PIECES}];
      if (pieces && chunk instanceof Uint8Array) {
        pieces.push(str, chunk);
        str = "";
        return;
      }
      str += chunkToString(result, chunk);
`;

/** The Node writer's start: it takes the Response's parts, writes the head, then streams the body (Astro's text). */
export const WRITE_ORIGINAL = `async function writeResponse(source, destination) {
  const { status, headers, body, statusText } = source;
`;
/**
 * A Response with its bytes kept is written before anything else is read of it: the head from its status and headers,
 * then its bytes, and the request's abort wiring, which the writer otherwise removes once the answer finishes, is
 * removed at once (nothing is left to abort). Its body and status text are not read: on the adapter's Response
 * (decision 103) either one makes the web Response, which copies the page's bytes once more. The reason phrase is
 * Node's for the status, as for every page before (the middleware's Responses give none). Any other Response is
 * written as Astro writes it.
 */
export const WRITE_REPLACEMENT = `async function writeResponse(source, destination) {
  const keptBytes = source[${KEPT}];
  if (keptBytes instanceof Uint8Array) {
    destination.writeHead(source.status, createOutgoingHttpHeaders(source.headers));
    destination.end(keptBytes);
    getAbortControllerCleanup(destination.req ?? void 0)?.();
    return;
  }
  const { status, headers, body, statusText } = source;
`;

/** What the build says when one of Astro's modules no longer has the code this plugin rewrites. */
const missing = (module) => `page-bytes: ${module} no longer has the code this plugin rewrites`;

/** Astro's renderPage keeping the bytes it rendered on its Response, and encoding them by `utf8Bytes`. */
export function keepRenderedBytes(code) {
  const failure = missing('astro/dist/runtime/server/render/page.js');
  const kept = replaceOnce(code, RENDER_ORIGINAL, RENDER_REPLACEMENT, failure);
  const collected = replaceOnce(kept, RENDER_CALL_ORIGINAL, RENDER_CALL_REPLACEMENT, failure);
  return replaceOnce(collected, ENCODE_ORIGINAL, ENCODE_REPLACEMENT, failure) + ENCODER_ADDED;
}

/** Astro's render of a page to text collecting the bytes written to it apart, when its page asks (decision 115). */
export function collectWrittenBytes(code) {
  return replaceOnce(code, CHUNK_ORIGINAL, CHUNK_REPLACEMENT, missing('astro/dist/runtime/server/render/astro/render.js'));
}

export function writeKeptBytes(code) {
  if (!code.includes('function getAbortControllerCleanup(')) throw new Error('page-bytes: astro/dist/core/app/node.js no longer has getAbortControllerCleanup');
  return replaceOnce(code, WRITE_ORIGINAL, WRITE_REPLACEMENT, missing('astro/dist/core/app/node.js'));
}

export const pageBytesWritten = () => [
  rewriteServerModule('portal:page-bytes-rendered', RENDER_PAGE, keepRenderedBytes),
  rewriteServerModule('portal:page-bytes-collected', RENDER_TO_STRING, collectWrittenBytes),
  rewriteServerModule('portal:page-bytes-written', ASTRO_NODE_MODULE, writeKeptBytes),
];
