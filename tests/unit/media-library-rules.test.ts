import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { MEDIA_KINDS, MEDIA_STATES, MEDIA_MAX_BYTES, kindOfName } from '~/lib/media-library';
import { MEDIA_KINDS_AT_CREATION, MEDIA_STATES_AT_CREATION } from '~/server/db/migrations/20261125T1730_media_assets';
import {
  overallProgress,
  progressPosition,
  readProbe,
  renditionKey,
  renditionTargets,
  sniffMedia,
  uploadRefusal,
} from '~/server/media-library/media-library.rules';
import { byteRange, isFileKey } from '~/server/storage/files.rules';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const MP4 = bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]);
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('what a file is: the name must be allowed and the bytes must agree', () => {
  test('real files of each kind are taken with their types', () => {
    expect(sniffMedia('课.MP4', MP4)).toEqual({ kind: 'video', contentType: 'video/mp4', extension: 'mp4' });
    expect(sniffMedia('a.mp3', bytes('ID3', [3, 0]))).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg' });
    expect(sniffMedia('a.mp3', bytes([0xff, 0xfb, 0x90]))).toMatchObject({ kind: 'audio' });
    expect(sniffMedia('a.wav', bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toMatchObject({ kind: 'audio', contentType: 'audio/wav' });
    expect(sniffMedia('a.webm', bytes([0x1a, 0x45, 0xdf, 0xa3]))).toMatchObject({ kind: 'video', contentType: 'video/webm' });
    expect(sniffMedia('讲义.pdf', bytes('%PDF-1.7'))).toMatchObject({ kind: 'document', contentType: 'application/pdf' });
    expect(sniffMedia('a.docx', bytes('PK', [3, 4]))).toMatchObject({ kind: 'document' });
    expect(sniffMedia('a.zip', bytes('PK', [3, 4]))).toMatchObject({ kind: 'archive', contentType: 'application/zip' });
    expect(sniffMedia('a.png', PNG)).toMatchObject({ kind: 'image', contentType: 'image/png', extension: 'png' });
  });

  test('a renamed file, an unknown extension, SVG and programs are refused', () => {
    expect(sniffMedia('fake.mp4', PNG)).toBeNull();
    expect(sniffMedia('fake.pdf', MP4)).toBeNull();
    expect(sniffMedia('page.mp4', bytes('<html>'))).toBeNull();
    expect(sniffMedia('a.svg', bytes('<svg'))).toBeNull();
    expect(sniffMedia('a.exe', bytes('MZ'))).toBeNull();
    expect(sniffMedia('noextension', MP4)).toBeNull();
  });

  test('the extension decides the kind and its limit; an upload without its length or empty is refused', () => {
    expect(kindOfName('a.Mov')).toBe('video');
    expect(uploadRefusal('a.mp4', MEDIA_MAX_BYTES.video)).toBeNull();
    expect(uploadRefusal('a.mp4', MEDIA_MAX_BYTES.video + 1)).toBe('tooLarge');
    expect(uploadRefusal('a.png', MEDIA_MAX_BYTES.image + 1)).toBe('tooLarge');
    expect(uploadRefusal('a.exe', 10)).toBe('badType');
    expect(uploadRefusal('a.mp4', undefined)).toBe('noLength');
    expect(uploadRefusal('a.mp4', 0)).toBe('empty');
  });

  test('the kinds and states are the ones the migration allows', () => {
    expect([...MEDIA_KINDS]).toEqual([...MEDIA_KINDS_AT_CREATION]);
    expect([...MEDIA_STATES]).toEqual([...MEDIA_STATES_AT_CREATION]);
  });
});

describe('renditions', () => {
  test('never above the source; a small source gets one at its own even height', () => {
    expect(renditionTargets(1080).map((r) => r.height)).toEqual([360, 480, 720]);
    expect(renditionTargets(720).map((r) => [r.quality, r.templateType])).toEqual([
      ['360P', 'LD'],
      ['480P', 'SD'],
      ['720P', 'HD'],
    ]);
    expect(renditionTargets(600).map((r) => r.height)).toEqual([360, 480]);
    expect(renditionTargets(240)).toEqual([{ quality: '360P', templateType: 'LD', height: 240 }]);
    expect(renditionTargets(239)).toEqual([{ quality: '360P', templateType: 'LD', height: 238 }]);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5000 }), (h) => {
        const targets = renditionTargets(h);
        expect(targets.length).toBeGreaterThan(0);
        for (const t of targets) expect(t.height).toBeLessThanOrEqual(h);
      }),
    );
  });

  test('a rendition key is a file key beside the original, one per run and height', () => {
    const key = renditionKey('t1/202611/123.mp4', '123', 2, 480);
    expect(key).toBe('t1/202611/123-r2-480.mp4');
    expect(isFileKey(key)).toBe(true);
  });

  test("ffmpeg's progress lines and ffprobe's report", () => {
    expect(progressPosition('frame=10\nout_time_us=1500000\nprogress=continue\nout_time_us=2000000\n')).toBe(2_000_000);
    expect(progressPosition('frame=10\n')).toBeNull();
    expect(overallProgress(0, 3, 1_000_000, 2000)).toBe(16);
    expect(overallProgress(3, 3, 0, 2000)).toBe(99);
    expect(overallProgress(1, 3, 0, null)).toBe(33);
    expect(
      readProbe(JSON.stringify({ format: { duration: '2.043' }, streams: [{ codec_type: 'video', width: 1280, height: 720 }, { codec_type: 'audio' }] })),
    ).toEqual({
      durationMs: 2043,
      video: { width: 1280, height: 720 },
      audio: true,
    });
    expect(readProbe(JSON.stringify({ format: {}, streams: [{ codec_type: 'data' }] }))).toBeNull();
    expect(readProbe('not json')).toBeNull();
  });
});

describe('byte ranges (a video seeks)', () => {
  test('one range, open ends and suffixes; past the end is unsatisfiable; garbage is the whole file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=5-1', 1000)).toBeNull();
    expect(byteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
    expect(byteRange(null, 1000)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.string(), (size, header) => {
        const r = byteRange(header, size);
        if (r && r !== 'unsatisfiable') {
          expect(r.start).toBeGreaterThanOrEqual(0);
          expect(r.end).toBeLessThan(size);
          expect(r.start).toBeLessThanOrEqual(r.end);
        }
      }),
    );
  });
});
