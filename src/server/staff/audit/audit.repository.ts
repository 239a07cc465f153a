import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import { pageFrom, type PageWindow } from '../../db/paging';
import type { AuditAction, AuditTarget } from '~/lib/staff/roles';
import type { StaffAuditTable } from './audit.table';

/** All SQL of the audit log; every query takes the school's id. */

export function insertEntry(db: DB, row: Insertable<StaffAuditTable>) {
  return db.insertInto('staffAuditLog').values(row).execute();
}

export interface AuditFilter {
  actorId?: string | undefined;
  action?: AuditAction | undefined;
  targetType?: AuditTarget | undefined;
  /** Epoch ms, included. */
  from?: number | undefined;
  /** Epoch ms, excluded. */
  until?: number | undefined;
}

/** One page of a school's entries, newest first. */
export function pageEntries(db: DB, tenantId: string, filter: AuditFilter, w: PageWindow) {
  let q = db.selectFrom('staffAuditLog').where('tenantId', '=', tenantId);
  if (filter.actorId) q = q.where('actorId', '=', filter.actorId);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.targetType) q = q.where('targetType', '=', filter.targetType);
  if (filter.from !== undefined) q = q.where('createdAt', '>=', filter.from);
  if (filter.until !== undefined) q = q.where('createdAt', '<', filter.until);
  return pageFrom(w, q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc'), q);
}
