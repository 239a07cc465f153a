import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { MEDIA_KINDS, MEDIA_STATES, MEDIA_MAX_BYTES, kindOfName, uploadRefusalMessage } from '~/lib/media-library';
import { MEDIA_KINDS_AT_CREATION, MEDIA_STATES_AT_CREATION } from '~/server/db/migrations/20261125T1730_media_assets';
import {
  overallProgress,
  progressPosition,
  readProbe,
  renditionKey,
  renditionTargets,
  httpStatusOf,
  mayChangeMedia,
  sniffMedia,
  uploadLimitRefusal,
  uploadRefusal,
  type UploadLimits,
  type UploadUsage,
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

describe('the limits of unfinished uploads (decision 050)', () => {
  const limits: UploadLimits = { schoolQuotaBytes: 1000, accountUploads: 3, accountBytes: 500, diskRoomBytes: 800 };
  const none: UploadUsage = { schoolBytes: 0, accountUploads: 0, accountBytes: 0, unwrittenBytes: 0 };

  test('each limit, exactly at its edge', () => {
    expect(uploadLimitRefusal(none, 500, limits)).toBeNull();
    expect(uploadLimitRefusal({ ...none, accountUploads: 2 }, 1, limits)).toBeNull();
    expect(uploadLimitRefusal({ ...none, accountUploads: 3 }, 1, limits)).toBe('tooManyOpen');
    expect(uploadLimitRefusal({ ...none, accountBytes: 400 }, 101, limits)).toBe('openBytes');
    expect(uploadLimitRefusal({ ...none, schoolBytes: 600 }, 400, limits)).toBeNull();
    expect(uploadLimitRefusal({ ...none, schoolBytes: 600 }, 401, limits)).toBe('schoolQuota');
    expect(uploadLimitRefusal({ ...none, unwrittenBytes: 400 }, 401, limits)).toBe('diskFull');
    // A disk already below its reserve takes nothing.
    expect(uploadLimitRefusal(none, 1, { ...limits, diskRoomBytes: -5 })).toBe('diskFull');
  });

  test('uploads staged in a bucket (no disk room given) pass the disk, never the other limits', () => {
    const bucket = { ...limits, diskRoomBytes: null };
    expect(uploadLimitRefusal({ ...none, unwrittenBytes: 10_000 }, 401, bucket)).toBeNull();
    expect(uploadLimitRefusal({ ...none, schoolBytes: 600, unwrittenBytes: 10_000 }, 401, bucket)).toBe('schoolQuota');
    expect(uploadLimitRefusal({ ...none, accountBytes: 400 }, 101, bucket)).toBe('openBytes');
    expect(uploadLimitRefusal({ ...none, accountUploads: 3 }, 1, bucket)).toBe('tooManyOpen');
  });

  test('accepted one after another, uploads never hold more than any limit allows', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 30 }), fc.integer({ min: 0, max: 900 }), (sizes, stored) => {
        const usage = { ...none, schoolBytes: stored };
        for (const size of sizes) {
          if (uploadLimitRefusal(usage, size, limits)) continue;
          usage.schoolBytes += size;
          usage.accountUploads += 1;
          usage.accountBytes += size;
          usage.unwrittenBytes += size;
        }
        expect(usage.accountUploads).toBeLessThanOrEqual(limits.accountUploads);
        expect(usage.accountBytes).toBeLessThanOrEqual(limits.accountBytes);
        expect(usage.schoolBytes).toBeLessThanOrEqual(Math.max(stored, limits.schoolQuotaBytes));
        expect(usage.unwrittenBytes).toBeLessThanOrEqual(limits.diskRoomBytes ?? Number.POSITIVE_INFINITY);
      }),
    );
  });
});

describe("the upload endpoint's statuses and who may change a file", () => {
  test('an envelope code becomes the HTTP status a tus client reads', () => {
    expect([40001, 40005, 40009].map(httpStatusOf)).toEqual([401, 401, 401]);
    expect([400, 403, 404, 409, 413, 415, 429].map(httpStatusOf)).toEqual([400, 403, 404, 409, 413, 415, 429]);
    expect(httpStatusOf(10404)).toBe(404);
    expect(httpStatusOf(0)).toBe(400);
    expect(httpStatusOf(500)).toBe(400);
  });

  test('the uploader and administrators may change a file; other teachers may not', () => {
    expect(mayChangeMedia({ id: 'a', role: 'teacher' }, { uploadedBy: 'a' })).toBe(true);
    expect(mayChangeMedia({ id: 'b', role: 'teacher' }, { uploadedBy: 'a' })).toBe(false);
    expect(mayChangeMedia({ id: 'c', role: 'admin' }, { uploadedBy: 'a' })).toBe(true);
    expect(mayChangeMedia({ id: 'd', role: 'editor' }, { uploadedBy: 'a' })).toBe(false);
  });

  test("the media screen shows the server's words from a refused upload, not a generic failure", () => {
    // The message tus-js-client (through Uppy) gives for a refused creation.
    const refused = new Error(
      'tus: unexpected response while creating upload, originated from request (method: POST, url: /api/admin/media/uploads, ' +
        'response code: 413, response text: {"code":413,"data":null,"message":"本校存储空间不足：已用 51190 MB，共 51200 MB。请删除不再使用的文件，或联系平台扩容"}, request id: n/a)',
    );
    expect(uploadRefusalMessage(refused)).toBe('本校存储空间不足：已用 51190 MB，共 51200 MB。请删除不再使用的文件，或联系平台扩容');
    expect(uploadRefusalMessage(new Error('response text: {"code":429,"data":null,"message":"引号\\"内\\""}'))).toBe('引号"内"');
    // A network failure has no words of the server's: the screen says its own.
    expect(uploadRefusalMessage(new Error('tus: failed to upload chunk at offset 0, caused by [object ProgressEvent]'))).toBeNull();
  });
});
