import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as api from '~/lib/api/contracts/classroom-online';
import { CREDIT_TOLERANCE_MS, MAX_PLAYBACK_RATE } from '~/lib/learning/study-credit';
import { LEARNING_CLASSES, SECOND_STUDENT } from '~/dev/seed/learning-data';
import { EXTRA_CHAPTER, EXTRA_LESSONS, EXTRA_SECTION, ONLINE_COURSE } from '~/dev/seed/online-classroom';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { expectOk, expectRefused, invalidField } from '../setup/api';
import { DAY, DEMO, HOUR, HUAXIA, NOW, startTestServer, useTestServer, type TestServer } from '../setup/server';
import { newStudentIn } from '../setup/study';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The online classroom's calls (issue 12) on the seeded demo:
 * the lesson content by type, preview, outline, activity contents, opening a lesson, and the
 * progress reports that cannot be faked (replayed, reordered, a jump to the end, concurrent
 * duplicates) while real-time paced reports complete a lesson; every refusal.
 */

const server = useTestServer();

const NOT_YOURS = '只能查看本人的学习信息，请重新登录后再试';
const CLASS_NOT_FOUND = '未找到该班级，或您不在该班级中';
const COURSE_NOT_FOUND = '未找到该课程，或该课程不属于此班级';
const LESSON_NOT_FOUND = '未找到该课堂，或该课堂不属于此课程';
const ACTIVITY_NOT_FOUND = '未找到该活动，或该活动不属于此班级';
const className = (key: string) => LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === key)!.name;

let demo: TestUser;
let classmate: TestUser;
let huaxia: TestUser;
let classId: string;
let studentId: string;
let mateStudentId: string;
let huaxiaClassId: string;
let huaxiaStudentId: string;
const course: Record<string, string> = {};
const lesson: Record<string, string> = {};
let activityId: string;
let otherActivityId: string;
let huaxiaCourseId: string;
let huaxiaLessonId: string;

const call = <Req>(c: Call<Req, unknown>, body: unknown, user: TestUser = demo, tenant?: string) =>
  server().call(c, body as Req, { ...withToken(user.token), ...(tenant ? { tenant } : {}) });
const ref = (name: string, courseKey = 'elec') => ({ classroomId: lesson[name]!, courseId: course[courseKey]!, classId, studentId });
const record = (classroomId: string, classStudentId = studentId) =>
  server()
    .runtime.db.selectFrom('lessonRecords')
    .selectAll()
    .where('classStudentId', '=', classStudentId)
    .where('classroomId', '=', classroomId)
    .executeTakeFirst();

beforeAll(async () => {
  const s = server();
  demo = await loginAs(s, DEMO.id, DEMO_STUDENT.mobile);
  classmate = await loginAs(s, DEMO.id, '13900000002');
  huaxia = await loginAs(s, HUAXIA.id, SECOND_STUDENT.mobile);
  const mine = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: demo.userId }));
  classId = mine.find((c) => c.className === className('A'))!.classId;
  studentId = expectOk<learning.StudentClassDetail>(await call(learning.studentClassDetail, { classId, userId: demo.userId })).studentId;
  mateStudentId = expectOk<learning.StudentClassDetail>(await call(learning.studentClassDetail, { classId, userId: classmate.userId }, classmate)).studentId;
  const h = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: huaxia.userId }, huaxia, HUAXIA.id));
  huaxiaClassId = h.find((c) => c.tenantId === HUAXIA.id)!.classId;
  huaxiaStudentId = expectOk<learning.StudentClassDetail>(
    await call(learning.studentClassDetail, { classId: huaxiaClassId, userId: huaxia.userId }, huaxia, HUAXIA.id),
  ).studentId;
  const db = s.runtime.db;
  const courses = await db.selectFrom('courses').select(['id', 'name', 'tenantId']).execute();
  course['elec'] = courses.find((c) => c.name === ONLINE_COURSE && c.tenantId === DEMO.id)!.id;
  course['plc'] = courses.find((c) => c.name.startsWith('PLC') && c.tenantId === DEMO.id)?.id ?? '';
  const lessons = await db.selectFrom('classrooms').select(['id', 'name', 'courseId', 'tenantId']).where('tenantId', '=', DEMO.id).execute();
  for (const l of lessons) lesson[l.name] = l.id;
  course['plc'] = lessons.find((l) => l.name === '基本指令视频')!.courseId;
  course['care'] = lessons.find((l) => l.name === '饮食照料视频')!.courseId;
  // The demo seed has no media for this video; only a lesson that plays earns study credit (decision 051).
  await db
    .updateTable('classrooms')
    .set({ classroomContent: JSON.stringify({ pageData: [{ type: 'video', url: '/media/learning/lesson-720p.mp4' }] }) })
    .where('tenantId', '=', DEMO.id)
    .where('name', '=', '基本指令视频')
    .execute();
  const activities = await db.selectFrom('classActivities').select(['id', 'classId', 'classroomId', 'onlineType']).where('tenantId', '=', DEMO.id).execute();
  activityId = activities.find((a) => a.classId === classId && a.onlineType === 1 && a.classroomId)!.id;
  otherActivityId = activities.find((a) => a.classId !== classId)!.id;
  const hl = await db.selectFrom('classrooms').select(['id', 'courseId']).where('tenantId', '=', HUAXIA.id).executeTakeFirstOrThrow();
  huaxiaCourseId = hl.courseId;
  huaxiaLessonId = hl.id;
});

describe('lesson detail and preview', () => {
  test('a video lesson: its LD/SD/HD sources named 360P/480P/720P, the header names, and the record', async () => {
    const d = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref('电路的基本概念')));
    expect(d).toMatchObject({
      name: '电路的基本概念',
      classroomType: 1,
      courseName: ONLINE_COURSE,
      chapterName: '第一章 电路基础',
      nodeName: '第一节 电路的组成',
      isPreview: false,
    });
    expect(d.classroomDuration).toBe(18 * 60_000);
    expect(d.content).toEqual({
      kind: 'media',
      mediaType: 1,
      url: '/media/learning/lesson-720p.mp4',
      sources: [
        { quality: '360P', url: '/media/learning/lesson-360p.mp4' },
        { quality: '480P', url: '/media/learning/lesson-480p.mp4' },
        { quality: '720P', url: '/media/learning/lesson-720p.mp4' },
      ],
    });
    expect(d.record).toMatchObject({ learnProcess: 100, finished: true, targetPercent: 80 });
  });

  test('audio, article (sanitised), document, images, homework', async () => {
    const audio = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref('欧姆定律音频讲解')));
    expect(audio.content).toEqual({ kind: 'media', mediaType: 2, url: '/media/learning/lesson-audio.mp3', sources: [] });
    expect(audio.record?.learnProcess).toBe(40);
    const article = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref('正弦交流电阅读材料')));
    if (article.content.kind !== 'article') throw new Error('not an article');
    // Rich text shows the school's uploads only (decision 049): the seed's article has no picture.
    expect(article.content.html).not.toMatch(/<img/);
    expect(article.content.html).toContain('正弦交流电的三要素');
    expect(article.content.html).not.toMatch(/<script|onclick|alert/);
    const doc = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref('三相交流电讲义')));
    // No viewer configured: the PDF renders in the page (viewerUrl null).
    expect(doc.content).toEqual({ kind: 'document', url: '/media/learning/handout.pdf', fileName: '三相交流电讲义.pdf', pdf: true, viewerUrl: null });
    const images = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref('触电急救图解')));
    if (images.content.kind !== 'images') throw new Error('not images');
    expect(images.content.images).toEqual(['/media/learning/handout-1.jpg', '/media/learning/handout-2.jpg', '/media/learning/handout-3.jpg']);
    expect(images.content.summary).toContain('切断电源');
    const work = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref('安全用电课后作业')));
    expect(work.content).toEqual({ kind: 'work', workType: 6 });
    const archive = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref('安全规范资料包')));
    expect(archive.content).toEqual({ kind: 'other', url: '/media/learning/safety-pack.zip', fileName: '安全规范资料包.zip' });
  });

  test('the icon-only types 20, 90 and 91: their file when they have one, else nulls', async () => {
    for (const l of EXTRA_LESSONS) {
      const d = expectOk<api.ClassroomLesson>(await call(api.classroomDetail, ref(l.name)));
      expect(d).toMatchObject({ classroomType: l.type, mustLearn: 0, chapterName: EXTRA_CHAPTER, nodeName: EXTRA_SECTION });
      expect(d.content).toEqual(
        l.content ? { kind: 'other', url: '/media/learning/safety-pack.zip', fileName: '安全用电互动练习.zip' } : { kind: 'other', url: null, fileName: null },
      );
    }
  });

  test('preview: the same lesson, no record read or written', async () => {
    const before = await record(lesson['基本指令视频']!);
    const p = expectOk<api.ClassroomLesson>(await call(api.classroomPreview, ref('基本指令视频', 'plc')));
    expect(p).toMatchObject({ name: '基本指令视频', isPreview: true, record: null });
    expect(await record(lesson['基本指令视频']!)).toEqual(before);
    expect(await record(lesson['触电急救图解']!)).toBeUndefined();
    expectOk(await call(api.classroomPreview, ref('触电急救图解')));
    expect(await record(lesson['触电急救图解']!)).toBeUndefined();
    const studied = expectOk<api.ClassroomLesson>(await call(api.classroomPreview, ref('欧姆定律音频讲解')));
    expect(studied.record).toBeNull();
  });
});

describe('a configured document viewer (DOCUMENT_VIEWER_URL)', () => {
  const TEMPLATE = 'https://viewer.example/embed?src={url}&lang=zh';
  let viewing: TestServer;
  afterAll(() => viewing?.close());

  test('the document lesson, in detail and preview, carries the viewer address of its absolute URL', async () => {
    viewing = await startTestServer({ DOCUMENT_VIEWER_URL: TEMPLATE });
    const user = await loginAs(viewing, DEMO.id, DEMO_STUDENT.mobile);
    const ask = <Req>(c: Call<Req, unknown>, body: unknown) => viewing.call(c, body as Req, withToken(user.token));
    const mine = expectOk<learning.LearnerClass[]>(await ask(learning.studentClasses, { userId: user.userId }));
    const cls = mine.find((c) => c.className === className('A'))!.classId;
    const student = expectOk<learning.StudentClassDetail>(await ask(learning.studentClassDetail, { classId: cls, userId: user.userId })).studentId;
    const db = viewing.runtime.db;
    const courseId = (await db.selectFrom('courses').select('id').where('tenantId', '=', DEMO.id).where('name', '=', ONLINE_COURSE).executeTakeFirstOrThrow())
      .id;
    const id = async (name: string) =>
      (await db.selectFrom('classrooms').select('id').where('courseId', '=', courseId).where('name', '=', name).executeTakeFirstOrThrow()).id;
    const body = { classroomId: await id('三相交流电讲义'), courseId, classId: cls, studentId: student };
    for (const c of [api.classroomDetail, api.classroomPreview]) {
      const d = expectOk<api.ClassroomLesson>(await ask(c, body));
      if (d.content.kind !== 'document') throw new Error('not a document');
      expect(d.content).toMatchObject({ url: '/media/learning/handout.pdf', pdf: true });
      const viewer = new URL(d.content.viewerUrl!);
      expect(`${viewer.origin}${viewer.pathname}`).toBe('https://viewer.example/embed');
      expect(viewer.searchParams.get('lang')).toBe('zh');
      const src = new URL(viewer.searchParams.get('src')!);
      expect(src.protocol).toMatch(/^https?:$/);
      expect(src.pathname).toBe('/media/learning/handout.pdf');
    }
    // Only documents get a viewer.
    const video = expectOk<api.ClassroomLesson>(await ask(api.classroomDetail, { ...body, classroomId: await id('电路的基本概念') }));
    expect(video.content.kind).toBe('media');
    expect(JSON.stringify(video.content)).not.toContain('viewer.example');
  });
});

describe('outline and activity contents', () => {
  test('chapters → sections → lessons with each lesson’s progress', async () => {
    const o = expectOk<api.CourseOutline>(await call(api.courseOutline, { courseId: course['elec'], classId, studentId }));
    expect(o.chapters.map((c) => c.name)).toEqual(['第一章 电路基础', '第二章 安全用电']);
    expect(o.chapters[0]!.sections.map((s) => s.name)).toEqual(['第一节 电路的组成', '第二节 交流电']);
    const all = o.chapters.flatMap((c) => c.sections.flatMap((s) => s.lessons));
    expect(all.map((l) => l.name).slice(0, 3)).toEqual(['电路的基本概念', '欧姆定律音频讲解', '正弦交流电阅读材料']);
    expect(all.find((l) => l.name === '欧姆定律音频讲解')).toMatchObject({ learnProcess: 40, finished: false });
    expect(all.find((l) => l.name === '触电急救图解')!.learnProcess).toBeNull();
    // The section of icon-only lessons closes the course.
    expect(o.chapters[1]!.sections.map((s) => s.name)).toEqual(['第一节 安全规范', EXTRA_SECTION]);
    expect(all.slice(-3).map((l) => [l.name, l.classroomType])).toEqual(EXTRA_LESSONS.map((l) => [l.name, l.type]));
  });

  test('an activity’s contents: its lesson, with the activity’s times and attendance', async () => {
    const a = expectOk<api.ActivityContents>(await call(api.activityContents, { activityId, classId }));
    expect(a.activityId).toBe(activityId);
    expect(a.studentId).toBe(studentId);
    expect(a.activityContentResultVOS).toHaveLength(1);
    expect([0, 1, 2]).toContain(a.classActivityStatus);
  });
});

describe('the class’s activities (activity mode previous/next)', () => {
  test('every activity of the class for the student, in class-time order, with what opens its screen', async () => {
    const list = expectOk<api.ClassActivityItem[]>(await call(api.classActivities, { classId, studentId }));
    const rows = await server()
      .runtime.db.selectFrom('classActivities as a')
      .leftJoin('classrooms as r', 'r.id', 'a.classroomId')
      .select(['a.id', 'a.name', 'a.startAt', 'a.onlineType', 'a.classroomId', 'r.classroomType'])
      .where('a.tenantId', '=', DEMO.id)
      .where('a.classId', '=', classId)
      .orderBy('a.startAt')
      .orderBy('a.id')
      .execute();
    expect(rows.length).toBeGreaterThan(2);
    expect(list.map((a) => a.activityId)).toEqual(rows.map((r) => r.id));
    expect(list.map((a) => a.classStartTime)).toEqual([...list.map((a) => a.classStartTime)].sort());
    const one = list.find((a) => a.activityId === activityId)!;
    const row = rows.find((r) => r.id === activityId)!;
    expect(one).toMatchObject({
      activityName: row.name,
      onlineType: 1,
      classroomId: row.classroomId,
      classroomType: row.classroomType,
      courseId: expect.any(String),
    });
    expect(one.classStartTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(list.some((a) => a.onlineType === 2)).toBe(true);
    // The classmate sees the same class's activities through their own enrolment.
    const mate = expectOk<api.ClassActivityItem[]>(await call(api.classActivities, { classId, studentId: mateStudentId, userId: classmate.userId }, classmate));
    expect(mate.map((a) => a.activityId)).toEqual(list.map((a) => a.activityId));
    // The second school's student sees only their own class's.
    const own = expectOk<api.ClassActivityItem[]>(await call(api.classActivities, { classId: huaxiaClassId, studentId: huaxiaStudentId }, huaxia, HUAXIA.id));
    expect(own.length).toBeGreaterThan(0);
    expect(own.some((a) => list.some((b) => b.activityId === a.activityId))).toBe(false);
  });

  test('another student’s, another user’s, another school’s ids are refused; bad input is a clear 400', async () => {
    const cases: [unknown, number, string, TestUser?, string?][] = [
      [{ classId, studentId: mateStudentId }, ErrorCode.NOT_FOUND, CLASS_NOT_FOUND],
      [{ classId, studentId, userId: classmate.userId }, ErrorCode.FORBIDDEN, NOT_YOURS],
      [{ classId: huaxiaClassId, studentId: huaxiaStudentId }, ErrorCode.NOT_FOUND, CLASS_NOT_FOUND],
      [{ classId, studentId }, ErrorCode.NOT_FOUND, CLASS_NOT_FOUND, classmate],
      [{ classId, studentId }, ErrorCode.NOT_FOUND, CLASS_NOT_FOUND, huaxia, HUAXIA.id],
      // the second school's token sent to the demo school
      [{ classId: huaxiaClassId, studentId: huaxiaStudentId }, ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'), huaxia],
    ];
    for (const [body, code, message, user, tenant] of cases) {
      const a = await call(api.classActivities, body, user ?? demo, tenant);
      expectRefused(a, code, message);
    }
    for (const [body, message] of [
      [{ classId: 1, studentId }, invalidField('classId', '无效输入：期望 string，实际接收 数字')],
      [{ classId }, invalidField('studentId', '无效输入：期望 string，实际接收 undefined')],
      [{ classId: '../x', studentId }, invalidField('classId', t('validation.badFormat'))],
      [{ classId, studentId: 'x'.repeat(33) }, invalidField('studentId', t('validation.badFormat'))],
      [{ classId, studentId, userId: [demo.userId] }, invalidField('userId', '无效输入：期望 string，实际接收 数组')],
    ] as const) {
      const a = await call(api.classActivities, body);
      expectRefused(a, ErrorCode.BAD_REQUEST, message);
      expect(a.body.message).toBeTruthy();
    }
  });
});

describe('refusals', () => {
  const lessonCalls = [api.classroomDetail, api.classroomPreview, api.lastRecord, api.recordView];
  test('another student’s, another user’s, another school’s ids; another class’s course; another course’s lesson', async () => {
    for (const c of [...lessonCalls, api.reportProgress]) {
      const extra = c === api.reportProgress ? { seq: 1, positionMs: 0, watchedMs: 0 } : {};
      const base = { ...ref('电路的基本概念'), ...extra };
      const cases: [unknown, number, string, TestUser?][] = [
        [{ ...base, studentId: mateStudentId }, ErrorCode.NOT_FOUND, CLASS_NOT_FOUND],
        [{ ...base, userId: classmate.userId }, ErrorCode.FORBIDDEN, NOT_YOURS],
        [{ ...base, classId: huaxiaClassId, studentId: huaxiaStudentId }, ErrorCode.NOT_FOUND, CLASS_NOT_FOUND],
        [{ ...base, courseId: course['care'] }, ErrorCode.NOT_FOUND, COURSE_NOT_FOUND],
        [{ ...base, courseId: huaxiaCourseId, classroomId: huaxiaLessonId }, ErrorCode.NOT_FOUND, COURSE_NOT_FOUND],
        [{ ...base, classroomId: lesson['基本指令视频'] }, ErrorCode.NOT_FOUND, LESSON_NOT_FOUND],
        [{ ...base, classroomId: huaxiaLessonId }, ErrorCode.NOT_FOUND, LESSON_NOT_FOUND],
        // the classmate asking with the demo student's class student id
        [base, ErrorCode.NOT_FOUND, CLASS_NOT_FOUND, classmate],
      ];
      for (const [body, code, message, user] of cases) {
        const a = await call(c, body, user ?? demo);
        expectRefused(a, code, message);
      }
    }
    const o = await call(api.courseOutline, { courseId: course['care'], classId, studentId });
    expect(o.body.message).toBe(COURSE_NOT_FOUND);
    expect((await call(api.courseOutline, { courseId: course['elec'], classId, studentId: mateStudentId })).body.message).toBe(CLASS_NOT_FOUND);
    expect((await call(api.activityContents, { activityId: otherActivityId, classId })).body.message).toBe(ACTIVITY_NOT_FOUND);
    expect((await call(api.activityContents, { activityId, classId, userId: classmate.userId })).body.message).toBe(NOT_YOURS);
    expect((await call(api.activityContents, { activityId, classId: huaxiaClassId })).body.message).toBe(CLASS_NOT_FOUND);
    expect((await call(api.recordView, { ...ref('电路的基本概念'), activityId: otherActivityId })).body.message).toBe(ACTIVITY_NOT_FOUND);
    // The second school's student in their own school cannot reach the demo class either.
    expect((await call(api.courseOutline, { courseId: course['elec'], classId, studentId }, huaxia, HUAXIA.id)).body.message).toBe(CLASS_NOT_FOUND);
    // Nothing was written for the classmate.
    expect(await record(lesson['电路的基本概念']!, mateStudentId)).toBeUndefined();
  });

  test('bad input is a clear 400, never a 500', async () => {
    const base = { ...ref('基本指令视频', 'plc'), seq: 1, positionMs: 0, watchedMs: 0 };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, seq: 0 }, invalidField('seq', '数值过小：期望 number >=1')],
      [{ ...base, seq: 1.5 }, invalidField('seq', '无效输入：期望 int，实际接收 数字')],
      [{ ...base, seq: '2' }, invalidField('seq', '无效输入：期望 数字，实际接收 string')],
      [{ ...base, seq: 2 ** 31 }, invalidField('seq', `数值过大：期望 number <=${2 ** 31 - 1}`)],
      [{ ...base, positionMs: -1 }, invalidField('positionMs', '数值过小：期望 number >=0')],
      [{ ...base, watchedMs: 'all' }, invalidField('watchedMs', '无效输入：期望 数字，实际接收 string')],
      [{ ...base, watchedMs: 25 * HOUR }, invalidField('watchedMs', `数值过大：期望 number <=${24 * HOUR}`)],
      [{ ...base, client: 'Hacker' }, invalidField('client', '无效输入：期望 "Web"')],
      [{ ...base, sought: 'yes' }, invalidField('sought', '无效输入：期望 boolean，实际接收 string')],
      [{ ...base, classroomId: '../x' }, invalidField('classroomId', t('validation.badFormat'))],
      [{ ...base, classroomId: undefined }, invalidField('classroomId', '无效输入：期望 string，实际接收 undefined')],
      [{ ...base, classId: 'x'.repeat(33) }, invalidField('classId', t('validation.badFormat'))],
    ];
    for (const [body, message] of bad) {
      expectRefused(await call(api.reportProgress, body), ErrorCode.BAD_REQUEST, message);
    }
    for (const c of [api.classroomDetail, api.courseOutline, api.activityContents, api.lastRecord, api.recordView, api.classroomPreview] as Call<
      unknown,
      unknown
    >[]) {
      // Each call names the first field it reads: the course, or the activity whose contents are asked.
      const first = c === api.activityContents ? 'activityId' : 'courseId';
      expectRefused(await call(c, { classId: 1 }), ErrorCode.BAD_REQUEST, invalidField(first, '无效输入：期望 string，实际接收 undefined'));
    }
    // Reports are for what plays.
    const article = await call(api.reportProgress, { ...ref('正弦交流电阅读材料'), seq: 1, positionMs: 0, watchedMs: 0 });
    expectRefused(article, ErrorCode.BAD_REQUEST, t('learning.notPlayable'));
  });
});

describe('study progress that cannot be faked or lost', () => {
  // Each test studies as a new student of class A with no record yet, so none meets another's records.
  let who: { user: TestUser; studentId: string };
  beforeEach(async () => {
    // Enrolled as long ago as the demo student: the class's past activities are theirs too (decision 051).
    const { user, in: at } = await newStudentIn(server(), DEMO.id, ['A'], { joinedAt: NOW - 60 * DAY });
    who = { user, studentId: at['A']!.studentId };
  });
  const mine = (name: string, key = 'elec') => ({ ...ref(name, key), studentId: who.studentId });
  const report = (seq: number, positionMs: number, watchedMs: number, name = '基本指令视频', key = 'plc', sought?: boolean) =>
    call(api.reportProgress, { ...mine(name, key), seq, positionMs, watchedMs, client: 'Web', ...(sought === undefined ? {} : { sought }) }, who.user);

  test('opening, a fake jump to the end, replay, reorder, concurrent duplicates, then real-time study completes it', async () => {
    const clock = server().clock;
    const name = '基本指令视频';
    const length = 25 * 60_000;
    // A new student: nothing studied before opening.
    const before = expectOk<api.LessonProgress>(await call(api.lastRecord, mine(name, 'plc'), who.user));
    expect(before).toBeNull();
    const opened = expectOk<api.LessonProgress>(await call(api.recordView, { ...mine(name, 'plc'), activityId }, who.user));
    expect(opened).toMatchObject({ learnProcess: 0, learningDuration: 0, furthestTime: 0, lastStudyTime: 0, seq: 0, finished: false });
    const start = 0;
    const credited = 0;

    // Faked: 'watched to the end' one second after opening.
    clock.advance(1_000);
    const fake = expectOk<api.ProgressReportAnswer>(await report(2, length, length));
    const allowed = 1_000 * MAX_PLAYBACK_RATE + CREDIT_TOLERANCE_MS;
    expect(fake.applied).toBe(true);
    expect(fake.learningDuration).toBe(credited + allowed);
    expect(fake.furthestTime).toBe(start + allowed);
    expect(fake.finished).toBe(false);
    // 5 s of a 25-minute lesson: 0.33 % (floored to hundredths).
    expect(fake.learnProcess).toBe(0.33);
    const target = fake.targetPercent;

    // Replayed (same seq) and reordered (older seq) change nothing.
    clock.advance(600_000);
    const replay = expectOk<api.ProgressReportAnswer>(await report(2, length, length));
    expect(replay.applied).toBe(false);
    expect(replay).toMatchObject({ learningDuration: credited + allowed, furthestTime: start + allowed, seq: 2 });
    const stored = await record(lesson[name]!, who.studentId);
    expect(Number(stored!.creditedMs)).toBe(credited + allowed);

    // Concurrent duplicates of the next report: applied once.
    const dupes = await Promise.all(Array.from({ length: 6 }, () => report(4, start + allowed + 10_000, 10_000)));
    const answers = dupes.map((d) => expectOk<api.ProgressReportAnswer>(d));
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    expect(Number((await record(lesson[name]!, who.studentId))!.creditedMs)).toBe(credited + allowed + 10_000);
    const older = expectOk<api.ProgressReportAnswer>(await report(3, length, length));
    expect(older.applied).toBe(false);
    expect(older.learningDuration).toBe(credited + allowed + 10_000);

    // A smaller position the student did not seek to (a player that failed to resume) keeps the resume point.
    clock.advance(1_000);
    const resumeAt = (await record(lesson[name]!, who.studentId))!.lastPositionMs;
    const unsought = expectOk<api.ProgressReportAnswer>(await report(5, 1_000, 0, name, 'plc', false));
    expect(unsought.applied).toBe(true);
    expect(unsought.lastStudyTime).toBe(Number(resumeAt));
    // Going back on purpose: progress and the furthest point stay, the resume position follows.
    const back = expectOk<api.ProgressReportAnswer>(await report(6, 1_000, 0, name, 'plc', true));
    expect(back.lastStudyTime).toBe(1_000);
    expect(back.furthestTime).toBe(start + allowed + 10_000);
    const last = expectOk<api.LessonProgress>(await call(api.lastRecord, mine(name, 'plc'), who.user));
    expect(last.lastStudyTime).toBe(1_000);

    // Real-time paced study at double speed completes the lesson at the target, not before.
    let seq = 7;
    let position = back.furthestTime;
    let answer = back;
    while (!answer.finished && seq < 1_000) {
      clock.advance(10_000);
      position = Math.min(length, position + 20_000);
      answer = expectOk(await report(seq++, position, 20_000));
      expect(answer.applied).toBe(true);
      if (!answer.finished) expect(answer.learnProcess).toBeLessThan(target);
    }
    expect(answer.finished).toBe(true);
    // The lesson's target is 60 %; the first report past it is at 915 s of 1,500 s (15 s, then 45 steps of 20 s): 61 %.
    expect([target, answer.learnProcess, seq]).toEqual([60, 61, 52]);
    const finishedAt = (await record(lesson[name]!, who.studentId))!.finishedAt;
    // The outline follows; finishing is set once.
    clock.advance(10_000);
    expectOk(await report(seq++, length, 10_000));
    expect((await record(lesson[name]!, who.studentId))!.finishedAt).toBe(finishedAt);
    const o = expectOk<api.CourseOutline>(await call(api.courseOutline, { courseId: course['plc'], classId, studentId: who.studentId }, who.user));
    expect(o.chapters.flatMap((c) => c.sections.flatMap((s) => s.lessons)).find((l) => l.name === name)).toMatchObject({ finished: true });
  });

  test('a report without opening the lesson credits only the tolerance', async () => {
    const a = expectOk<api.ProgressReportAnswer>(await report(1, 18 * 60_000, 18 * 60_000, '电路的基本概念', 'elec'));
    // 3 s of an 18-minute lesson: 0.27 % (progress is floored to hundredths).
    expect(a).toMatchObject({
      applied: true,
      seq: 1,
      learningDuration: CREDIT_TOLERANCE_MS,
      furthestTime: CREDIT_TOLERANCE_MS,
      learnProcess: 0.27,
      finished: false,
    });
  });

  test('a reading lesson is learned by opening it', async () => {
    const r = expectOk<api.LessonProgress>(await call(api.recordView, mine('触电急救图解'), who.user));
    expect(r).toMatchObject({ learnProcess: 100, finished: true });
  });
});
