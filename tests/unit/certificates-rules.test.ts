import { describe, expect, test } from 'vitest';
import {
  CERT_QUERY_IP_LIMITS,
  lookupLimitBroken,
  maskMobile,
  revocationOf,
  skillCertificateVO,
  trainingCertificateVO,
} from '~/server/certificates/certificates.rules';
import { certQueryErrors, certQueryFieldError, isValidName, nameLength, normalizeName, parseCertQuery } from '~/lib/rules/certificate';
import { maskIdNumber } from '~/lib/rules/id-number';
import { idCheckDigit } from '~/dev/seed/certificates';
import { isMobileUserAgent } from '~/server/pages/user-agent';

describe('maskIdNumber: at most the first 6 and last 4 characters, at least 40% hidden', () => {
  test.each([
    ['320102199001011234', '320102********1234'],
    ['32010219900101123X', '320102********123X'],
    ['320102900101123', '32010******1123'],
    ['E48302917', 'E48****17'],
    ['H60218735', 'H60****35'],
    ['12345678', '12****78'],
    ['1234', '1**4'],
    ['123', '1**'],
    ['12', '1*'],
    ['1', '*'],
    ['  320102199001011234 ', '320102********1234'],
  ])('%s -> %s', (value, masked) => {
    expect(maskIdNumber(value)).toBe(masked);
  });

  test('empty values stay empty', () => {
    expect(maskIdNumber(null)).toBeNull();
    expect(maskIdNumber(undefined)).toBeNull();
    expect(maskIdNumber('')).toBeNull();
    expect(maskIdNumber('   ')).toBeNull();
  });

  test('never shows more than 6 + 4 characters and hides at least 40%, whatever the length', () => {
    for (let n = 1; n <= 40; n++) {
      const value = 'A'.repeat(n);
      const masked = maskIdNumber(value)!;
      expect(masked).toHaveLength(n);
      const hidden = [...masked].filter((c) => c === '*').length;
      expect(n - hidden).toBeLessThanOrEqual(10);
      expect(hidden).toBeGreaterThanOrEqual(Math.ceil(n * 0.4));
      expect(masked).toMatch(/^A{0,6}\*+A{0,4}$/);
    }
  });
});

describe('maskMobile: at most the first 3 and last 4 digits', () => {
  test.each([
    ['13812345678', '138****5678'],
    ['19850127718', '198****7718'],
    ['025-86658800', '025*****8800'],
    ['86658800', '86****00'],
    ['1234', '****'],
  ])('%s -> %s', (value, masked) => {
    expect(maskMobile(value)).toBe(masked);
  });

  test('null stays null', () => {
    expect(maskMobile(null)).toBeNull();
  });
});

describe('certificate query name format: Chinese characters, letters and the middle dot', () => {
  test.each(['王芳', '欧阳子轩', '阿依古丽·买买提', 'Anna', 'Anna·Li', '张Anna', '𠮷野家'])('%s is a name', (name) => {
    expect(isValidName(name)).toBe(true);
    expect(certQueryFieldError('name', name)).toBeNull();
  });

  test.each(['张三1', '张 三', 'Tom_Lee', '李@', '·张三', '张三·', '张··三', '张三.', '<b>', '王\n芳', "O'Neil", '😀'])('%j is not', (name) => {
    expect(isValidName(name)).toBe(false);
  });

  test('middle-dot look-alikes are written as ·', () => {
    for (const dot of ['·', '•', '・', '．']) expect(normalizeName(` 阿依古丽${dot}买买提 `)).toBe('阿依古丽·买买提');
    expect(isValidName('阿依古丽•买买提')).toBe(true);
  });

  test('length counts characters, also outside the basic plane', () => {
    expect(nameLength('𠮷野家')).toBe(3);
    expect(certQueryFieldError('name', '张'.repeat(8))).toBeNull();
    expect(certQueryFieldError('name', '阿依古丽·买买提')).toBeNull();
    expect(certQueryFieldError('name', '张'.repeat(9))).toBe('姓名最多8个字');
    expect(certQueryFieldError('name', '𠮷'.repeat(9))).toBe('姓名最多8个字');
  });
});

describe('certificate query form messages', () => {
  test.each([
    ['name', '', '请输入姓名'],
    ['name', '   ', '请输入姓名'],
    ['name', undefined, '请输入姓名'],
    ['name', '张三1', '姓名格式不正确'],
    ['number', '', '请输入证书编号'],
    ['number', '证书', '证书编号格式不正确'],
    ['captchaCode', '', '请输入验证码'],
    ['captchaCode', 'ab12', '验证码只能是数字'],
    ['captchaCode', '12 34', '验证码只能是数字'],
  ] as const)('%s %j -> %s', (field, value, message) => {
    expect(certQueryFieldError(field, value)).toBe(message);
  });

  test('every field at once, and the first in form order', () => {
    expect(certQueryErrors({})).toEqual({ name: '请输入姓名', number: '请输入证书编号', captchaCode: '请输入验证码' });
    expect(parseCertQuery({ name: '王芳', number: '', captchaCode: 'x' })).toEqual({ ok: false, field: 'number', message: '请输入证书编号' });
    expect(parseCertQuery({ name: ' 王芳 ', number: ' Y1 ', captchaCode: ' 0123 ' })).toEqual({
      ok: true,
      value: { name: '王芳', number: 'Y1', captchaCode: '0123' },
    });
  });
});

describe('seeded ID numbers', () => {
  test('the check digit follows ISO 7064 MOD 11-2', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(idCheckDigit('44052418800101001')).toBe('4');
  });
});

describe('isMobileUserAgent', () => {
  test.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40',
  ])('mobile: %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  test.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    '',
  ])('desktop: %j', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(false);
  });

  test('no agent at all is desktop', () => {
    expect(isMobileUserAgent(null)).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
});

describe('the answer of a stored certificate', () => {
  const stored = {
    id: '1',
    tenantId: 't1',
    createdAt: 0,
    issuedBy: null,
    revokedAt: null,
    revokedReason: null,
    revokedBy: null,
    userId: null,
    replacesId: null,
  };

  test('a skill-level certificate: the answer fields only, ID number and mobile masked, picture address checked', () => {
    const vo = skillCertificateVO({
      ...stored,
      name: '王芳',
      card: '320102199001011234',
      mobile: '13812345678',
      professionName: '电工',
      typeOfWorkName: null,
      certificateCode: 'S1',
      level: '四级',
      sendDate: '2025-01-01',
      certificateImgUrl: 'javascript:alert(1)',
    });
    expect(vo).toEqual({
      name: '王芳',
      card: '320102********1234',
      mobile: '138****5678',
      professionName: '电工',
      typeOfWorkName: null,
      certificateCode: 'S1',
      level: '四级',
      sendDate: '2025-01-01',
      certificateImgUrl: null,
      revoked: null,
    });
  });

  test('a training certificate', () => {
    const vo = trainingCertificateVO({
      ...stored,
      classStudentId: null,
      workId: null,
      studentName: '马超',
      idType: '护照',
      idCard: 'E48302917',
      mobile: null,
      productName: '课程',
      agencyName: '机构',
      certificateNum: 'T1',
      startTime: '2025-01-01',
      endTime: '2025-02-01',
      certificateUrl: '/media/t1.png',
    });
    expect(vo).toEqual({
      studentName: '马超',
      idType: '护照',
      idCard: 'E48****17',
      mobile: null,
      productName: '课程',
      agencyName: '机构',
      certificateNum: 'T1',
      startTime: '2025-01-01',
      endTime: '2025-02-01',
      certificateUrl: '/media/t1.png',
      revoked: null,
    });
  });

  test('a revoked certificate is answered as revoked, with the China Standard Time day and the reason', () => {
    // 2026-11-27 17:00 UTC is 2026-11-28 01:00 in China.
    const revokedAt = Date.UTC(2026, 10, 27, 17, 0);
    const vo = trainingCertificateVO({
      ...stored,
      revokedAt,
      revokedReason: '信息有误',
      classStudentId: null,
      workId: null,
      studentName: '马超',
      idType: '居民身份证',
      idCard: '',
      mobile: null,
      productName: '课程',
      agencyName: '机构',
      certificateNum: 'T1',
      startTime: '2025-01-01',
      endTime: '2025-02-01',
      certificateUrl: null,
    });
    expect(vo.revoked).toEqual({ date: '2026-11-28', reason: '信息有误' });
    expect(vo.idCard).toBeNull();
  });
});

describe('per-address lookup limits', () => {
  test('the day limit speaks first; within both, none', () => {
    const { perDay, perMinute } = CERT_QUERY_IP_LIMITS;
    expect(lookupLimitBroken(perDay, perMinute)).toBeNull();
    expect(lookupLimitBroken(perDay, perMinute + 1)).toBe('certificates.tooManyMinute');
    expect(lookupLimitBroken(perDay + 1, perMinute + 1)).toBe('certificates.tooManyDay');
    expect(lookupLimitBroken(perDay + 1, 0)).toBe('certificates.tooManyDay');
  });
});

describe('revocationOf', () => {
  test('a revoked certificate shows its China Standard Time day and reason (none: empty); a valid one, or one read without the column, none', () => {
    const at = Date.UTC(2026, 5, 30, 16, 30);
    expect(revocationOf({ revokedAt: at, revokedReason: '信息有误' })).toEqual({ date: '2026-07-01', reason: '信息有误' });
    expect(revocationOf({ revokedAt: String(at), revokedReason: null })).toEqual({ date: '2026-07-01', reason: '' });
    expect(revocationOf({ revokedAt: null, revokedReason: null })).toBeNull();
    expect(revocationOf({ revokedReason: null } as unknown as Parameters<typeof revocationOf>[0])).toBeNull();
  });
});
