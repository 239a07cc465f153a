import type { DB } from '../db/database';

/** Tenant look-ups: these find the tenant itself, so they are the only queries without a tenant id. */
export function findTenantByPreDomain(db: DB, preDomain: string) {
  return db.selectFrom('tenants').selectAll().where('preDomain', '=', preDomain).where('status', '=', 1).executeTakeFirst();
}

export function findTenantById(db: DB, id: string) {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst();
}

export function findTenantByCustomDomain(db: DB, domain: string) {
  return db
    .selectFrom('schoolDomains')
    .innerJoin('tenants', 'tenants.id', 'schoolDomains.tenantId')
    .selectAll('tenants')
    .where('schoolDomains.domain', '=', domain)
    .where('tenants.status', '=', 1)
    .executeTakeFirst();
}

export function findSchool(db: DB, tenantId: string) {
  return db.selectFrom('schools').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
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
