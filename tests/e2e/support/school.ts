import { openDatabase } from '../../../src/server/db/database';
import { createStaffAccount } from '../../../src/server/staff/accounts/accounts.service';
import { createSchool } from '../../../src/server/tenant/tenant.service';
import { DEMO_STAFF_HASH, DEMO_STAFF_PASSWORD } from '../../../src/dev/seed/staff';
import { E2E_DB_FILE, E2E_PORT } from './env';
import type { E2eStaff } from './staff';

/**
 * A school of its own for a browser test that changes a school's settings (the demo schools stay
 * as the other specs expect them): opened in the e2e server's database with one administrator,
 * found at <pre-domain>.localhost (Chromium sends every *.localhost name to loopback), with its own
 * app download and promotion-partner links when the test gives them.
 */
let made = 0;

export async function makeSchool(
  name: string,
  links: { appDownloadUrl?: string; promotionLoginUrl?: string } = {},
): Promise<{ origin: string; tenantId: string; admin: E2eStaff }> {
  made += 1;
  const stamp = `${Date.now() % 1e8}${made}`;
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const opened = await createSchool(db, { preDomain: `e2e${stamp}`, name }, Date.now());
    if (!opened.ok) throw new Error(opened.problems.join('; '));
    // Its own links, as its administrator would have saved them in 学校设置, before any page of it is drawn.
    if (Object.keys(links).length) await db.updateTable('schools').set(links).where('tenantId', '=', opened.tenant.id).execute();
    const mobile = `133${stamp.padStart(8, '0').slice(-8)}`;
    const id = await createStaffAccount(db, {
      tenantId: opened.tenant.id,
      mobile,
      name: '设置管理员',
      role: 'admin',
      passwordHash: DEMO_STAFF_HASH,
      now: Date.now(),
    });
    return {
      origin: `http://${opened.tenant.preDomain}.localhost:${E2E_PORT}`,
      tenantId: opened.tenant.id,
      admin: { id, mobile, name: '设置管理员', role: 'admin', password: DEMO_STAFF_PASSWORD },
    };
  } finally {
    await db.destroy();
  }
}
