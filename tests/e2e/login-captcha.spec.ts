import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { DEMO_STUDENT, authForm, field, passwordLogin, toasts } from './support/login';
import { openDatabase } from '../../src/server/db/database';
import { LOGIN_THROTTLE, addressFailureBudget } from '../../src/server/login/login.rules';
import { DEMO_TENANT } from './support/seed';
import { STAFF_THROTTLE } from '../../src/server/staff/accounts/accounts.rules';
import { DEMO_ADMIN, DEMO_STAFF_PASSWORD } from './support/staff';
import { E2E_DB_FILE } from './support/env';

/**
 * The captcha step of the sign-in forms (decision 053): when the network's address has used up
 * its budget of failed sign-ins, the form asks for the captcha instead of refusing; with it
 * answered the right password signs in. The browser reaches the server from the loopback address,
 * which every test shares, so the address's failures are written straight into the test server's
 * database and removed again afterwards (the tests run one at a time).
 */

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
const MARK = 'e2e-captcha-';

/**
 * Writes as many failures from the loopback address as its budget holds: the staff's is fixed; the
 * students' grows with the accounts that logged in from there in the window (other tests did).
 */
async function spendLoopbackBudget(table: 'loginFailures' | 'staffSignInFailures'): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    for (const ip of LOOPBACK) {
      const since = Date.now() - LOGIN_THROTTLE.windowMs;
      const loggedIn = await db
        .selectFrom('loginSuccesses')
        .where('ip', '=', ip)
        .where('createdAt', '>', since)
        .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
        .executeTakeFirstOrThrow();
      const n = table === 'loginFailures' ? addressFailureBudget(Number(loggedIn.n)) : STAFF_THROTTLE.perIp;
      for (let i = 0; i < n; i++) {
        const row = { id: `${MARK}${ip.replace(/\W/g, '')}-${i}`, ip, device: null, pending: 0, createdAt: Date.now() };
        if (table === 'loginFailures')
          await db
            .insertInto('loginFailures')
            .values({ ...row, account: `name:${MARK}${i}` })
            .execute();
        else
          await db
            .insertInto('staffSignInFailures')
            .values({ ...row, tenantId: DEMO_TENANT.id, accountKey: `name:${MARK}${i}` })
            .execute();
      }
    }
  } finally {
    await db.destroy();
  }
}

async function giveBackLoopbackBudget(): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    await db.deleteFrom('loginFailures').where('id', 'like', `${MARK}%`).execute();
    await db.deleteFrom('staffSignInFailures').where('id', 'like', `${MARK}%`).execute();
  } finally {
    await db.destroy();
  }
}

/** The answer to the captcha on the page, from the development endpoint (the server stores it when it draws the picture). */
async function captchaAnswer(page: import('@playwright/test').Page, refresh: string): Promise<string> {
  const img = page.getByRole('button', { name: refresh }).locator('img');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const src = new URL((await img.getAttribute('src'))!, page.url());
  const res = await page.request.get(new URL('/api/oauth/anyTenant/dev/latestCaptcha', page.url()).href, {
    params: { key: src.searchParams.get('key')!, tenantId: src.searchParams.get('tenantId') ?? '' },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.code as string;
}

const REFRESH = '图形验证码，看不清？点击图片换一张';

test.describe('the captcha step of signing in', () => {
  test.afterEach(giveBackLoopbackBudget);

  test('a student behind a busy address is asked for the captcha; a wrong one gets a new picture; the right one logs in @desktop-only', async ({ page }) => {
    await spendLoopbackBudget('loginFailures');
    await page.goto('/login?redirect=%2Fschool-info');
    const form = await authForm(page);
    await expect(field(form, '图形验证码')).toHaveCount(0);
    await passwordLogin(form, DEMO_STUDENT.mobile, DEMO_STUDENT.password);
    await expect(form.getByRole('alert')).toHaveText('当前网络登录失败次数较多，请输入图形验证码后再登录');
    await expect(field(form, '图形验证码')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'login with captcha');

    const first = await captchaAnswer(page, REFRESH);
    await field(form, '图形验证码').fill(String((Number(first) + 1) % 10_000).padStart(4, '0'));
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('验证码错误，请重新输入');
    await expect(field(form, '图形验证码')).toHaveValue('');

    await field(form, '图形验证码').fill(await captchaAnswer(page, REFRESH));
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toasts(page)).toContainText('登录成功');
    await page.waitForURL('**/school-info');
  });

  test('a member of staff behind a busy address answers the captcha and signs in', async ({ page }) => {
    await spendLoopbackBudget('staffSignInFailures');
    await page.goto('/admin/login');
    await page.getByLabel('手机号', { exact: true }).fill(DEMO_ADMIN.mobile);
    await page.getByLabel('密码', { exact: true }).fill(DEMO_STAFF_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('当前网络登录失败次数较多，请输入图形验证码后再登录');
    await expectNoSeriousA11yViolations(page, 'staff sign-in with captcha');
    await page.getByLabel('图形验证码', { exact: true }).fill(await captchaAnswer(page, REFRESH));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/admin**');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
