import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import * as sanitize from '~/server/sanitize';
import { createRichTextMemo } from '~/server/rich-text-memo';

// The real sanitiser, counted: the memo must answer what it answers, and call it once per text and school it keeps.
vi.mock('~/server/sanitize', async (original) => {
  const actual = await original<typeof import('~/server/sanitize')>();
  return { ...actual, sanitizeRichText: vi.fn(actual.sanitizeRichText) };
});
const sanitizeRichText = vi.mocked(sanitize.sanitizeRichText);
const { sanitizeRichText: realSanitize } = await vi.importActual<typeof import('~/server/sanitize')>('~/server/sanitize');

const SCHOOLS = ['1000000000000000001', '1000000000000000002'];
/** A picture of the first school: kept on its pages, dropped on the other's. */
const PICTURE = `<img src="/files/${SCHOOLS[0]}/202611/a.png" alt="图">`;

describe('the rich text memo', () => {
  test('whatever texts two schools ask for, in any order and again, each answer is the sanitiser’s for that text and school, however asked', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('<p>', '</p>', '<div class="x">', '</div>', '<script>alert(1)</script>', '<a href="javascript:x">链接</a>', PICTURE, '<b>粗</b>'),
    );
    const text = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...SCHOOLS), fc.oneof(text, fc.constant(PICTURE)), fc.boolean()), { minLength: 1, maxLength: 30 }),
        (asks) => {
          const memo = createRichTextMemo();
          // Asked directly or through the function bound to the school, as a paper's view asks.
          for (const [school, html, bound] of [...asks, ...asks])
            expect(bound ? memo.forSchool(school)(html) : memo.sanitize(html, school)).toBe(realSanitize(html, school));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a text is made safe once per school while kept; the same text of another school is made safe for that school', () => {
    const memo = createRichTextMemo();
    sanitizeRichText.mockClear();
    const first = memo.sanitize(`<p>学校新闻</p>${PICTURE}`, SCHOOLS[0]!);
    expect(memo.sanitize(`<p>学校新闻</p>${PICTURE}`, SCHOOLS[0]!)).toBe(first);
    expect(first).toContain('<img');
    expect(sanitizeRichText).toHaveBeenCalledTimes(1);
    expect(memo.sanitize(`<p>学校新闻</p>${PICTURE}`, SCHOOLS[1]!)).toBe('<p>学校新闻</p>');
    expect(sanitizeRichText).toHaveBeenCalledTimes(2);
    expect(memo.sanitize(null, SCHOOLS[0]!)).toBe('');
    expect(memo.sanitize('', SCHOOLS[0]!)).toBe('');
  });

  test('what it keeps stays within its bound, and a text longer than the longest it keeps is made safe each time', () => {
    const memo = createRichTextMemo(2_000, 500);
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 300 }), { maxLength: 40 }), (texts) => {
        for (const html of texts) {
          expect(memo.sanitize(`<p>${html}</p>`, SCHOOLS[0]!)).toBe(realSanitize(`<p>${html}</p>`, SCHOOLS[0]!));
          expect(memo.keptChars).toBeLessThanOrEqual(2_000);
        }
      }),
    );
    const long = `<p>${'长文'.repeat(300)}</p>`;
    const before = memo.keptChars;
    sanitizeRichText.mockClear();
    expect(memo.sanitize(long, SCHOOLS[0]!)).toBe(realSanitize(long, SCHOOLS[0]!));
    expect(memo.sanitize(long, SCHOOLS[0]!)).toBe(realSanitize(long, SCHOOLS[0]!));
    expect(sanitizeRichText).toHaveBeenCalledTimes(2);
    expect(memo.keptChars).toBe(before);
  });
});
