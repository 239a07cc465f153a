// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. A success no longer deletes the account's failures (decision 095): it marks them `forgiven`, which takes them
 * out of their address's budget (a classroom's typos do not ask the room for a captcha) while they still count against
 * the account until their window ends. Deleting them let guesses that reached the server after a success be checked
 * anew: an owner's sign-in renewed an outsider's budget, and of a burst with the right password in it more than the
 * limit were checked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['login_failures', 'staff_sign_in_failures']) {
    await db.schema
      .alterTable(table)
      .addColumn('forgiven', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['staff_sign_in_failures', 'login_failures']) await db.schema.alterTable(table).dropColumn('forgiven').execute();
}
