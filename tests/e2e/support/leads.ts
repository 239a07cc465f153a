import { openDatabase } from '../../../src/server/db/database';
import { newId } from '../../../src/server/ids';
import { DEMO_TENANT } from '../../../src/dev/seed/demo-data';
import { E2E_DB_FILE } from './env';

/** Consult leads of the demo school in the e2e server's database, as the public form leaves them. */

let made = 0;

/** A tag no other run has used lately, for names the list can be searched by (at most 8 characters). */
export const leadTag = () => `线索${String(((Date.now() / 1000) % 1e5) | 0).padStart(5, '0')}${++made % 10}`;

export async function makeLeads(leads: { name: string; mobile: string; content: string; minutesAgo: number }[]): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    for (const l of leads) {
      const createdAt = Date.now() - l.minutesAgo * 60_000;
      await db
        .insertInto('clues')
        .values({
          id: newId(createdAt),
          tenantId: DEMO_TENANT.id,
          clueId: null,
          name: l.name,
          mobile: l.mobile,
          content: l.content,
          ip: '10.0.0.9',
          createdAt,
          productId: null,
        })
        .execute();
    }
  } finally {
    await db.destroy();
  }
}
