// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. The login throttles count an attempt before its password is checked (a reservation row
 * in the failure tables, removed when the attempt succeeds), and an attempt from a browser that
 * signed in to the account before (a signed device cookie) counts against that device alone
 * (decision 053): `device` holds the cookie's random id, null for every other attempt; `pending`
 * is 1 while the attempt is being checked (a success forgets the account's failures, never the
 * attempts still being checked beside it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['login_failures', 'staff_sign_in_failures']) {
    await db.schema.alterTable(table).addColumn('device', 'varchar(32)').execute();
    await db.schema
      .alterTable(table)
      .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['staff_sign_in_failures', 'login_failures']) {
    await db.schema.alterTable(table).dropColumn('pending').execute();
    await db.schema.alterTable(table).dropColumn('device').execute();
  }
}
