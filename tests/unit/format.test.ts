import { describe, expect, test } from 'vitest';
import { distanceMeters, formatDate, formatDateTime, formatDistance, formatViewCount, isValidLatLng, parseDateTime, relativeTime } from '~/lib/format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 2026-11-22 10:00:00 China Standard Time. */
const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);

describe('formatViewCount', () => {
  test.each([
    [0, '0'],
    [99999, '99999'],
    [100000, '100000'],
    [100001, '10万+'],
    [500000, '10万+'],
    [500001, '50万+'],
    [12345678, '50万+'],
    [1234.9, '1234'],
  ])('%s -> %s', (count, shown) => {
    expect(formatViewCount(count)).toBe(shown);
  });

  test.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('%s is shown as 0', (count) => {
    expect(formatViewCount(count)).toBe('0');
  });
});

describe('relativeTime', () => {
  const ago = (ms: number) => relativeTime(NOW - ms, NOW);

  test('no time passed or a future time is 刚刚', () => {
    expect(ago(0)).toBe('刚刚');
    expect(ago(-5 * MINUTE)).toBe('刚刚');
  });

  test.each([
    [1, '1秒前'],
    [SECOND, '1秒前'],
    [59 * SECOND, '59秒前'],
    [MINUTE - 1, '59秒前'],
    [MINUTE, '1分钟前'],
    [59 * MINUTE, '59分钟前'],
    [HOUR - 1, '59分钟前'],
    [HOUR, '1小时前'],
    [23 * HOUR + 59 * MINUTE, '23小时前'],
    [DAY - 1, '23小时前'],
    [DAY, '1天前'],
    [2 * DAY, '2天前'],
    [3 * DAY, '3天前'],
  ])('%d ms ago -> %s', (ms, shown) => {
    expect(ago(ms)).toBe(shown);
  });

  test.each([
    [3 * DAY + 1, '11-19'],
    [3 * DAY + 12 * HOUR, '11-18'],
    [4 * DAY - 1, '11-18'],
    [4 * DAY, '11-18'],
    [30 * DAY, '10-23'],
  ])('more than 3 days up to 30 days shows MM-DD (China date): %d ms ago -> %s', (ms, shown) => {
    expect(ago(ms)).toBe(shown);
  });

  test('more than 30 days shows the full date', () => {
    expect(ago(30 * DAY + 1)).toBe('2026-10-23');
    expect(ago(400 * DAY)).toBe('2025-10-18');
  });

  test('the date is the China date, not the UTC date', () => {
    // 2026-01-01 00:30 CST is still 2025-12-31 in UTC.
    const newYear = Date.UTC(2025, 11, 31, 16, 30);
    expect(relativeTime(newYear, newYear + 10 * DAY)).toBe('01-01');
    expect(relativeTime(newYear, newYear + 40 * DAY)).toBe('2026-01-01');
  });
});

describe('formatDateTime / formatDate', () => {
  test('show China Standard Time (UTC+8)', () => {
    expect(formatDateTime(0)).toBe('1970-01-01 08:00:00');
    expect(formatDateTime(NOW)).toBe('2026-11-22 10:00:00');
    expect(formatDateTime(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('2027-01-01 00:00:00');
    expect(formatDate(Date.UTC(2026, 11, 31, 15, 59, 59))).toBe('2026-12-31');
    expect(formatDate(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('2027-01-01');
  });
});

describe('parseDateTime', () => {
  test('reads China Standard Time text', () => {
    expect(parseDateTime('2026-11-22 10:00:00')).toBe(NOW);
    expect(parseDateTime('2026-11-22T10:00:00')).toBe(NOW);
    expect(parseDateTime('2026-11-22 10:00')).toBe(NOW);
    expect(parseDateTime('  2026-11-22 10:00:00  ')).toBe(NOW);
    expect(parseDateTime('2026-11-22')).toBe(NOW - 10 * HOUR);
    expect(parseDateTime('2024-02-29 23:59:59')).toBe(Date.UTC(2024, 1, 29, 15, 59, 59));
  });

  test('round-trips with formatDateTime', () => {
    for (const ms of [0, NOW, NOW - 400 * DAY, Date.UTC(2026, 11, 31, 16, 0, 0)]) {
      expect(parseDateTime(formatDateTime(ms))).toBe(ms);
    }
  });

  test.each([
    '2026-02-31',
    '2026-02-29 00:00:00',
    '2026-13-01 00:00:00',
    '2026-00-10 00:00:00',
    '2026-04-31 12:00:00',
    '2026-11-22 24:00:00',
    '',
    'yesterday',
    '2026/11/22 10:00:00',
    '20261122',
    '2026-11-22 10:00:00.000',
  ])('rejects invalid text %j', (text) => {
    expect(parseDateTime(text)).toBeNaN();
  });

  test.each(['2026-11-22 10:60:00', '2026-11-22 10:00:60', '2026-11-22 10:99:99'])('rejects out-of-range minutes or seconds %j', (text) => {
    expect(parseDateTime(text)).toBeNaN();
  });
});

describe('distanceMeters (earth radius 6378.137 km)', () => {
  test('one degree of longitude on the equator is 111319.49 m', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_319.49, 1);
  });

  test('one degree of latitude is the same arc along a meridian', () => {
    expect(distanceMeters({ latitude: 10, longitude: 120 }, { latitude: 11, longitude: 120 })).toBeCloseTo(111_319.49, 1);
  });

  test('half the circumference between antipodes', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6_378_137, 0);
  });

  test('is zero for the same point and symmetric', () => {
    const nanjing = { latitude: 32.0196, longitude: 118.7386 };
    const suzhou = { latitude: 31.3049, longitude: 120.7434 };
    expect(distanceMeters(nanjing, nanjing)).toBe(0);
    expect(distanceMeters(nanjing, suzhou)).toBeCloseTo(distanceMeters(suzhou, nanjing), 6);
    // Nanjing to Suzhou is roughly 200 km in a straight line.
    expect(distanceMeters(nanjing, suzhou)).toBeGreaterThan(195_000);
    expect(distanceMeters(nanjing, suzhou)).toBeLessThan(215_000);
  });
});

describe('formatDistance', () => {
  test.each([
    [0, '0m'],
    [0.4, '0m'],
    [850, '850m'],
    [999.4, '999m'],
    [999.6, '1.00km'],
    [1000, '1.00km'],
    [12345, '12.35km'],
    [150_000, '150.00km'],
  ])('%s m -> %s', (m, shown) => {
    expect(formatDistance(m)).toBe(shown);
  });

  test.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('%s gives no text', (m) => {
    expect(formatDistance(m)).toBe('');
  });
});

describe('isValidLatLng', () => {
  test('accepts coordinates in range and rejects the rest', () => {
    expect(isValidLatLng({ latitude: 90, longitude: -180 })).toBe(true);
    expect(isValidLatLng({ latitude: 90.1, longitude: 0 })).toBe(false);
    expect(isValidLatLng({ latitude: 0, longitude: 180.1 })).toBe(false);
    expect(isValidLatLng({ latitude: 0 })).toBe(false);
    expect(isValidLatLng(null)).toBe(false);
  });
});
