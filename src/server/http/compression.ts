import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only,
// relative imports with their .ts extension.

/**
 * Compressed answers (decision 069): the built scripts and styles in their brotli and gzip forms,
 * made once by the build (scripts/compress-assets.mjs) and served from memory to a browser that
 * accepts them; stored pages in gzip, made once per stored page by the render cache. A phone on a
 * slow network loads a third of the bytes. Nothing is compressed per request.
 */

export type Encoding = 'br' | 'gzip';

/** Where the build puts its hashed files, under the client directory and in URLs. */
export const ASSETS_DIR = '_astro';
/** The built files that get compressed forms (scripts and styles); the build and the server agree on it. */
export const COMPRESSIBLE_ASSET = /\.(?:m?js|css)$/;
/** The file suffix of each encoding's form of a built file. */
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** What the static handler says of hashed built files too: they never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The encoding to answer with, of those offered, for an Accept-Encoding header: brotli before gzip,
 * none (null) when the client lists neither (or refuses them with q=0). `*` accepts any not named.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*');
  const accepted = (e: Encoding) => (weights.get(e) ?? any ?? 0) > 0;
  return offered.find(accepted) ?? null;
}

interface Asset {
  type: string;
  forms: Partial<Record<Encoding, Buffer>>;
}

/** The built scripts and styles that have compressed forms in `clientDir`, by URL path ('/_astro/x.js'). */
export function loadCompressedAssets(clientDir: string): Map<string, Asset> {
  const dir = join(clientDir, ASSETS_DIR);
  const assets = new Map<string, Asset>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return assets;
  }
  const present = new Set(names);
  for (const name of names) {
    if (!COMPRESSIBLE_ASSET.test(name)) continue;
    const forms: Partial<Record<Encoding, Buffer>> = {};
    for (const [encoding, suffix] of Object.entries(ENCODING_SUFFIX) as [Encoding, string][]) {
      if (present.has(name + suffix)) forms[encoding] = readFileSync(join(dir, name + suffix));
    }
    const type = CONTENT_TYPES[extname(name)];
    if (type && Object.keys(forms).length) assets.set(`/${ASSETS_DIR}/${name}`, { type, forms });
  }
  return assets;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A handler that answers a GET or HEAD of a built script or style with its compressed form when the
 * browser accepts one, and gives every other request (a range, an encoding not accepted, any other
 * path) to `next`, which serves the file as it is (static-files.ts).
 */
export function serveCompressedAssets(assets: ReadonlyMap<string, Asset>, next: Handler): Handler {
  if (assets.size === 0) return next;
  return (req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0] ?? url;
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(path) : undefined;
    const encoding = asset && !req.headers.range ? chooseEncoding(req.headers['accept-encoding'], Object.keys(asset.forms) as Encoding[]) : null;
    const body = encoding ? asset?.forms[encoding] : undefined;
    if (!asset || !encoding || !body) {
      // The file as it is; a shared cache still keeps it apart from its compressed forms.
      if (asset) res.setHeader('vary', 'Accept-Encoding');
      next(req, res);
      return;
    }
    res.writeHead(200, {
      'content-type': asset.type,
      'content-encoding': encoding,
      'content-length': String(body.length),
      'cache-control': IMMUTABLE,
      vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** Smaller pages are sent as they are: their compressed form would save less than a network packet. */
const MIN_COMPRESSED_BYTES = 1024;
const TEXT = /^(?:text\/|application\/(?:json|javascript|xml)|image\/svg\+xml)/i;

/**
 * The gzip form of a page the render cache stores, or null when it is not worth one: not text, small,
 * or encoded already. Made once per stored page (about a millisecond for the home page), never per request.
 */
export function gzipForm(contentType: string | undefined, contentEncoding: string | undefined, body: Buffer): Buffer | null {
  if (contentEncoding || body.length < MIN_COMPRESSED_BYTES || !TEXT.test(contentType ?? '')) return null;
  const gzip = gzipSync(body);
  return gzip.length < body.length ? gzip : null;
}
