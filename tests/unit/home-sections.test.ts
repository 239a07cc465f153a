import { describe, expect, test } from 'vitest';
import { PAGE_KINDS, type PageKind } from '~/server/events/page-changes';
import { changesHome, HOME_KINDS } from '~/server/pages/home-sections';

describe("the home sections' look-up", () => {
  test('is cleared by a change of news, notices, media, coupons or the catalogue, or of the school itself; not by the introduction', () => {
    const shown: PageKind[] = ['news', 'notices', 'media', 'coupons', 'catalogue'];
    for (const kind of PAGE_KINDS) expect(changesHome({ schoolId: 's1', kinds: [kind] }), kind).toBe(shown.includes(kind));
    expect(changesHome({ schoolId: 's1', kinds: 'all' })).toBe(true);
    expect(changesHome({ schoolId: null, kinds: 'all' })).toBe(true);
    expect(changesHome({ schoolId: 's1', kinds: ['school-info', 'coupons'] })).toBe(true);
    expect(changesHome({ schoolId: 's1', kinds: [] })).toBe(false);
  });

  test('is cleared by exactly the kinds the home page is tagged with, so a purge of the cached home never leaves its sections behind', () => {
    for (const kind of PAGE_KINDS) expect(changesHome({ schoolId: 's1', kinds: [kind] }), kind).toBe(HOME_KINDS.includes(kind));
  });
});
