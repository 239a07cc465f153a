import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pageBytes, pageResponse } from '~/server/http/page-bytes';
import {
  keepRenderedBytes,
  PAGE_BYTES_KEY,
  RENDER_ORIGINAL,
  RENDER_REPLACEMENT,
  WRITE_ORIGINAL,
  WRITE_REPLACEMENT,
  writeKeptBytes,
} from '../../scripts/page-bytes.mjs';

/**
 * A page's bytes kept on its Response from Astro's render to Astro's Node writer (scripts/page-bytes.mjs, decision
 * 106): the installed Astro still has the two places the build rewrites, the rewrites and the page middleware name
 * the same symbol, and whatever Response the middleware is given, it reads the page's own bytes. The built server's
 * answers (their length, ETag, HEAD and 304) are checked by tests/e2e/headers.spec.ts.
 */

const astroDist = (path: string) =>
  createRequire(import.meta.url)
    .resolve('astro/package.json')
    .replace(/package\.json$/, `dist/${path}`);
const RENDER_PAGE = astroDist('runtime/server/render/page.js');
const NODE_APP = astroDist('core/app/node.js');

describe('page bytes kept from render to writer', () => {
  test("the installed Astro's renderPage and Node writer have the code the build rewrites, and only it changes", () => {
    const render = readFileSync(RENDER_PAGE, 'utf8');
    expect(keepRenderedBytes(render)).toBe(render.replace(RENDER_ORIGINAL, RENDER_REPLACEMENT));
    const node = readFileSync(NODE_APP, 'utf8');
    expect(writeKeptBytes(node)).toBe(node.replace(WRITE_ORIGINAL, WRITE_REPLACEMENT));
    // The writer ends with the kept bytes before it reads the body.
    const written = writeKeptBytes(node);
    expect(written.indexOf('destination.end(keptBytes)')).toBeLessThan(written.indexOf('body.getReader()'));
  });

  test('a module without the code, or with it twice, stops the build', () => {
    expect(() => keepRenderedBytes('export function renderPage() {}')).toThrow(/no longer has/);
    expect(() => keepRenderedBytes(`${RENDER_ORIGINAL}\n${RENDER_ORIGINAL}`)).toThrow(/no longer has/);
    expect(() => writeKeptBytes(`function getAbortControllerCleanup() {}\n${WRITE_ORIGINAL}${WRITE_ORIGINAL}`)).toThrow(/no longer has/);
    expect(() => writeKeptBytes(WRITE_ORIGINAL)).toThrow(/getAbortControllerCleanup/);
  });

  test('the rewrites and the middleware keep the bytes under one symbol', () => {
    const key = `Symbol.for(${JSON.stringify(PAGE_BYTES_KEY)})`;
    expect(RENDER_REPLACEMENT).toContain(`page[${key}] = body`);
    expect(WRITE_REPLACEMENT).toContain(`source[${key}]`);
    const bytes = new TextEncoder().encode('<p>页</p>');
    const page = pageResponse(bytes, { status: 200 }) as Response & Record<symbol, unknown>;
    expect(page[Symbol.for(PAGE_BYTES_KEY)]).toBe(bytes);
  });

  test("whatever the page, the middleware reads the page's own bytes: kept on the Response or read from its body", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom(200, 404), async (bytes, status) => {
        const kept = pageResponse(bytes, { status, headers: { 'Content-Type': 'text/html' } });
        expect(await pageBytes(kept)).toBe(bytes);
        // The body of a Response that keeps its bytes is the same bytes, for a reader that does not know the symbol.
        expect(new Uint8Array(await pageResponse(bytes, { status }).arrayBuffer())).toEqual(bytes);
        expect(await pageBytes(new Response(bytes.slice(), { status }))).toEqual(bytes);
        expect(kept.status).toBe(status);
      }),
      { numRuns: 50 },
    );
  });
});
