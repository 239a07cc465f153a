import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { FILE_NAME_MAX, cleanDisplayName, displayName, fileKey, isFileKey, sniffImage } from '~/server/storage/files.rules';
import { GIF_1PX, PNG_1PX } from '../setup/files';

describe('what a file is, from its first bytes', () => {
  test.each([
    ['PNG', PNG_1PX, 'image/png', 'png'],
    ['GIF', GIF_1PX, 'image/gif', 'gif'],
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg', 'jpg'],
    ['WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]), 'image/webp', 'webp'],
  ])('%s', (_label, bytes, contentType, extension) => {
    expect(sniffImage(bytes)).toEqual({ contentType, extension });
  });

  test.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WAVEfmt ')])],
    ['a PNG cut short', PNG_1PX.subarray(0, 7)],
    ['nothing', Buffer.alloc(0)],
  ])('%s is not a picture', (_label, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });
});

describe('keys', () => {
  test('a key is the school, the month (UTC) and the id with its extension', () => {
    expect(fileKey('t1', 'abc', 'png', new Date(Date.UTC(2026, 0, 31, 23)))).toBe('t1/202601/abc.png');
  });

  test('every key the server makes is a key; nothing that climbs or names another type is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\w-]{1,32}$/), fc.stringMatching(/^[\w-]{1,32}$/), fc.constantFrom('png', 'jpg', 'gif', 'webp'), (t, id, ext) =>
        isFileKey(fileKey(t, id, ext, new Date(Date.UTC(2026, 10, 25)))),
      ),
    );
    for (const bad of [
      '../t1/202611/a.png',
      't1/202611/../a.png',
      't1/202611/a.svg',
      't1/202611/a.png/x',
      '/t1/202611/a.png',
      't1/2026/a.png',
      't1\\202611\\a.png',
    ]) {
      expect(isFileKey(bad), bad).toBe(false);
    }
  });
});

describe('display names', () => {
  test('the last part of a path, without control characters, cut to length; blank is "file"', () => {
    expect(displayName('C:\\Users\\王\\校徽.png')).toBe('校徽.png');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('a\u0000b\nc.png')).toBe('abc.png');
    expect(displayName('   ')).toBe('file');
    expect([...displayName('长'.repeat(500))]).toHaveLength(FILE_NAME_MAX);
  });
});

describe('display names keep no bidi controls, invisible characters or markup', () => {
  const UNSAFE = [
    ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'],
    ...['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u2028', '\u2029', '\u0085', '\u009b', '\u007f', '\t', '<', '>'],
  ];

  test('a name that reads backwards, a tag, an invisible name', () => {
    // "课件\u202Egpj.exe" shows as "课件exe.jpg": the override goes, the true extension stays visible.
    expect(displayName('课件\u202Egpj.exe')).toBe('课件gpj.exe');
    expect(displayName('\u2067讲义\u2069.pdf')).toBe('讲义.pdf');
    expect(displayName('<img src=x onerror=alert(1)>.png')).toBe('img src=x onerror=alert(1).png');
    expect(displayName('\u200b\u200e\u202e')).toBe('file');
    expect(cleanDisplayName('\u200b <> \u202e ')).toBe('');
    expect(cleanDisplayName('  第一讲 \u200f ')).toBe('第一讲');
  });

  test('whatever the name, what is kept has none of those characters, is trimmed and is at most FILE_NAME_MAX long', () => {
    const piece = fc.oneof(fc.constantFrom(...UNSAFE), fc.string({ maxLength: 8 }), fc.constantFrom('第', '讲', '.mp4', ' ', '/'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const kept = cleanDisplayName(parts.join(''));
        for (const ch of UNSAFE) expect(kept.includes(ch), JSON.stringify(kept)).toBe(false);
        expect(kept).toBe(kept.trim());
        expect([...kept].length).toBeLessThanOrEqual(FILE_NAME_MAX);
        // Cleaning twice changes nothing more.
        expect(cleanDisplayName(kept)).toBe(kept);
      }),
    );
  });
});
