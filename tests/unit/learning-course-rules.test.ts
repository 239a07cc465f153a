import { describe, expect, test } from 'vitest';
import {
  COURSE_TABS,
  chapterTree,
  courseEntry,
  courseRequirements,
  isThirdPartyCourse,
  lessonState,
  lessonTab,
  nextLesson,
  treeLessons,
  treesByTab,
  visibleTabs,
} from '~/lib/learning/course';
import { ConfigError, DEV_THIRD_PARTY_PLATFORM_SECRET, parseConfig } from '~/server/config';
import { allowedPlatformUrl, sameSiteBackUrl, signatureMatches, signingText, signRequest } from '~/server/learning/third-party/third-party.rules';

/** The course detail page's rules (src/lib/learning/course.ts) and the platform signature and URL rules. */

describe('lessonTab', () => {
  test.each([
    [1, 'ONLINE_VIDEO_TEACHING'],
    [2, 'ONLINE_VIDEO_TEACHING'],
    [10, 'ONLINE_VIDEO_TEACHING'],
    [19, 'ONLINE_VIDEO_TEACHING'],
    [6, 'ONLINE_HOMEWORK'],
    [7, 'ONLINE_TEST'],
    [11, 'OFFLINE_FACE2FACE_TEACHING'],
    [3, 'E_WORDS_MATERIALS'],
    [4, 'E_WORDS_MATERIALS'],
    [5, 'E_WORDS_MATERIALS'],
    [8, 'E_WORDS_MATERIALS'],
    [9, null],
    [20, null],
    [90, null],
    [91, null],
    [0, null],
    [null, null],
    [undefined, null],
  ] as const)('type %s → %s', (type, tab) => {
    expect(lessonTab(type)).toBe(tab);
  });
});

describe('chapterTree and treesByTab', () => {
  const chapters = [
    { id: 'c1', parentId: null, name: '第一章' },
    { id: 's11', parentId: 'c1', name: '第一节' },
    { id: 's12', parentId: 'c1', name: '第二节' },
    { id: 'c2', parentId: null, name: '第二章' },
    { id: 's21', parentId: 'c2', name: '第一节' },
    { id: 'c3', parentId: null, name: '空章' },
    { id: 'x', parentId: 'nowhere', name: '孤节' },
  ];
  const lesson = (id: string, sectionId: string | null, classroomType: number) => ({ id, sectionId, classroomType });
  const lessons = [
    lesson('v1', 's11', 1),
    lesson('h1', 's12', 6),
    lesson('d1', 's21', 4),
    lesson('direct', 'c2', 1),
    lesson('lost', 'gone', 7),
    lesson('none', null, 20),
    lesson('orphan', 'x', 1),
  ];

  test('chapter → section → lesson in the given order; lessons straight under a chapter come first in an unnamed section', () => {
    const tree = chapterTree(chapters, lessons);
    expect(tree.map((c) => c.name)).toEqual(['第一章', '第二章', null]);
    expect(tree[0]!.sections.map((s) => [s.name, s.lessons.map((l) => l.id)])).toEqual([
      ['第一节', ['v1']],
      ['第二节', ['h1']],
    ]);
    expect(tree[1]!.sections.map((s) => [s.id, s.lessons.map((l) => l.id)])).toEqual([
      [null, ['direct']],
      ['s21', ['d1']],
    ]);
    // lessons of an unknown section, no section, or a section of no known chapter: a last unnamed chapter
    expect(tree[2]).toEqual({ id: null, name: null, sections: [{ id: null, name: null, lessons: [lessons[4], lessons[5], lessons[6]] }] });
    expect(treeLessons(tree)).toHaveLength(lessons.length);
  });

  test('empty chapters and sections are dropped; nothing kept is an empty list', () => {
    expect(chapterTree(chapters, lessons, (l) => l.id === 'h1')).toEqual([
      { id: 'c1', name: '第一章', sections: [{ id: 's12', name: '第二节', lessons: [lessons[1]] }] },
    ]);
    expect(chapterTree(chapters, [])).toEqual([]);
    expect(chapterTree([], lessons.slice(0, 1))).toEqual([{ id: null, name: null, sections: [{ id: null, name: null, lessons: [lessons[0]] }] }]);
  });

  test('every tab is there; 全部 holds everything, the others their types; visibleTabs keeps the non-empty ones in order', () => {
    const map = treesByTab(chapters, lessons);
    expect(Object.keys(map)).toEqual([...COURSE_TABS]);
    expect(treeLessons(map.ALL)).toHaveLength(lessons.length);
    expect(treeLessons(map.ONLINE_VIDEO_TEACHING).map((l) => l.id)).toEqual(['v1', 'direct', 'orphan']);
    expect(treeLessons(map.ONLINE_HOMEWORK).map((l) => l.id)).toEqual(['h1']);
    expect(treeLessons(map.ONLINE_TEST).map((l) => l.id)).toEqual(['lost']);
    expect(map.OFFLINE_FACE2FACE_TEACHING).toEqual([]);
    expect(visibleTabs(map)).toEqual(['ALL', 'ONLINE_VIDEO_TEACHING', 'ONLINE_HOMEWORK', 'ONLINE_TEST', 'E_WORDS_MATERIALS']);
    expect(visibleTabs({})).toEqual([]);
    expect(visibleTabs({ ALL: null, ONLINE_TEST: [1] })).toEqual(['ONLINE_TEST']);
  });
});

describe('courseEntry and isThirdPartyCourse', () => {
  test.each([
    [10, 1, true],
    [11, 2, true],
    [12, 1, true],
    [12, 0, false],
    [13, 1, false],
    [9, 1, false],
    [null, 1, false],
    [10, null, false],
  ] as const)('thirdPlatformType %s, learningPlatform %s → third-party %s', (type, platform, expected) => {
    expect(isThirdPartyCourse({ thirdPlatformType: type, learningPlatform: platform })).toBe(expected);
  });

  test('no learning URL is closed, even for a third-party course; else third-party or internal', () => {
    expect(courseEntry({ learningUrl: null, thirdPlatformType: 10, learningPlatform: 2 })).toBe('closed');
    expect(courseEntry({ learningUrl: '  ', thirdPlatformType: null, learningPlatform: 0 })).toBe('closed');
    expect(courseEntry({ learningUrl: undefined, thirdPlatformType: null, learningPlatform: 0 })).toBe('closed');
    expect(courseEntry({ learningUrl: 'https://x', thirdPlatformType: 12, learningPlatform: 1 })).toBe('thirdParty');
    expect(courseEntry({ learningUrl: '/study/course', thirdPlatformType: 12, learningPlatform: 0 })).toBe('internal');
    expect(courseEntry({ learningUrl: '/study/course', thirdPlatformType: null, learningPlatform: 0 })).toBe('internal');
  });

  test('a third-party course on a site without the platform cannot be entered; the others do not depend on it (issue 27)', () => {
    const course = { learningUrl: 'https://x', thirdPlatformType: 10, learningPlatform: 1 };
    expect(courseEntry({ ...course, platformReady: false })).toBe('thirdPartyUnavailable');
    expect(courseEntry({ ...course, platformReady: true })).toBe('thirdParty');
    expect(courseEntry({ ...course, learningUrl: null, platformReady: false })).toBe('closed');
    expect(courseEntry({ learningUrl: '/study/course', thirdPlatformType: null, learningPlatform: 0, platformReady: false })).toBe('internal');
  });
});

describe('courseRequirements', () => {
  const DAY = 86_400_000;
  const window = { now: 10 * DAY, learnStart: 5 * DAY, learnEnd: 20 * DAY };

  test('no counting duty: no bars, no badge', () => {
    expect(courseRequirements({ ...window, resultMap: {} })).toEqual({ bars: [], state: null });
    expect(courseRequirements({ ...window, resultMap: null })).toEqual({ bars: [], state: null });
    // a duty with nothing to reach (no required video) shows no bar
    expect(courseRequirements({ ...window, resultMap: { VIDEO_PROGRESS: { totalNum: 0, finishNum: 0 } } })).toEqual({ bars: [], state: null });
  });

  test('bars in the fixed order; in progress until every duty is met', () => {
    const r = courseRequirements({
      ...window,
      resultMap: {
        ONLINE_TEST_SUBMIT: { totalNum: 1, finishNum: 0 },
        VIDEO_PROGRESS: { totalNum: 2, finishNum: 2 },
        OFFLINE_FACE2FACE_TEACHING_FIN_TIMES: { totalNum: 1, finishNum: 1 },
      },
    });
    expect(r.bars).toEqual([
      { key: 'faceTeaching', total: 1, done: 1 },
      { key: 'videoProgress', total: 2, done: 2 },
      { key: 'test', total: 1, done: 0 },
    ]);
    expect(r.state).toBe('inProgress');
  });

  test('the study duties count together: minutes met but videos not is not complete', () => {
    const resultMap = { VIDEO_PROGRESS: { totalNum: 2, finishNum: 1 }, ONLINE_VIDEO_TEACHING_STUDY_TIMES: { totalNum: 20, finishNum: 25 } };
    expect(courseRequirements({ ...window, resultMap }).state).toBe('inProgress');
    expect(courseRequirements({ ...window, resultMap: { ...resultMap, VIDEO_PROGRESS: { totalNum: 2, finishNum: 2 } } }).state).toBe('completed');
  });

  test('before the window not started; after it overdue unless met', () => {
    const resultMap = { ONLINE_HOMEWORK_SUBMIT: { totalNum: 1, finishNum: 0 } };
    expect(courseRequirements({ ...window, now: 4 * DAY, resultMap }).state).toBe('notStarted');
    expect(courseRequirements({ ...window, now: 21 * DAY, resultMap }).state).toBe('overdue');
    expect(courseRequirements({ ...window, now: 21 * DAY, resultMap: { ONLINE_HOMEWORK_SUBMIT: { totalNum: 1, finishNum: 1 } } }).state).toBe('completed');
    expect(courseRequirements({ ...window, now: 20 * DAY, resultMap }).state).toBe('inProgress');
  });
});

describe('lessonState', () => {
  const base = { learnProcess: null, lastStudyTime: null, submitted: false, attended: false, liveStatus: null };
  test('homework and tests: handed in or not; face-to-face: attended or not; live: its status', () => {
    expect(lessonState({ ...base, classroomType: 6, submitted: true })).toEqual({ kind: 'work', submitted: true });
    expect(lessonState({ ...base, classroomType: 7 })).toEqual({ kind: 'work', submitted: false });
    expect(lessonState({ ...base, classroomType: 11, attended: true })).toEqual({ kind: 'faceToFace', attended: true });
    expect(lessonState({ ...base, classroomType: 10, liveStatus: 1 })).toEqual({ kind: 'live', status: 'live' });
    expect(lessonState({ ...base, classroomType: 19, liveStatus: null })).toEqual({ kind: 'live', status: 'replay' });
  });
  test('everything else: study progress (not started, learned to, finished)', () => {
    expect(lessonState({ ...base, classroomType: 1 })).toEqual({ kind: 'study', progress: { kind: 'notStarted' } });
    expect(lessonState({ ...base, classroomType: 2, learnProcess: 40, lastStudyTime: 288_000 })).toEqual({
      kind: 'study',
      progress: { kind: 'inProgress', positionMs: 288_000, percent: 40 },
    });
    expect(lessonState({ ...base, classroomType: 3, learnProcess: 100.4 })).toEqual({ kind: 'study', progress: { kind: 'finished', percent: 100 } });
  });
});

describe('nextLesson', () => {
  const lessons = [{ classroomId: 'a' }, { classroomId: 'b' }];
  test('continue the last lesson when it is in the course; else start the first; else none', () => {
    expect(nextLesson('b', lessons)).toEqual({ kind: 'continue', lesson: lessons[1] });
    expect(nextLesson('gone', lessons)).toEqual({ kind: 'start', lesson: lessons[0] });
    expect(nextLesson(null, lessons)).toEqual({ kind: 'start', lesson: lessons[0] });
    expect(nextLesson('a', [])).toBeNull();
  });
});

describe('platform signature', () => {
  const secret = 'unit-test-secret-0123456789abcdef0123456789';
  test('signs METHOD, path, timestamp and body, each line apart', () => {
    expect(signingText('post', '/api/sso/code', 1700000000000, '{"a":1}')).toBe('POST\n/api/sso/code\n1700000000000\n{"a":1}');
    // HMAC-SHA256 over exactly that text (RFC 4231 test case 2's key and message, newline-joined).
    expect(signRequest('Jefe', 'WHAT', 'do', 'ya', 'want for nothing?')).toBe(signRequest('Jefe', 'what', 'do', 'ya', 'want for nothing?'));
    const sig = signRequest(secret, 'POST', '/user/sync', 1, '{}');
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches(secret, 'POST', '/user/sync', 1, '{}', sig)).toBe(true);
    expect(signatureMatches(secret, 'POST', '/user/sync', 1, '{}', sig.toUpperCase())).toBe(true);
  });
  test('any change of method, path, timestamp, body or secret breaks it; malformed signatures never match', () => {
    const sig = signRequest(secret, 'POST', '/user/sync', 1, '{}');
    expect(signatureMatches(secret, 'GET', '/user/sync', 1, '{}', sig)).toBe(false);
    expect(signatureMatches(secret, 'POST', '/user/syncx', 1, '{}', sig)).toBe(false);
    expect(signatureMatches(secret, 'POST', '/user/sync', 2, '{}', sig)).toBe(false);
    expect(signatureMatches(secret, 'POST', '/user/sync', 1, '{ }', sig)).toBe(false);
    expect(signatureMatches(`${secret}x`, 'POST', '/user/sync', 1, '{}', sig)).toBe(false);
    for (const bad of [null, undefined, '', 'zz', sig.slice(1), `${sig}0`]) expect(signatureMatches(secret, 'POST', '/user/sync', 1, '{}', bad)).toBe(false);
  });
});

describe('platform URLs', () => {
  test('only absolute http(s) URLs without credentials leave the server', () => {
    expect(allowedPlatformUrl('https://training.example.com/room?code=1')).toBe('https://training.example.com/room?code=1');
    expect(allowedPlatformUrl('http://127.0.0.1:4439/classroom')).toBe('http://127.0.0.1:4439/classroom');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '/relative',
      '//evil.example',
      'ftp://x',
      'https://u:p@x.example',
      '',
      'x'.repeat(3000),
      42,
      null,
    ])
      expect(allowedPlatformUrl(bad)).toBeNull();
  });
  test('the back URL must be on the request host (any port)', () => {
    expect(sameSiteBackUrl('http://localhost:4431/study/course/course-detail?x=1', 'localhost')).toBe('http://localhost:4431/study/course/course-detail?x=1');
    expect(sameSiteBackUrl('https://Demo.Example.com/a', 'demo.example.com')).toBe('https://demo.example.com/a');
    expect(sameSiteBackUrl('https://evil.example/a', 'localhost')).toBeNull();
    expect(sameSiteBackUrl('https://localhost.evil.example/a', 'localhost')).toBeNull();
    expect(sameSiteBackUrl('/study/x', 'localhost')).toBeNull();
  });
});

describe('platform configuration', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(40),
    TOKEN_PARAM_SECRET: 't'.repeat(40),
    CERTIFICATE_SECRET: 'c'.repeat(40),
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'https://sms.example.test/send',
  };
  test('development has a default secret and no platform URL; production has neither until set', () => {
    const dev = parseConfig({ NODE_ENV: 'development' });
    expect(dev.THIRD_PARTY_PLATFORM_SECRET).toBe(DEV_THIRD_PARTY_PLATFORM_SECRET);
    expect(dev.THIRD_PARTY_PLATFORM_URL).toBeUndefined();
    expect(parseConfig(production)).toMatchObject({ THIRD_PARTY_PLATFORM_SECRET: null });
    expect(parseConfig({ ...production, THIRD_PARTY_PLATFORM_URL: 'https://platform.example/api', THIRD_PARTY_PLATFORM_SECRET: 'p'.repeat(40) })).toMatchObject(
      {
        THIRD_PARTY_PLATFORM_URL: 'https://platform.example/api',
        THIRD_PARTY_PLATFORM_SECRET: 'p'.repeat(40),
      },
    );
  });
  test('production refuses the published default; the URL must be http(s); the secret at least 32 characters', () => {
    expect(() => parseConfig({ ...production, THIRD_PARTY_PLATFORM_SECRET: DEV_THIRD_PARTY_PLATFORM_SECRET })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'development', THIRD_PARTY_PLATFORM_URL: 'ftp://platform.example' })).toThrow(/THIRD_PARTY_PLATFORM_URL/);
    expect(() => parseConfig({ NODE_ENV: 'development', THIRD_PARTY_PLATFORM_SECRET: 'short' })).toThrow(/THIRD_PARTY_PLATFORM_SECRET/);
  });
});
