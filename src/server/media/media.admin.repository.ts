import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../db/database';
import { containing, pageFrom, type PageWindow } from '../db/paging';
import type { MaterialPosterTable } from './media.table';

/** The staff side's banner SQL: every banner of the school, shown or not. Tenant id first. */

export interface AdminFilter extends PageWindow {
  keyword?: string | undefined;
  state?: number | undefined;
}

const BANNER_COLUMNS = ['id', 'name', 'pic', 'url', 'seq', 'enabled'] as const;

function posters(db: DB, tenantId: string, f: Pick<AdminFilter, 'keyword' | 'state'>) {
  let q = db.selectFrom('materialPosters').where('tenantId', '=', tenantId);
  if (f.keyword) q = q.where('name', 'like', containing(f.keyword));
  if (f.state !== undefined) q = q.where('enabled', '=', f.state);
  return q;
}

/** Ascending seq, the home carousel's order. */
export function pageBanners(db: DB, tenantId: string, f: AdminFilter) {
  return pageFrom(f, posters(db, tenantId, f).select(BANNER_COLUMNS).orderBy('seq').orderBy('id'), posters(db, tenantId, f));
}

export function findBanner(db: DB, tenantId: string, id: string) {
  return posters(db, tenantId, {}).select(BANNER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertBanner(db: DB, row: Insertable<MaterialPosterTable>): Promise<void> {
  await db.insertInto('materialPosters').values(row).execute();
}

export async function updateBanner(db: DB, tenantId: string, id: string, patch: Updateable<MaterialPosterTable>): Promise<boolean> {
  const r = await db.updateTable('materialPosters').set(patch).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteBanner(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('materialPosters').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
