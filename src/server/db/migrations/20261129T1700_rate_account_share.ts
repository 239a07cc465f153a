// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { Kysely } from 'kysely';

/**
 * Frozen. An address's limit counts only the writes beyond each account's own share (decision 063):
 * rate_events.over_share says whether a write counts against its address. The rows already logged
 * count as before (1). The address's count reads (ip, kind, over_share, created_at), so an exam hall
 * behind one address, whose writes are within their accounts' shares, is never scanned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rate_events')
    .addColumn('over_share', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.dropIndex('rate_events_ip_idx').execute();
  await db.schema.createIndex('rate_events_ip_share_idx').on('rate_events').columns(['ip', 'kind', 'over_share', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rate_events_ip_share_idx').execute();
  await db.schema.createIndex('rate_events_ip_idx').on('rate_events').columns(['ip', 'kind', 'created_at']).execute();
  await db.schema.alterTable('rate_events').dropColumn('over_share').execute();
}
