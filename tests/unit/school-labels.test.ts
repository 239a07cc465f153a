import { describe, expect, test } from 'vitest';
import { certificationLevelName, organizationTypeName } from '~/server/school/school.rules';
import { amapMarkerUrl, appDownloadUrl, organizationUrl } from '~/server/school/links';

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
  const config = { ONLINE_SCHOOL_URL: 'https://school.example.com/' };

  test('the organisation address carries the school id', () => {
    expect(organizationUrl(config, '1000000000000000001')).toBe('https://school.example.com/org?schoolId=1000000000000000001');
    expect(organizationUrl({ ONLINE_SCHOOL_URL: 'https://x.example.cn/portal/' }, '42')).toBe('https://x.example.cn/portal/org?schoolId=42');
  });

  test('the app download address: APP_DOWNLOAD_URL, else the online school + app/download', () => {
    expect(appDownloadUrl(config, '7')).toBe('https://school.example.com/app/download?schoolId=7');
    expect(appDownloadUrl({ ...config, APP_DOWNLOAD_URL: 'https://dl.example.cn/app?from=pc' }, '7')).toBe('https://dl.example.cn/app?from=pc&schoolId=7');
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
