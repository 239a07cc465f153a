import { test, expect } from './support/fixtures';
import { UNKNOWN_ORIGIN } from './support/env';
import { createHash, randomUUID } from 'node:crypto';

/** The SHA-256 hashes of a page's inline scripts (every `<script>` without a src), as a policy names them. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}`,
  );
}

test.describe('page response headers', () => {
  for (const path of ['/', '/news-information/list', '/notice/list']) {
    test(`${path} may be kept by a shared cache, per host`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const headers = response!.headers();
      expect(headers['cache-control']).toMatch(/\bs-maxage=\d+/);
      expect(headers['cache-control']).toContain('public');
      expect(headers['etag']).toMatch(/^(W\/)?"[^"]+"$/);
      expect(headers['vary']?.split(',').map((v) => v.trim().toLowerCase())).toContain('host');
    });
  }

  test('a cacheable page names its school and what it shows in Cache-Tag, for a CDN to purge by', async ({ page }) => {
    const tags = (await page.request.get('/news-information/list')).headers()['cache-tag']?.split(',') ?? [];
    const school = tags[0];
    expect(school).toMatch(/^s:\w+$/);
    expect(tags).toEqual([school, `${school}:news`, `${school}:notices`, `${school}:catalogue`]);
  });

  test('the page of a host that names no school is kept by no cache: a school opened there answers at once', async ({ page, consoleGuard }) => {
    consoleGuard.allowFailedResource(`${UNKNOWN_ORIGIN}/`, 404);
    // Read twice: the second answer would be the render cache's if it had kept the first.
    for (const open of [() => page.goto(`${UNKNOWN_ORIGIN}/`), () => page.reload()]) {
      const answer = (await open())!;
      expect(answer.status()).toBe(404);
      expect(answer.headers()['cache-control']).toBe('no-store');
      expect(answer.headers()['x-render-cache']).toBeUndefined();
      expect(answer.headers()['cache-tag']).toBeUndefined();
    }
  });

  test('a matching If-None-Match gets 304 Not Modified', async ({ page }) => {
    const first = await page.request.get('/news-information/list');
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await page.request.get('/news-information/list', { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
    const other = await page.request.get('/news-information/list', { headers: { 'If-None-Match': 'W/"something-else"' } });
    expect(other.status()).toBe(200);
  });

  test('pages are rendered whole, not streamed in pieces: a staff page, which no cache reads, has its length (decision 098)', async ({ request }) => {
    const answer = await request.get('/admin/login');
    expect(answer.status()).toBe(200);
    const body = await answer.body();
    expect(answer.headers()['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers()['content-length'])).toBe(body.byteLength);
  });

  test('a page rendered now is sent as rendered: its length is its body’s, its ETag names its body, and HEAD answers its head alone (decision 106)', async ({
    request,
  }) => {
    // An address no one asked for yet, so the page is rendered for this request, not answered from the render cache.
    const path = `/news-information/list?e2e=${randomUUID()}`;
    const answer = await request.get(path);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['x-render-cache']).toBeUndefined();
    const body = await answer.body();
    expect(body.toString('utf8')).toContain('</html>');
    expect(Number(answer.headers()['content-length'])).toBe(body.byteLength);
    // The ETag of a page with kept parts is made of its parts (decision 115): the list at another new address differs
    // from this one only in its login link, which returns to it, and that alone gives it another ETag.
    const other = await request.get(`/news-information/list?e2e=${randomUUID()}`);
    expect(other.headers()['x-render-cache']).toBeUndefined();
    const otherBody = await other.body();
    expect(otherBody.byteLength).toBe(body.byteLength);
    expect(otherBody.equals(body)).toBe(false);
    expect(other.headers()['etag']).not.toBe(answer.headers()['etag']);
    for (const head of [`/news-information/list?e2e=${randomUUID()}`, '/admin/login']) {
      const only = await request.head(head);
      expect(only.status()).toBe(200);
      expect((await only.body()).byteLength).toBe(0);
      expect(Number(only.headers()['content-length'])).toBeGreaterThan(0);
    }
  });
});

test.describe('security headers of the built server', () => {
  test('every page has a Content-Security-Policy that allows only its own inline scripts and no foreign framing', async ({ page }) => {
    // Every browser test runs its pages under their policy and fails on a violation (support/fixtures.ts): no script
    // of a page is left out. Here: nothing else is let in, each hash allowed is one of the page's own scripts.
    let allowed = 0;
    for (const path of ['/', '/news-information/list', '/login', '/query_pc', '/school-info', '/no-such-page']) {
      const response = await page.request.get(path);
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toMatch(/script-src 'self'/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const own = inlineScriptHashes(await response.text());
      const hashes = [...csp.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]);
      for (const hash of hashes) expect(own, `${path}: ${hash}`).toContain(hash);
      allowed += hashes.length;
    }
    // The home's islands are hydrated by inline scripts: some page here allows its own.
    expect(allowed).toBeGreaterThan(0);
  });

  test('the page is framed by the site itself (the phone preview) and by no one else', async ({ page }) => {
    await page.goto('/');
    const csp = (await page.request.get('/')).headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'self'");
    expect((await page.request.get('/')).headers()['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('a client’s X-Forwarded-Host does not choose the school: the server is not told to trust a proxy', async ({ request }) => {
    const forged = await request.get('/news-information/list', { headers: { 'X-Forwarded-Host': 'huaxia.localhost' } });
    expect(await forged.text()).not.toContain('华夏数字云校');
    // Host, and Accept-Encoding once the page is stored with its gzip form: never the forwarded host.
    expect(forged.headers()['vary']?.split(', ')).toEqual(expect.arrayContaining(['Host']));
    expect(forged.headers()['vary']).not.toMatch(/forwarded/i);
  });

  test('API answers that never reach a route are still the envelope', async ({ request }) => {
    // A form post with no body (Astro's origin check would have answered text/plain 403).
    const form = await request.post('/api/oauth/appUser/getUserInfo', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, data: '' });
    expect(form.headers()['content-type']).toMatch(/^application\/json/);
    expect(await form.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    // Broken percent-encoding.
    const broken = await request.get('/api/cms/anyone/news/%E0%A4%A');
    expect(broken.status()).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 400, data: null, message: '请求地址格式不正确' });
    // A body over the limit, refused before it is read.
    const big = await request.post('/api/universityAdvertise/anyUser/newInformation/newInformationPage', {
      headers: { 'Content-Type': 'application/json' },
      data: `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}`,
    });
    expect(big.status()).toBe(413);
    expect(await big.json()).toMatchObject({ code: 413, message: '请求内容过大' });
  });
});
