import type { Insertable } from 'kysely';
import type { DB } from '../db/database';
import type { StoredFileTable } from './files.table';

/** All SQL of stored files; every query takes the school's id. */

export function insertFile(db: DB, row: Insertable<StoredFileTable>) {
  return db.insertInto('storedFiles').values(row).execute();
}

export function findByKey(db: DB, tenantId: string, key: string) {
  return db.selectFrom('storedFiles').selectAll().where('tenantId', '=', tenantId).where('key', '=', key).executeTakeFirst();
}

export function deleteByKey(db: DB, tenantId: string, key: string) {
  return db.deleteFrom('storedFiles').where('tenantId', '=', tenantId).where('key', '=', key).execute();
}

/** The bytes the school's stored files take. */
export async function storedBytes(db: DB, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('storedFiles')
    .where('tenantId', '=', tenantId)
    .select((eb) => eb.fn.sum<number>('size').as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}
