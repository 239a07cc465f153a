import type { Page } from '@playwright/test';
import { test, expect, mainNav, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { DEMO_ORIGIN, E2E_PROMOTION_LOGIN_URL, EMPTY_ORIGIN, HUAXIA_ORIGIN } from './support/env';
import { DEMO_TENANT } from './support/seed';
import { DEMO_PRODUCT_SEED } from '../../src/dev/seed/products-data';
import { makeSchool } from './support/school';

/** The school profile (/school-info), the app download, promotion and organisation QR pages. */

const PARAMS = '**/api/oauth/anyUser/parameter/findParamMapByKey';
const AMAP = 'https://webapi.amap.com/**';
const school = DEMO_TENANT.school;
/** A school's own app download page and promotion-partner login (as saved in its settings). */
const OWN_APP = 'https://app.own-school.example/download';
const OWN_PROMOTION = 'https://partners.own-school.example/login';

/** Answers the map-key call as the server would with the given data (null: no key configured). */
async function mapParams(page: Page, data: unknown, code = 0) {
  await page.route(PARAMS, (route) => route.fulfill({ json: { code, data, message: code === 0 ? 'success' : '系统繁忙' } }));
}

const pointList = (page: Page) => page.getByRole('list', { name: '服务网点' });
const point = (page: Page, name: string) =>
  pointList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
const JIANYE = '建邺教学服务点'; // 08:30:00-17:30:00, TEACHING
const SUZHOU = '苏州园区考试中心'; // 09:00:00-18:00:00, EXAM
const WUXI = '无锡技能评价站'; // 08:00:00-20:00:00, EVALUATE

test.describe('/school-info', () => {
  test.beforeEach(async ({ page }) => {
    // Tests that need a map key register their own answer (the last route wins).
    await mapParams(page, { MapKey: null });
  });

  test('this-project tab: intro grid, service points with type labels, detail tabs', async ({ page }) => {
    await page.goto('/school-info');
    await expect(mainNav(page).getByRole('link', { name: '学校简介' })).toHaveAttribute('aria-current', 'page');
    const tabs = page.getByRole('navigation', { name: '学校简介栏目' });
    await expect(tabs.getByRole('link', { name: '本项目介绍' })).toHaveAttribute('aria-current', 'page');
    const intro = page.getByRole('region', { name: '本项目介绍' });
    await expect(intro.getByText('业务类型')).toBeVisible();
    await expect(intro.getByText(school.schoolTypeName)).toBeVisible();
    await expect(intro.getByText(school.crowd)).toBeVisible();
    await expect(intro.getByText('南京市、苏州市、无锡市、常州市')).toBeVisible();
    await expect(intro.getByRole('link', { name: school.website })).toHaveAttribute('href', new URL(school.website).href);

    await expect(pointList(page).getByRole('listitem')).toHaveCount(3);
    await expect(point(page, JIANYE).getByText('教学点', { exact: true })).toBeVisible();
    await expect(point(page, SUZHOU).getByText('考试点', { exact: true })).toBeVisible();
    await expect(point(page, WUXI).getByText('评价点', { exact: true })).toBeVisible();
    await expect(point(page, JIANYE).getByText('营业时间 08:30-17:30')).toBeVisible();

    const details = page.getByRole('region', { name: '详细介绍' });
    const [background, value] = DEMO_PRODUCT_SEED.projectBlocks;
    await expect(details.getByRole('tab', { name: '项目背景' })).toHaveAttribute('aria-selected', 'true');
    await expect(details.getByRole('heading', { name: background!.title })).toBeVisible();
    await details.getByRole('tab', { name: '项目价值' }).click();
    await expect(details.getByRole('tab', { name: '项目价值' })).toHaveAttribute('aria-selected', 'true');
    await expect(details.getByRole('heading', { name: value!.title })).toBeVisible();
    await expect(details.getByRole('heading', { name: background!.title })).toBeHidden();
    await details.getByRole('tab', { name: '项目价值' }).press('ArrowRight');
    await expect(details.getByRole('tab', { name: '项目特色' })).toBeFocused();
    await expect(details.getByRole('tab', { name: '项目特色' })).toHaveAttribute('aria-selected', 'true');
    await expect(details.getByRole('tab')).toHaveCount(3); // the draft block is not shown
    await expectNoSidewaysScroll(page);
  });

  test("open or resting at the visitor's China time, right at the boundaries @desktop-only", async ({ page }) => {
    const expectStates = async (states: Record<string, '营业中' | '休息中'>) => {
      for (const [name, label] of Object.entries(states)) {
        await expect(point(page, name).getByText(label, { exact: true }), `${name} ${label}`).toBeVisible();
        await expect(point(page, name).getByText(label === '营业中' ? '休息中' : '营业中', { exact: true })).toHaveCount(0);
      }
    };
    await page.clock.setFixedTime(new Date('2026-11-22T08:29:59+08:00'));
    await page.goto('/school-info');
    await expectStates({ [JIANYE]: '休息中', [SUZHOU]: '休息中', [WUXI]: '营业中' });

    await page.clock.setFixedTime(new Date('2026-11-22T08:30:00+08:00'));
    await page.reload();
    await expectStates({ [JIANYE]: '营业中', [SUZHOU]: '休息中', [WUXI]: '营业中' });

    await page.clock.setFixedTime(new Date('2026-11-22T17:30:00+08:00'));
    await page.reload();
    await expectStates({ [JIANYE]: '休息中', [SUZHOU]: '营业中', [WUXI]: '营业中' });

    await page.clock.setFixedTime(new Date('2026-11-22T20:00:00+08:00'));
    await page.reload();
    await expectStates({ [JIANYE]: '休息中', [SUZHOU]: '休息中', [WUXI]: '休息中' });
  });

  test('without a map key: the school and every point with address, state and a keyless map link, and no map box', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-22T08:45:00+08:00'));
    await page.goto('/school-info');
    const section = page.getByRole('region', { name: '服务网点', exact: true });
    await expect(page.locator('school-map')).toHaveAttribute('data-map', 'unavailable');
    // Nothing stands in for the map: no box, no "unavailable" note, no empty area.
    await expect(page.getByRole('region', { name: '服务网点地图' })).toBeHidden();
    await expect(section.getByText(/地图暂不可用|地图加载中/)).toHaveCount(0);
    const listTop = (await pointList(page).boundingBox())!.y;
    const titleBottom = (await section.getByRole('heading', { level: 2, name: '服务网点' }).boundingBox())!;
    expect(listTop - (titleBottom.y + titleBottom.height)).toBeLessThan(200); // only the school's card between them

    // The school: name, phone, address and a marker link at its coordinates.
    const schoolCard = section.locator('[data-school-location]');
    await expect(schoolCard.getByRole('heading', { name: school.universityName })).toBeVisible();
    await expect(schoolCard.getByText(school.address)).toBeVisible();
    await expect(schoolCard.getByText(`电话 ${school.contactMobile}`)).toBeVisible();
    const schoolLink = schoolCard.getByRole('link', { name: `在地图中打开：${school.universityName}` });
    await expect(schoolLink).toHaveText('在地图中打开');
    await expect(schoolLink).toHaveAttribute(
      'href',
      `https://uri.amap.com/marker?position=${school.longitude},${school.latitude}&name=${encodeURIComponent(school.universityName)}`,
    );
    await expect(schoolLink).toHaveAttribute('target', '_blank');

    // Each point: address, open or resting now, and its own marker link.
    await expect(pointList(page).getByRole('listitem')).toHaveCount(3);
    for (const sp of DEMO_TENANT.servicePoints) {
      const item = point(page, sp.name);
      await expect(item.getByText(sp.address, { exact: false })).toBeVisible();
      await expect(item.getByText(sp.name === SUZHOU ? '休息中' : '营业中', { exact: true })).toBeVisible();
      await expect(item.getByRole('link', { name: `在地图中打开：${sp.name}` })).toHaveAttribute(
        'href',
        `https://uri.amap.com/marker?position=${sp.longitude},${sp.latitude}&name=${encodeURIComponent(sp.name)}`,
      );
    }
    await expectNoSidewaysScroll(page);
  });

  test('a failed key call or a map script that does not load also leaves the list, without a map box @desktop-only', async ({ page }) => {
    await mapParams(page, null, 500);
    await page.goto('/school-info');
    await expect(page.locator('school-map')).toHaveAttribute('data-map', 'unavailable');
    await expect(page.getByRole('region', { name: '服务网点地图' })).toBeHidden();

    await mapParams(page, { MapKey: 'test-key' });
    await page.route(AMAP, (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* maps offline */' }));
    await page.reload();
    await expect(page.locator('school-map')).toHaveAttribute('data-map', 'unavailable');
    await expect(page.getByRole('region', { name: '服务网点地图' })).toBeHidden();
    await expect(pointList(page).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('main').getByRole('link', { name: `在地图中打开：${school.universityName}` })).toBeVisible();
  });

  test('with a key the map loads after 500 ms at zoom 17.2 with the school and its points @desktop-only', async ({ page }) => {
    let askedAt = -1;
    await page.route(PARAMS, async (route) => {
      askedAt = await page.evaluate(() => performance.now());
      await route.fulfill({ json: { code: 0, data: { MapKey: 'test-key', MapSecurityJsCode: 'test-code' }, message: 'success' } });
    });
    let scriptUrl = '';
    await page.route(AMAP, (route) => {
      scriptUrl = route.request().url();
      return route.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: `window.AMap = {
          Map: function (el, opts) { window.__map = opts; el.textContent = 'map'; },
          Marker: function (opts) { (window.__markers = window.__markers || []).push(opts.title); },
        };`,
      });
    });
    await page.goto('/school-info');
    await expect(page.locator('school-map')).toHaveAttribute('data-map', 'ready');
    expect(askedAt).toBeGreaterThanOrEqual(500);
    expect(scriptUrl).toContain('key=test-key');
    const map = await page.evaluate(() => (window as any).__map);
    expect(map.zoom).toBe(17.2);
    expect(map.center).toEqual([school.longitude, school.latitude]);
    expect(await page.evaluate(() => (window as any).__markers)).toEqual([school.universityName, JIANYE, SUZHOU, WUXI]);
    expect(await page.evaluate(() => (window as any)._AMapSecurityConfig)).toEqual({ securityJsCode: 'test-code' });
    await expect(page.getByRole('region', { name: '服务网点地图' })).toBeVisible();
    await expect(pointList(page).getByRole('listitem')).toHaveCount(3);
  });

  test('training-institution tab: name, nature, faculty, features, facilities, phone and detail tabs', async ({ page }) => {
    await page.goto('/school-info?index=1');
    await expect(page.getByRole('navigation', { name: '学校简介栏目' }).getByRole('link', { name: '培训机构介绍' })).toHaveAttribute('aria-current', 'page');
    const intro = page.getByRole('region', { name: '培训机构介绍' });
    const inst = school.educationalInstitution;
    for (const [label, value] of [
      ['机构名称', inst['name']],
      ['机构性质', inst['educationProperty']],
      ['师资力量', inst['schoolFaculty']],
      ['办学特色', inst['features']],
      ['教学设施', inst['facilities']],
    ] as const) {
      await expect(intro.getByText(label, { exact: true })).toBeVisible();
      await expect(intro.getByText(value!, { exact: true })).toBeVisible();
    }
    await expect(intro.getByRole('link', { name: school.contactMobile })).toHaveAttribute('href', 'tel:025-86658899'.replace(/-/g, ''));
    const details = page.getByRole('region', { name: '详细介绍' });
    await expect(details.getByRole('tab')).toHaveText(['机构简介', '师资力量', '教学服务']);
  });

  test('certification tab: organisations with level labels; choosing one shows its type, scope, features and tabs', async ({ page }) => {
    await page.goto('/school-info?index=2');
    const list = page.getByRole('navigation', { name: '认证机构列表' });
    await expect(list.getByRole('link')).toHaveCount(3);
    const [first, second, third] = DEMO_PRODUCT_SEED.organizations;
    await expect(list.getByRole('link', { name: first!.name })).toHaveAttribute('aria-current', 'page');
    const detail = page.getByRole('article');
    await expect(detail.getByRole('heading', { name: first!.name })).toBeVisible();
    await expect(detail.locator('[data-org-level]')).toHaveText('国家级');
    await expect(detail.getByText('认证机构', { exact: true })).toBeVisible();
    await expect(detail.getByText(first!.serviceScope)).toBeVisible();
    await expect(detail.getByRole('tab')).toHaveText(['服务范围', '服务成果']);

    await list.getByRole('link', { name: second!.name }).click();
    await expect(page).toHaveURL(/index=2&orgId=\d+/);
    await expect(detail.getByRole('heading', { name: second!.name })).toBeVisible();
    await expect(detail.locator('[data-org-level]')).toHaveText('省级');

    await list.getByRole('link', { name: third!.name }).click();
    await expect(detail.locator('[data-org-level]')).toHaveText('行业级');
    await expect(detail.getByText('评价机构', { exact: true })).toBeVisible();
    await expect(detail.getByText(third!.features)).toBeVisible();
  });

  test('bad query values fall back to the first tab or the first organisation @desktop-only', async ({ page }) => {
    for (const query of ['?index=9', '?index=abc', '?index=-1', '?index=']) {
      expect((await page.goto(`/school-info${query}`))?.status(), query).toBe(200);
      await expect(page.getByRole('region', { name: '本项目介绍' })).toBeVisible();
    }
    expect((await page.goto('/school-info?index=2&orgId=%27%3B--'))?.status()).toBe(200);
    await expect(page.getByRole('article').locator('[data-org-level]')).toHaveText('国家级');
  });

  test('the second school shows only its own organisations and service points @desktop-only', async ({ page }) => {
    await page.goto(`${HUAXIA_ORIGIN}/school-info?index=2`);
    const list = page.getByRole('navigation', { name: '认证机构列表' });
    await expect(list.getByRole('link')).toHaveText([/华夏低空经济认证中心/]);
    await expect(page.getByRole('article').locator('[data-org-level]')).toHaveText('市级');
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    const text = await page.getByRole('main').innerText();
    for (const o of DEMO_PRODUCT_SEED.organizations) expect(text).not.toContain(o.name);
    await page.goto(`${HUAXIA_ORIGIN}/school-info`);
    await expect(pointList(page).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('main')).not.toContainText(JIANYE);
  });

  test('?index=certification is the certification tab (old links keep working) @desktop-only', async ({ page }) => {
    await page.goto('/school-info?index=certification');
    await expect(page.getByRole('navigation', { name: '学校简介栏目' }).getByRole('link', { name: '认证机构介绍' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: '认证机构列表' }).getByRole('link')).toHaveCount(3);
  });

  test('?index=evaluation: the evaluation organisation selected and the evaluation points @desktop-only', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-22T19:00:00+08:00'));
    await page.goto('/school-info?index=evaluation');
    await expect(page.getByText('职业技能等级评价：以下是本校合作的评价机构与评价点。')).toBeVisible();
    const evaluationOrg = DEMO_PRODUCT_SEED.organizations.find((o) => o.orgType === 'EVALUATION')!;
    const list = page.getByRole('navigation', { name: '认证机构列表' });
    await expect(list.getByRole('link', { name: evaluationOrg.name })).toHaveAttribute('aria-current', 'page');
    const detail = page.getByRole('article');
    await expect(detail.getByRole('heading', { name: evaluationOrg.name })).toBeVisible();
    await expect(detail.getByText('评价机构', { exact: true })).toBeVisible();
    await expect(detail.getByText(evaluationOrg.serviceScope)).toBeVisible();
    const points = page.getByRole('list', { name: '评价点' });
    await expect(points.getByRole('listitem')).toHaveCount(1);
    await expect(points.getByRole('heading', { name: WUXI })).toBeVisible();
    await expect(points.getByText('营业中', { exact: true })).toBeVisible();
    await expect(points.getByRole('link', { name: `在地图中打开：${WUXI}` })).toHaveAttribute(
      'href',
      /^https:\/\/uri\.amap\.com\/marker\?position=120\.2707,31\.5329&/,
    );
    await expectNoSeriousA11yViolations(page, 'school-info evaluation');
    await expectNoSidewaysScroll(page);
  });

  for (const index of [0, 1, 2]) {
    test(`index=${index}: no serious or critical axe violations, no sideways scrolling`, async ({ page }) => {
      await page.goto(`/school-info?index=${index}`);
      await page.waitForLoadState('networkidle');
      if (index === 0) await expect(page.locator('school-map')).toHaveAttribute('data-map', 'unavailable');
      await expectNoSeriousA11yViolations(page, `school-info index ${index}`);
      await expectNoSidewaysScroll(page);
    });
  }
});

test.describe('app download, promotion and organisation QR pages', () => {
  test("/login/student-login: a QR image of the school's own app address, eight service points and the school name", async ({ page }) => {
    const own = await makeSchool('应用下载测试学院', { appDownloadUrl: OWN_APP });
    await page.goto(`${own.origin}/educational-product`);
    await page.getByRole('banner').getByRole('link', { name: 'APP下载' }).click();
    await expect(page).toHaveURL(/\/login\/student-login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'APP下载' })).toBeVisible();
    const qr = page.getByRole('img', { name: 'APP下载二维码' });
    await expect(qr).toBeVisible();
    // The school's own address, as it set it (no school id added).
    await expect(qr).toHaveAttribute('data-qr-url', OWN_APP);
    await expect(qr.locator('svg path').first()).toBeAttached();
    const box = await qr.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    await expect(page.getByRole('region', { name: 'APP为您提供' }).getByRole('listitem')).toHaveCount(8);
    await expect(page.getByText('扫码下载应用下载测试学院学习APP')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'student-login');
    await expectNoSidewaysScroll(page);
  });

  test('a school without an app of its own (and none from the operator) offers no app download @desktop-only', async ({ page, consoleGuard }) => {
    consoleGuard.allowFailedResource(`${HUAXIA_ORIGIN}/login/student-login`, 404);
    await page.goto(`${HUAXIA_ORIGIN}/educational-product`);
    await expect(page.getByRole('banner').getByRole('link', { name: '考试登录' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'APP下载' })).toHaveCount(0);
    const answer = await page.goto(`${HUAXIA_ORIGIN}/login/student-login`);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '本校暂未提供APP下载' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'APP下载二维码' })).toHaveCount(0);
  });

  test("/login/promotion: the promotion-partner entry links to the school's own partner login, else the operator's @desktop-only", async ({ page }) => {
    const own = await makeSchool('推广测试学院', { promotionLoginUrl: OWN_PROMOTION });
    await page.goto(`${own.origin}/educational-product`);
    await page.getByRole('contentinfo').getByRole('link', { name: '推广合伙人登录' }).click();
    await expect(page).toHaveURL(/\/login\/promotion$/);
    await expect(page.getByRole('heading', { level: 1, name: '推广合伙人登录' })).toBeVisible();
    const link = page.getByRole('link', { name: /前往推广合伙人登录/ });
    await expect(link).toHaveAttribute('href', OWN_PROMOTION);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expectNoSeriousA11yViolations(page, 'promotion');
    await expectNoSidewaysScroll(page);
    // The demo schools have none of their own: the operator's (PROMOTION_LOGIN_URL), naming the school.
    for (const [origin, id] of [
      [DEMO_ORIGIN, DEMO_TENANT.id],
      [HUAXIA_ORIGIN, '1000000000000000002'],
    ]) {
      await page.goto(`${origin}/login/promotion`);
      await expect(page.getByRole('link', { name: /前往推广合伙人登录/ })).toHaveAttribute('href', `${E2E_PROMOTION_LOGIN_URL}?schoolId=${id}`);
    }
  });

  test("the footer shows the school's own licence and record numbers; a school without them shows none", async ({ page }) => {
    await page.goto('/notice/list');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`增值电信业务经营许可证：${school.telecomLicence}`)).toBeVisible();
    await expect(footer.getByRole('link', { name: school.icpNumber! })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    await expect(footer.getByRole('link', { name: school.policeRecordNumber! })).toHaveAttribute('href', 'https://beian.mps.gov.cn/');
    await page.goto(`${EMPTY_ORIGIN}/notice/list`);
    await expect(page.getByRole('contentinfo')).not.toContainText('许可证');
    await expect(page.getByRole('contentinfo')).not.toContainText('备案');
  });

  test("/org-qrcode: a QR image of the school's home page here, built with the school id @desktop-only", async ({ page }) => {
    await page.goto('/org-qrcode');
    const qr = page.getByRole('img', { name: `${school.universityName}机构二维码` });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('data-qr-url', `${DEMO_ORIGIN}/?schoolId=1000000000000000001`);
    await page.goto(`${HUAXIA_ORIGIN}/org-qrcode`);
    await expect(page.getByRole('img', { name: '华夏数字云校机构二维码' })).toHaveAttribute('data-qr-url', /schoolId=1000000000000000002$/);
    await expectNoSeriousA11yViolations(page, 'org-qrcode');
    await expectNoSidewaysScroll(page);
  });
});
