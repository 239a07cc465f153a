import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { COURSE_THIRD_PLATFORM_TYPES, platformChoices } from '~/lib/learning/course-admin';
import { t } from '~/lib/i18n/messages/admin-courses';
import { lessonContent } from '~/server/learning/online-classroom/online-classroom.rules';
import { articleContent, contentFields, liveContent, mediaContent, moved } from '~/server/learning/courses/courses.admin.rules';

/** The pure rules of the staff side of courses: moving an item among its siblings, and the content JSON each lesson type stores. */

describe('moved', () => {
  const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });

  test('moving keeps every item once, numbered 1..n, and exchanges only the item and its neighbour', () => {
    fc.assert(
      fc.property(ids, fc.nat(), fc.constantFrom('up' as const, 'down' as const), (list, k, direction) => {
        const items = list.map((id) => ({ id }));
        const i = k % items.length;
        const order = moved(items, list[i]!, direction);
        const j = direction === 'up' ? i - 1 : i + 1;
        if (j < 0 || j >= list.length) {
          expect(order).toBeNull();
          return;
        }
        expect(order!.map((o) => o.seq)).toEqual(list.map((_, n) => n + 1));
        const expected = [...list];
        [expected[i], expected[j]] = [expected[j]!, expected[i]!];
        expect(order!.map((o) => o.id)).toEqual(expected);
      }),
    );
  });

  test('moving up then down gives the first order back', () => {
    fc.assert(
      fc.property(ids, fc.nat(), (list, k) => {
        const i = 1 + (k % Math.max(1, list.length - 1));
        if (i >= list.length) return;
        const once = moved(
          list.map((id) => ({ id })),
          list[i]!,
          'up',
        )!;
        const back = moved(once, list[i]!, 'down')!;
        expect(back.map((o) => o.id)).toEqual(list);
      }),
    );
  });

  test('an unknown item does not move', () => {
    expect(moved([{ id: 'a' }], 'b', 'up')).toBeNull();
  });
});

describe('lesson content', () => {
  const read = (classroomType: number, classroomContent: string) =>
    lessonContent({ tenantId: 't1', classroomType, classroomContent, liveStatus: 3, classStartAt: null, classEndAt: null }, () => null);

  test("a media lesson keeps the library's content, names its files and, for pictures, carries the summary", () => {
    const a = JSON.stringify({ pageData: [{ type: 'image', url: '/files/demo/202611/a.png' }] });
    const b = JSON.stringify({ pageData: [{ type: 'image', url: '/files/demo/202611/b.png' }] });
    const json = mediaContent(
      [
        { assetId: 'A', classroomContent: a },
        { assetId: 'B', classroomContent: b },
      ],
      '先断电',
    );
    expect(read(8, json)).toEqual({ kind: 'images', images: ['/files/demo/202611/a.png', '/files/demo/202611/b.png'], summary: '先断电' });
    expect(contentFields(json)).toEqual({ assetIds: ['A', 'B'], html: null, summary: '先断电', replayUrl: null });
  });

  test('an article and a live replay read back as the classroom shows them', () => {
    expect(read(3, articleContent('<p>正文</p>'))).toEqual({ kind: 'article', html: '<p>正文</p>' });
    expect(contentFields(articleContent('<p>正文</p>')).html).toBe('<p>正文</p>');
    expect(read(10, liveContent('https://live.example.com/r.mp4'))).toMatchObject({ kind: 'live', url: 'https://live.example.com/r.mp4' });
    expect(contentFields(liveContent(null))).toEqual({ assetIds: [], html: null, summary: null, replayUrl: null });
  });

  test('unreadable content gives empty fields, never an error', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(contentFields(text).assetIds).toBeInstanceOf(Array);
      }),
    );
  });
});

describe('lesson content at its edges', () => {
  test('an item that is not among its siblings moves nowhere, up or down', () => {
    const items = [{ id: 'a' }, { id: 'b' }];
    expect(moved(items, 'x', 'down')).toBeNull();
    expect(moved(items, 'x', 'up')).toBeNull();
  });

  test('a media lesson: files without pages add none, no summary adds none, the first file gives the renditions', () => {
    const video = JSON.stringify({ pageData: [{ type: 'video', url: '/v.mp4' }], transCodeVideoList: [{ templateType: 'SD', url: '/v-480.mp4' }] });
    const parsed = (sources: { assetId: string; classroomContent: string }[], summary: string | null) => JSON.parse(mediaContent(sources, summary));
    expect(parsed([{ assetId: 'A', classroomContent: '{}' }], null)).toEqual({ pageData: [], transCodeVideoList: [], assetIds: ['A'] });
    expect(parsed([{ assetId: 'A', classroomContent: 'not json' }], '')).toEqual({ pageData: [], transCodeVideoList: [], assetIds: ['A'] });
    expect(parsed([], null)).toEqual({ pageData: [], transCodeVideoList: [], assetIds: [] });
    expect(parsed([{ assetId: 'V', classroomContent: video }], null)).toEqual({
      pageData: [{ type: 'video', url: '/v.mp4' }],
      transCodeVideoList: [{ templateType: 'SD', url: '/v-480.mp4' }],
      assetIds: ['V'],
    });
  });

  test('a live lesson without a replay has no page; the form reads the replay back and keeps only text file ids', () => {
    expect(liveContent(null)).toBe('{"pageData":[]}');
    expect(contentFields(liveContent('https://live.example.com/r.mp4')).replayUrl).toBe('https://live.example.com/r.mp4');
    expect(contentFields(JSON.stringify({ assetIds: ['A', 1, null, 'B'] })).assetIds).toEqual(['A', 'B']);
  });
});

describe('the platforms the course form offers', () => {
  test('a third-party course and practical training, by name without codes; a course with 11 keeps it offered instead of 10', () => {
    expect(platformChoices(null)).toEqual([10, 12]);
    expect(platformChoices(10)).toEqual([10, 12]);
    expect(platformChoices(12)).toEqual([10, 12]);
    expect(platformChoices(11)).toEqual([11, 12]);
    for (const current of [null, ...COURSE_THIRD_PLATFORM_TYPES]) {
      const offered = platformChoices(current);
      // What a course has is always offered, and every offer is a type the server takes.
      if (current !== null) expect(offered).toContain(current);
      for (const n of offered) expect(COURSE_THIRD_PLATFORM_TYPES).toContain(n);
      expect(new Set(offered.map((n) => t(`courses.platform.${n}` as 'courses.platform.10'))).size).toBe(offered.length);
    }
    for (const n of COURSE_THIRD_PLATFORM_TYPES) expect(t(`courses.platform.${n}` as 'courses.platform.10')).not.toMatch(/\d/);
  });
});
