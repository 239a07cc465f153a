// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { sql, type Kysely } from 'kysely';

/**
 * Frozen. The staff side: a school's own people (decision 033).
 *
 * - staff_accounts: one per person and school, apart from students (users). Signs in with the
 *   mobile and a password (scrypt, as students'); role is one of STAFF_ROLES below (the same list
 *   as src/lib/staff/roles.ts, checked by tests/unit/staff-rules.test.ts); status 1 active,
 *   0 disabled. totp_secret is the second factor's secret, encrypted (AES-256-GCM, a key derived
 *   from SESSION_SECRET); totp_pending_secret the one being set up; totp_last_step the last time
 *   step a code was accepted for, so each code works once.
 * - staff_sessions: only the SHA-256 of the cookie's token; last_seen_at for the idle expiry,
 *   expires_at the absolute one; revoked_at when signed out or ended by someone.
 * - staff_challenges: a correct password of an account with a second factor, waiting for its code
 *   (five minutes, used once).
 * - staff_invitations: one-time links (hash of the token) that let a person set a password and
 *   become an account of the school with the role named.
 * - staff_sign_in_failures: the sign-in throttle, counted in the database so instances agree.
 * - staff_audit_log: who did what to which account, session or invitation, with the changed
 *   fields before and after (JSON), the address and the request id.
 */
export const STAFF_ROLES = ['admin', 'editor', 'teacher'] as const;
const roleCheck = sql.raw(`role in (${STAFF_ROLES.map((r) => `'${r}'`).join(', ')})`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_updated_at', 'bigint', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(200)')
    .addColumn('totp_pending_secret', 'varchar(200)')
    .addColumn('totp_enabled_at', 'bigint')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('last_sign_in_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('staff_accounts_role_check', roleCheck)
    .addCheckConstraint('staff_accounts_status_check', sql`status in (0, 1)`)
    .addUniqueConstraint('staff_accounts_mobile_unique', ['tenant_id', 'mobile'])
    .execute();
  await db.schema.createIndex('staff_accounts_role_idx').on('staff_accounts').columns(['tenant_id', 'role', 'status']).execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_sessions_account_idx').on('staff_sessions').columns(['account_id', 'revoked_at']).execute();

  await db.schema
    .createTable('staff_challenges')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_challenges_expires_idx').on('staff_challenges').column('expires_at').execute();

  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(11)')
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    // null: made by the operator's command line
    .addColumn('created_by_id', 'varchar(32)')
    .addColumn('created_by_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('account_id', 'varchar(32)')
    .addCheckConstraint('staff_invitations_role_check', roleCheck)
    .execute();
  await db.schema.createIndex('staff_invitations_tenant_idx').on('staff_invitations').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('staff_sign_in_failures')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // staff:<account id>, or name:<digest of the mobile typed> when it is nobody's; null: not tied to an account
    .addColumn('account_key', 'varchar(64)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sign_in_failures_account_idx').on('staff_sign_in_failures').columns(['tenant_id', 'account_key', 'created_at']).execute();
  await db.schema.createIndex('staff_sign_in_failures_ip_idx').on('staff_sign_in_failures').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('staff_audit_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(48)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_audit_log_time_idx').on('staff_audit_log').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('staff_audit_log_actor_idx').on('staff_audit_log').columns(['tenant_id', 'actor_id', 'created_at']).execute();
  await db.schema.createIndex('staff_audit_log_action_idx').on('staff_audit_log').columns(['tenant_id', 'action', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['staff_audit_log', 'staff_sign_in_failures', 'staff_invitations', 'staff_challenges', 'staff_sessions', 'staff_accounts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
