import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PAGE_KINDS, type PageKind } from '~/server/events/page-changes';
import { categoryNavPart, changesAsides, type Asides } from '~/server/pages/asides';

/** The side columns of a school with these category ids (nothing else matters to the parts' names). */
const asidesWith = (ids: string[]): Asides => ({ categories: ids.map((id, seq) => ({ id, name: `分类${seq}`, seq })), hotMajors: [], notices: [] });

describe("the side columns' look-up", () => {
  test('is cleared by a change of news, notices or the catalogue, or of the school itself; not by coupons, media or the introduction', () => {
    const shown: PageKind[] = ['news', 'notices', 'catalogue'];
    for (const kind of PAGE_KINDS) expect(changesAsides({ schoolId: 's1', kinds: [kind] }), kind).toBe(shown.includes(kind));
    expect(changesAsides({ schoolId: 's1', kinds: 'all' })).toBe(true);
    expect(changesAsides({ schoolId: null, kinds: 'all' })).toBe(true);
    expect(changesAsides({ schoolId: 's1', kinds: ['coupons', 'media', 'catalogue'] })).toBe(true);
    expect(changesAsides({ schoolId: 's1', kinds: [] })).toBe(false);
  });
});

describe('the category navigation kept beside the columns', () => {
  test('a highlighted category of the school, or none, is a part of its own for each variant', () => {
    const asides = asidesWith(['c1', 'c2']);
    expect(categoryNavPart(asides, 'tabs', undefined)).toBe('categories-tabs:');
    expect(categoryNavPart(asides, 'tabs', null)).toBe('categories-tabs:');
    expect(categoryNavPart(asides, 'tabs', 'c2')).toBe('categories-tabs:c2');
    expect(categoryNavPart(asides, 'catalogue', 'c2')).toBe('categories-catalogue:c2');
    expect(categoryNavPart(asides, 'tabs', 'nosuch')).toBeNull();
  });

  test('whatever addresses are asked for, one look-up keeps at most one part per category and variant, and one with none highlighted', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[0-9A-Za-z_-]{1,32}$/), { maxLength: 8 }),
        fc.array(fc.option(fc.stringMatching(/^[0-9A-Za-z_-]{1,32}$/), { nil: undefined }), { maxLength: 60 }),
        fc.constantFrom('tabs' as const, 'catalogue' as const),
        (ids, asked, variant) => {
          const asides = asidesWith(ids);
          const parts = new Set(asked.map((id) => categoryNavPart(asides, variant, id)).filter((p) => p !== null));
          const allowed = new Set([`categories-${variant}:`, ...ids.map((id) => `categories-${variant}:${id}`)]);
          for (const part of parts) expect(allowed.has(part), part).toBe(true);
          for (const id of asked) if (id && ids.includes(id)) expect(categoryNavPart(asides, variant, id)).toBe(`categories-${variant}:${id}`);
        },
      ),
    );
  });
});
