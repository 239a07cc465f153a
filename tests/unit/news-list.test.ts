import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PAGE_KINDS } from '~/server/events/page-changes';
import type { Asides } from '~/server/pages/asides';
import { changesNewsList, newsFirstPageKey } from '~/server/pages/news-list';

/** The side columns of a school with these category ids (nothing else matters to the keys). */
const asidesWith = (ids: string[]): Asides => ({ categories: ids.map((id, seq) => ({ id, name: `分类${seq}`, seq })), hotMajors: [], notices: [] });
const ID = /^[0-9A-Za-z_-]{1,32}$/;

describe("the news list's kept first pages", () => {
  test('are cleared by a change of news (their categories included) or of the school itself, by nothing else', () => {
    for (const kind of PAGE_KINDS) expect(changesNewsList({ schoolId: 's1', kinds: [kind] }), kind).toBe(kind === 'news');
    expect(changesNewsList({ schoolId: 's1', kinds: 'all' })).toBe(true);
    expect(changesNewsList({ schoolId: null, kinds: 'all' })).toBe(true);
    expect(changesNewsList({ schoolId: 's1', kinds: ['notices', 'news'] })).toBe(true);
    expect(changesNewsList({ schoolId: 's1', kinds: [] })).toBe(false);
  });

  test('the first page with no category or a category of the school is kept per school; a later page or another id is not', () => {
    const asides = asidesWith(['c1', 'c2']);
    expect(newsFirstPageKey('t1', asides, undefined, 1)).toBe('t1:');
    expect(newsFirstPageKey('t1', asides, 'c2', 1)).toBe('t1:c2');
    expect(newsFirstPageKey('t2', asides, 'c2', 1)).toBe('t2:c2');
    expect(newsFirstPageKey('t1', asides, undefined, 2)).toBeNull();
    expect(newsFirstPageKey('t1', asides, 'c1', 2)).toBeNull();
    expect(newsFirstPageKey('t1', asides, 'nosuch', 1)).toBeNull();
  });

  test('whatever addresses are asked for, a school keeps at most one first page per category and one with none', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(ID), { maxLength: 8 }),
        fc.array(fc.tuple(fc.option(fc.stringMatching(ID), { nil: undefined }), fc.integer({ min: 1, max: 100_000 })), { maxLength: 60 }),
        (ids, asked) => {
          const asides = asidesWith(ids);
          const keys = new Set(asked.map(([id, current]) => newsFirstPageKey('t1', asides, id, current)).filter((k) => k !== null));
          const allowed = new Set(['t1:', ...ids.map((id) => `t1:${id}`)]);
          for (const key of keys) expect(allowed.has(key), key).toBe(true);
        },
      ),
    );
  });
});
