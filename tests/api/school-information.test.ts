import { describe, expect, test } from 'vitest';
import { PATH as CORE, expectOk, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { loginAs, withToken } from '../setup/users';
import { DEMO_PRODUCT_SEED, HUAXIA_PRODUCT_SEED } from '~/dev/seed/products-data';
import { urlOf } from '~/lib/api/contract';
import * as school from '~/lib/api/contracts/school';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

const PATH = {
  information: urlOf(school.informationQuery),
  organizations: urlOf(school.certificationOrganizations),
} as const;

const DEMO_UNIVERSITY = DEMO.seed.school.universityId;
const published = <T extends { state?: number }>(list: T[]) => list.filter((b) => (b.state ?? 1) === 1);
const LEVELS: Record<string, string> = {
  INTERNATIONAL: '国际级',
  COUNTRY: '国家级',
  COMPANY: '企业级',
  INDUSTRY: '行业级',
  PROVINCE: '省级',
  CITY: '市级',
};

describe('universityInformation/query', () => {
  test('type 0: project background, value and features, in seq order, without drafts', async () => {
    const answer = await server().post(PATH.information, { informationType: 0, universityId: DEMO_UNIVERSITY });
    const blocks = expectOk(answer);
    const seed = published(DEMO_PRODUCT_SEED.projectBlocks);
    expect(blocks.map((b: any) => b.name)).toEqual(['项目背景', '项目价值', '项目特色']);
    expect(blocks.map((b: any) => b.title)).toEqual(seed.map((b) => b.title));
    for (const b of blocks) {
      expect(Object.keys(b).sort()).toEqual(['content', 'id', 'name', 'title']);
      expect(b.id).toMatch(/^\d+$/);
      expect(b.content).toMatch(/^<(p|ul)>/);
    }
    expect(JSON.stringify(blocks)).not.toContain('草稿');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('type 1: institution intro, faculty and services; informationType may be text', async () => {
    const blocks = expectOk(await server().post(PATH.information, { informationType: '1', universityId: DEMO_UNIVERSITY }));
    expect(blocks.map((b: any) => b.name)).toEqual(['机构简介', '师资力量', '教学服务']);
  });

  test('type 2: the blocks of one certification organisation', async () => {
    const orgs = expectOk(await server().get(PATH.organizations));
    const first = orgs[0];
    const blocks = expectOk(await server().post(PATH.information, { informationType: 2, universityId: first.id }));
    expect(blocks.map((b: any) => b.name)).toEqual(['服务范围', '服务成果']);
    expect(blocks).toEqual(first.informationList);
  });

  test('without universityId: every block of the type of the tenant', async () => {
    const blocks = expectOk(await server().post(PATH.information, { informationType: 2 }));
    const seeded = DEMO_PRODUCT_SEED.organizations.reduce((n, o) => n + published(o.blocks).length, 0);
    expect(blocks).toHaveLength(seeded);
  });

  test('the token is optional: a visitor, a logged-in user and even a stale token get the same blocks', async () => {
    const visitor = expectOk(await server().post(PATH.information, { informationType: 0 }));
    const user = await loginAs(server(), DEMO.id);
    expect(expectOk(await server().post(PATH.information, { informationType: 0 }, withToken(user.token)))).toEqual(visitor);
    expect(expectOk(await server().post(PATH.information, { informationType: 0 }, withToken('stale-token')))).toEqual(visitor);
  });

  test('stored hostile markup is sanitised', async () => {
    const db = server().runtime.db;
    const row = await db
      .selectFrom('universityInformation')
      .select(['id', 'content'])
      .where('tenantId', '=', DEMO.id)
      .where('informationType', '=', 1)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    try {
      await db
        .updateTable('universityInformation')
        .set({
          content: '<p onclick="x()">简介</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a><iframe src="https://evil.example"></iframe>',
        })
        .where('id', '=', row.id)
        .execute();
      const blocks = expectOk(await server().post(PATH.information, { informationType: 1 }));
      const block = blocks.find((b: any) => b.id === row.id);
      expect(block.content).toContain('<p>简介</p>');
      expect(block.content).not.toMatch(/onclick|<script|javascript:|<iframe/i);
    } finally {
      await db.updateTable('universityInformation').set({ content: row.content }).where('id', '=', row.id).execute();
    }
  });

  test('bad input is refused with a clear message', async () => {
    for (const [body, message] of [
      [{}, invalidField('informationType', t('school.badInformationType'))],
      [{ informationType: 3 }, invalidField('informationType', t('school.badInformationType'))],
      [{ informationType: -1 }, invalidField('informationType', t('school.badInformationType'))],
      [{ informationType: 'x' }, invalidField('informationType', t('school.badInformationType'))],
      [{ informationType: 0, universityId: 'no way' }, invalidField('universityId', t('validation.badFormat'))],
    ] as const) {
      expectRefused(await server().post(PATH.information, body), ErrorCode.BAD_REQUEST, message);
    }
    const answer = await server().post(PATH.information, { informationType: 7 });
    expect(answer.body.message).toContain('informationType 只能是 0、1 或 2');
    expectRefused(await server().post(PATH.information, '[1,'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
  });

  test("tenant isolation: another tenant's owner ids find nothing, in both directions", async () => {
    const huaxiaUniversity = HUAXIA.seed.school.universityId;
    expect(expectOk(await server().post(PATH.information, { informationType: 0, universityId: huaxiaUniversity }))).toEqual([]);
    expect(expectOk(await server().post(PATH.information, { informationType: 0, universityId: DEMO_UNIVERSITY }, { tenant: HUAXIA.id }))).toEqual([]);
    const own = expectOk(await server().post(PATH.information, { informationType: 0 }, { tenant: HUAXIA.id }));
    expect(own.map((b: any) => b.title)).toEqual(HUAXIA_PRODUCT_SEED.projectBlocks.map((b) => b.title));
    const demoAll = [0, 1, 2].map(async (informationType) => expectOk(await server().post(PATH.information, { informationType })));
    for (const blocks of await Promise.all(demoAll)) for (const b of blocks) expect(JSON.stringify(b)).not.toContain('华夏');
    const huaxiaOrg = expectOk(await server().get(PATH.organizations, {}, { tenant: HUAXIA.id }))[0];
    expect(expectOk(await server().post(PATH.information, { informationType: 2, universityId: huaxiaOrg.id }))).toEqual([]);
  });
});

describe('certificationOrganization/list', () => {
  test('lists the organisations with type, level label, scope, features and detail blocks', async () => {
    const answer = await server().get(PATH.organizations);
    const orgs = expectOk(answer);
    expect(orgs.map((o: any) => o.name)).toEqual(DEMO_PRODUCT_SEED.organizations.map((o) => o.name));
    for (const [i, o] of orgs.entries()) {
      const seed = DEMO_PRODUCT_SEED.organizations[i]!;
      expect(o).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        orgType: seed.orgType,
        certificationType: seed.certificationType,
        certificationTypeName: LEVELS[seed.certificationType],
        serviceScope: seed.serviceScope,
        features: seed.features,
      });
      expect(o.informationList.map((b: any) => b.title)).toEqual(seed.blocks.map((b) => b.title));
    }
    expect(orgs.map((o: any) => o.orgTypeName)).toEqual(['认证机构', '认证机构', '评价机构']);
    expect(orgs.map((o: any) => o.certificationTypeName)).toEqual(['国家级', '省级', '行业级']);
    expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=30/);
  });

  test('every level code has its label; unknown codes show none', async () => {
    const db = server().runtime.db;
    const org = await db
      .selectFrom('certificationOrganizations')
      .select(['id', 'certificationType'])
      .where('tenantId', '=', DEMO.id)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    try {
      for (const [code, label] of Object.entries({ ...LEVELS, SOMETHING: '' })) {
        await db.updateTable('certificationOrganizations').set({ certificationType: code }).where('id', '=', org.id).execute();
        const first = expectOk(await server().get(PATH.organizations))[0];
        expect(first.certificationTypeName, code).toBe(label);
      }
    } finally {
      await db.updateTable('certificationOrganizations').set({ certificationType: org.certificationType }).where('id', '=', org.id).execute();
    }
  });

  test('getDetailByTenantId carries the same certificationOrganizationList', async () => {
    const detail = expectOk(await server().get(CORE.businessSchool));
    expect(detail.certificationOrganizationList).toEqual(expectOk(await server().get(PATH.organizations)));
    const huaxia = expectOk(await server().get(CORE.businessSchool, { tenantId: HUAXIA.id }));
    expect(huaxia.certificationOrganizationList.map((o: any) => o.name)).toEqual(['华夏低空经济认证中心']);
    expect(huaxia.certificationOrganizationList[0].certificationTypeName).toBe('市级');
  });

  test('tenant isolation: each tenant sees only its own organisations', async () => {
    const demo = expectOk(await server().get(PATH.organizations));
    const huaxia = expectOk(await server().get(PATH.organizations, { tenantId: HUAXIA.id }, { tenant: null }));
    expect(huaxia.map((o: any) => o.name)).toEqual(HUAXIA_PRODUCT_SEED.organizations.map((o) => o.name));
    const ids = new Set(demo.map((o: any) => o.id));
    for (const o of huaxia) expect(ids.has(o.id)).toBe(false);
    expect(JSON.stringify(demo)).not.toContain('华夏');
  });

  test('bad or unknown tenant ids are refused', async () => {
    expectRefused(await server().get(PATH.organizations, { tenantId: 'bad id' }), ErrorCode.BAD_REQUEST, invalidField('tenantId', t('validation.badFormat')));
    expectRefused(await server().get(PATH.organizations, { tenantId: '1999999999999999999' }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});
