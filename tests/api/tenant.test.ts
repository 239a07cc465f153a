import { describe, expect, test } from 'vitest';
import { PATH, expectOk, expectRefused } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const UNKNOWN_TENANT = '1000000000000000009';

function expectPublic(answer: { headers: Headers }) {
  expect(answer.headers.get('cache-control')).toMatch(/\bpublic\b.*\bs-maxage=\d+/);
  const vary = (answer.headers.get('vary') ?? '').toLowerCase();
  for (const h of ['host', 'tenantid', 'schoolid']) expect(vary, 'Vary').toContain(h);
}

describe('university/info/getInfoByTenantId', () => {
  test('gives the school of the TenantId header', async () => {
    const answer = await server().get(PATH.schoolInfo);
    const info = expectOk(answer);
    expect(info).toMatchObject({
      tenantId: DEMO.id,
      universityName: DEMO.seed.school.universityName,
      projectName: DEMO.seed.school.projectName,
      universityId: DEMO.seed.school.universityId,
      logo: DEMO.seed.school.logo,
      latitude: DEMO.seed.school.latitude,
      longitude: DEMO.seed.school.longitude,
      browseCount: DEMO.seed.school.browseCount,
    });
    expect(info.browseCount).toBeTypeOf('number');
    expectPublic(answer);
  });

  test('the tenantId query names the school', async () => {
    const info = expectOk(await server().get(PATH.schoolInfo, { tenantId: HUAXIA.id }, { tenant: null }));
    expect(info.universityName).toBe(HUAXIA.seed.school.universityName);
  });

  test('an unknown tenant is the tenant-not-found code', async () => {
    expectRefused(await server().get(PATH.schoolInfo, { tenantId: UNKNOWN_TENANT }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
    expectRefused(await server().get(PATH.schoolInfo, {}, { tenant: UNKNOWN_TENANT }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('buSchool/getDetailByTenantId', () => {
  test('gives the school with service points, enrolment districts and institution', async () => {
    const detail = expectOk(await server().get(PATH.businessSchool, { tenantId: DEMO.id }));
    expect(detail.universityName).toBe(DEMO.seed.school.universityName);
    expect(detail.buSchoolServicePointList.map((p: any) => p.name)).toEqual(DEMO.seed.servicePoints.map((p) => p.name));
    expect(detail.buSchoolServicePointList[0]).toMatchObject({ type: 'TEACHING', startTime: '08:30:00', latitude: 32.0196 });
    expect(detail.buSchoolEnrollDistrictList).toEqual(['南京市', '苏州市', '无锡市', '常州市'].map((enrollDistrictScope) => ({ enrollDistrictScope })));
    expect(detail.educationalInstitution).toEqual(DEMO.seed.school.educationalInstitution);
  });

  test('the second tenant gets its own', async () => {
    const detail = expectOk(await server().get(PATH.businessSchool, {}, { tenant: HUAXIA.id }));
    expect(detail.buSchoolServicePointList.map((p: any) => p.name)).toEqual(['海淀教学点']);
  });
});

describe('buSchool/getDomainByDomainType', () => {
  test('gives the domain of a type, whatever its case', async () => {
    const answer = await server().get(PATH.domainByType, { domainType: 'PC' });
    expect(expectOk(answer)).toBe('demo.localhost');
    expectPublic(answer);
    expect(expectOk(await server().get(PATH.domainByType, { domainType: 'pc' }))).toBe('demo.localhost');
    expect(expectOk(await server().get(PATH.domainByType, { domainType: 'ONLINE_SCHOOL' }))).toBe('school.example.com');
    expect(expectOk(await server().get(PATH.domainByType, { domainType: 'PC' }, { tenant: HUAXIA.id }))).toBe('huaxia.localhost');
  });

  test('the seeded H5 domain type can be asked for', async () => {
    expect(expectOk(await server().get(PATH.domainByType, { domainType: 'H5' }))).toBe('m.demo.localhost');
  });

  test('a type the school does not have is not found', async () => {
    expectRefused(await server().get(PATH.domainByType, { domainType: 'APP' }), ErrorCode.NOT_FOUND, t('common.noData'));
    expectRefused(await server().get(PATH.domainByType, { domainType: 'ONLINE_SCHOOL' }, { tenant: HUAXIA.id }), ErrorCode.NOT_FOUND, t('common.noData'));
  });
});

describe('defTenant/getTenantByPreDomain', () => {
  test('gives the tenant of a pre-domain, without any tenant header', async () => {
    const answer = await server().get(PATH.tenantByPreDomain, { predomain: 'huaxia' }, { tenant: null });
    expect(expectOk(answer)).toEqual({ id: HUAXIA.id, name: HUAXIA.seed.name, preDomain: 'huaxia', status: 1 });
    expect(expectOk(await server().get(PATH.tenantByPreDomain, { predomain: ' DEMO ' }, { tenant: null })).id).toBe(DEMO.id);
  });

  test('an unknown pre-domain is the tenant-not-found code', async () => {
    expectRefused(
      await server().get(PATH.tenantByPreDomain, { predomain: 'nosuchschool' }, { tenant: null }),
      ErrorCode.TENANT_NOT_FOUND,
      t('tenant.notFound'),
    );
  });
});
