import type { DB } from '../db/database';
import { ACCOUNT_STATUS } from '~/lib/status';

/** Tenant look-ups: these find the tenant itself, so they are the only queries without a tenant id. */
export function findTenantByPreDomain(db: DB, preDomain: string) {
  return db.selectFrom('tenants').selectAll().where('preDomain', '=', preDomain).where('status', '=', ACCOUNT_STATUS.ACTIVE).executeTakeFirst();
}

/** Whether the portal has any school at all (a fresh production database has none). */
export async function anyTenant(db: DB): Promise<boolean> {
  return Boolean(await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst());
}

export function findTenantById(db: DB, id: string) {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).where('status', '=', ACCOUNT_STATUS.ACTIVE).executeTakeFirst();
}

export function findTenantByCustomDomain(db: DB, domain: string) {
  return db
    .selectFrom('schoolDomains')
    .innerJoin('tenants', 'tenants.id', 'schoolDomains.tenantId')
    .selectAll('tenants')
    .where('schoolDomains.domain', '=', domain)
    .where('tenants.status', '=', ACCOUNT_STATUS.ACTIVE)
    .executeTakeFirst();
}

export function findSchool(db: DB, tenantId: string) {
  return db.selectFrom('schools').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
}

export async function findSchoolBrowseCount(db: DB, tenantId: string): Promise<number | null> {
  const row = await db.selectFrom('schools').select('browseCount').where('tenantId', '=', tenantId).executeTakeFirst();
  return row ? Number(row.browseCount) : null;
}

/** Adds one to the school's browse count (one statement, so concurrent visits all count). */
export function incrementSchoolBrowseCount(db: DB, tenantId: string) {
  return db
    .updateTable('schools')
    .set((eb) => ({ browseCount: eb('browseCount', '+', 1) }))
    .where('tenantId', '=', tenantId)
    .execute();
}

export function listServicePoints(db: DB, tenantId: string) {
  return db.selectFrom('servicePoints').selectAll().where('tenantId', '=', tenantId).orderBy('seq').orderBy('id').execute();
}

export function findDomain(db: DB, tenantId: string, domainType: string) {
  return db
    .selectFrom('schoolDomains')
    .select(['domain', 'domainType'])
    .where('tenantId', '=', tenantId)
    .where('domainType', '=', domainType)
    .executeTakeFirst();
}

/** Inserts a new school: its tenant row, an empty profile and its own domains (in one transaction). */
export async function insertSchool(
  db: DB,
  row: { id: string; universityId: string; preDomain: string; name: string; domains: readonly { id: string; domain: string }[]; now: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tenants')
      .values({ id: row.id, preDomain: row.preDomain, name: row.name, status: ACCOUNT_STATUS.ACTIVE, createdAt: row.now })
      .execute();
    await trx
      .insertInto('schools')
      .values({
        tenantId: row.id,
        projectName: row.name,
        universityName: row.name,
        universityId: row.universityId,
        logo: null,
        address: null,
        latitude: null,
        longitude: null,
        contactMobile: null,
        website: null,
        crowd: null,
        schoolType: null,
        schoolTypeName: null,
        schoolParentType: null,
        serviceAttribute: null,
        certificateAttribute: null,
        institutionProperty: null,
        institutionGrade: null,
        trainingMode: null,
        trainingInstitutionsName: row.name,
        certificationOrganizationTypeName: null,
        browseCount: 0,
        enrollDistrictScope: null,
        educationalInstitution: null,
        updatedAt: row.now,
      })
      .execute();
    if (row.domains.length) {
      await trx
        .insertInto('schoolDomains')
        .values(row.domains.map((d) => ({ id: d.id, tenantId: row.id, domainType: 'PC', domain: d.domain })))
        .execute();
    }
  });
}

/** Whether a pre-domain or one of some domains is taken already (by any school, open or closed). */
export async function findTakenAddresses(db: DB, preDomain: string, domains: readonly string[]): Promise<string[]> {
  const taken: string[] = [];
  if (await db.selectFrom('tenants').select('id').where('preDomain', '=', preDomain).executeTakeFirst()) taken.push(preDomain);
  if (domains.length) {
    const rows = await db.selectFrom('schoolDomains').select('domain').where('domain', 'in', domains).execute();
    taken.push(...rows.map((r) => r.domain));
  }
  return taken;
}
