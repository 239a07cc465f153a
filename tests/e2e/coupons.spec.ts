import { test, expect, expectNoSidewaysScroll } from './support/fixtures';
import { E2E_DB_FILE } from './support/env';
import { DEMO_TENANT } from './support/seed';
import { openDatabase } from '../../src/server/db/database';
import { couponDaysLeft } from '../../src/server/products/products.rules';

/** The demo school's coupons as stored in the e2e server's database: title and end instant. */
async function storedCoupons(): Promise<{ title: string; useEndTime: number }[]> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await db.selectFrom('coupons').select(['title', 'useEndTime']).where('tenantId', '=', DEMO_TENANT.id).execute();
  } finally {
    await db.destroy();
  }
}

test.describe('home coupons', () => {
  test('each coupon says its days left, counted to 23:59:59 of its end date', async ({ page }, info) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: '学员专享券', exact: true }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    const stored = await storedCoupons();
    const now = Date.now();
    for (const card of await cards.all()) {
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
      const title = (await card.getByRole('heading').innerText()).trim();
      const coupon = stored.find((c) => c.title === title)!;
      const days = couponDaysLeft(coupon.useEndTime, now)!;
      // The seeded coupons end 30 to 90 days after the seed: whole days, never the last one.
      expect(days).toBeGreaterThan(1);
      await expect(card).toContainText(`剩余${days}天`);
    }
    if (info.project.name === 'mobile') await expectNoSidewaysScroll(page);
  });
});
