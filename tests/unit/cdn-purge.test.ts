import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CDN_PURGE_TAGS_PER_REQUEST, createCdnPurger } from '~/server/events/cdn-purge';
import { createLogger } from '~/server/logger';

/**
 * The CDN purge hook against a local HTTP endpoint standing in for the CDN's API: the request it
 * gets, tries again after failures with a doubling wait, gives up after the last try with one
 * logged error, and never throws to its caller.
 */

let endpoint: Server;
let url: string;
/** How the endpoint answers each request in turn ('hang' never answers); then 200. */
let script: (number | 'hang')[] = [];
let received: { at: number; headers: IncomingHttpHeaders; body: unknown }[] = [];

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body: JSON.parse(text) });
      const answer = script.shift() ?? 200;
      if (answer === 'hang') return;
      res.writeHead(answer, { 'Content-Type': 'application/json' });
      res.end(answer === 200 ? '{"success":true}' : '{"success":false}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/client/v4/zones/zone/purge_cache`;
});

afterAll(async () => {
  endpoint.closeAllConnections();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

let logged: { level: string; msg: string; fields?: Record<string, unknown> }[];
const logger = () => ({
  ...createLogger('silent'),
  warn: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: 'warn', msg, fields }),
  error: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: 'error', msg, fields }),
});

beforeEach(() => {
  script = [];
  received = [];
  logged = [];
});

describe('the CDN purge hook', () => {
  test("POSTs the tags as Cloudflare's purge-by-tag body with the bearer token", async () => {
    const purger = createCdnPurger({ url, token: 'token-0123456789abcdef', logger });
    purger.purge(['s:1:news', 's:1:notices']);
    await purger.settled();
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toEqual({ tags: ['s:1:news', 's:1:notices'] });
    expect(received[0]!.headers['authorization']).toBe('Bearer token-0123456789abcdef');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(logged).toEqual([]);
  });

  test('a failed request is tried again after a wait that doubles, until one succeeds', async () => {
    script = [500, 429];
    const purger = createCdnPurger({ url, token: 'token-0123456789abcdef', logger, firstRetryMs: 40 });
    purger.purge(['s:1']);
    await purger.settled();
    expect(received).toHaveLength(3);
    const waits = [received[1]!.at - received[0]!.at, received[2]!.at - received[1]!.at];
    expect(waits[0]).toBeGreaterThanOrEqual(40);
    expect(waits[1]).toBeGreaterThanOrEqual(80);
    expect(logged.map((l) => [l.level, l.fields?.['error']])).toEqual([
      ['warn', 'answered 500'],
      ['warn', 'answered 429'],
    ]);
  });

  test('after the last try it gives up with one error naming the tags; the caller is never failed', async () => {
    script = [503, 503, 503];
    const purger = createCdnPurger({ url, token: 'token-0123456789abcdef', logger, attempts: 3, firstRetryMs: 10 });
    expect(() => purger.purge(['s:2:media'])).not.toThrow();
    await purger.settled();
    expect(received).toHaveLength(3);
    expect(logged.filter((l) => l.level === 'error')).toEqual([
      {
        level: 'error',
        msg: 'CDN purge failed; the CDN keeps these pages until their max-age',
        fields: { tags: ['s:2:media'], attempts: 3, error: 'answered 503' },
      },
    ]);
    // The token is never written to the log.
    expect(JSON.stringify(logged)).not.toContain('token-0123456789abcdef');
  });

  test('an endpoint that does not answer costs one try (its time limit), and one that cannot be reached is tried again too', async () => {
    script = ['hang'];
    const purger = createCdnPurger({ url, token: 'token-0123456789abcdef', logger, firstRetryMs: 10, timeoutMs: 100 });
    purger.purge(['s:3']);
    await purger.settled();
    expect(received).toHaveLength(2);
    const closed = createCdnPurger({ url: 'http://127.0.0.1:9/purge', token: 'token-0123456789abcdef', logger, attempts: 2, firstRetryMs: 10 });
    closed.purge(['s:4']);
    await closed.settled();
    expect(logged.filter((l) => l.level === 'error').map((l) => l.fields?.['tags'])).toEqual([['s:4']]);
  });

  test(`more tags than one request takes (${CDN_PURGE_TAGS_PER_REQUEST}) go in several requests`, async () => {
    const tags = Array.from({ length: CDN_PURGE_TAGS_PER_REQUEST + 5 }, (_, i) => `s:${i}`);
    const purger = createCdnPurger({ url, token: 'token-0123456789abcdef', logger });
    purger.purge(tags);
    await purger.settled();
    const sent = received.map((r) => (r.body as { tags: string[] }).tags);
    expect(sent.map((t) => t.length).sort((x, y) => y - x)).toEqual([CDN_PURGE_TAGS_PER_REQUEST, 5]);
    expect(sent.flat().sort()).toEqual([...tags].sort());
  });
});
