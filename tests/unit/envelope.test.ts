import { describe, expect, test } from 'vitest';
import { isLoginInvalid, isSuccess, messageOf } from '~/lib/envelope';
import { normalizePage, pageOf } from '~/lib/paging';

describe('pageOf', () => {
  test('counts whole pages, rounding up', () => {
    expect(pageOf(['a'], 28, 1, 4)).toEqual({ records: ['a'], total: 28, current: 1, size: 4, pages: 7 });
    expect(pageOf([], 29, 8, 4).pages).toBe(8);
    expect(pageOf([], 1, 1, 10).pages).toBe(1);
  });

  test('no records means no pages; a zero size never divides by zero', () => {
    expect(pageOf([], 0, 1, 10).pages).toBe(0);
    expect(pageOf([], 5, 1, 0).pages).toBe(0);
  });
});

describe('normalizePage', () => {
  test('paging fields sent as strings become numbers', () => {
    expect(normalizePage({ records: [1, 2], current: '2', pages: '3', size: '10', total: '25' })).toEqual({
      records: [1, 2],
      current: 2,
      pages: 3,
      size: 10,
      total: 25,
    });
  });

  test('missing or unreadable fields become 0 and records default to []', () => {
    expect(normalizePage({})).toEqual({ records: [], current: 0, pages: 0, size: 0, total: 0 });
    expect(normalizePage(null)).toEqual({ records: [], current: 0, pages: 0, size: 0, total: 0 });
    expect(normalizePage(undefined)).toEqual({ records: [], current: 0, pages: 0, size: 0, total: 0 });
    expect(normalizePage({ records: 'x', current: 'abc', total: Number.NaN, size: {} })).toEqual({
      records: [],
      current: 0,
      pages: 0,
      size: 0,
      total: 0,
    });
  });
});

describe('isSuccess', () => {
  test.each([0, 200, 1, '0', '200', '1'])('%j is success', (code) => {
    expect(isSuccess(code)).toBe(true);
  });
  test.each([2, 400, 404, 500, 10404, 40001, -1, undefined, 'ok'])('%j is not success', (code) => {
    expect(isSuccess(code)).toBe(false);
  });
  // Number(null), Number(''), Number(false) and Number([]) are all 0: a body whose code is
  // missing or empty in these ways must not count as success either.
  test.each([[null], [''], [' '], [false], [[]]])('a missing or empty code %j is not success', (code) => {
    expect(isSuccess(code)).toBe(false);
  });
});

describe('isLoginInvalid', () => {
  test.each([40001, 40005, 40009, '40001'])('%j means the login is invalid', (code) => {
    expect(isLoginInvalid(code)).toBe(true);
  });
  test.each([0, 200, 400, 40000, 40002, 40010, 401, null])('%j does not', (code) => {
    expect(isLoginInvalid(code)).toBe(false);
  });
});

describe('messageOf', () => {
  test('takes msg, then errorMsg, then message, then errorMessage', () => {
    const all = { msg: 'a', errorMsg: 'b', message: 'c', errorMessage: 'd' };
    expect(messageOf(all)).toBe('a');
    expect(messageOf({ ...all, msg: undefined })).toBe('b');
    expect(messageOf({ ...all, msg: undefined, errorMsg: undefined })).toBe('c');
    expect(messageOf({ errorMessage: 'd' })).toBe('d');
  });

  test('skips empty and non-string values', () => {
    expect(messageOf({ msg: '', errorMsg: 42, message: '参数不正确' })).toBe('参数不正确');
  });

  test('gives an empty string when there is no message', () => {
    expect(messageOf({})).toBe('');
    expect(messageOf(null)).toBe('');
    expect(messageOf('text body')).toBe('');
  });
});
