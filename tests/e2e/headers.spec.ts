import { test, expect } from './support/fixtures';

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

  test('a matching If-None-Match gets 304 Not Modified', async ({ page }) => {
    const first = await page.request.get('/news-information/list');
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await page.request.get('/news-information/list', { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
    const other = await page.request.get('/news-information/list', { headers: { 'If-None-Match': 'W/"something-else"' } });
    expect(other.status()).toBe(200);
  });
});
