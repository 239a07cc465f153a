import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CLASSROOM_TYPE, LIVE_STATUS } from '~/lib/learning/codes';
import { creditable, creditableLesson, isPdf, lessonContent, qualityOf, viewerUrlOf } from '~/server/learning/online-classroom/online-classroom.rules';

/** The online classroom's reading of a lesson's stored content JSON (online-classroom.rules.ts). */

const time = (ms: number | null) => (ms === null ? null : `t${ms}`);
const lesson = (classroomType: number, content: unknown, extra: Partial<Parameters<typeof lessonContent>[0]> = {}) =>
  lessonContent(
    {
      tenantId: 't1',
      classroomType,
      classroomContent: content === undefined ? null : typeof content === 'string' ? content : JSON.stringify(content),
      liveStatus: null,
      classStartAt: null,
      classEndAt: null,
      ...extra,
    },
    time,
  );

describe('qualityOf', () => {
  test('LD 360P, SD 480P, HD 720P, anything else 1080P', () => {
    expect(qualityOf('LD')).toBe('360P');
    expect(qualityOf('sd')).toBe('480P');
    expect(qualityOf('HD')).toBe('720P');
    expect(qualityOf('FHD')).toBe('1080P');
    expect(qualityOf(undefined)).toBe('1080P');
  });
});

describe('isPdf', () => {
  test('by the URL or the file name', () => {
    expect(isPdf('/a/b.pdf', null)).toBe(true);
    expect(isPdf('/a/b.PDF?x=1', null)).toBe(true);
    expect(isPdf('/download?id=3', '讲义.pdf')).toBe(true);
    expect(isPdf('/a/b.docx', 'b.docx')).toBe(false);
    expect(isPdf(null, null)).toBe(false);
  });
});

describe('lessonContent', () => {
  test('video: sources ordered by quality, unsafe URLs dropped; the main URL else the best source', () => {
    const c = lesson(1, {
      transCodeVideoList: [
        { templateType: 'HD', url: '/h.mp4' },
        { templateType: 'LD', url: 'javascript:alert(1)' },
        { templateType: 'SD', url: '/s.mp4' },
      ],
    });
    expect(c).toEqual({
      kind: 'media',
      mediaType: 1,
      url: '/h.mp4',
      sources: [
        { quality: '480P', url: '/s.mp4' },
        { quality: '720P', url: '/h.mp4' },
      ],
    });
    expect(lesson(1, { pageData: [{ type: 'video', url: '//evil.example/x.mp4' }] })).toEqual({ kind: 'media', mediaType: 1, url: null, sources: [] });
  });

  test('audio has no qualities', () => {
    expect(lesson(2, { pageData: [{ type: 'audio', url: 'https://cdn.example/a.mp3' }] })).toEqual({
      kind: 'media',
      mediaType: 2,
      url: 'https://cdn.example/a.mp3',
      sources: [],
    });
  });

  test('article HTML is sanitised; missing or broken JSON gives empty content, never an error', () => {
    const c = lesson(3, { pageData: [{ type: 'article', html: '<p onclick="x()">hi</p><script>alert(1)</script><img src="javascript:x">' }] });
    expect(c.kind).toBe('article');
    if (c.kind === 'article') expect(c.html).not.toMatch(/script|onclick|javascript/);
    expect(lesson(3, '{not json')).toEqual({ kind: 'article', html: '' });
    expect(lesson(3, undefined)).toEqual({ kind: 'article', html: '' });
    expect(lesson(3, [1, 2])).toEqual({ kind: 'article', html: '' });
  });

  test('document, images with summary, homework and test, live, other types', () => {
    expect(lesson(4, { pageData: [{ type: 'document', url: '/d.pdf', fileName: 'd.pdf' }] })).toEqual({
      kind: 'document',
      url: '/d.pdf',
      fileName: 'd.pdf',
      pdf: true,
      viewerUrl: null,
    });
    expect(lesson(4, { pageData: [{ type: 'document', url: '/d.docx' }] })).toEqual({
      kind: 'document',
      url: '/d.docx',
      fileName: null,
      pdf: false,
      viewerUrl: null,
    });
    expect(
      lesson(8, {
        pageData: [
          { type: 'image', url: '/1.jpg' },
          { type: 'image', url: 'data:x' },
          { type: 'summary', text: ' 摘要 ' },
        ],
      }),
    ).toEqual({ kind: 'images', images: ['/1.jpg'], summary: '摘要' });
    expect(lesson(6, null)).toEqual({ kind: 'work', workType: 6 });
    expect(lesson(7, null)).toEqual({ kind: 'work', workType: 7 });
    expect(lesson(10, null, { liveStatus: 1, classStartAt: 5, classEndAt: 6 })).toEqual({
      kind: 'live',
      liveStatus: 1,
      classStartTime: 't5',
      classEndTime: 't6',
      url: null,
    });
    for (const type of [5, 20, 90, 91, 99])
      expect(lesson(type, { pageData: [{ type: 'file', url: '/f.zip' }] })).toEqual({ kind: 'other', url: '/f.zip', fileName: null });
    expect(
      lesson(5, {
        pageData: [
          { type: 'summary', text: 'x' },
          { type: 'file', url: '/f.zip', fileName: ' 资料包.zip ' },
        ],
      }),
    ).toEqual({ kind: 'other', url: '/f.zip', fileName: '资料包.zip' });
    for (const type of [5, 20, 90, 91]) expect(lesson(type, null)).toEqual({ kind: 'other', url: null, fileName: null });
    expect(lesson(91, { pageData: [{ type: 'file', url: 'javascript:alert(1)', fileName: 'x' }] })).toEqual({ kind: 'other', url: null, fileName: null });
  });
});

describe('lessonContent: which component a lesson shows', () => {
  const audio = { type: 'audio', url: '/a.mp3' };
  const video = { type: 'video', url: '/v.mp4' };

  // Rule: a video lesson plays its video component and an audio lesson its audio component, whatever order they
  // are stored in; either plays the other kind when it is the only one.
  test.each([
    [1, [audio, video], '/v.mp4'],
    [1, [video, audio], '/v.mp4'],
    [1, [audio], '/a.mp3'],
    [2, [video, audio], '/a.mp3'],
    [2, [audio, video], '/a.mp3'],
    [2, [video], '/v.mp4'],
  ])('type %i with %j plays %s', (type, pageData, url) => {
    expect(lesson(type, { pageData })).toMatchObject({ kind: 'media', url });
  });

  // Rule: only a video has qualities; an audio lesson without a component of its own plays its best transcoding.
  test('every quality in its order; audio has no qualities but falls back to the best transcoding', () => {
    const transCodeVideoList = [
      { templateType: 'FHD', url: '/f.mp4' },
      { templateType: 'HD', url: '/h.mp4' },
      { templateType: 'LD', url: '/l.mp4' },
      { templateType: 'SD', url: '/s.mp4' },
    ];
    expect(lesson(1, { transCodeVideoList })).toEqual({
      kind: 'media',
      mediaType: 1,
      url: '/f.mp4',
      sources: [
        { quality: '360P', url: '/l.mp4' },
        { quality: '480P', url: '/s.mp4' },
        { quality: '720P', url: '/h.mp4' },
        { quality: '1080P', url: '/f.mp4' },
      ],
    });
    expect(lesson(2, { transCodeVideoList })).toEqual({ kind: 'media', mediaType: 2, url: '/f.mp4', sources: [] });
  });

  // Rule: entries of the stored lists that are not objects (null, numbers, text) are skipped, never an error.
  test('broken list entries are skipped', () => {
    const pageData = [null, 5, 'video', [], { type: 'video', url: '/v.mp4' }];
    expect(lesson(1, { pageData, transCodeVideoList: [null, 'x', { templateType: 'SD', url: '/s.mp4' }] })).toEqual({
      kind: 'media',
      mediaType: 1,
      url: '/v.mp4',
      sources: [{ quality: '480P', url: '/s.mp4' }],
    });
    expect(lesson(8, { pageData: [null, { type: 'image', url: '/1.jpg' }] })).toEqual({ kind: 'images', images: ['/1.jpg'], summary: null });
    expect(lesson(5, { pageData: [null, 7, { type: 'file', url: '/f.zip' }] })).toEqual({ kind: 'other', url: '/f.zip', fileName: null });
  });

  // Rule: an article is the article or rich-text component, the article first.
  test.each([
    [[{ type: 'article', html: '<p>文章</p>' }], '<p>文章</p>'],
    [[{ type: 'richText', html: '<p>富文本</p>' }], '<p>富文本</p>'],
    [
      [
        { type: 'richText', html: '<p>富文本</p>' },
        { type: 'article', html: '<p>文章</p>' },
      ],
      '<p>文章</p>',
    ],
  ])('article from %j', (pageData, html) => {
    expect(lesson(3, { pageData })).toEqual({ kind: 'article', html });
  });

  // Rule: a document is the document or file component; a blank file name is no file name; no component, no file.
  test('document from a document or a file component', () => {
    expect(lesson(4, { pageData: [{ type: 'file', url: '/f.pdf', fileName: 'f.pdf' }] })).toEqual({
      kind: 'document',
      url: '/f.pdf',
      fileName: 'f.pdf',
      pdf: true,
      viewerUrl: null,
    });
    expect(lesson(4, { pageData: [{ type: 'document', url: '/d.docx', fileName: '   ' }] })).toEqual({
      kind: 'document',
      url: '/d.docx',
      fileName: null,
      pdf: false,
      viewerUrl: null,
    });
    expect(lesson(4, null)).toEqual({ kind: 'document', url: null, fileName: null, pdf: false, viewerUrl: null });
  });

  // Rule: a picture lesson shows only its image components; without a summary it has none.
  test('images: only image components', () => {
    const pageData = [
      { type: 'file', url: '/f.zip' },
      { type: 'image', url: '/1.jpg' },
      { type: 'video', url: '/v.mp4' },
      { type: 'image', url: '/2.jpg' },
    ];
    expect(lesson(8, { pageData })).toEqual({ kind: 'images', images: ['/1.jpg', '/2.jpg'], summary: null });
  });

  // Rule: a live lesson's address is its video component, else its replay.
  test.each([
    [[{ type: 'video', url: '/live.m3u8' }], '/live.m3u8'],
    [[{ type: 'replay', url: '/replay.mp4' }], '/replay.mp4'],
  ])('live from %j', (pageData, url) => {
    expect(lesson(10, { pageData })).toMatchObject({ kind: 'live', url });
  });
});

describe('viewerUrlOf and the configured viewer', () => {
  const template = 'https://viewer.example/view?src={url}&embed=1';
  test('a site path is made absolute with the origin, then URL-encoded into {url}', () => {
    expect(viewerUrlOf(template, '/media/learning/讲义 1.pdf', 'https://demo.school.cn')).toBe(
      `https://viewer.example/view?src=${encodeURIComponent('https://demo.school.cn/media/learning/讲义 1.pdf')}&embed=1`,
    );
    expect(viewerUrlOf('/viewer/?file={url}', 'files/a.docx', 'http://localhost:4321')).toBe(
      `/viewer/?file=${encodeURIComponent('http://localhost:4321/files/a.docx')}`,
    );
  });

  // Rule: only an address that starts with http:// or https:// is absolute; a site path carrying an address in its
  // query is still a site path.
  test.each([
    ['http://cdn.example/a.pdf', 'http://cdn.example/a.pdf'],
    ['HTTPS://cdn.example/a.pdf', 'HTTPS://cdn.example/a.pdf'],
    ['/go?to=https://cdn.example/a.pdf', 'https://s/go?to=https://cdn.example/a.pdf'],
  ])('%s is read as %s', (fileUrl, absolute) => {
    expect(viewerUrlOf('{url}', fileUrl, 'https://s')).toBe(encodeURIComponent(absolute));
  });

  test('an absolute address is kept; every {url} is filled', () => {
    expect(viewerUrlOf('https://v.example/?a={url}&b={url}', 'https://cdn.example/a.pdf?x=1&y=2', 'https://s')).toBe(
      `https://v.example/?a=${encodeURIComponent('https://cdn.example/a.pdf?x=1&y=2')}&b=${encodeURIComponent('https://cdn.example/a.pdf?x=1&y=2')}`,
    );
  });

  test('with a viewer, every document (PDF or not) gets its viewer address; without a file, none', () => {
    const viewer = (u: string) => viewerUrlOf(template, u, 'https://s');
    const doc = (content: unknown) =>
      lessonContent(
        { tenantId: 't1', classroomType: 4, classroomContent: JSON.stringify(content), liveStatus: null, classStartAt: null, classEndAt: null },
        time,
        viewer,
      );
    expect(doc({ pageData: [{ type: 'document', url: '/d.pdf' }] })).toMatchObject({
      pdf: true,
      viewerUrl: `https://viewer.example/view?src=${encodeURIComponent('https://s/d.pdf')}&embed=1`,
    });
    expect(doc({ pageData: [{ type: 'document', url: '/d.docx' }] })).toMatchObject({
      pdf: false,
      viewerUrl: `https://viewer.example/view?src=${encodeURIComponent('https://s/d.docx')}&embed=1`,
    });
    expect(doc({ pageData: [{ type: 'document', url: 'javascript:alert(1)' }] })).toMatchObject({ url: null, viewerUrl: null });
  });
});

describe('creditable: only content that exists and plays earns study credit (decision 051)', () => {
  const NOW = 1_000_000_000_000;
  const HOUR = 3_600_000;
  const video = { pageData: [{ type: 'video', url: '/files/a.mp4' }] };
  /** creditable over the whole content, checked against creditableLesson (what a progress report asks) on every case. */
  const credit = (type: number, content: unknown, extra: Partial<Parameters<typeof lessonContent>[0]> = {}, now = NOW) => {
    const l = { classroomType: type, classroomContent: content === null ? null : JSON.stringify(content), liveStatus: null, classStartAt: null, ...extra };
    const whole = { classEndAt: null, ...l, tenantId: l.tenantId ?? 'school-1' };
    const credited = creditable(lessonContent(whole, time), l, now);
    expect(creditableLesson(whole, now), 'creditableLesson answers as creditable').toBe(credited);
    return credited;
  };
  const live = (liveStatus: number | null, content: unknown, classStartAt: number | null) =>
    credit(CLASSROOM_TYPE.LIVE, content, { liveStatus, classStartAt, classEndAt: classStartAt === null ? null : classStartAt + HOUR });

  test('a video or audio lesson with an address is credited; without one (or with a refused address) it is not', () => {
    expect(credit(CLASSROOM_TYPE.VIDEO, video)).toBe(true);
    expect(credit(CLASSROOM_TYPE.AUDIO, { pageData: [{ type: 'audio', url: '/files/a.mp3' }] })).toBe(true);
    expect(credit(CLASSROOM_TYPE.VIDEO, { transCodeVideoList: [{ templateType: 'SD', url: '/files/a-480.mp4' }] })).toBe(true);
    expect(credit(CLASSROOM_TYPE.VIDEO, null)).toBe(false);
    expect(credit(CLASSROOM_TYPE.VIDEO, { pageData: [] })).toBe(false);
    expect(credit(CLASSROOM_TYPE.VIDEO, { pageData: [{ type: 'video', url: 'javascript:alert(1)' }] })).toBe(false);
    expect(credit(CLASSROOM_TYPE.AUDIO, { pageData: [{ type: 'audio', url: '  ' }] })).toBe(false);
  });

  test('a live lesson not started (liveStatus 0) earns nothing, even with a replay address, before or after its time', () => {
    expect(live(LIVE_STATUS.NOT_STARTED, null, NOW + 7 * 24 * HOUR)).toBe(false);
    expect(live(LIVE_STATUS.NOT_STARTED, video, NOW - HOUR)).toBe(false);
  });

  test('a live lesson that is live is credited from its scheduled start (the instant included), not before', () => {
    expect(live(LIVE_STATUS.LIVE, null, NOW)).toBe(true);
    expect(live(LIVE_STATUS.LIVE, null, NOW - HOUR)).toBe(true);
    expect(live(LIVE_STATUS.LIVE, null, NOW + 1)).toBe(false);
    expect(live(LIVE_STATUS.LIVE, null, null)).toBe(true);
  });

  test('a replay is credited only with its address; a replay being made earns nothing', () => {
    expect(live(LIVE_STATUS.REPLAY_GENERATING, video, NOW - HOUR)).toBe(false);
    expect(live(3, video, NOW - HOUR)).toBe(true);
    expect(live(3, null, NOW - HOUR)).toBe(false);
    expect(live(null, { pageData: [{ type: 'replay', url: '/files/r.mp4' }] }, null)).toBe(true);
  });

  test('reading lessons need something to read; homework, tests and archives are never credited by study', () => {
    expect(credit(CLASSROOM_TYPE.ARTICLE, { pageData: [{ type: 'article', html: '<p>正文</p>' }] })).toBe(true);
    expect(credit(CLASSROOM_TYPE.ARTICLE, { pageData: [] })).toBe(false);
    // The sanitiser takes the scripts and leaves only the space between them: nothing to read.
    expect(credit(CLASSROOM_TYPE.ARTICLE, { pageData: [{ type: 'article', html: '<script>a()</script> <script>b()</script>' }] })).toBe(false);
    expect(credit(CLASSROOM_TYPE.DOCUMENT, { pageData: [{ type: 'document', url: '/files/a.pdf' }] })).toBe(true);
    expect(credit(CLASSROOM_TYPE.DOCUMENT, { pageData: [{ type: 'document' }] })).toBe(false);
    expect(credit(CLASSROOM_TYPE.IMAGE, { pageData: [{ type: 'image', url: '/files/a.png' }] })).toBe(true);
    expect(credit(CLASSROOM_TYPE.IMAGE, { pageData: [{ type: 'image' }] })).toBe(false);
    expect(credit(CLASSROOM_TYPE.HOMEWORK, video)).toBe(false);
    expect(credit(CLASSROOM_TYPE.TEST, video)).toBe(false);
    expect(credit(5, { pageData: [{ type: 'file', url: '/files/a.zip' }] })).toBe(false);
  });
});

describe('creditableLesson: what creditable answers over the whole content, reading less of it', () => {
  const NOW = 1_000_000_000_000;
  const address = fc.constantFrom(
    '/files/a.mp4',
    ' /files/b.mp4 ',
    'https://cdn.example.com/v.mp4',
    'http://cdn.example.com/a',
    'javascript:alert(1)',
    '/\\evil.example',
    '//evil.example/x',
    'ftp://files.example/y',
    'not an address',
    '',
    '   ',
    undefined,
    7,
    null,
  );
  const component = fc.record(
    {
      // Mostly the played kinds: which of two of them a lesson plays is what the answer turns on.
      type: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('video', 'audio', 'replay') },
        { weight: 2, arbitrary: fc.constantFrom('article', 'richText', 'document', 'file', 'image', 'summary', 'other', 3) },
      ),
      url: address,
      html: fc.constantFrom('<p>正文</p>', '<script>a()</script>', ' ', undefined),
      fileName: fc.constantFrom('讲义.pdf', undefined),
    },
    { requiredKeys: [] },
  );
  const entry = fc.oneof({ weight: 4, arbitrary: component }, { weight: 1, arbitrary: fc.constantFrom(null, 1, 'x', []) });
  const transcoding = fc.oneof(
    { weight: 4, arbitrary: fc.record({ templateType: fc.constantFrom('LD', 'SD', 'HD', 'FHD', undefined), url: address }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.constantFrom(null, 'x') },
  );
  const content = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({ pageData: fc.array(entry, { maxLength: 4 }), transCodeVideoList: fc.array(transcoding, { maxLength: 4 }) }, { requiredKeys: [] })
        .map((c) => JSON.stringify(c)),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, '', '{', 'null', '[]', '"x"', '{"pageData":{}}') },
  );

  test('generated lessons of every type: components of every kind, safe and refused addresses, broken JSON, live states around their start', () => {
    const answers = new Map<number, Set<boolean>>();
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.AUDIO, CLASSROOM_TYPE.LIVE) },
          { weight: 2, arbitrary: fc.constantFrom(...Object.values(CLASSROOM_TYPE), 0, 99) },
        ),
        content,
        fc.constantFrom(null, LIVE_STATUS.NOT_STARTED, LIVE_STATUS.LIVE, LIVE_STATUS.REPLAY_GENERATING, 3, 9),
        fc.option(fc.integer({ min: -2, max: 2 })),
        (classroomType, classroomContent, liveStatus, startOffset) => {
          const l = {
            tenantId: 'school-1',
            classroomType,
            classroomContent,
            liveStatus,
            classStartAt: startOffset === null ? null : NOW + startOffset,
            classEndAt: null,
          };
          const whole = creditable(lessonContent(l, time), l, NOW);
          expect(creditableLesson(l, NOW)).toBe(whole);
          answers.set(classroomType, (answers.get(classroomType) ?? new Set()).add(whole));
        },
      ),
      { numRuns: 2000 },
    );
    // The types it reads less of were generated both credited and not.
    for (const type of [CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.AUDIO, CLASSROOM_TYPE.LIVE]) expect([...(answers.get(type) ?? [])].sort()).toEqual([false, true]);
  });
});
