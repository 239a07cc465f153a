import { describe, expect, test } from 'vitest';
import { certificationLevelName, organizationTypeName } from '~/server/school/school.rules';
import { amapMarkerUrl, organizationUrl, portalLinks } from '~/server/school/links';

describe('certification organisation labels', () => {
  test.each([
    ['INTERNATIONAL', '国际级'],
    ['COUNTRY', '国家级'],
    ['COMPANY', '企业级'],
    ['INDUSTRY', '行业级'],
    ['PROVINCE', '省级'],
    ['CITY', '市级'],
    ['country', ''],
    ['', ''],
    [null, ''],
    ['constructor', ''],
  ])('level %s -> %s', (code, label) => {
    expect(certificationLevelName(code)).toBe(label);
  });

  test('organisation type', () => {
    expect(organizationTypeName('CERTIFICATION')).toBe('认证机构');
    expect(organizationTypeName('EVALUATION')).toBe('评价机构');
    expect(organizationTypeName('TRAINING')).toBe('其他机构');
    expect(organizationTypeName(null)).toBe('其他机构');
  });
});

describe('school links', () => {
  const none = { appDownloadUrl: null, promotionLoginUrl: null };
  const main = { PARTNER_EDITION: false };
  const partner = { PARTNER_EDITION: true };

  test("the portal's own pages by default: 个人中心 and 考试 the learner area, 机构登录 the staff sign-in; no app, no promotion login", () => {
    expect(portalLinks(main, none, '7')).toEqual({
      personalCenter: '/study/mine',
      exam: { href: '/study/mine', external: false },
      institutionLogin: { href: '/admin/login', external: false },
      appDownload: null,
      promotionLogin: null,
    });
  });

  test('the partner edition shows no 考试登录 of its own (培训登录 opens the learner area)', () => {
    expect(portalLinks(partner, none, '7').exam).toBeNull();
    expect(portalLinks(partner, none, '7').institutionLogin).toEqual({ href: '/admin/login', external: false });
  });

  test("the operator's exam and institution systems replace them, in a new window", () => {
    const config = { ...partner, EXAM_LOGIN_URL: 'https://exam.jiangnan.cn/login', ADMIN_LOGIN_URL: 'https://org.jiangnan.cn/' };
    expect(portalLinks(config, none, '7').exam).toEqual({ href: 'https://exam.jiangnan.cn/login', external: true });
    expect(portalLinks(config, none, '7').institutionLogin).toEqual({ href: 'https://org.jiangnan.cn/', external: true });
    expect(portalLinks({ ...main, EXAM_LOGIN_URL: 'https://exam.jiangnan.cn/login' }, none, '7').exam?.external).toBe(true);
  });

  test("app download and promotion login: the school's own as it set them, else the operator's with the school id", () => {
    const operator = { ...main, APP_DOWNLOAD_URL: 'https://dl.cloud.cn/app?from=pc', PROMOTION_LOGIN_URL: 'https://partners.cloud.cn/login' };
    expect(portalLinks(operator, none, '7')).toMatchObject({
      appDownload: 'https://dl.cloud.cn/app?from=pc&schoolId=7',
      promotionLogin: 'https://partners.cloud.cn/login?schoolId=7',
    });
    const own = { appDownloadUrl: 'https://app.jiangnan.cn/get', promotionLoginUrl: 'https://tui.jiangnan.cn/' };
    expect(portalLinks(operator, own, '7')).toMatchObject({ appDownload: 'https://app.jiangnan.cn/get', promotionLogin: 'https://tui.jiangnan.cn/' });
    expect(portalLinks(main, { ...none, appDownloadUrl: 'https://app.jiangnan.cn/get' }, '7')).toMatchObject({
      appDownload: 'https://app.jiangnan.cn/get',
      promotionLogin: null,
    });
  });

  test('the organisation address is the school home page where it was asked, with the school id', () => {
    expect(organizationUrl('https://jiangnan.cloud.cn', '1000000000000000001')).toBe('https://jiangnan.cloud.cn/?schoolId=1000000000000000001');
    expect(organizationUrl('http://localhost:4321', '42')).toBe('http://localhost:4321/?schoolId=42');
  });

  test('map marker links need valid coordinates', () => {
    expect(amapMarkerUrl(118.7386, 32.0196, '建邺 教学点')).toBe(
      'https://uri.amap.com/marker?position=118.7386,32.0196&name=%E5%BB%BA%E9%82%BA%20%E6%95%99%E5%AD%A6%E7%82%B9',
    );
    expect(amapMarkerUrl(null, 32, 'x')).toBeNull();
    expect(amapMarkerUrl(200, 32, 'x')).toBeNull();
    expect(amapMarkerUrl(Number.NaN, 32, 'x')).toBeNull();
  });
});
