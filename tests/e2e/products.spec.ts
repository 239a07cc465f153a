import type { Page } from '@playwright/test';
import { test, expect, mainNav, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { HUAXIA_ORIGIN } from './support/env';
import { DEMO_TENANT } from './support/seed';
import { DEMO_PRODUCT_SEED, HUAXIA_PRODUCT_SEED } from '../../src/dev/seed/products-data';

/** The training-project page (/educational-product): catalogue, major intro, questions, related products. */

const QUESTIONS = '/api/universityAdvertise/anyUser/commonQuestion/commonQuestionPage';
const MAJORS = '/api/universityAdvertise/anyUser/hotMajor/hotMajorPage';

const productName = (key: string) => DEMO_PRODUCT_SEED.products.find((p) => p.key === key)!.name;
const catalogue = (page: Page) => page.getByRole('navigation', { name: '热门专业' });
const questions = (page: Page) => page.getByRole('region', { name: '常见问题' });
const related = (page: Page) => page.getByRole('region', { name: '相关培训产品' });
const majorHeading = (page: Page, name: string) => page.getByRole('tabpanel', { name: '专业介绍' }).getByRole('heading', { level: 2, name });

/** The page is no wider than the viewport (no sideways scrolling on a 375 px phone). */
async function majorIdOf(page: Page, name: string): Promise<string> {
  const res = await page.request.post(MAJORS, { data: { size: 50 } });
  const major = (await res.json()).data.records.find((m: any) => m.name === name);
  expect(major, name).toBeDefined();
  return major.id;
}

async function questionsOf(page: Page, majorId: string): Promise<{ id: string; name: string }[]> {
  const res = await page.request.post(QUESTIONS, { data: { size: 50, model: { majorId } } });
  return (await res.json()).data.records;
}

test.describe('/educational-product', () => {
  test('shows the banner, breadcrumb, nav highlight, catalogue of 10 majors and the first major by default', async ({ page }) => {
    await page.goto('/educational-product');
    await expect(page.getByRole('heading', { level: 1, name: '教学培训' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: '当前位置' });
    await expect(crumbs.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: '培训项目' })).toHaveAttribute('aria-current', 'page');
    await expect(mainNav(page).getByRole('link', { name: '培训项目' })).toHaveAttribute('aria-current', 'page');

    await expect(catalogue(page).getByRole('link')).toHaveCount(10);
    const first = DEMO_TENANT.hotMajors[0]!;
    await expect(catalogue(page).getByRole('link', { name: first.name })).toHaveAttribute('aria-current', 'page');
    await expect(majorHeading(page, first.name)).toBeVisible();
    await expect(page.getByText(`${first.salary}元/月`)).toBeVisible();
    await expect(page.getByText(first.prospect)).toBeVisible();
    await expect(page.getByText(first.people)).toBeVisible();
    await expect(page.getByText(first.certificates[0]!.name, { exact: true })).toBeVisible();
    // Three questions, answers rendered as sanitised HTML.
    await expect(
      questions(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3 }) }),
    ).toHaveCount(3);
    await expect(questions(page).getByRole('listitem').first().locator('ul li')).toHaveCount(3);
    await expect(page.getByRole('button', { name: '立即报名' })).toBeVisible();
    await expect(questions(page).getByRole('button', { name: '咨询顾问' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('switching majors shows that major, its questions and its related products', async ({ page }) => {
    await page.goto('/educational-product');
    await catalogue(page).getByRole('link', { name: '电子商务师' }).click();
    await expect(page).toHaveURL(/[?&]id=\d+/);
    await expect(majorHeading(page, '电子商务师')).toBeVisible();
    await expect(catalogue(page).getByRole('link', { name: '电子商务师' })).toHaveAttribute('aria-current', 'page');
    await expect(questions(page).getByRole('heading', { name: '电子商务师证书有什么用？' })).toBeVisible();

    const card = related(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: productName('ecommerce') }) });
    await expect(card).toHaveCount(1);
    // '1980起': the amount with a small 起 after it; the standard price struck through.
    await expect(card.locator('[data-price]')).toHaveText(/¥\s*1980\s*起/);
    await expect(card.getByText('原价')).toContainText('2680');
    await expect(card.getByText('全国联网可查')).toBeVisible();
    // 1520 thumbs: 3 diamonds.
    await expect(card.getByRole('img', { name: '推荐指数：3颗钻' })).toBeVisible();

    await catalogue(page).getByRole('link', { name: '数据分析师' }).click();
    await expect(majorHeading(page, '数据分析师')).toBeVisible();
    const names = await related(page).getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names).toEqual([productName('data'), productName('ai')]);
    const ai = related(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: productName('ai') }) });
    await expect(ai.getByRole('img', { name: '推荐指数：4颗钻' })).toBeVisible();
    const data = related(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: productName('data') }) });
    await expect(data.getByText('学信网可查')).toBeVisible();
    await expect(data.locator('[data-price]')).toHaveText(/2580\s*起/);
  });

  test('a missing salary shows 0元/月; no questions and no products show their empty states', async ({ page }) => {
    await page.goto(`/educational-product?id=${await majorIdOf(page, '中式烹调师')}`);
    await expect(majorHeading(page, '中式烹调师')).toBeVisible();
    await expect(page.locator('[data-salary]')).toHaveText('0元/月');
    await expect(related(page).getByText('暂无数据')).toBeVisible();

    // The 11th major is outside the catalogue of 10 but can still be opened by id.
    await page.goto(`/educational-product?id=${await majorIdOf(page, '碳排放管理员')}`);
    await expect(majorHeading(page, '碳排放管理员')).toBeVisible();
    await expect(questions(page).getByText('暂无相关问题')).toBeVisible();
    await expect(catalogue(page).locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('questionId scrolls to that question and highlights it, even beyond the first three', async ({ page }) => {
    await page.goto('/educational-product');
    const majorId = await majorIdOf(page, '健康管理师');
    const list = await questionsOf(page, majorId);
    expect(list).toHaveLength(5);
    const target = list[4]!; // not among the three shown by default
    await page.goto(`/educational-product?id=${majorId}&questionId=${target.id}`);
    const item = questions(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: target.name }) });
    await expect(item).toHaveAttribute('aria-current', 'true');
    await expect(item).toBeInViewport();
    await expect(item).toHaveClass(/ring-amber-400/);
    await expect(questions(page).locator('[aria-current="true"]')).toHaveCount(1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // A question in the first three is highlighted in place.
    await page.goto(`/educational-product?id=${majorId}&questionId=${list[1]!.id}`);
    const second = questions(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: list[1]!.name }) });
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(second).toBeInViewport();
    await expect(questions(page).getByRole('heading', { level: 3 })).toHaveCount(3);
  });

  test('bad query values fall back to the first major without an error @desktop-only', async ({ page }) => {
    for (const query of ['?id=9999999999999999999', '?id=%3Cscript%3E', '?questionId=nope&id=', '?id[]=1']) {
      const response = await page.goto(`/educational-product${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(majorHeading(page, DEMO_TENANT.hotMajors[0]!.name)).toBeVisible();
      await expect(questions(page).locator('[aria-current="true"]')).toHaveCount(0);
    }
  });

  test('the second school shows only its own majors and products @desktop-only', async ({ page }) => {
    await page.goto(`${HUAXIA_ORIGIN}/educational-product`);
    await expect(catalogue(page).getByRole('link')).toHaveCount(1);
    await expect(majorHeading(page, '华夏专属：无人机驾驶员')).toBeVisible();
    const names = await related(page).getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names).toEqual([HUAXIA_PRODUCT_SEED.products[0]!.name]);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    const text = await page.getByRole('main').innerText();
    for (const p of DEMO_PRODUCT_SEED.products) expect(text).not.toContain(p.name);
    await expect(related(page).getByRole('img', { name: '推荐指数：4颗钻' })).toBeVisible();
  });

  test('no serious or critical axe violations', async ({ page }) => {
    await page.goto('/educational-product');
    const majorId = await majorIdOf(page, '健康管理师');
    const list = await questionsOf(page, majorId);
    await page.goto(`/educational-product?id=${majorId}&questionId=${list[3]!.id}`);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, 'educational-product');
    await expectNoSidewaysScroll(page);
  });
});
