import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, posix } from 'node:path';
import send from 'send';
import { ASSETS_DIR, IMMUTABLE } from './compression.ts';
// Loaded by Node directly from scripts/start.mjs (type stripping): erasable TypeScript only,
// relative imports with their .ts extension.

/**
 * The build's own files (dist/client: scripts, styles, pictures, the favicon), listed once when the
 * server starts. Astro's node adapter in standalone mode looked on the disk for a file of every
 * request's path before rendering a page (two file-system calls per page and API call); in
 * middleware mode it only renders, and a request goes to the disk only for a path the build wrote.
 * The files are the build's: they do not change while the server runs.
 */

/** Every file under `clientDir` by its URL path ('/_astro/x.js', '/favicon.svg'); dot-files left out. */
export function listBuiltFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), path);
      else if (entry.isFile()) files.add(path);
    }
  };
  walk(clientDir, '');
  return files;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The decoded path of a request's URL, normalised ('/a/../b' is '/b'), or null when it cannot be decoded. */
function pathOf(url: string): string | null {
  const end = url.search(/[?#]/);
  try {
    return posix.normalize(decodeURIComponent(end < 0 ? url : url.slice(0, end)));
  } catch {
    return null;
  }
}

/**
 * A GET or HEAD of one of `files` is answered from `clientDir` as the adapter answered it (`send`:
 * ranges, conditional requests, content types; hashed files under `/${ASSETS_DIR}/` immutable); every
 * other request goes to `next` (the pages and the API) without touching the disk.
 */
export function serveBuiltFiles(clientDir: string, files: ReadonlySet<string>, next: Handler): Handler {
  return (req, res) => {
    const path = req.method === 'GET' || req.method === 'HEAD' ? pathOf(req.url ?? '/') : null;
    if (path === null || !files.has(path)) {
      next(req, res);
      return;
    }
    const stream = send(req, path, { root: clientDir, dotfiles: 'deny', index: false });
    stream.on('headers', () => {
      if (path.startsWith(`/${ASSETS_DIR}/`)) res.setHeader('Cache-Control', IMMUTABLE);
    });
    stream.on('error', (error: Error & { statusCode?: number }) => {
      // Listed at start but gone since (a build replaced under a running server): answered as send says.
      const status = error.statusCode ?? 500;
      if (!res.headersSent) res.writeHead(status);
      res.end();
    });
    stream.pipe(res);
  };
}
