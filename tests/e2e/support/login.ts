import type { Locator, Page } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/database';
import { hashToken } from '../../../src/server/identity/identity.service';
import { DEMO_STUDENT } from '../../../src/dev/seed/login';
import { expect, hydrated } from './fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE } from './env';

export { DEMO_STUDENT };

/** A mobile no other run has used lately (the server allows one code per mobile per 60 s). */
export const freshMobile = (prefix = '147') => `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The login code the development SMS provider keeps (as a developer reads it from the log). */
export async function latestLoginCode(page: Page, mobile: string, o: { origin?: string; tenantId?: string } = {}): Promise<string> {
  const res = await page.request.get(`${o.origin ?? DEMO_ORIGIN}/api/oauth/anyTenant/dev/latestSmsCode`, {
    params: { mobile, templateCode: 'MOBILE_LOGIN_REGISTER' },
    ...(o.tenantId ? { headers: { TenantId: o.tenantId } } : {}),
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.code as string;
}

export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The login or registration form, once its island has hydrated. */
export async function authForm(page: Page): Promise<Locator> {
  const form = page.getByRole('main').locator('form');
  await hydrated(form.getByRole('button', { name: /^(登录|提交)$/ }));
  return form;
}

export const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
export const toasts = (page: Page) => page.locator('#toast-region');

/** Sends a code with the form's button and types it in. */
export async function sendAndTypeCode(page: Page, form: Locator, mobile: string, o: { origin?: string; tenantId?: string } = {}): Promise<string> {
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(toasts(page)).toContainText('发送成功');
  await expect(form.getByRole('button', { name: /^\d+秒重新获取$/ })).toBeVisible();
  const code = await latestLoginCode(page, mobile, o);
  await field(form, '验证码').fill(code);
  return code;
}

/** Logs in with the demo student's password on a login page already open. */
export async function passwordLogin(form: Locator, username = DEMO_STUDENT.mobile, password: string = DEMO_STUDENT.password) {
  await form.getByRole('button', { name: '使用密码登录' }).click();
  await field(form, '手机号码').fill(username);
  await field(form, '密码').fill(password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: '登录', exact: true }).click();
}

/** Changes the stored token in the e2e server's database: expire it or revoke it. */
export async function spoilToken(token: string, how: 'expire' | 'revoke', dbFile = E2E_DB_FILE): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${dbFile}` });
  try {
    const set = how === 'expire' ? { expiresAt: Date.now() - 1000 } : { revokedAt: Date.now() - 1000 };
    const r = await db.updateTable('userTokens').set(set).where('tokenHash', '=', hashToken(token)).executeTakeFirst();
    expect(Number(r.numUpdatedRows)).toBe(1);
  } finally {
    await db.destroy();
  }
}
