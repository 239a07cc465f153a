import { openDatabase } from '../../../src/server/db/database';
import { bindUserToTenant, findOrCreateUser, issueToken } from '../../../src/server/identity/identity.service';
import { createLearningClass, type FixtureClass, type FixtureClassInput } from '../../setup/learning';
import { E2E_DB_FILE } from './env';
import { freshMobile } from './login';

/**
 * Browser tests' own learners and classes in the e2e server's database: students made as login
 * makes them (with a token for API calls), and a class of their own (tests/setup/learning.ts).
 */

export interface Learner {
  userId: string;
  token: string;
  mobile: string;
}

export async function newLearners(tenantId: string, n: number): Promise<Learner[]> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const out: Learner[] = [];
    for (let i = 0; i < n; i++) {
      const mobile = freshMobile('146');
      const now = Date.now();
      const user = await findOrCreateUser(db, mobile, now);
      await bindUserToTenant(db, tenantId, user.id, now);
      const { token } = await issueToken(db, { userId: user.id, tenantId, now, ttlMs: 3_600_000 });
      out.push({ userId: user.id, token, mobile });
    }
    return out;
  } finally {
    await db.destroy();
  }
}

export async function newClass(input: FixtureClassInput): Promise<FixtureClass> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await createLearningClass(db, input);
  } finally {
    await db.destroy();
  }
}
