// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';
import { up as createEngagementActions } from './20261123T1000_engagement_actions';

/**
 * Frozen. One log for every rate limit (src/server/limits, decision 030) and the successful logins
 * the password throttle's per-address budget grows with.
 *
 * rate_events: one row per limited write (comments, likes, classroom notes, questions and drafts,
 * answer saves, progress reports), kept as long as the longest window. It takes over
 * engagement_actions, which held comments and likes only: its rows are copied over (they may still
 * count for up to an hour) and the table is dropped.
 *
 * login_successes: one row per successful login (the account's user, the address, the time), kept
 * for the throttle's window: each distinct account that logged in from an address lends that
 * address more room for failed logins, so a classroom behind one address is not locked out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_events')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // limits.table.ts RateKind
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_user_idx').on('rate_events').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('rate_events_ip_idx').on('rate_events').columns(['ip', 'kind', 'created_at']).execute();
  await db.schema.createIndex('rate_events_created_idx').on('rate_events').column('created_at').execute();
  await db
    .insertInto('rate_events')
    .columns(['id', 'kind', 'user_id', 'ip', 'created_at'])
    .expression(db.selectFrom('engagement_actions').select(['id', 'kind', 'user_id', 'ip', 'created_at']))
    .execute();
  await db.schema.dropTable('engagement_actions').execute();

  await db.schema
    .createTable('login_successes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_successes_ip_idx').on('login_successes').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('login_successes_created_idx').on('login_successes').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_successes').ifExists().execute();
  await db.schema.dropTable('rate_events').ifExists().execute();
  await createEngagementActions(db);
}
