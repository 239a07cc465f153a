import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, get } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ASTRO_NODE_APP, type AstroNodeModule, astroDist, rewrittenAstroModule, rewrittenAstroNode } from '../setup/astro-node';
import { pageBytes, pageResponse } from '~/server/http/page-bytes';
import {
  CHUNK_ORIGINAL,
  CHUNK_REPLACEMENT,
  collectWrittenBytes,
  ENCODE_ORIGINAL,
  ENCODE_REPLACEMENT,
  encodedParts,
  keepRenderedBytes,
  PAGE_BYTES_KEY,
  PAGE_PIECES_KEY,
  RENDER_CALL_ORIGINAL,
  RENDER_CALL_REPLACEMENT,
  RENDER_ORIGINAL,
  RENDER_REPLACEMENT,
  utf8Bytes,
  WRITE_ORIGINAL,
  WRITE_REPLACEMENT,
  writeKeptBytes,
} from '../../scripts/page-bytes.mjs';

/**
 * A page's bytes kept on its Response from Astro's render to Astro's Node writer (scripts/page-bytes.mjs, decision
 * 106): the installed Astro still has the two places the build rewrites, the rewrites and the page middleware name
 * the same symbol, and whatever Response the middleware is given, it reads the page's own bytes. Astro's writer, as the
 * build rewrites it, runs on a real Node server: kept-alive connections and visitors who hang up. The built server's
 * answers (their length, ETag, HEAD and 304) are checked by tests/e2e/headers.spec.ts.
 */

const RENDER_PAGE = astroDist('runtime/server/render/page.js');
const RENDER_TO_STRING = astroDist('runtime/server/render/astro/render.js');
const NODE_APP = ASTRO_NODE_APP;

describe('page bytes kept from render to writer', () => {
  test("the installed Astro's renderPage and Node writer have the code the build rewrites, and only it changes", () => {
    const render = readFileSync(RENDER_PAGE, 'utf8');
    const rewritten = keepRenderedBytes(render);
    const replaced = render
      .replace(RENDER_ORIGINAL, RENDER_REPLACEMENT)
      .replace(RENDER_CALL_ORIGINAL, RENDER_CALL_REPLACEMENT)
      .replace(ENCODE_ORIGINAL, ENCODE_REPLACEMENT);
    expect(rewritten.startsWith(replaced)).toBe(true);
    // What is added is the encoder the replacement calls and the joining of the pieces, with its import, and nothing else.
    expect(rewritten.slice(replaced.length)).toBe(`\nimport { transcode } from "node:buffer";\n${utf8Bytes.toString()}\n${encodedParts.toString()}\n`);
    // The pieces are collected only for the page rendered whole, and joined where its text was encoded.
    expect(rewritten.indexOf(RENDER_CALL_REPLACEMENT)).toBeLessThan(rewritten.indexOf(ENCODE_REPLACEMENT));
    const renderModule = readFileSync(RENDER_TO_STRING, 'utf8');
    expect(collectWrittenBytes(renderModule)).toBe(renderModule.replace(CHUNK_ORIGINAL, CHUNK_REPLACEMENT));
    const node = readFileSync(NODE_APP, 'utf8');
    expect(writeKeptBytes(node)).toBe(node.replace(WRITE_ORIGINAL, WRITE_REPLACEMENT));
    // The writer ends with the kept bytes before it takes the Response's body and status text, and before it reads the body.
    const written = writeKeptBytes(node);
    expect(written.indexOf('destination.end(keptBytes)')).toBeLessThan(written.indexOf('const { status, headers, body, statusText } = source'));
    expect(written.indexOf('destination.end(keptBytes)')).toBeLessThan(written.indexOf('body.getReader()'));
  });

  test('a module without the code, or with it twice, stops the build', () => {
    expect(() => keepRenderedBytes('export function renderPage() {}')).toThrow(/no longer has/);
    expect(() => keepRenderedBytes(`${RENDER_ORIGINAL}\n${RENDER_ORIGINAL}`)).toThrow(/no longer has/);
    expect(() => keepRenderedBytes(`${RENDER_ORIGINAL}\n${ENCODE_ORIGINAL}`)).toThrow(/no longer has/);
    expect(() => collectWrittenBytes('async function renderStreamToString() {}')).toThrow(/no longer has/);
    expect(() => writeKeptBytes(`function getAbortControllerCleanup() {}\n${WRITE_ORIGINAL}${WRITE_ORIGINAL}`)).toThrow(/no longer has/);
    expect(() => writeKeptBytes(WRITE_ORIGINAL)).toThrow(/getAbortControllerCleanup/);
  });

  test("a page's text is encoded byte for byte as TextEncoder encodes it, lone surrogates included", () => {
    const encoder = new TextEncoder();
    const same = (text: string) => {
      expect(Buffer.from(utf8Bytes(text)).equals(Buffer.from(encoder.encode(text))), JSON.stringify(text)).toBe(true);
    };
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), same), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 2000 }), same), { numRuns: 200 });
    for (const text of ['', 'a', '中文页面', '\uD800', 'x\uDC00y', '😀\uD83D', 'é<p>页</p>'.repeat(5000)]) same(text);
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

/** What a page's template writes: text, text Astro escapes, a kept part's bytes, what a promise or a list gives. */
type Written = { text: string } | { escaped: string } | { bytes: string } | { later: Written } | { list: Written[] };

const written: fc.Arbitrary<Written> = fc.letrec<{ part: Written }>((tie) => ({
  part: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ text: fc.string({ unit: 'binary', maxLength: 40 }) }),
    fc.record({ escaped: fc.string({ maxLength: 20 }) }),
    fc.record({ bytes: fc.string({ unit: 'binary', maxLength: 60 }) }),
    fc.record({ later: tie('part') }),
    fc.record({ list: fc.array(tie('part'), { maxLength: 4 }) }),
  ),
})).part;

type RenderModule = {
  renderToString(result: object, factory: (result: object) => unknown, props: object, children: object, isPage: boolean): Promise<string>;
};

describe("a page's render keeping the kept parts' bytes apart (decision 115)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'page-pieces-'));
  let original: RenderModule;
  let rewritten: RenderModule;
  let renderTemplate: (parts: readonly string[], ...expressions: unknown[]) => unknown;
  let markHTMLString: (html: string) => unknown;
  beforeAll(async () => {
    original = (await import(/* @vite-ignore */ RENDER_TO_STRING)) as RenderModule;
    rewritten = await rewrittenAstroModule<RenderModule>(dir, RENDER_TO_STRING, collectWrittenBytes);
    ({ renderTemplate } = await import(/* @vite-ignore */ astroDist('runtime/server/render/astro/render-template.js')));
    ({ markHTMLString } = await import(/* @vite-ignore */ astroDist('runtime/server/escape.js')));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A template expression writing `part`, as Astro's compiled components hand them to the render. */
  const expression = (part: Written): unknown => {
    if ('text' in part) return markHTMLString(part.text);
    if ('escaped' in part) return part.escaped;
    if ('bytes' in part) return Buffer.from(part.bytes, 'utf8');
    if ('later' in part) return new Promise((resolve) => setTimeout(() => resolve(expression(part.later)), 0));
    return part.list.map(expression);
  };
  const page = (parts: Written[]) => () => renderTemplate(['<main>', ...parts.map((_, i) => `<i>${i}</i>`)], ...parts.map(expression));

  test('whatever text, bytes, lists and promises a page writes, its bytes are those of its text rendered whole', async () => {
    const encoder = new TextEncoder();
    await fc.assert(
      fc.asyncProperty(fc.array(written, { maxLength: 6 }), async (parts) => {
        const whole = await original.renderToString({}, page(parts), {}, {}, false);
        const result = { [Symbol.for(PAGE_PIECES_KEY)]: [] as (string | Uint8Array)[] };
        const tail = await rewritten.renderToString(result, page(parts), {}, {}, false);
        const bytes = Buffer.concat(encodedParts(result[Symbol.for(PAGE_PIECES_KEY)], tail));
        expect(Buffer.from(bytes).equals(Buffer.from(encoder.encode(whole)))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('bytes are kept apart as they were written, and only when the page collects pieces', async () => {
    const kept = Buffer.from('<nav>导航</nav>', 'utf8');
    const template = () => renderTemplate(['<main>', '', '</main>'], markHTMLString('<h1>标题</h1>'), kept);
    const pieces: (string | Uint8Array)[] = [];
    const tail = await rewritten.renderToString({ [Symbol.for(PAGE_PIECES_KEY)]: pieces }, template, {}, {}, false);
    // The very bytes written, not a copy: nothing of them is decoded or encoded again.
    expect(pieces).toEqual(['<main><h1>标题</h1>', kept]);
    expect(pieces[1]).toBe(kept);
    expect(tail).toBe('</main>');
    // Without pieces asked for, the render is Astro's: the whole text.
    expect(await rewritten.renderToString({}, template, {}, {}, false)).toBe('<main><h1>标题</h1><nav>导航</nav></main>');
  });
});

/** The body of a GET on the agent's one connection. */
function fetchOn(agent: Agent, url: string): Promise<{ length: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ length: Number(answer.headers['content-length']), body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    }).on('error', reject);
  });
}

describe("Astro's Node writer as the build rewrites it, on a real server", () => {
  const PAGE = new TextEncoder().encode(`<!DOCTYPE html><p>${'新闻'.repeat(2000)}</p>`);
  const REQUESTS_ON_ONE_CONNECTION = 30;
  // The rewritten module, written and loaded once for both tests.
  const dir = mkdtempSync(join(tmpdir(), 'page-bytes-'));
  let node: AstroNodeModule;
  beforeAll(async () => {
    node = await rewrittenAstroNode(dir, writeKeptBytes);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a page ends with its kept bytes, nothing else of its Response read; a kept-alive connection gathers nothing', async () => {
    const requests: Request[] = [];
    const pages: Response[] = [];
    const sockets = new Set<Socket>();
    const closeListeners: number[] = [];
    const readParts: string[] = [];
    const server = createServer((req, res) => {
      closeListeners.push(req.socket.listenerCount('close'));
      sockets.add(req.socket);
      requests.push(node.NodeApp.createRequest(req));
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(PAGE.byteLength) };
      const page = pageResponse(PAGE, { headers });
      // Reading either makes the adapter's Response a web Response, a copy of the bytes (decision 103): noted if read.
      for (const name of ['body', 'statusText'] as const) {
        Object.defineProperty(page, name, {
          get() {
            readParts.push(name);
            return Reflect.get(Object.getPrototypeOf(page) as object, name, page);
          },
        });
      }
      pages.push(page);
      void node.writeResponse(page, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let n = 0; n < REQUESTS_ON_ONE_CONNECTION; n += 1) {
        const { length, body } = await fetchOn(agent, url);
        expect(length).toBe(PAGE.byteLength);
        expect(new Uint8Array(body)).toEqual(PAGE);
      }
      expect(sockets.size).toBe(1);
      // Written from the kept bytes: neither a page's body nor its status text was read, so no body stream either.
      expect(readParts).toEqual([]);
      expect(pages.filter((page) => page.bodyUsed)).toEqual([]);
      // Each request found the connection as the first one did: no listener was left behind by the one before.
      expect(new Set(closeListeners)).toEqual(new Set([closeListeners[0]]));
      const [socket] = sockets;
      const closed = new Promise((resolve) => socket!.once('close', resolve));
      agent.destroy();
      await closed;
      // A request already answered is not aborted when its connection closes later.
      expect(requests.filter((request) => request.signal.aborted)).toEqual([]);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a visitor who hangs up before the page is written: the request is aborted, the write ends quietly and the next visitor is answered', async () => {
    let dropped: Promise<void> | undefined;
    const server = createServer((req, res) => {
      const request = node.NodeApp.createRequest(req);
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(PAGE.byteLength) };
      const write = () => node.writeResponse(pageResponse(PAGE, { headers }), res);
      if (req.url !== '/hang-up') return void write();
      // The page is written only once the visitor has gone.
      dropped = new Promise<void>((resolve, reject) => {
        request.signal.addEventListener('abort', () => write().then(resolve, reject), { once: true });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: false });
    try {
      const visitor = connect(port, '127.0.0.1');
      await new Promise((resolve) => visitor.once('connect', resolve));
      visitor.write('GET /hang-up HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      // (Polled as a flag: a poll would wait for the promise itself.)
      await expect.poll(() => dropped !== undefined).toBe(true);
      visitor.destroy();
      await expect(dropped).resolves.toBeUndefined();
      const next = await fetchOn(agent, `http://127.0.0.1:${port}/`);
      expect(new Uint8Array(next.body)).toEqual(PAGE);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
