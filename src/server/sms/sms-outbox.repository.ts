import type { DB } from '../db/database';
import { changedOne, insertedRows } from '../db/rows';
import { whereEqual } from '../db/clauses';
import { OutboxStatus, type SmsOutboxTable, type SmsSettingsTable } from './sms.table';

/**
 * The SQL of a school's SMS settings, its notification SMS (the outbox) and their daily budget.
 * Every statement is the school's own (tenant id first).
 */

/** Rows of one insert: well under SQLite's and PostgreSQL's limits of bound values. */
const INSERT_CHUNK = 200;

export function findSettings(db: DB, tenantId: string) {
  return db.selectFrom('smsSettings').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
}

export async function saveSettings(db: DB, row: SmsSettingsTable): Promise<void> {
  const { tenantId, ...fields } = row;
  await db
    .insertInto('smsSettings')
    .values(row)
    .onConflict((oc) => oc.column('tenantId').doUpdateSet(fields))
    .execute();
}

/** Queues the rows; a student already sent this event's SMS keeps their row (once per recipient). Answers the rows written. */
export async function insertOutbox(db: DB, rows: readonly SmsOutboxTable[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const r = await db
      .insertInto('smsOutbox')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(['tenantId', 'sourceKey', 'userId']).doNothing())
      .executeTakeFirst();
    written += insertedRows(r);
  }
  return written;
}

/** The batch's SMS still to send: queued, or failed before (a retry), oldest first. */
export function pendingOfBatch(db: DB, tenantId: string, batch: string) {
  return db
    .selectFrom('smsOutbox')
    .selectAll()
    .$call(whereEqual({ tenantId, batch }))
    .where('status', 'in', [OutboxStatus.QUEUED, OutboxStatus.FAILED])
    .orderBy('id')
    .execute();
}

/** Ends one SMS in a state, only while it is still to send (a run that lost its job's lease changes nothing twice). */
export function settle(db: DB, tenantId: string, id: string, to: { status: number; lastError: string | null; sentAt: number | null; tried: boolean }) {
  return changedOne(
    db
      .updateTable('smsOutbox')
      .set((eb) => ({ status: to.status, lastError: to.lastError, sentAt: to.sentAt, tries: to.tried ? eb('tries', '+', 1) : eb.ref('tries') }))
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', [OutboxStatus.QUEUED, OutboxStatus.FAILED]),
  );
}

/** The school's last notification SMS, newest first. */
export function recentOutbox(db: DB, tenantId: string, limit: number) {
  return db.selectFrom('smsOutbox').selectAll().where('tenantId', '=', tenantId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Takes one SMS of the school's budget for the day: true while fewer than `budget` were taken.
 * The day's row is made first (nothing on a conflict), then one conditional update takes the slot,
 * so instances taking at once never pass the budget together.
 */
export async function takeBudget(db: DB, tenantId: string, day: string, budget: number): Promise<boolean> {
  if (budget <= 0) return false;
  await db
    .insertInto('smsBudgetDays')
    .values({ tenantId, day, used: 0 })
    .onConflict((oc) => oc.columns(['tenantId', 'day']).doNothing())
    .execute();
  return changedOne(
    db
      .updateTable('smsBudgetDays')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('tenantId', '=', tenantId)
      .where('day', '=', day)
      .where('used', '<', budget),
  );
}

/** Gives back a slot a send that failed took. */
export async function giveBackBudget(db: DB, tenantId: string, day: string): Promise<void> {
  await db
    .updateTable('smsBudgetDays')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('tenantId', '=', tenantId)
    .where('day', '=', day)
    .where('used', '>', 0)
    .execute();
}

export async function usedOnDay(db: DB, tenantId: string, day: string): Promise<number> {
  const row = await db.selectFrom('smsBudgetDays').select('used').where('tenantId', '=', tenantId).where('day', '=', day).executeTakeFirst();
  return row?.used ?? 0;
}

/** Each batch's label (the jobs screen). */
export function labelsOf(db: DB, tenantId: string, batches: string[]) {
  if (batches.length === 0) return Promise.resolve([]);
  return db.selectFrom('smsOutbox').select(['batch', 'label']).distinct().where('tenantId', '=', tenantId).where('batch', 'in', batches).execute();
}
