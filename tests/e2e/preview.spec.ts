import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE, E2E_PREVIEW_SECRET, HUAXIA_ORIGIN } from './support/env';
import { DEMO_TENANT, SECOND_TENANT } from './support/seed';
import { openDatabase } from '../../src/server/db/database';
import { makePreviewTicket } from '../../src/server/content/preview.rules';
import { signToken } from '../../src/server/signed-token';

/**
 * Content staff open a preview link made by the content system: the draft renders as the public
 * detail page will, marked as a preview, never cached or indexed; a tampered, expired or other
 * school's ticket is refused with a clear message.
 */

async function newsIdByTitle(tenantId: string, title: string): Promise<string> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const row = await db.selectFrom('news').select('id').where('tenantId', '=', tenantId).where('title', '=', title).executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await db.destroy();
  }
}

const DRAFT = '（草稿）2027 年招生简章';
const previewUrl = (ticket: string) => `/news-information/preview?ticket=${encodeURIComponent(ticket)}`;

test.describe('news preview for content staff', () => {
  test('a valid ticket shows the draft as the detail page will, marked as a preview, never cached', async ({ page, consoleGuard }) => {
    const id = await newsIdByTitle(DEMO_TENANT.id, DRAFT);
    const ticket = makePreviewTicket(E2E_PREVIEW_SECRET, { tenantId: DEMO_TENANT.id, id, nowMs: Date.now() });
    const response = await page.goto(previewUrl(ticket));
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-robots-tag']).toContain('noindex');
    expect(headers['x-render-cache']).toBeUndefined();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('status')).toContainText('内容预览');
    await expect(page.getByRole('status')).toContainText('当前状态：草稿');
    await expect(page.getByRole('heading', { level: 1, name: DRAFT })).toBeVisible();
    await expect(page.getByText('草稿内容。')).toBeVisible();
    // The same page as the public one: its category navigation and back link are there.
    await expect(page.getByRole('link', { name: /返回列表/ })).toBeVisible();
    // A second opening (a reload after an edit) works and is rendered again, not served from a cache.
    const again = await page.reload();
    expect(again?.headers()['x-render-cache']).toBeUndefined();
    await expectNoSeriousA11yViolations(page, 'news preview');
    // The public detail page still does not show the draft.
    consoleGuard.allowFailedResource(`/news-information/detail?id=${id}`, 404);
    const open = await page.goto(`/news-information/detail?id=${id}`);
    expect(open?.status()).toBe(404);
  });

  test('an expired ticket says so and shows nothing of the item', async ({ page, consoleGuard }) => {
    const id = await newsIdByTitle(DEMO_TENANT.id, DRAFT);
    const ticket = makePreviewTicket(E2E_PREVIEW_SECRET, { tenantId: DEMO_TENANT.id, id, nowMs: Date.now() - 20 * 60_000, lifetimeS: 600 });
    consoleGuard.allowFailedResource(previewUrl(ticket), 403);
    const response = await page.goto(previewUrl(ticket));
    expect(response?.status()).toBe(403);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByText('预览链接已过期，请在内容管理系统中重新打开预览。')).toBeVisible();
    await expect(page.getByText(DRAFT)).toHaveCount(0);
  });

  test('another school’s ticket is refused on this school’s site, and works on its own', async ({ page, consoleGuard }) => {
    const id = await newsIdByTitle(SECOND_TENANT.id, '华夏数字云校草稿');
    const ticket = makePreviewTicket(E2E_PREVIEW_SECRET, { tenantId: SECOND_TENANT.id, id, nowMs: Date.now() });
    consoleGuard.allowFailedResource(`${DEMO_ORIGIN}${previewUrl(ticket)}`, 403);
    const refused = await page.goto(`${DEMO_ORIGIN}${previewUrl(ticket)}`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText('该预览链接属于其他学校，请在对应学校的站点打开。')).toBeVisible();
    await expect(page.getByText('华夏数字云校草稿')).toHaveCount(0);
    const own = await page.goto(`${HUAXIA_ORIGIN}${previewUrl(ticket)}`);
    expect(own?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: '华夏数字云校草稿' })).toBeVisible();
  });

  test('a tampered ticket or one signed with another secret is invalid', async ({ page, consoleGuard }) => {
    const id = await newsIdByTitle(DEMO_TENANT.id, DRAFT);
    const iat = Math.floor(Date.now() / 1000);
    const good = makePreviewTicket(E2E_PREVIEW_SECRET, { tenantId: DEMO_TENANT.id, id, nowMs: Date.now() });
    const forgedClaims = Buffer.from(JSON.stringify({ tenantId: DEMO_TENANT.id, kind: 'news', id: '1', iat, exp: iat + 60 })).toString('base64url');
    const forged = `${forgedClaims}.${good.split('.')[1]}`;
    const otherSecret = signToken({ tenantId: DEMO_TENANT.id, kind: 'news', id, iat, exp: iat + 60 }, 'not-the-content-system-secret-0123456789');
    for (const ticket of [forged, otherSecret, 'garbage']) {
      consoleGuard.allowFailedResource(previewUrl(ticket), 403);
      const response = await page.goto(previewUrl(ticket));
      expect(response?.status()).toBe(403);
      await expect(page.getByText('预览链接无效，请在内容管理系统中重新打开预览。')).toBeVisible();
      await expect(page.getByText(DRAFT)).toHaveCount(0);
    }
  });
});
