import type { DB } from '../db/database';
import { PUBLICATION } from '~/lib/status';

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
