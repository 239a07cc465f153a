import { describe, expect, test } from 'vitest';
import { PATH, expectOk, expectRefused, invalidField } from '../setup/api';
import { DEMO, ON_POSTGRES, useTestServer } from '../setup/server';
import { urlOf } from '~/lib/api/contract';
import { visit } from '~/lib/api/contracts/platform';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const expectedKind = ON_POSTGRES ? 'postgres' : 'sqlite';

describe('health', () => {
  test('/healthz answers ok and is not cached', async () => {
    const answer = await server().fetch('/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('/readyz answers ok with the database kind in use and whether video and audio can be processed', async () => {
    const answer = await server().fetch('/readyz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', database: expectedKind, mediaTools: 'ok' });
  });
});

describe('unknown paths and methods', () => {
  test.each(['/api/nope', '/api/universityAdvertise/anyUser/newInformation/nope', '/api/', '/api'])('%s is a 404 envelope', async (path) => {
    const answer = await server().fetch(path);
    expect(answer.status).toBe(404);
    expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('a POST to an unknown path is a 404 envelope too', async () => {
    const answer = await server().post('/api/universityAdvertise/anyUser/nothing/here', {});
    expect(answer.status).toBe(404);
    expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
  });

  test.each([
    ['GET', PATH.newsPage],
    ['DELETE', PATH.newsPage],
    ['POST', PATH.newsDetail],
    ['PUT', PATH.schoolInfo],
  ])('%s %s (wrong method) is a 4xx envelope, never 500', async (method, path) => {
    const answer = await server().fetch(path, { method, headers: { TenantId: '1000000000000000001' } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
  });
});

describe('request id', () => {
  test('a well-formed X-Request-Id is echoed', async () => {
    const id = 'test-request-0001';
    const answer = await server().fetch('/healthz', { headers: { 'X-Request-Id': id } });
    expect(answer.headers.get('x-request-id')).toBe(id);
    const api = await server().post(PATH.newsPage, {}, { headers: { 'X-Request-Id': id } });
    expect(api.headers.get('x-request-id')).toBe(id);
  });

  test('it is echoed on refusals and unknown paths as well', async () => {
    const id = 'abcdef0123456789';
    expect((await server().post(PATH.newsPage, '{bad', { headers: { 'X-Request-Id': id } })).headers.get('x-request-id')).toBe(id);
    expect((await server().fetch('/api/nope', { headers: { 'X-Request-Id': id } })).headers.get('x-request-id')).toBe(id);
  });

  test('a missing or malformed id is replaced by a new one', async () => {
    const fresh = (await server().fetch('/healthz')).headers.get('x-request-id');
    expect(fresh).toMatch(/^[\w-]{8,64}$/);
    for (const bad of ['short', 'has spaces in it', '<script>alert(1)</script>', 'x'.repeat(65)]) {
      const given = (await server().fetch('/healthz', { headers: { 'X-Request-Id': bad } })).headers.get('x-request-id');
      expect(given, bad).toMatch(/^[\w-]{8,64}$/);
      expect(given).not.toBe(bad);
    }
    const other = (await server().fetch('/healthz')).headers.get('x-request-id');
    expect(other).not.toBe(fresh);
  });
});

describe('caching headers', () => {
  test.each([PATH.newsPage, PATH.categoryPage, PATH.noticePage, PATH.hotMajorPage])('POST %s answers with no-store', async (path) => {
    const answer = await server().post(path, {});
    expectOk(answer);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('a refused POST answers with no-store', async () => {
    expect((await server().post(PATH.newsPage, { size: 0 })).headers.get('cache-control')).toBe('no-store');
  });

  test('a refused GET (bad input or unknown tenant) is not publicly cacheable', async () => {
    for (const [answer, code, message] of [
      [await server().get(PATH.newsDetail, { id: 'bad id' }), ErrorCode.BAD_REQUEST, invalidField('id', t('validation.badFormat'))],
      [
        await server().get(PATH.newsDetail, { id: '123' }, { tenant: null, headers: { Host: 'unknown.localhost' } }),
        ErrorCode.TENANT_NOT_FOUND,
        t('tenant.notFound'),
      ],
    ] as const) {
      expectRefused(answer, code, message);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('a client that goes away mid-request', () => {
  test('is not logged as a server error (499, no envelope)', async () => {
    const controller = new AbortController();
    // As the Node adapter does when the socket closes: the signal aborts and the body errors.
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"visitorId":'));
        controller.signal.addEventListener('abort', () => c.error(new Error('aborted')));
      },
    });
    const request = new Request(`http://localhost${urlOf(visit)}`, {
      method: 'POST',
      headers: { TenantId: DEMO.id, 'Content-Type': 'application/json' },
      body,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs duplex for a stream body
      duplex: 'half',
    });
    controller.abort();
    const res = await server().app.request(request);
    expect(res.status).toBe(499);
  });
});
