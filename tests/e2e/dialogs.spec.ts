import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, hydrated } from './support/fixtures';
import { makeStaff, signIn } from './support/staff';
import { expectDialogLayout } from './support/dialogs';

/**
 * Every dialog looks the same (one inner padding, from the Modal) and reads 取消 first, the main
 * action last on the right: the staff side's 新建首页横幅, 新建培训项目 and 新增网点, at a desktop's
 * width and at 375 px. The learner's dialogs are checked where they open (learner-online.spec.ts,
 * the classroom's 提问 drawer).
 */

async function openCatalog(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await hydrated(page.getByRole('button', { name: '新建' }));
  await expect(page.getByText('加载中…')).toHaveCount(0);
}

test.describe('dialogs: one padding, 取消 before the main action', () => {
  test('新建首页横幅, 新建培训项目 and 新增网点', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);

    await openCatalog(page, '/admin/catalog/banners', '首页横幅');
    await page.getByRole('button', { name: '新建' }).click();
    const banner = page.getByRole('dialog', { name: '新建首页横幅' });
    await expect(banner).toBeVisible();
    await expectDialogLayout(banner, '保存并发布');
    await expectNoSeriousA11yViolations(page, 'banner dialog');
    await banner.getByRole('button', { name: '取消' }).click();
    await expect(banner).toBeHidden();

    await openCatalog(page, '/admin/catalog/products', '培训项目');
    await page.getByRole('button', { name: '新建' }).click();
    const product = page.getByRole('dialog', { name: '新建培训项目' });
    await expect(product).toBeVisible();
    await expectDialogLayout(product, '保存并发布');
    await product.getByRole('button', { name: '取消' }).click();
    await expect(product).toBeHidden();

    await page.goto('/admin/school');
    await expect(page.getByRole('heading', { level: 1, name: '学校设置' })).toBeVisible();
    const points = page.getByRole('region', { name: '服务网点' }).first();
    await hydrated(points.getByRole('button', { name: '新增网点' }));
    await points.getByRole('button', { name: '新增网点' }).click();
    const point = page.getByRole('dialog', { name: '新增网点' });
    await expect(point).toBeVisible();
    await expectDialogLayout(point, '保存并发布');
    await expectNoSeriousA11yViolations(page, 'service point dialog');
  });
});
