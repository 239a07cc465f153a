import type { DB } from '../database';
import { newId } from '../../ids';
import { DAY, DEMO_TENANT, EMPTY_TENANT, HOUR, SECOND_TENANT, type SeedTenant } from './demo-data';
import { seedEngagement } from './engagement';
import { seedProducts } from './products';
import { seedLeads } from './leads';
import { seedLogin } from './login';
import { seedCertificates } from './certificates';

/**
 * The demo school, a second tenant that proves isolation and a newly opened school with no content
 * (its pages show the empty states). Each feature adds its demo rows
 * with a seeder in FEATURE_SEEDERS (one module per feature in this folder), so one reset
 * recreates everything.
 */
export const SEED_TENANTS: readonly SeedTenant[] = [DEMO_TENANT, SECOND_TENANT, EMPTY_TENANT];

/** Seeds one feature's rows for one tenant; runs after the tenant, school and news exist. */
export type FeatureSeeder = (db: DB, tenant: SeedTenant, now: number) => Promise<void>;

const FEATURE_SEEDERS: readonly FeatureSeeder[] = [seedProducts, seedEngagement, seedLeads, seedCertificates, seedLogin];

export async function isEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  return !row;
}

async function seedTenant(db: DB, t: SeedTenant, now: number): Promise<void> {
  await db.insertInto('tenants').values({ id: t.id, preDomain: t.preDomain, name: t.name, status: 1, createdAt: now - 400 * DAY }).execute();
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

  const categoryIds = t.categories.map(() => newId(now));
  if (categoryIds.length) {
    await db
      .insertInto('newsCategories')
      .values(t.categories.map((name, i) => ({ id: categoryIds[i]!, tenantId: t.id, name, seq: i + 1, createdAt: now - 300 * DAY })))
      .execute();
  }

  if (t.hotMajors.length) {
    await db
      .insertInto('hotMajors')
      .values(
        t.hotMajors.map((m, i) => ({
          id: newId(now),
          tenantId: t.id,
          name: m.name,
          seq: i + 1,
          pic: `/images/major-${(i % 4) + 1}.svg`,
          industrySalary: m.salary,
          employmentProspectDescribe: m.prospect,
          suitabilityPeopleDescribe: m.people,
          relatedCertificate: JSON.stringify(m.certificates),
          state: 1,
          createdAt: now - 200 * DAY,
        })),
      )
      .execute();
  }

  for (const [i, n] of t.news.entries()) {
    const id = newId(now);
    const publishTime = now - n.ageHours * HOUR;
    await db
      .insertInto('news')
      .values({
        id,
        tenantId: t.id,
        title: n.title,
        cover: n.cover ?? null,
        introduction: n.introduction,
        content: n.video ?? n.body,
        contentType: n.video ? 'INFORMATION' : 'ARTICLE',
        sources: n.sources,
        publishTime,
        status: n.status ?? 1,
        seq: i + 1,
        browseCount: 100 + ((i * 137) % 900),
        createdAt: publishTime,
        updatedAt: publishTime,
      })
      .execute();
    const links = n.categories.map((c) => categoryIds[c]).filter((c): c is string => !!c);
    if (links.length) {
      await db
        .insertInto('newsCategoryLinks')
        .values(links.map((categorizeId) => ({ tenantId: t.id, newsId: id, categorizeId })))
        .execute();
    }
  }

  if (t.notices.length) {
    await db
      .insertInto('notices')
      .values(
        t.notices.map((n, i) => {
          const publishTime = now - n.ageHours * HOUR;
          return {
            id: newId(now),
            tenantId: t.id,
            title: n.title,
            content: n.body,
            writerName: n.writer,
            publishTime,
            status: n.status ?? 1,
            seq: i + 1,
            createdAt: publishTime - HOUR,
            updatedAt: publishTime,
          };
        }),
      )
      .execute();
  }

  for (const seed of FEATURE_SEEDERS) await seed(db, t, now);
}

/** Seeds the demo tenants when the database has no tenant yet. Returns whether it seeded. */
export async function seedIfEmpty(db: DB, now = Date.now()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  try {
    await db.transaction().execute(async (trx) => {
      for (const t of SEED_TENANTS) await seedTenant(trx, t, now);
    });
    return true;
  } catch (error) {
    // Another instance seeding the same empty database at the same moment wins; that is fine.
    if (!(await isEmpty(db))) return false;
    throw error;
  }
}

/** Deletes the demo tenants (their rows cascade) and seeds them again. */
export async function resetDemo(db: DB, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tenants').where('id', 'in', SEED_TENANTS.map((t) => t.id)).execute();
    for (const t of SEED_TENANTS) await seedTenant(trx, t, now);
  });
}
