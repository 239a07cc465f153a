import type { Updateable } from 'kysely';
import type { DB } from '../db/database';
import type { SchoolTable, ServicePointTable } from './tenant.table';
import { changedAny, insertedOne } from '../db/rows';
import { whereEqual } from '../db/clauses';

/** The staff side's SQL of a school's settings: its row, its host names, its service points. Tenant id first. */

export function findSchoolForUpdate(db: DB, tenantId: string) {
  return db.selectFrom('schools').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
}

export async function updateSchool(db: DB, tenantId: string, values: Updateable<SchoolTable>): Promise<void> {
  await db.updateTable('schools').set(values).where('tenantId', '=', tenantId).execute();
}

/** The tenant's display name follows the school's name (the staff header, the school choice lists). */
export async function updateTenantName(db: DB, tenantId: string, name: string): Promise<void> {
  await db.updateTable('tenants').set({ name }).where('id', '=', tenantId).execute();
}

export function findPreDomain(db: DB, tenantId: string) {
  return db.selectFrom('tenants').select('preDomain').where('id', '=', tenantId).executeTakeFirst();
}

export function listDomains(db: DB, tenantId: string) {
  return db.selectFrom('schoolDomains').select(['id', 'domain', 'domainType']).where('tenantId', '=', tenantId).orderBy('domain').execute();
}

/** Adds a host name unless any school has it already (the unique key decides, also between two instances): whether it was added. */
export async function insertDomain(db: DB, row: { id: string; tenantId: string; domainType: string; domain: string }): Promise<boolean> {
  return insertedOne(
    db
      .insertInto('schoolDomains')
      .values(row)
      .onConflict((oc) => oc.column('domain').doNothing()),
  );
}

/** Which school has a host name (any school: the caller only says whether it is this one). */
export function findDomainOwner(db: DB, domain: string) {
  return db.selectFrom('schoolDomains').select(['tenantId']).where('domain', '=', domain).executeTakeFirst();
}

export function findDomainById(db: DB, tenantId: string, id: string) {
  return db.selectFrom('schoolDomains').select(['id', 'domain', 'domainType']).$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export async function deleteDomain(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(db.deleteFrom('schoolDomains').$call(whereEqual({ tenantId, id })));
}

export function listServicePoints(db: DB, tenantId: string) {
  return db.selectFrom('servicePoints').selectAll().where('tenantId', '=', tenantId).orderBy('seq').orderBy('id').execute();
}

export function findServicePoint(db: DB, tenantId: string, id: string) {
  return db.selectFrom('servicePoints').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export async function insertServicePoint(db: DB, row: ServicePointTable): Promise<void> {
  await db.insertInto('servicePoints').values(row).execute();
}

export async function updateServicePoint(db: DB, tenantId: string, id: string, values: Updateable<ServicePointTable>): Promise<boolean> {
  return changedAny(db.updateTable('servicePoints').set(values).$call(whereEqual({ tenantId, id })));
}

export async function deleteServicePoint(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(db.deleteFrom('servicePoints').$call(whereEqual({ tenantId, id })));
}
