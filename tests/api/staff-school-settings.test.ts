import { describe, expect, test } from 'vitest';
import * as school from '~/lib/api/contracts/admin-school';
import type { SchoolSettingsInput } from '~/lib/api/contracts/admin-school';
import * as tenantApi from '~/lib/api/contracts/tenant';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { createSchool, resolveTenant, type SchoolBranding } from '~/server/tenant/tenant.service';
import { portalLinks } from '~/server/school/links';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { PNG_1PX, pngOf, uploadForm } from '../setup/files';
import { expectRefused } from '../setup/api';
import * as staff from '~/lib/api/contracts/staff';
import { asStaff, auditOfSchool, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { contrastWithWhite, ratioText } from '~/lib/school/settings';
import { testScope } from '../setup/scope';

/**
 * A school's settings on the staff side: the profile and branding the public pages draw, its host
 * names (unique across every school), service points, certification organisations and agreement
 * texts. Each call: the change, the refusal of bad input in words with nothing changed, another
 * school's ids not found, and the audit entry. Each test opens a school of its own.
 */

const server = useTestServer();
let counter = 0;
/** The clock a second on: entries of one test in the order they were made (one millisecond has no order). */
const step = () => server().clock.advance(1000);

interface Admin {
  tenantId: string;
  session: TestStaffSession;
}

/** A new school with an administrator signed in. */
async function newSchool(name = '测试学校'): Promise<Admin> {
  counter += 1;
  const made = await createSchool(server().runtime.db, { preDomain: `set${process.pid % 10000}x${counter}`, name: `${name}${counter}` }, server().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const account = await makeStaff(server(), made.tenant.id, STAFF_ROLE.admin);
  return { tenantId: made.tenant.id, session: await sessionOf(server(), account) };
}

const as = (a: Admin, params?: Record<string, string>) => ({ ...asStaff(a.session, a.tenantId), ...(params ? { params } : {}) });

async function settingsOf(a: Admin): Promise<school.SchoolSettings> {
  const answer = await server().call(school.schoolSettings, {}, as(a));
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data;
}

function inputOf(s: school.SchoolSettings): SchoolSettingsInput {
  const { preDomainHost: _p, updatedAt: _u, ...input } = s;
  return input;
}

/** The links the school's pages show, from its branding and the test server's configuration (which sets no operator's links). */
const linksOf = (branding: SchoolBranding, tenantId: string) => portalLinks(server().runtime.config, branding, tenantId);

/** The page layout's view of the school, through the instance's look-up (as every page reads it). */
async function pageSchool(tenantId: string) {
  const { getSchoolPage } = await import('~/server/tenant/tenant.service');
  const scope = testScope(server().runtime, 'settings-test', tenantId);
  return server().runtime.lookups.schools.get(tenantId, () => getSchoolPage(scope));
}

describe('profile and branding', () => {
  test('an administrator reads and saves the settings; the page layout shows them at once; the change is audited', async () => {
    const a = await newSchool();
    const before = await settingsOf(a);
    expect(before.preDomainHost).toMatch(/^set\d+x\d+\.localhost$/);
    expect((await pageSchool(a.tenantId)).info.universityName).toBe(before.universityName);
    server().clock.advance(1000);
    const answer = await server().call(
      school.saveSchoolSettings,
      {
        ...inputOf(before),
        universityName: '  新名字职业学院 ',
        shortName: '新职院',
        brandColor: '#0B6E4F',
        email: 'office@example.edu.cn',
        contactMobile: '0571-8888 6666',
        icpNumber: '浙ICP备12345678号',
        longitude: '120.15',
        latitude: '30.28',
        institution: { ...before.institution, features: '小班教学\n理实一体' },
      },
      as(a),
    );
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.data).toMatchObject({ universityName: '新名字职业学院', brandColor: '#0b6e4f', shortName: '新职院', longitude: '120.15' });
    // Published at once: the instance's look-up was forgotten, so the next page reads the new values.
    const page = await pageSchool(a.tenantId);
    expect(page.info.universityName).toBe('新名字职业学院');
    expect(page.branding).toMatchObject({ brandColor: '#0b6e4f', shortName: '新职院', icpNumber: '浙ICP备12345678号', email: 'office@example.edu.cn' });
    const info = await server().call(tenantApi.schoolInfo, {}, { tenant: a.tenantId });
    expect(info.body.data.universityName).toBe('新名字职业学院');
    // The API's school info keeps its own fields only.
    expect(info.body.data).not.toHaveProperty('brandColor');
    const entries = (await auditOfSchool(server(), a.tenantId)).filter((e) => e.action === 'school.update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: 'school', targetId: a.tenantId });
    expect(JSON.parse(entries[0]!.beforeJson!)).toMatchObject({ universityName: before.universityName, brandColor: '' });
    expect(JSON.parse(entries[0]!.afterJson!)).toMatchObject({ universityName: '新名字职业学院', brandColor: '#0b6e4f' });
  });

  test("the school's own links and licence: saved, drawn by the pages (branding and links), cleared again; audited", async () => {
    const a = await newSchool();
    const before = await settingsOf(a);
    expect(before).toMatchObject({ appDownloadUrl: '', promotionLoginUrl: '', telecomLicence: '' });
    // Nothing set and no operator's address (the test server sets none): neither entry is offered.
    expect(linksOf((await pageSchool(a.tenantId)).branding, a.tenantId)).toMatchObject({ appDownload: null, promotionLogin: null });
    step();
    const own = {
      appDownloadUrl: ' https://app.xinzhi.edu.cn/download ',
      promotionLoginUrl: 'https://tui.xinzhi.edu.cn/login',
      telecomLicence: '浙B2-20261234',
    };
    const saved = await server().call(school.saveSchoolSettings, { ...inputOf(before), ...own }, as(a));
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data).toMatchObject({ ...own, appDownloadUrl: 'https://app.xinzhi.edu.cn/download' });
    const page = await pageSchool(a.tenantId);
    expect(page.branding).toMatchObject({ telecomLicence: '浙B2-20261234', appDownloadUrl: 'https://app.xinzhi.edu.cn/download' });
    expect(linksOf(page.branding, a.tenantId)).toMatchObject({
      appDownload: 'https://app.xinzhi.edu.cn/download',
      promotionLogin: 'https://tui.xinzhi.edu.cn/login',
    });
    const [entry] = (await auditOfSchool(server(), a.tenantId)).filter((e) => e.action === 'school.update');
    expect(JSON.parse(entry!.afterJson!)).toMatchObject({ telecomLicence: '浙B2-20261234', promotionLoginUrl: 'https://tui.xinzhi.edu.cn/login' });

    step();
    const cleared = await server().call(
      school.saveSchoolSettings,
      { ...inputOf(saved.body.data), appDownloadUrl: '', promotionLoginUrl: ' ', telecomLicence: '' },
      as(a),
    );
    expect(cleared.body.data).toMatchObject({ appDownloadUrl: '', promotionLoginUrl: '', telecomLicence: '' });
    const after = await pageSchool(a.tenantId);
    expect(after.branding).toMatchObject({ telecomLicence: null, appDownloadUrl: null, promotionLoginUrl: null });
    expect(linksOf(after.branding, a.tenantId)).toMatchObject({ appDownload: null, promotionLogin: null });
  });

  test.each([
    ['an app download address over plain http', { appDownloadUrl: 'http://app.xinzhi.edu.cn/' }, 'APP 下载页地址请填写以 https:// 开头的完整网址'],
    ['a promotion login that is a script', { promotionLoginUrl: 'javascript:alert(1)' }, '推广合伙人登录地址请填写以 https:// 开头的完整网址'],
    [
      'a placeholder app address',
      { appDownloadUrl: 'https://school.example.com/app/download' },
      'APP 下载页地址不能使用示例地址（如 example.com），请填写真实的网址',
    ],
    [
      'a placeholder promotion login',
      { promotionLoginUrl: 'https://partner.test/login' },
      '推广合伙人登录地址不能使用示例地址（如 example.com），请填写真实的网址',
    ],
    ['an address that is not text', { appDownloadUrl: 42 }, 'APP 下载页地址请填写以 https:// 开头的完整网址'],
    ['a licence with markup', { telecomLicence: '<b>京B2</b>' }, '增值电信业务经营许可证不能包含尖括号或控制字符'],
    ['a licence too long', { telecomLicence: '京'.repeat(41) }, '增值电信业务经营许可证不能超过40个字'],
    ['a colour that is not #rrggbb', { brandColor: 'red' }, '主题色请填写 #RRGGBB 格式的颜色，例如 #1456D9'],
    ['a colour too light for white text', { brandColor: '#ffd700' }, t('school.admin.lowContrast', { ratio: ratioText(contrastWithWhite('#ffd700')) })],
    ['an empty school name', { universityName: '  ' }, '请输入学校名称'],
    ['a name with markup', { projectName: '<script>alert(1)</script>' }, '项目名称不能包含尖括号或控制字符'],
    ['a bad e-mail', { email: 'office@' }, '请输入正确的电子邮箱'],
    ['a website that is not http(s)', { website: 'javascript:alert(1)' }, '请输入以 http:// 或 https:// 开头的网址'],
    ['a picture from elsewhere', { logo: 'https://evil.example/logo.png' }, '图片须是本校上传的图片'],
    ["another school's picture", { logo: `/files/${DEMO.id}/202611/abc.png` }, '图片须是本校上传的图片'],
    ['a longitude without a latitude', { longitude: '120.1' }, '经度和纬度需要同时填写'],
    ['a latitude out of range', { longitude: '120.1', latitude: '95' }, '纬度须在 -90 到 90 之间'],
    ['a name too long', { universityName: '长'.repeat(41) }, '学校名称不能超过40个字'],
  ])('%s is refused in words and changes nothing', async (_name, change, message) => {
    const a = await newSchool();
    const before = await settingsOf(a);
    const answer = await server().call(school.saveSchoolSettings, { ...inputOf(before), ...change } as SchoolSettingsInput, as(a));
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(await settingsOf(a)).toEqual(before);
  });

  test('a picture the school uploaded is taken', async () => {
    const a = await newSchool();
    const uploaded = await server().call(staff.upload as never, uploadForm(PNG_1PX, 'qr.png', 'branding') as never, as(a));
    expect(uploaded.body.code, JSON.stringify(uploaded.body)).toBe(0);
    const url = (uploaded.body.data as staff.UploadedFile).url;
    const answer = await server().call(school.saveSchoolSettings, { ...inputOf(await settingsOf(a)), officialAccountQr: url, logo: url }, as(a));
    expect(answer.body.data).toMatchObject({ officialAccountQr: url, logo: url });
  });

  test("a logo's own size is read when it is saved and answered with the school; kept while it stays; gone with it", async () => {
    const a = await newSchool();
    const upload = async (bytes: Buffer) =>
      ((await server().call(staff.upload as never, uploadForm(bytes, 'logo.png', 'branding') as never, as(a))).body.data as staff.UploadedFile).url;
    const save = (logo: string) => server().call(school.saveSchoolSettings, { ...inputOf(before), logo }, as(a));
    const info = async () => (await server().call(tenantApi.schoolInfo, {}, { tenant: a.tenantId })).body.data;
    const before = await settingsOf(a);
    const wide = await upload(pngOf(240, 80));
    expect((await save(wide)).body.code).toBe(0);
    expect(await info()).toMatchObject({ logo: wide, logoWidth: 240, logoHeight: 80 });
    expect((await pageSchool(a.tenantId)).info).toMatchObject({ logoWidth: 240, logoHeight: 80 });
    // Saved again with other changes: the same logo keeps its size.
    expect((await server().call(school.saveSchoolSettings, { ...inputOf(await settingsOf(a)), shortName: '宽标' }, as(a))).body.code).toBe(0);
    expect(await info()).toMatchObject({ logo: wide, logoWidth: 240, logoHeight: 80 });
    const square = await upload(pngOf(64, 64));
    expect((await save(square)).body.code).toBe(0);
    expect(await info()).toMatchObject({ logo: square, logoWidth: 64, logoHeight: 64 });
    expect((await save('')).body.code).toBe(0);
    expect(await info()).toMatchObject({ logo: null, logoWidth: null, logoHeight: null });
  });

  test('an editor and a teacher may not read or save the settings', async () => {
    const a = await newSchool();
    for (const role of [STAFF_ROLE.editor, STAFF_ROLE.teacher]) {
      const session = await sessionOf(server(), await makeStaff(server(), a.tenantId, role));
      const answer = await server().call(school.schoolSettings, {}, asStaff(session, a.tenantId));
      expect(answer.body).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
    }
  });
});

describe('host names', () => {
  test('a host name is added lower-cased, resolves at once on this instance, and is removed again', async () => {
    const a = await newSchool();
    const host = `www.set${process.pid}-a.example.com`;
    const { runtime } = server();
    const lookup = () => runtime.lookups.tenants.get(`${host}|`, () => resolveTenant(runtime.db, runtime.config, { host }));
    // A page for the host before: no school (a miss is never kept: the host may name a school a moment later).
    expect(await lookup()).toBeNull();
    const added = await server().call(school.addSchoolDomain, { domain: ` ${host.toUpperCase()}. `, domainType: 'PC' }, as(a));
    expect(added.body.code, JSON.stringify(added.body)).toBe(0);
    expect(added.body.data).toMatchObject({ domain: host, domainType: 'PC' });
    expect((await lookup())?.id).toBe(a.tenantId);
    expect((await server().call(school.schoolDomains, {}, as(a))).body.data).toEqual([added.body.data]);
    step();
    const removed = await server().call(school.removeSchoolDomain, {}, as(a, { id: added.body.data.id }));
    expect(removed.body.code).toBe(0);
    expect(await lookup()).toBeNull();
    expect((await server().call(school.schoolDomains, {}, as(a))).body.data).toEqual([]);
    const entries = (await auditOfSchool(server(), a.tenantId)).filter((e) => e.targetType === 'domain');
    expect(entries.map((e) => [e.action, e.targetId])).toEqual([
      ['domain.add', added.body.data.id],
      ['domain.remove', added.body.data.id],
    ]);
    expect(JSON.parse(entries[0]!.afterJson!)).toEqual({ domain: host, domainType: 'PC' });
    expect(JSON.parse(entries[1]!.beforeJson!)).toEqual({ domain: host, domainType: 'PC' });
  });

  test("another school's host name is refused without naming that school; one's own twice says so", async () => {
    const a = await newSchool('甲校');
    const b = await newSchool('乙校');
    const host = `shared${process.pid}.example.org`;
    expect((await server().call(school.addSchoolDomain, { domain: host, domainType: 'PC' }, as(a))).body.code).toBe(0);
    const refused = await server().call(school.addSchoolDomain, { domain: host.toUpperCase(), domainType: 'H5' }, as(b));
    expectRefused(refused, ErrorCode.CONFLICT, t('school.domains.taken'));
    expect(refused.body.message).not.toContain('甲校');
    expect((await server().call(school.schoolDomains, {}, as(b))).body.data).toEqual([]);
    expectRefused(await server().call(school.addSchoolDomain, { domain: host, domainType: 'PC' }, as(a)), ErrorCode.CONFLICT, t('school.domains.mine'));
    // A seeded school's host too.
    expectRefused(
      await server().call(school.addSchoolDomain, { domain: 'huaxia.localhost', domainType: 'PC' }, as(b)),
      ErrorCode.BAD_REQUEST,
      t('school.domains.platform'),
    );
  });

  test('two schools adding the same host at once: exactly one gets it', async () => {
    const a = await newSchool();
    const b = await newSchool();
    const host = `race${process.pid}.example.net`;
    const answers = await Promise.all([a, b].map((x) => server().call(school.addSchoolDomain, { domain: host, domainType: 'PC' }, as(x))));
    expect(answers.map((r) => r.body.code === 0).filter(Boolean)).toHaveLength(1);
    const rows = await server().runtime.db.selectFrom('schoolDomains').select('tenantId').where('domain', '=', host).execute();
    expect(rows).toHaveLength(1);
  });

  test.each([
    ['empty', '', '请输入域名'],
    ['an address with a scheme and path', 'https://www.example.com/x', '请输入正确的域名，例如 www.example.com（不含 http:// 和路径）'],
    ['one label', 'intranet', '请输入正确的域名，例如 www.example.com（不含 http:// 和路径）'],
    ['an IP address', '10.0.0.1', '请输入正确的域名，例如 www.example.com（不含 http:// 和路径）'],
    ['a platform host', 'someone.localhost', '该域名属于平台的固定地址，无需添加'],
  ])('%s is refused', async (_name, domain, message) => {
    const a = await newSchool();
    expectRefused(await server().call(school.addSchoolDomain, { domain, domainType: 'PC' }, as(a)), ErrorCode.BAD_REQUEST, message);
    expect((await server().call(school.schoolDomains, {}, as(a))).body.data).toEqual([]);
  });

  test("another school's host name id is not found, and stays", async () => {
    const a = await newSchool();
    const [huaxiaDomain] = await server().runtime.db.selectFrom('schoolDomains').select('id').where('tenantId', '=', HUAXIA.id).execute();
    expectRefused(await server().call(school.removeSchoolDomain, {}, as(a, { id: huaxiaDomain!.id })), ErrorCode.NOT_FOUND, t('school.admin.notFound'));
    expect(await server().runtime.db.selectFrom('schoolDomains').select('id').where('id', '=', huaxiaDomain!.id).executeTakeFirst()).toBeDefined();
  });
});

const POINT: school.ServicePointInput = {
  name: '城东教学点',
  type: 'TEACHING',
  startTime: '08:30',
  endTime: '17:30',
  mobile: '0571-1234567',
  provinceName: '浙江省',
  cityName: '杭州市',
  address: '城东路 1 号',
  url: '',
  longitude: '',
  latitude: '',
  seq: 2,
};

describe('service points', () => {
  test('created, changed, listed in order and deleted; the public detail follows; each change audited', async () => {
    const a = await newSchool();
    const first = await server().call(school.createServicePoint, POINT, as(a));
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    expect(first.body.data).toMatchObject({ ...POINT, startTime: '08:30:00', endTime: '17:30:00' });
    step();
    const second = await server().call(school.createServicePoint, { ...POINT, name: '城西考试点', type: 'EXAM', seq: 1, startTime: '', endTime: '' }, as(a));
    expect((await server().call(school.adminServicePoints, {}, as(a))).body.data.map((p: { name: string }) => p.name)).toEqual(['城西考试点', '城东教学点']);
    step();
    const changed = await server().call(school.updateServicePoint, { ...POINT, endTime: '21:00:00' }, as(a, { id: first.body.data.id }));
    expect(changed.body.data.endTime).toBe('21:00:00');
    const detail = await server().call(tenantApi.businessSchool, {}, { tenant: a.tenantId });
    expect(detail.body.data.buSchoolServicePointList.map((p: { name: string; endTime: string | null }) => [p.name, p.endTime])).toEqual([
      ['城西考试点', null],
      ['城东教学点', '21:00:00'],
    ]);
    step();
    expect((await server().call(school.deleteServicePoint, {}, as(a, { id: second.body.data.id }))).body.code).toBe(0);
    expect((await server().call(school.adminServicePoints, {}, as(a))).body.data).toHaveLength(1);
    const entries = (await auditOfSchool(server(), a.tenantId)).filter((e) => e.targetType === 'servicePoint');
    expect(entries.map((e) => e.action)).toEqual(['servicePoint.create', 'servicePoint.create', 'servicePoint.update', 'servicePoint.delete']);
    expect(JSON.parse(entries[2]!.beforeJson!)).toEqual({ endTime: '17:30:00' });
    expect(JSON.parse(entries[2]!.afterJson!)).toEqual({ endTime: '21:00:00' });
  });

  test.each([
    ['no name', { name: '' }, '请输入网点名称'],
    ['an unknown type', { type: 'SHOP' }, '请选择网点类型'],
    ['a time out of range', { startTime: '25:00' }, '营业时间请填写 HH:mm，例如 08:30'],
    ['a start without an end', { endTime: '' }, '开始和结束营业时间需要同时填写'],
    ['a negative order', { seq: -1 }, '排序须是 0 到 9999 的整数'],
    ['a javascript: address', { url: 'javascript:alert(1)' }, '请输入以 http:// 或 https:// 开头的网址'],
  ])('%s is refused', async (_name, change, message) => {
    const a = await newSchool();
    expectRefused(await server().call(school.createServicePoint, { ...POINT, ...change } as school.ServicePointInput, as(a)), ErrorCode.BAD_REQUEST, message);
    expect((await server().call(school.adminServicePoints, {}, as(a))).body.data).toEqual([]);
  });

  test("another school's service point is not found for changing or deleting", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const point = (await server().call(school.createServicePoint, POINT, as(b))).body.data;
    expectRefused(
      await server().call(school.updateServicePoint, { ...POINT, name: '改掉' }, as(a, { id: point.id })),
      ErrorCode.NOT_FOUND,
      t('school.admin.notFound'),
    );
    expectRefused(await server().call(school.deleteServicePoint, {}, as(a, { id: point.id })), ErrorCode.NOT_FOUND, t('school.admin.notFound'));
    expect((await server().call(school.adminServicePoints, {}, as(b))).body.data).toEqual([point]);
  });
});

const ORG: school.CertificationOrgInput = {
  name: '职业技能评价中心',
  orgType: 'EVALUATION',
  certificationType: 'PROVINCE',
  serviceScope: '电工、焊工',
  features: '省级认定',
  seq: 1,
  published: true,
};

describe('certification organisations', () => {
  test('created, hidden, deleted; the public list shows only the shown ones; audited', async () => {
    const a = await newSchool();
    const made = await server().call(school.createCertificationOrg, ORG, as(a));
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const listed = async () => (await server().call(tenantApi.businessSchool, {}, { tenant: a.tenantId })).body.data.certificationOrganizationList;
    expect((await listed()).map((o: { name: string; certificationTypeName: string }) => [o.name, o.certificationTypeName])).toEqual([
      ['职业技能评价中心', '省级'],
    ]);
    step();
    const hidden = await server().call(school.updateCertificationOrg, { ...ORG, published: false }, as(a, { id: made.body.data.id }));
    expect(hidden.body.data.published).toBe(false);
    expect(await listed()).toEqual([]);
    expect((await server().call(school.adminCertificationOrgs, {}, as(a))).body.data).toEqual([hidden.body.data]);
    step();
    expect((await server().call(school.deleteCertificationOrg, {}, as(a, { id: made.body.data.id }))).body.code).toBe(0);
    expect((await server().call(school.adminCertificationOrgs, {}, as(a))).body.data).toEqual([]);
    const entries = (await auditOfSchool(server(), a.tenantId)).filter((e) => e.targetType === 'certOrg');
    expect(entries.map((e) => e.action)).toEqual(['certOrg.create', 'certOrg.update', 'certOrg.delete']);
    expect(JSON.parse(entries[1]!.afterJson!)).toEqual({ published: false });
  });

  test.each([
    ['no name', { name: ' ' }, '请输入机构名称'],
    ['an unknown type', { orgType: 'SHOP' }, '请选择机构类型'],
    ['an unknown level', { certificationType: 'GALAXY' }, '请选择机构级别'],
    ['markup in the scope', { serviceScope: '<img src=x onerror=alert(1)>' }, '服务范围不能包含尖括号或控制字符'],
  ])('%s is refused', async (_name, change, message) => {
    const a = await newSchool();
    expectRefused(
      await server().call(school.createCertificationOrg, { ...ORG, ...change } as school.CertificationOrgInput, as(a)),
      ErrorCode.BAD_REQUEST,
      message,
    );
    expect((await server().call(school.adminCertificationOrgs, {}, as(a))).body.data).toEqual([]);
  });

  test("another school's organisation is not found", async () => {
    const a = await newSchool();
    const [huaxiaOrg] = await server().runtime.db.selectFrom('certificationOrganizations').select('id').where('tenantId', '=', HUAXIA.id).execute();
    const demoOrg =
      huaxiaOrg ?? (await server().runtime.db.selectFrom('certificationOrganizations').select('id').where('tenantId', '=', DEMO.id).executeTakeFirst());
    expect(demoOrg).toBeDefined();
    expectRefused(await server().call(school.updateCertificationOrg, ORG, as(a, { id: demoOrg!.id })), ErrorCode.NOT_FOUND, t('school.admin.notFound'));
    expectRefused(await server().call(school.deleteCertificationOrg, {}, as(a, { id: demoOrg!.id })), ErrorCode.NOT_FOUND, t('school.admin.notFound'));
  });
});

describe('agreements', () => {
  test('the default text first; a saved text is sanitised when saved and shown; empty returns to the default; audited', async () => {
    const a = await newSchool();
    const listed = (await server().call(school.agreements, {}, as(a))).body.data as school.AgreementText[];
    expect(listed.map((x) => [x.kind, x.html])).toEqual([
      ['service', null],
      ['privacy', null],
    ]);
    expect(listed[0]!.defaultHtml).toContain('<p>');
    const saved = await server().call(
      school.saveAgreement,
      { kind: 'privacy', html: '<h2>隐私政策</h2><p onclick="alert(1)">我们<script>alert(2)</script>保护您的信息</p><img src=x onerror=alert(3)>' },
      as(a),
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const html = saved.body.data.html as string;
    expect(html).toContain('<h2>隐私政策</h2>');
    expect(html).toContain('保护您的信息');
    expect(html).not.toMatch(/script|onclick|onerror/i);
    const stored = await server().runtime.db.selectFrom('schools').select('privacyAgreement').where('tenantId', '=', a.tenantId).executeTakeFirst();
    expect(stored?.privacyAgreement).not.toMatch(/script|onclick|onerror/i);
    const entries = (await auditOfSchool(server(), a.tenantId)).filter((e) => e.action === 'agreement.update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: 'agreement', targetId: 'privacy' });
    const reset = await server().call(school.saveAgreement, { kind: 'privacy', html: '  ' }, as(a));
    expect(reset.body.data.html).toBeNull();
  });

  test.each([
    ['an unknown kind', { kind: 'cookies', html: '<p>x</p>' }, '请选择要修改的协议'],
    ['a text too long', { kind: 'service', html: 'x'.repeat(100_001) }, '协议内容不能超过 100000 个字符'],
  ])('%s is refused', async (_name, input, message) => {
    const a = await newSchool();
    expectRefused(await server().call(school.saveAgreement, input as school.AgreementInput, as(a)), ErrorCode.BAD_REQUEST, message);
  });
});
