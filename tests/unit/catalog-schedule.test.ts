import { describe, expect, test } from 'vitest';
import { CATALOG_STATE } from '~/lib/api/contracts/admin-catalog';
import { catalogJobKey, isSchedulable, mayScheduleAt, readPayload, storedFilter } from '~/lib/staff/catalog-schedule';

/** The pure rules of scheduled catalogue publishing, at their boundaries. */

describe('mayScheduleAt', () => {
  const now = 1_800_000_000_000;
  test('a draft may be scheduled for any time after now, not for now or before', () => {
    expect(mayScheduleAt(CATALOG_STATE.DRAFT, now + 1, now)).toBeNull();
    expect(mayScheduleAt(CATALOG_STATE.DRAFT, now, now)).toBe('timeNotFuture');
    expect(mayScheduleAt(CATALOG_STATE.DRAFT, now - 60_000, now)).toBe('timeNotFuture');
  });
  test('a published row is taken down first, whatever the time', () => {
    expect(mayScheduleAt(CATALOG_STATE.PUBLISHED, now + 3_600_000, now)).toBe('publishedCannotSchedule');
    expect(mayScheduleAt(CATALOG_STATE.PUBLISHED, now - 1, now)).toBe('publishedCannotSchedule');
  });
});

describe('storedFilter', () => {
  test('draft means no time, scheduled a draft with one, published published, blank everything', () => {
    expect(storedFilter(undefined)).toBeUndefined();
    expect(storedFilter(CATALOG_STATE.DRAFT)).toEqual({ published: false, scheduled: false });
    expect(storedFilter(CATALOG_STATE.SCHEDULED)).toEqual({ published: false, scheduled: true });
    expect(storedFilter(CATALOG_STATE.PUBLISHED)).toEqual({ published: true, scheduled: undefined });
  });
});

describe('the job of a row', () => {
  test('one key per row; a payload is read back only when whole', () => {
    expect(catalogJobKey('banner', 'abc')).toBe('banner:abc');
    expect(isSchedulable('coupon')).toBe(true);
    expect(isSchedulable('news')).toBe(false);
    expect(readPayload({ type: 'banner', id: 'abc', at: 5 })).toEqual({ type: 'banner', id: 'abc', at: 5 });
    expect(readPayload({ type: 'banner', id: 'abc' })).toBeNull();
    expect(readPayload({ type: 'lesson', id: 'abc', at: 5 })).toBeNull();
    expect(readPayload({ type: 'banner', id: 7, at: 5 })).toBeNull();
  });
});
