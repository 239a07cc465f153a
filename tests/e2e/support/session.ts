import type { Page } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/database';
import { bindUserToTenant, findOrCreateUser, issueToken, userInfoOf } from '../../../src/server/identity/identity.service';
import { E2E_DB_FILE } from './env';

export interface Student {
  userId: string;
  token: string;
  nickName: string;
}

const HOUR_MS = 3_600_000;

/**
 * A student with a real token in the e2e server's database, made through the identity service
 * as login does, then put into the browser as a logged-in session (the token and user the login
 * page stores). Browser tests of features that need a user start here.
 */
export async function loginStudent(
  page: Page,
  tenantId: string,
  mobile: string,
  options: { validUntil?: number /** Another server's database (default: the e2e server's). */; databaseUrl?: string } = {},
): Promise<Student> {
  const { db } = await openDatabase({ url: options.databaseUrl ?? `file:./${E2E_DB_FILE}` });
  try {
    const now = Date.now();
    const user = await findOrCreateUser(db, mobile, now);
    await bindUserToTenant(db, tenantId, user.id, now);
    // An hour, or longer when the test sets the browser's clock ahead (the page checks the token's end by its own clock).
    const ttlMs = Math.max(HOUR_MS, (options.validUntil ?? 0) - now + HOUR_MS);
    const { token, expiration } = await issueToken(db, { userId: user.id, tenantId, now, ttlMs });
    const info = userInfoOf(user);
    await page.addInitScript(
      ({ token, expiration, info }) => {
        if (sessionStorage.getItem('e2e-session')) return;
        sessionStorage.setItem('e2e-session', '1');
        localStorage.setItem('szyx_token', token);
        localStorage.setItem('szyx_tokenExpire', String(expiration));
        localStorage.setItem('szyx_userInfo', JSON.stringify(info));
      },
      { token, expiration, info },
    );
    return { userId: user.id, token, nickName: user.nickName ?? '' };
  } finally {
    await db.destroy();
  }
}
