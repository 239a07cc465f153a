import type { Locator, Page } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/database';
import { CERTIFICATE_SEED, idNumber } from '../../../src/dev/seed/certificates';
import { DEMO_TENANT, SECOND_TENANT } from '../../../src/dev/seed/demo-data';
import { expect } from './fixtures';
import { E2E_DB_FILE } from './env';

export { CERTIFICATE_SEED, DEMO_TENANT, SECOND_TENANT, idNumber };

/** The address the cleared rows are moved to (documentation range, RFC 5737: no browser of the run has it). */
const COUNTED_ELSEWHERE = '192.0.2.1';

/**
 * Every browser of the run is the same client address (127.0.0.1) to the server, whose per-IP
 * limits (10 lookups a minute, 60 captcha pictures a minute) a whole run would reach. The limits
 * themselves are proved with a controlled clock in tests/api/certificates-limits.test.ts and
 * tests/api/captcha.test.ts; here the run's own counts are cleared before each test, in the e2e
 * server's private database, by moving its rows to an address no request comes from. Deleting them
 * would also take the picture another worker's test has on screen, and its answer with it.
 */
export async function clearLookupCounts(file = E2E_DB_FILE): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${file}` });
  try {
    await db.updateTable('certificateQueries').set({ ip: COUNTED_ELSEWHERE }).execute();
    await db.updateTable('captchas').set({ ip: COUNTED_ELSEWHERE }).execute();
  } finally {
    await db.destroy();
  }
}

/** The captcha picture's button (its image has no text of its own). */
export const captchaButton = (page: Page): Locator => page.getByRole('button', { name: /图形验证码/ });

/** The key of the picture shown now (it changes whenever a new picture is asked for). */
export async function captchaKey(page: Page): Promise<string> {
  const img = captchaButton(page).locator('img');
  await expect(img).toHaveAttribute('src', /key=[A-Za-z0-9]{16}/);
  return new URL((await img.getAttribute('src'))!, page.url()).searchParams.get('key')!;
}

/**
 * The answer to the picture shown now, read the way a developer would: from the development
 * endpoint (it answers only outside production). Waits until the picture has loaded, since the
 * server stores the answer when it draws it.
 */
export async function captchaAnswer(page: Page): Promise<{ key: string; code: string }> {
  const img = captchaButton(page).locator('img');
  const key = await captchaKey(page);
  const src = new URL((await img.getAttribute('src'))!, page.url());
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // Only the browser resolves *.localhost; the picture names its school, so ask the same server on localhost.
  const api = new URL('/api/oauth/anyTenant/dev/latestCaptcha', page.url());
  if (api.hostname.endsWith('.localhost')) api.hostname = 'localhost';
  const res = await page.request.get(api.href, { params: { key, tenantId: src.searchParams.get('tenantId') ?? '' } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return { key, code: body.data.code as string };
}

/** The form's fields, by their labels. */
export const field = (page: Page, label: '姓名' | '证书编号' | '验证码'): Locator => page.getByLabel(label, { exact: true });

/** Fills the form with the right captcha answer; the caller submits. */
export async function fillQuery(page: Page, name: string, number: string, code?: string): Promise<{ key: string; code: string }> {
  await field(page, '姓名').fill(name);
  await field(page, '证书编号').fill(number);
  const answer = await captchaAnswer(page);
  await field(page, '验证码').fill(code ?? answer.code);
  return answer;
}

/** ID number as every answer shows it: first 6, eight stars, last 4. */
export const maskedId = (id: string) => `${id.slice(0, 6)}********${id.slice(-4)}`;
export const maskedMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
