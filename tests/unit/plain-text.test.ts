import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { UNWANTED_CHARACTERS, plainText } from '~/lib/plain-text';
import { commentText } from '~/server/engagement/engagement.rules';

/** The text-cleaning rule of typed text (src/lib/plain-text.ts). */

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

describe('plainText', () => {
  test.each(BIDI.map((c) => [c.codePointAt(0)!.toString(16).toUpperCase(), c]))('U+%s (bidirectional formatting) is removed', (_, c) => {
    expect(plainText(`看这个${c}gpj.exe${c}文件`)).toBe('看这个gpj.exe文件');
  });

  test('control characters go, tab and line breaks stay (CR LF and CR become LF), joiners stay', () => {
    expect(plainText('a\u0000b\u0008c\u000Bd\u001Fe\u007Ff\u0085g\u009Fh')).toBe('abcdefgh');
    expect(plainText('一\t二\r\n三\r四\n五')).toBe('一\t二\n三\n四\n五');
    // The zero-width joiner makes one emoji of a family; the non-joiner shapes Persian words.
    expect(plainText('👨\u200D👩\u200D👧 \u200C')).toBe('👨\u200D👩\u200D👧 \u200C');
  });

  test('Chinese, Arabic and Hebrew text keep every letter (their direction needs no control)', () => {
    expect(plainText('欧姆定律 مرحبا שלום 123')).toBe('欧姆定律 مرحبا שלום 123');
  });

  test('property: the result has no unwanted character, and cleaning twice changes nothing', () => {
    const unwanted = fc.constantFrom(...BIDI, '\u0000', '\u0007', '\u001B', '\u007F', '\u0090');
    const piece = fc.oneof(fc.string(), unwanted, fc.constantFrom('\r\n', '\r', '\n', '\t', '中文', 'עברית'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const cleaned = plainText(pieces.join(''));
        expect(cleaned.match(UNWANTED_CHARACTERS)).toBeNull();
        expect(cleaned).not.toContain('\r');
        expect(plainText(cleaned)).toBe(cleaned);
      }),
    );
  });

  test('a comment made only of bidirectional controls is empty: refused with 请输入内容', () => {
    expect(commentText('\u202E\u2066\u200F')).toEqual({ ok: false, message: '请输入内容' });
    expect(commentText('好\u202E评')).toEqual({ ok: true, text: '好评' });
  });
});
