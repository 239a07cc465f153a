import type { DB } from '~/server/db/database';
import { DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';

import type { FeatureSeeder } from './seeder';

/** How long before the seed's moment the demo schools were opened. */
export const SCHOOL_AGE_DAYS = 400;

/** The tenant itself, its school profile, its domains and its service points (tenant domain tables). */
export const seedTenant: FeatureSeeder = async (db: DB, t, now) => {
  await db
    .insertInto('tenants')
    .values({ id: t.id, preDomain: t.preDomain, name: t.name, status: 1, createdAt: now - SCHOOL_AGE_DAYS * DAY })
    .execute();
  const { educationalInstitution, ...school } = t.school;
  await db
    .insertInto('schools')
    .values({ tenantId: t.id, ...school, educationalInstitution: JSON.stringify(educationalInstitution), updatedAt: now })
    .execute();
  await db
    .insertInto('schoolDomains')
    .values(t.domains.map((d) => ({ id: newId(now), tenantId: t.id, ...d })))
    .execute();
  if (t.servicePoints.length) {
    await db
      .insertInto('servicePoints')
      .values(t.servicePoints.map((sp, i) => ({ id: newId(now), tenantId: t.id, url: null, seq: i + 1, ...sp })))
      .execute();
  }
};
