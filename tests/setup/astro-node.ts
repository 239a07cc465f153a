import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A file of the installed Astro's dist/ folder. */
export const astroDist = (path: string) =>
  createRequire(import.meta.url)
    .resolve('astro/package.json')
    .replace(/package\.json$/, `dist/${path}`);

/** Astro's Node module (astro/dist/core/app/node.js): its web Requests made of Node's requests, and its writer. */
export const ASTRO_NODE_APP = astroDist('core/app/node.js');

/** The parts of Astro's Node module the build rewrites. */
export type AstroNodeModule = {
  NodeApp: { createRequest(req: IncomingMessage): Request };
  createRequestFromNodeRequest(req: IncomingMessage): Request;
  writeResponse(source: Response, destination: ServerResponse): Promise<void>;
};

/**
 * Astro's Node module as the build rewrites it (`rewrite`, the build plugin's function), loaded from a file written in
 * `dir` (one module a directory) whose imports name Astro's own files.
 */
export async function rewrittenAstroNode(dir: string, rewrite: (code: string) => string): Promise<AstroNodeModule> {
  return rewrittenAstroModule<AstroNodeModule>(dir, ASTRO_NODE_APP, rewrite);
}

/**
 * One of the installed Astro's modules (`path`, a file of astroDist) as the build rewrites it, loaded from a file written
 * in `dir` (one module a directory) whose imports name Astro's own files: the rest of Astro is the one the app loads.
 */
export async function rewrittenAstroModule<T>(dir: string, path: string, rewrite: (code: string) => string): Promise<T> {
  const astroFile = (specifier: string) => JSON.stringify(new URL(specifier, pathToFileURL(path)).href);
  const source = rewrite(readFileSync(path, 'utf8')).replace(/from "(\.\.?\/[^"]+)"/g, (_, specifier: string) => `from ${astroFile(specifier)}`);
  const file = join(dir, 'rewritten.mjs');
  writeFileSync(file, source);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
}
