import { bindUserToTenant, findOrCreateUser, issueToken } from '~/server/identity/identity.service';
import type { TestServer } from './server';

export interface TestUser {
  userId: string;
  token: string;
  mobile: string;
}

/**
 * A student with a valid token for a tenant, made through the identity service as login does.
 * Tests of features that need a user start here instead of going through the SMS flow.
 */
export async function loginAs(
  server: TestServer,
  tenantId: string,
  mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  ttlMs = 7 * 24 * 3_600_000,
): Promise<TestUser> {
  const db = server.runtime.db;
  const now = server.clock.value;
  const user = await findOrCreateUser(db, mobile, now);
  await bindUserToTenant(db, tenantId, user.id, now);
  const { token } = await issueToken(db, { userId: user.id, tenantId, now, ttlMs });
  return { userId: user.id, token, mobile };
}

export const withToken = (token: string) => ({ headers: { Token: token } });
