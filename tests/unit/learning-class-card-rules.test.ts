import { describe, expect, test } from 'vitest';
import { MY_CLASSES_PAGE_SIZE, MY_CLASS_TABS, PERIOD_PAGE_SIZE, cardClick, cardInTab } from '~/lib/learning/class-card';
import { parseDateTime } from '~/lib/time/cst';

describe('cardClick: the my-learning card rules in order', () => {
  test('serviceStatus -1: nothing happens, whatever the class status', () => {
    expect(cardClick({ serviceStatus: -1, teachingClassStatus: 0 })).toEqual({ kind: 'ignore' });
    expect(cardClick({ serviceStatus: -1, teachingClassStatus: 1 })).toEqual({ kind: 'ignore' });
  });

  test('serviceStatus 0: preparing, before the not-open check', () => {
    expect(cardClick({ serviceStatus: 0, teachingClassStatus: 0, openDate: '2026-12-01 00:00:00' })).toEqual({ kind: 'preparing' });
    expect(cardClick({ serviceStatus: 0, teachingClassStatus: 1 })).toEqual({ kind: 'preparing' });
  });

  test.each([1, 2, 3])('serviceStatus %i with teachingClassStatus 0: not open yet, with the date when known', (serviceStatus) => {
    expect(cardClick({ serviceStatus, teachingClassStatus: 0, openDate: '2026-12-01 09:00:00' })).toEqual({ kind: 'notOpenYet', date: '2026-12-01' });
    expect(cardClick({ serviceStatus, teachingClassStatus: 0, openDate: parseDateTime('2026-12-01 00:30:00') })).toEqual({
      kind: 'notOpenYet',
      date: '2026-12-01',
    });
    expect(cardClick({ serviceStatus, teachingClassStatus: 0, openDate: null })).toEqual({ kind: 'notOpenYet', date: null });
    expect(cardClick({ serviceStatus, teachingClassStatus: 0, openDate: '' })).toEqual({ kind: 'notOpenYet', date: null });
    expect(cardClick({ serviceStatus, teachingClassStatus: 0, openDate: 'soon' })).toEqual({ kind: 'notOpenYet', date: null });
    expect(cardClick({ serviceStatus, teachingClassStatus: 0, openDate: Number.NaN })).toEqual({ kind: 'notOpenYet', date: null });
  });

  test('the open date is the China Standard Time date of an epoch value', () => {
    // 2026-11-30 16:30 UTC is 2026-12-01 00:30 in China.
    expect(cardClick({ serviceStatus: 2, teachingClassStatus: 0, openDate: Date.UTC(2026, 10, 30, 16, 30) })).toEqual({
      kind: 'notOpenYet',
      date: '2026-12-01',
    });
  });

  test.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [2, null],
  ])('serviceStatus %i, teachingClassStatus %s: open', (serviceStatus, teachingClassStatus) => {
    expect(cardClick({ serviceStatus, teachingClassStatus })).toEqual({ kind: 'open' });
  });

  test('an unknown or missing serviceStatus does nothing', () => {
    expect(cardClick({ serviceStatus: 4, teachingClassStatus: 1 })).toEqual({ kind: 'ignore' });
    expect(cardClick({ serviceStatus: -2, teachingClassStatus: 1 })).toEqual({ kind: 'ignore' });
    expect(cardClick({ serviceStatus: null, teachingClassStatus: 1 })).toEqual({ kind: 'ignore' });
  });
});

describe('my-learning tabs and page sizes', () => {
  test('page sizes 4 and 8', () => {
    expect(MY_CLASSES_PAGE_SIZE).toBe(4);
    expect(PERIOD_PAGE_SIZE).toBe(8);
  });

  test('all shows every card; a status tab only its status', () => {
    expect(MY_CLASS_TABS).toEqual(['all', -1, 0, 1, 2, 3]);
    expect(cardInTab({ serviceStatus: 2 }, 'all')).toBe(true);
    expect(cardInTab({ serviceStatus: null }, 'all')).toBe(true);
    expect(cardInTab({ serviceStatus: 2 }, 2)).toBe(true);
    expect(cardInTab({ serviceStatus: 2 }, 3)).toBe(false);
    expect(cardInTab({ serviceStatus: -1 }, -1)).toBe(true);
    expect(cardInTab({ serviceStatus: 0 }, -1)).toBe(false);
  });
});
