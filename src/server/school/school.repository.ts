import type { Insertable, Updateable } from 'kysely';
import type { CertificationOrganizationTable, UniversityInformationTable } from './school.table';
import type { DB } from '../db/database';
import { PUBLICATION } from '~/lib/status';
import { changedAny } from '../db/rows';
import { whereEqual } from '../db/clauses';

/** Information content blocks and certification organisations. Every function takes the tenant id first. */

const { PUBLISHED } = PUBLICATION;

export function listInformation(db: DB, tenantId: string, f: { informationType: number; universityIds?: string[] | undefined }) {
  let q = db
    .selectFrom('universityInformation')
    .select(['id', 'universityId', 'informationType', 'title', 'name', 'content', 'seq'])
    .where('tenantId', '=', tenantId)
    .where('informationType', '=', f.informationType)
    .where('state', '=', PUBLISHED);
  if (f.universityIds) q = q.where('universityId', 'in', f.universityIds.length ? f.universityIds : ['']);
  return q.orderBy('seq').orderBy('id').limit(500).execute();
}

export function listCertificationOrganizations(db: DB, tenantId: string) {
  return db
    .selectFrom('certificationOrganizations')
    .select(['id', 'name', 'orgType', 'certificationType', 'serviceScope', 'features', 'seq'])
    .where('tenantId', '=', tenantId)
    .where('state', '=', PUBLISHED)
    .orderBy('seq')
    .orderBy('id')
    .limit(200)
    .execute();
}

// --- The staff side: every certification organisation of the school, whatever its state ---------

export function listAllCertificationOrganizations(db: DB, tenantId: string) {
  return db.selectFrom('certificationOrganizations').selectAll().where('tenantId', '=', tenantId).orderBy('seq').orderBy('id').limit(500).execute();
}

export function findCertificationOrganization(db: DB, tenantId: string, id: string) {
  return db.selectFrom('certificationOrganizations').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

export async function insertCertificationOrganization(db: DB, row: Insertable<CertificationOrganizationTable>): Promise<void> {
  await db.insertInto('certificationOrganizations').values(row).execute();
}

export async function updateCertificationOrganization(
  db: DB,
  tenantId: string,
  id: string,
  values: Updateable<CertificationOrganizationTable>,
): Promise<boolean> {
  return changedAny(db.updateTable('certificationOrganizations').set(values).$call(whereEqual({ tenantId, id })));
}

/** Deletes an organisation and its detail blocks (informationType 2, owned by it). */
export async function deleteCertificationOrganization(db: DB, tenantId: string, id: string): Promise<boolean> {
  await db.deleteFrom('universityInformation').where('tenantId', '=', tenantId).where('informationType', '=', 2).where('universityId', '=', id).execute();
  return changedAny(db.deleteFrom('certificationOrganizations').$call(whereEqual({ tenantId, id })));
}

// --- The staff side: the information blocks of one owner and type, whatever their state --------

/** The blocks of one owner and type. */
function ownBlocks(db: DB, tenantId: string, informationType: number, universityId: string) {
  return db
    .selectFrom('universityInformation')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('informationType', '=', informationType)
    .where('universityId', '=', universityId);
}

export function listOwnBlocks(db: DB, tenantId: string, informationType: number, universityId: string) {
  return ownBlocks(db, tenantId, informationType, universityId).orderBy('seq').orderBy('id').limit(500).execute();
}

export function findOwnBlock(db: DB, tenantId: string, informationType: number, universityId: string, id: string) {
  return ownBlocks(db, tenantId, informationType, universityId).where('id', '=', id).executeTakeFirst();
}

export async function insertBlock(db: DB, row: Insertable<UniversityInformationTable>): Promise<void> {
  await db.insertInto('universityInformation').values(row).execute();
}

export async function updateBlock(db: DB, tenantId: string, id: string, values: Updateable<UniversityInformationTable>): Promise<boolean> {
  return changedAny(db.updateTable('universityInformation').set(values).$call(whereEqual({ tenantId, id })));
}

export async function deleteBlock(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(db.deleteFrom('universityInformation').$call(whereEqual({ tenantId, id })));
}
