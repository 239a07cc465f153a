import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import { storedFilter } from '~/lib/staff/catalog-schedule';
import { PUBLICATION } from '~/lib/status';

/**
 * The staff side's hot-major SQL: every major of the school whatever its state (the public queries
 * in content.repository.ts keep to published ones). The catalogue screens (products/) call it
 * through hot-majors.admin.service.ts. Tenant id first.
 */

export interface HotMajorAdminFilter extends PageWindow {
  keyword?: string | undefined;
  /** CATALOG_STATE: DRAFT (no time), PUBLISHED, SCHEDULED (a draft with a time). */
  state?: number | undefined;
}

export interface HotMajorWrite {
  name: string;
  seq: number;
  pic: string | null;
  industrySalary: number | null;
  employmentProspectDescribe: string | null;
  suitabilityPeopleDescribe: string | null;
  relatedCertificate: string | null;
  state: number;
  scheduledAt?: number | null;
}

/** A condition on the hot major being deleted (`m`), written by the caller that owns what it asks about. */
export type MajorGuard = (eb: ExpressionBuilder<Database, 'hotMajors'>) => Expression<SqlBool>;

const ADMIN_COLUMNS = [
  'id',
  'name',
  'seq',
  'pic',
  'industrySalary',
  'employmentProspectDescribe',
  'suitabilityPeopleDescribe',
  'relatedCertificate',
  'state',
  'scheduledAt',
] as const;

function majors(db: DB, tenantId: string, f: Pick<HotMajorAdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('hotMajors').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('name', 'like', containing(f.keyword));
  const stored = storedFilter(f.state);
  if (stored) q = q.where('state', '=', stored.published ? PUBLICATION.PUBLISHED : PUBLICATION.DRAFT);
  if (stored?.scheduled !== undefined) q = q.where('scheduledAt', stored.scheduled ? 'is not' : 'is', null);
  return q;
}

/** Ascending seq, the public list's order. */
export function pageMajors(db: DB, tenantId: string, f: HotMajorAdminFilter) {
  return pageFrom(f, majors(db, tenantId, f).select(ADMIN_COLUMNS).orderBy('seq').orderBy('id'), majors(db, tenantId, f));
}

export function findMajor(db: DB, tenantId: string, id: string) {
  return majors(db, tenantId, {}).select(ADMIN_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertMajor(db: DB, row: HotMajorWrite & { id: string; tenantId: string; createdAt: number }): Promise<void> {
  await db.insertInto('hotMajors').values(row).execute();
}

export async function updateMajor(db: DB, tenantId: string, id: string, patch: Partial<HotMajorWrite>): Promise<boolean> {
  const r = await db.updateTable('hotMajors').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the major only while `unless` does not hold, in one statement: whether it was deleted. */
export async function deleteMajorUnless(db: DB, tenantId: string, id: string, unless: MajorGuard): Promise<boolean> {
  const r = await db
    .deleteFrom('hotMajors')
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where((eb) => eb.not(unless(eb)))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Moves a major's state and publication time only while it is in `fromState` (and, with `fromAt`,
 * still scheduled for that time): scheduling, publishing at the time and cancelling. Whether it moved.
 */
export async function moveMajorSchedule(
  db: DB,
  tenantId: string,
  id: string,
  m: { fromState: number; fromAt?: number; set: { state?: number; scheduledAt: number | null } },
): Promise<boolean> {
  let q = db.updateTable('hotMajors').set(m.set).where('tenantId', '=', tenantId).where('id', '=', id).where('state', '=', m.fromState);
  if (m.fromAt !== undefined) q = q.where('scheduledAt', '=', m.fromAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The names of some majors (what a job works on). */
export function majorNames(db: DB, tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('hotMajors').select(['id', 'name']).where('tenantId', '=', tenantId).where('id', 'in', ids).execute();
}
