import { describe, expect, test } from 'vitest';
import { isNationalIdNumber, maskIdNumber, normalizeIdNumber } from '~/lib/rules/id-number';
import { formatStudentNo } from '~/lib/rules/student-no';
import { certificateNumber, defaultPrefix, numberingProblem } from '~/lib/certificates/numbering';
import { idNumber } from '~/dev/seed/certificates';

/** The 证件号码 rule, its one mask, the 学号 and the certificate numbers (decision 078), at their boundaries. */

describe('isNationalIdNumber: 15 digits with a real birth date, or 17 digits and the right check digit or X', () => {
  test.each([
    [idNumber('11010519491231002'), true],
    ['11010519491231002X', true],
    ['110105491231002', true],
    ['110105490230002', false],
    ['11010549123100', false],
    ['1101054912310021', false],
    ['110105194912310021', false],
    ['11010519491231002Y', false],
    ['11010519491231002X1', false],
    ['', false],
  ])('%s -> %s', (value, ok) => {
    expect(isNationalIdNumber(value)).toBe(ok);
  });

  test('stored upper-case and trimmed', () => {
    expect(normalizeIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
  });
});

describe('maskIdNumber: the first 6 and last 4 of an 18-character number, at least 40% hidden on shorter ones', () => {
  test.each([
    ['110101199003071234', '110101********1234'],
    ['11010119900307123X', '110101********123X'],
    ['110101900307123', '11010******7123'],
    ['1234567890', '123****890'],
    ['1', '*'],
  ])('%s -> %s', (value, masked) => {
    expect(maskIdNumber(value)).toBe(masked);
  });

  test('blank is none', () => {
    expect(maskIdNumber('')).toBeNull();
    expect(maskIdNumber(null)).toBeNull();
  });
});

describe('学号 and certificate numbers', () => {
  test('学号: six digits, more when it grows past them', () => {
    expect(formatStudentNo(1)).toBe('000001');
    expect(formatStudentNo(999_999)).toBe('999999');
    expect(formatStudentNo(1_000_000)).toBe('1000000');
    expect(formatStudentNo(null)).toBe('');
  });

  test('a number is the prefix and the sequence zero-padded to six digits', () => {
    expect(certificateNumber('ZS2026', 1)).toBe('ZS2026000001');
    expect(certificateNumber('JN-', 999_999)).toBe('JN-999999');
    expect(certificateNumber('JN-', 1_000_000)).toBe('JN-1000000');
  });

  test('the default prefix is ZS and the year in China Standard Time', () => {
    // 2026-12-31 16:00 UTC is already 2027-01-01 in China.
    expect(defaultPrefix(Date.UTC(2026, 11, 31, 16))).toBe('ZS2027');
    expect(defaultPrefix(Date.UTC(2026, 11, 31, 15, 59))).toBe('ZS2026');
  });

  test.each([
    ['A', 1, null],
    ['A'.repeat(16), 999_999_999, null],
    ['', 1, 'prefix'],
    ['A'.repeat(17), 1, 'prefix'],
    ['证书', 1, 'prefix'],
    ['ZS 1', 1, 'prefix'],
    ['ZS', 0, 'seq'],
    ['ZS', 1_000_000_000, 'seq'],
    ['ZS', 2.5, 'seq'],
  ] as const)('prefix %s, next %s -> %s', (prefix, seq, problem) => {
    expect(numberingProblem(prefix, seq)).toBe(problem);
  });
});
