import type { DB } from '~/server/db/database';
import { DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';

import type { FeatureSeeder } from './seeder';
import { PRODUCT_SEEDS, type SeedBlock } from './products-data';

/**
 * Products with operation categories, hot-major products and common questions, information
 * blocks (types 0-2) and certification organisations for one seeded tenant.
 */
export const seedProducts: FeatureSeeder = async (db: DB, tenant, now) => {
  const set = PRODUCT_SEEDS[tenant.id];
  if (!set) return;
  const created = now - 120 * DAY;

  const productIds = new Map<string, string>();
  for (const [i, sp] of set.products.entries()) {
    const id = newId(now);
    productIds.set(sp.key, id);
    await db
      .insertInto('products')
      .values({
        id,
        tenantId: tenant.id,
        name: sp.name,
        pic: sp.pic,
        picTag: sp.picTag,
        thumbs: sp.thumbs,
        onlineClassPeriodTypeList: JSON.stringify(sp.periods),
        certificationOrg: sp.certificationOrg,
        issuingAuthorityName: sp.issuingAuthorityName,
        certificateTypeCode: sp.certificateType?.code ?? null,
        certificateTypeDesc: sp.certificateType?.desc ?? null,
        certificateVerificationType: sp.verification,
        certificateBenefits: sp.benefits,
        schoolName: set.schoolName,
        trainingInstitutionsName: set.institutionName,
        defStandPrice: sp.stand,
        defCouponPrice: sp.coupon,
        subsidyPrice: sp.subsidy,
        tenantChildType: sp.childType,
        seq: i + 1,
        state: sp.state ?? 1,
        createdAt: created + i * 1000,
        updatedAt: created + i * 1000,
      })
      .execute();
  }
  const productId = (key: string) => {
    const id = productIds.get(key);
    if (!id) throw new Error(`seed: no product ${key}`);
    return id;
  };

  for (const [i, c] of set.categories.entries()) {
    const id = newId(now);
    await db
      .insertInto('productOperationCategories')
      .values({ id, tenantId: tenant.id, name: c.name, isVariety: c.isVariety, state: c.state ?? 1, seq: i + 1, createdAt: created })
      .execute();
    if (c.products.length) {
      await db
        .insertInto('productOperationRelations')
        .values(
          c.products.map(([key, seq, state]) => ({
            id: newId(now),
            tenantId: tenant.id,
            bizId: id,
            bizType: 'CATEGORY',
            productId: productId(key),
            seq,
            state: state ?? 1,
            createdAt: created,
          })),
        )
        .execute();
    }
  }

  const majors = await db.selectFrom('hotMajors').select(['id', 'name']).where('tenantId', '=', tenant.id).execute();
  const majorId = new Map(majors.map((m) => [m.name, m.id]));
  for (const link of set.majors) {
    const id = majorId.get(link.major);
    if (!id) throw new Error(`seed: no hot major ${link.major}`);
    if (link.products.length) {
      await db
        .insertInto('hotMajorProducts')
        .values(link.products.map((key, i) => ({ tenantId: tenant.id, majorId: id, productId: productId(key), seq: i + 1 })))
        .execute();
    }
    if (link.questions.length) {
      await db
        .insertInto('commonQuestions')
        .values(
          link.questions.map((q, i) => ({
            id: newId(now),
            tenantId: tenant.id,
            majorId: id,
            name: q.name,
            answer: q.answer,
            seq: q.seq,
            state: 1,
            createdAt: created + i * 1000,
          })),
        )
        .execute();
    }
  }

  const school = await db.selectFrom('schools').select('universityId').where('tenantId', '=', tenant.id).executeTakeFirst();
  const universityId = school?.universityId ?? tenant.id;
  const blocks = (owner: string, informationType: number, list: SeedBlock[]) =>
    list.map((b, i) => ({
      id: newId(now),
      tenantId: tenant.id,
      universityId: owner,
      informationType,
      title: b.title,
      name: b.name,
      content: b.content,
      seq: i + 1,
      state: b.state ?? 1,
      createdAt: created,
    }));
  const rows = [...blocks(universityId, 0, set.projectBlocks), ...blocks(universityId, 1, set.institutionBlocks)];

  for (const [i, o] of set.organizations.entries()) {
    const id = newId(now);
    await db
      .insertInto('certificationOrganizations')
      .values({
        id,
        tenantId: tenant.id,
        name: o.name,
        orgType: o.orgType,
        certificationType: o.certificationType,
        serviceScope: o.serviceScope,
        features: o.features,
        seq: i + 1,
        state: o.state ?? 1,
        createdAt: created,
      })
      .execute();
    rows.push(...blocks(id, 2, o.blocks));
  }
  if (rows.length) await db.insertInto('universityInformation').values(rows).execute();
};
