import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
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
