import type { Browser, BrowserContext, Page } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/database';
import { createStaffAccount } from '../../../src/server/staff/accounts/accounts.service';
import { findAccountByMobile } from '../../../src/server/staff/accounts/accounts.repository';
import { STAFF_COOKIE, openSession } from '../../../src/server/staff/accounts/sessions.service';
import { findTenantByPreDomain } from '../../../src/server/tenant/tenant.repository';
import { codeAt } from '../../../src/server/staff/accounts/second-factor';
import { TOTP, totpStepAt } from '../../../src/server/staff/accounts/accounts.rules';
import { DEMO_STAFF, DEMO_STAFF_HASH, DEMO_STAFF_PASSWORD } from '../../../src/dev/seed/staff';
import { DEMO_TENANT } from '../../../src/dev/seed/demo-data';
import type { StaffRole } from '../../../src/lib/staff/roles';
import { expect, hydrated } from './fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE, E2E_PORT, PARTNER_DB_FILE, PARTNER_PORT } from './env';
import type { ClassInput } from '../../../src/lib/api/contracts/admin-classes';
import { classInput } from '../../setup/class-input';

/**
 * Staff accounts for the browser tests: each test makes its own in the e2e server's database (the
 * demo staff stay as seeded for the README's instructions), signs in through the page, and reads
 * authenticator codes as a phone would make them.
 */

export { DEMO_STAFF, DEMO_STAFF_PASSWORD };
export const DEMO_ADMIN = DEMO_STAFF[DEMO_TENANT.id]![0]!;

/** The staff screens at the width office desktops have. */
export const DESKTOP = { width: 1366, height: 768 } as const;

export interface E2eStaff {
  id: string;
  mobile: string;
  name: string;
  role: StaffRole;
  password: string;
}

let made = 0;
/** A mobile no other run has used lately: 135 + time-based digits + a counter. */
const freshMobile = () => `135${String(((Date.now() / 1000) % 1e6) | 0).padStart(6, '0')}${String(++made % 100).padStart(2, '0')}`;

/** A new active account of the demo school with DEMO_STAFF_PASSWORD. */
export async function makeStaff(
  role: StaffRole,
  name = `测试${role === 'admin' ? '管理员' : role === 'editor' ? '编辑' : '教师'}${made + 1}`,
): Promise<E2eStaff> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const mobile = freshMobile();
    const id = await createStaffAccount(db, { tenantId: DEMO_TENANT.id, mobile, name, role, passwordHash: DEMO_STAFF_HASH, now: Date.now() });
    return { id, mobile, name, role, password: DEMO_STAFF_PASSWORD };
  } finally {
    await db.destroy();
  }
}

/** The sign-in form of /admin/login, once its island has hydrated. */
export async function signInForm(page: Page) {
  const form = page.getByRole('main').locator('form');
  await hydrated(form.getByRole('button', { name: '登录', exact: true }));
  return form;
}

/** The database of each of this worker's servers, by port: signIn opens its sessions there. */
const DATABASE_OF: Readonly<Record<string, string>> = { [String(E2E_PORT)]: E2E_DB_FILE, [String(PARTNER_PORT)]: PARTNER_DB_FILE };

/**
 * Signs `who` in for a test whose journey starts after signing in: a session is opened in the
 * server's database as the sign-in does (openSession) for the school of the address (localhost is
 * the demo school, <pre-domain>.localhost a school of its own), its cookie given to the browser, and
 * the sign-in page opened, which sends a signed-in person on to where signing in leads (its `next`).
 * Signing in itself (the form, second factors, recovery, lock-outs) is tested through the page with
 * signInWithForm (admin-sign-in, admin-account, admin-accounts, admin-recovery and the operations
 * specs, whose servers are their own).
 */
export async function signIn(page: Page, who: Pick<E2eStaff, 'mobile'>, path = '/admin/login') {
  const url = new URL(path, DEMO_ORIGIN);
  const file = DATABASE_OF[url.port];
  if (!file)
    throw new Error(`signIn opens sessions on this worker's servers (ports ${Object.keys(DATABASE_OF).join(', ')}), not ${url.origin}: use signInWithForm`);
  const preDomain = url.hostname === 'localhost' ? DEMO_TENANT.preDomain : url.hostname.replace(/\.localhost$/, '');
  const { db } = await openDatabase({ url: `file:./${file}` });
  let token: string;
  try {
    const now = Date.now();
    const tenant = await findTenantByPreDomain(db, preDomain);
    if (!tenant) throw new Error(`no school ${preDomain} in ${file}`);
    const account = await findAccountByMobile(db, tenant.id, who.mobile);
    if (!account) throw new Error(`no staff account ${who.mobile} of ${preDomain} in ${file}`);
    ({ token } = await openSession(db, { tenantId: tenant.id, accountId: account.id, userAgent: 'e2e', ip: '127.0.0.1', now }));
  } finally {
    await db.destroy();
  }
  await page.context().addCookies([{ name: STAFF_COOKIE, value: token, url: url.origin, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(url.href);
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** Signs in through /admin/login's form (no second factor) and waits for the page it goes to. */
export async function signInWithForm(page: Page, who: Pick<E2eStaff, 'mobile' | 'password'>, path = '/admin/login') {
  await page.goto(path);
  const form = await signInForm(page);
  await form.getByLabel('手机号', { exact: true }).fill(who.mobile);
  await form.getByLabel('密码', { exact: true }).fill(who.password);
  await form.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** A fresh browser context signed in as `who` (another device). */
export async function signedInContext(browser: Browser, who: E2eStaff, userAgent?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await signInWithForm(page, who);
  return { context, page };
}

/**
 * How long a code must still be taken by the server when it is given: long enough for the page to
 * send it on a busy machine, so a code is never of a step that ends while it is on its way.
 */
const CODE_LIFE_MS = (TOTP.periodS * 1000) / 2;

/**
 * An authenticator as a phone, giving its codes at once (never waiting for the clock). The server
 * takes a code of the step before, of or after its own (TOTP.toleranceSteps), and each step of an
 * account once, newer than the last it took. So each code here is of the oldest step newer than
 * the last one given that the server will still take for CODE_LIFE_MS: two codes of one account
 * are always there at once, three in the first half of a step. A test that needs more codes of one
 * account at once is told so: it uses another account, since a later step comes only with time.
 */
export function authenticator(secret: string) {
  const periodMs = TOTP.periodS * 1000;
  /** The last instant the server takes a code of `step`: until its step is more than the tolerance past it. */
  const takenUntil = (step: number) => (step + TOTP.toleranceSteps + 1) * periodMs;
  let last = Number.NEGATIVE_INFINITY;
  return {
    async code(): Promise<string> {
      const now = Date.now();
      const current = totpStepAt(now);
      for (let step = Math.max(last + 1, current - TOTP.toleranceSteps); step <= current + TOTP.toleranceSteps; step++) {
        if (takenUntil(step) - now >= CODE_LIFE_MS) {
          last = step;
          return codeAt(secret, step * periodMs);
        }
      }
      throw new Error('Every time step the server takes now was given already: use another account for another sign-in in the same minute.');
    },
  };
}

/** Clicks 确定 in the confirmation dialog. */
export async function confirm(page: Page) {
  const dialog = page.getByRole('dialog', { name: '提示' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

/** Sends a staff write from the signed-in page (the session cookie and its CSRF token), as the screens do. */
export async function staffWrite(page: Page, path: string, body: unknown): Promise<{ code: number; data: { id: string } }> {
  return page.evaluate(
    async ({ path, body }) => {
      const me = await (await fetch('/api/admin/session/me')).json();
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.data.csrfToken },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    { path, body },
  );
}

/** Saves a class of the demo school's electrician product through the staff API, as the class screen does (`teachers` as given). */
export function saveClass(page: Page, name: string, teachers: ClassInput['teachers'] = []) {
  return staffWrite(page, '/admin/classes/save', classInput({ name, teachers, learningGoal: '' }));
}
