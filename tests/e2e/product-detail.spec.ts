import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE, HUAXIA_ORIGIN } from './support/env';
import { DEMO_TENANT } from './support/seed';
import { DEMO_PRODUCT_SEED, HUAXIA_PRODUCT_SEED } from '../../src/dev/seed/products-data';
import { openDatabase } from '../../src/server/db/database';

/** Training-product cards open the product detail; its 咨询报名 opens the consult form about that product. */

const seedProduct = (key: string) => DEMO_PRODUCT_SEED.products.find((p) => p.key === key)!;
const freshMobile = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The id of a product by name, read from the e2e database (also products not on sale). */
async function productId(name: string): Promise<string> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const row = await db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await db.destroy();
  }
}

async function consultDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: '留言咨询' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('training product detail', () => {
  test('a home-page product card opens the product: picture, name, services, price, certificate and school', async ({ page }) => {
    await page.goto('/');
    const block = page.getByRole('region', { name: '培训项目', exact: true });
    const ai = seedProduct('ai');
    await block.getByRole('link', { name: ai.name }).click();
    await expect(page).toHaveURL(/\/educational-product\/detail\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: ai.name })).toBeVisible();
    await expect(page.getByRole('img', { name: ai.name })).toHaveAttribute('src', ai.pic);
    await expect(page.getByText(ai.picTag!, { exact: true })).toBeVisible();
    for (const label of ['培训', '考试', '认证']) await expect(page.getByRole('article').getByText(label, { exact: true })).toBeVisible();
    await expect(page.locator('[data-price]')).toContainText(ai.coupon!);
    await expect(page.getByText(`可享补贴 ¥${ai.subsidy}`)).toBeVisible();
    await expect(page.getByRole('img', { name: '推荐指数：4颗钻' })).toBeVisible();
    const certificate = page.getByRole('region', { name: '证书信息' });
    await expect(certificate.getByText(`证书类型：${ai.certificateType!.desc}`)).toBeVisible();
    await expect(certificate.getByText(`认证机构：${ai.certificationOrg}`)).toBeVisible();
    await expect(certificate.getByText('全国联网可查', { exact: true })).toBeVisible();
    await expect(certificate.getByText(ai.benefits!)).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: '当前位置' });
    await expect(crumbs.getByRole('link', { name: '培训项目' })).toHaveAttribute('href', '/educational-product');
    await expect(crumbs.getByText(ai.name)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(`咨询电话：${DEMO_TENANT.school.contactMobile}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'product detail');
    await expectNoSidewaysScroll(page);
  });

  test('a related-product card of the training-project page opens its product too @desktop-only', async ({ page }) => {
    await page.goto('/educational-product');
    const related = page.getByRole('region', { name: '相关培训产品' });
    const first = related.getByRole('listitem').first();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    const name = (await first.getByRole('heading', { level: 3 }).innerText()).trim();
    // The whole card is the link's target area: a click on the picture opens it as well.
    await first.click({ position: { x: 12, y: 12 } });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('咨询报名 names the product in the consult form, and the lead sent carries it (message and product) @desktop-only', async ({ page }) => {
    const ecommerce = seedProduct('ecommerce');
    const id = await productId(ecommerce.name);
    await page.goto(`/educational-product/detail?id=${id}`);
    await page.getByRole('button', { name: '咨询报名' }).click();
    const dialog = await consultDialog(page);
    await expect(dialog.getByText(`咨询产品：${ecommerce.name}`)).toBeVisible();
    const content = dialog.getByLabel('咨询内容', { exact: true });
    await expect(content).toHaveValue(`我想咨询「${ecommerce.name}」。`);
    await content.press('End');
    await content.pressSequentially('周末班什么时候开课？');

    const mobile = freshMobile();
    await dialog.getByLabel('姓名', { exact: true }).fill('李明');
    await dialog.getByLabel('电话', { exact: true }).fill(mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('status')).toHaveText('发送成功');
    const res = await page.request.get(`${DEMO_ORIGIN}/api/oauth/anyTenant/dev/latestSmsCode`, { params: { mobile, templateCode: 'VISITOR_MSG_VERIFY' } });
    const code = (await res.json()).data.code as string;
    await dialog.getByLabel('验证码', { exact: true }).fill(code);
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().includes('/clue/saveClue')), dialog.getByRole('button', { name: '提交' }).click()]);
    expect(request.postDataJSON().content).toBe(`我想咨询「${ecommerce.name}」。周末班什么时候开课？`);
    expect(request.postDataJSON().productId).toBe(id);
    await expect(dialog).toBeHidden();
    await expect(page.locator('#toast-region')).toContainText('提交成功');
    // The lead is kept with its product, which the staff's leads list filters by.
    const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
    try {
      const lead = await db.selectFrom('clues').select('productId').where('mobile', '=', mobile).executeTakeFirstOrThrow();
      expect(lead.productId).toBe(id);
    } finally {
      await db.destroy();
    }
  });

  test('the product belongs to that opening only: the general consult form names no product @desktop-only', async ({ page }) => {
    const ai = seedProduct('ai');
    await page.goto(`/educational-product/detail?id=${await productId(ai.name)}`);
    await page.getByRole('button', { name: '咨询报名' }).click();
    let dialog = await consultDialog(page);
    await expect(dialog.getByText(`咨询产品：${ai.name}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The floating tools' 留言咨询 (folded behind one button on a phone).
    const panel = page.getByRole('complementary', { name: '便捷工具' });
    const fold = panel.getByRole('button', { name: '便捷工具' });
    if (await fold.isVisible()) await fold.click();
    await panel.getByRole('button', { name: '留言咨询' }).click();
    dialog = await consultDialog(page);
    await expect(dialog.getByText(/咨询产品：/)).toHaveCount(0);
    await expect(dialog.getByLabel('咨询内容', { exact: true })).toHaveValue('');
  });

  test("an unknown, off-sale or other school's product answers 404 with ways on @desktop-only", async ({ page, consoleGuard }) => {
    const offSale = await productId(DEMO_PRODUCT_SEED.products.find((p) => p.state === 0)!.name);
    const foreign = await productId(HUAXIA_PRODUCT_SEED.products[0]!.name);
    for (const id of ['9999999999999999999', offSale, foreign, '%27%3B--', '']) {
      const url = `/educational-product/detail?id=${id}`;
      consoleGuard.allowFailedResource(url, 404);
      expect((await page.goto(url))?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '培训产品不存在或已下架' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: '返回培训项目' })).toHaveAttribute('href', '/educational-product');
      await expect(page.getByRole('main').getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    }
    // The other school's own page shows it.
    expect((await page.goto(`${HUAXIA_ORIGIN}/educational-product/detail?id=${foreign}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: HUAXIA_PRODUCT_SEED.products[0]!.name })).toBeVisible();
  });
});
