import { beforeEach, describe, expect, test } from 'vitest';
import * as crs from '~/lib/api/contracts/admin-courses';
import { AUDIT_ACTION, STAFF_ROLE, type AuditAction } from '~/lib/staff/roles';
import { DEMO, type Answer, useTestServer } from '../setup/server';
import { asStaff, auditOf, freshRequestId } from '../setup/staff';
import { makeClass, ok, onClass, staffer } from '../setup/classes';
import { attach, courseWithSection, makeCourse, onCourse } from '../setup/courses';
import type { CallsOf } from '~/lib/api/contract';

/**
 * The audit entries of the course calls (tests/api/staff-audit.test.ts leaves them here): every
 * write call has a scenario that makes one successful call and names the entries it must write,
 * with the changed fields before and after. Then the bad input: each refusal says why in the
 * form's words and changes nothing (no course row, no audit entry).
 */

const server = useTestServer();
const s = () => server();
/** Each test's own request id: the audit entries it caused are the ones carrying it. */
let requestId = '';
beforeEach(() => {
  requestId = freshRequestId('course-audit');
});

interface Expected {
  action: AuditAction;
  actorId: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

type WriteCall = Exclude<keyof CallsOf<typeof crs>, 'adminCourses' | 'adminCourseGet' | 'adminClassCourses'>;

const H = () => ({ 'X-Request-Id': requestId });
/** Moves the clock on a second, so the measured call's entries are told apart from its setup's. */
const step = () => s().clock.advance(1000);

async function setup() {
  const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
  const made = await makeClass(s(), admin, DEMO.id);
  const { course, chapterId, sectionId } = await courseWithSection(s(), admin, DEMO.id);
  await attach(s(), admin, DEMO.id, made.id, course.id);
  const on = onCourse(admin, course.id, DEMO.id, H());
  return { admin, classId: made.id, course, chapterId, sectionId, on };
}

const SCENARIOS: Record<WriteCall, () => Promise<{ answer: Answer; expected: Expected[] }>> = {
  async adminCourseSave() {
    const { admin, course } = await setup();
    step();
    const answer = await s().call(
      crs.adminCourseSave,
      { id: course.id, name: '改名课程', courseNature: 2, introduce: null },
      asStaff(admin.session, DEMO.id, H()),
    );
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.courseUpdate,
          actorId: admin.account.id,
          targetType: 'course',
          targetId: course.id,
          // Only the changed fields are kept.
          before: { name: course.name, courseNature: 1, introduce: '一句话简介' },
          after: { name: '改名课程', courseNature: 2, introduce: null },
        },
      ],
    };
  },
  async adminCourseDelete() {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const course = await makeCourse(s(), admin, DEMO.id, { name: '待删课程' });
    step();
    const answer = await s().call(crs.adminCourseDelete, {}, onCourse(admin, course.id, DEMO.id, H()));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.courseDelete,
          actorId: admin.account.id,
          targetType: 'course',
          targetId: course.id,
          before: {
            name: '待删课程',
            cover: null,
            courseNature: 1,
            thirdPlatformType: null,
            learningPlatform: 0,
            learningUrl: `/study/course/course-detail?courseId=${course.id}`,
            courseClassCode: null,
            introduce: '一句话简介',
          },
          after: null,
        },
      ],
    };
  },
  async adminChapterSave() {
    const { admin, course, chapterId, on } = await setup();
    step();
    const answer = await s().call(crs.adminChapterSave, { chapterId, name: '第一章 改' }, on);
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.chapterSave,
          actorId: admin.account.id,
          targetType: 'courseChapter',
          targetId: chapterId,
          before: { name: '第一章 基础' },
          after: { courseId: course.id, name: '第一章 改', parentId: null },
        },
      ],
    };
  },
  async adminChapterMove() {
    const { admin, course, on } = await setup();
    const c = await ok<crs.AdminCourse>(s().call(crs.adminChapterSave, { name: '第二章' }, on));
    const second = c.chapters.find((x) => x.name === '第二章')!.id;
    step();
    const answer = await s().call(crs.adminChapterMove, { chapterId: second, direction: 'up' }, on);
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.chapterMove,
          actorId: admin.account.id,
          targetType: 'courseChapter',
          targetId: second,
          before: null,
          after: { courseId: course.id, direction: 'up' },
        },
      ],
    };
  },
  async adminChapterDelete() {
    const { admin, course, sectionId, on } = await setup();
    step();
    const answer = await s().call(crs.adminChapterDelete, { chapterId: sectionId }, on);
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.chapterDelete,
          actorId: admin.account.id,
          targetType: 'courseChapter',
          targetId: sectionId,
          before: { courseId: course.id, name: '第一节 概念' },
          after: null,
        },
      ],
    };
  },
  async adminLessonSave() {
    const { admin, course, sectionId, on } = await setup();
    step();
    const answer = await s().call(crs.adminLessonSave, { sectionId, name: '文章', classroomType: 3, mustLearn: 1, html: '<p>x</p>' }, on);
    const id = (answer.body.data as crs.AdminCourse).lessons[0]!.id;
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.lessonSave,
          actorId: admin.account.id,
          targetType: 'lesson',
          targetId: id,
          before: null,
          after: { courseId: course.id, name: '文章', classroomType: 3, mustLearn: 1, sectionId, durationMs: 0 },
        },
      ],
    };
  },
  async adminLessonMove() {
    const { admin, chapterId, sectionId, on } = await setup();
    const c = await ok<crs.AdminCourse>(s().call(crs.adminLessonSave, { sectionId, name: '文章', classroomType: 3, mustLearn: 1, html: '<p>x</p>' }, on));
    const id = c.lessons[0]!.id;
    step();
    const answer = await s().call(crs.adminLessonMove, { lessonId: id, sectionId: chapterId }, on);
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.lessonMove,
          actorId: admin.account.id,
          targetType: 'lesson',
          targetId: id,
          before: { sectionId },
          after: { sectionId: chapterId, direction: null },
        },
      ],
    };
  },
  async adminLessonDelete() {
    const { admin, course, sectionId, on } = await setup();
    const c = await ok<crs.AdminCourse>(s().call(crs.adminLessonSave, { sectionId, name: '文章', classroomType: 3, mustLearn: 1, html: '<p>x</p>' }, on));
    const id = c.lessons[0]!.id;
    step();
    const answer = await s().call(crs.adminLessonDelete, { lessonId: id }, on);
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.lessonDelete,
          actorId: admin.account.id,
          targetType: 'lesson',
          targetId: id,
          before: { courseId: course.id, name: '文章', classroomType: 3 },
          after: null,
        },
      ],
    };
  },
  async adminCourseDuties() {
    const { admin, course, on } = await setup();
    step();
    const answer = await s().call(crs.adminCourseDuties, { duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 80 }] }, on);
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.courseDuties,
          actorId: admin.account.id,
          targetType: 'course',
          targetId: course.id,
          before: { VIDEO_PROGRESS: 0 },
          after: { VIDEO_PROGRESS: 80 },
        },
      ],
    };
  },
  async adminClassCourseAttach() {
    const { admin, classId } = await setup();
    const other = await makeCourse(s(), admin, DEMO.id);
    step();
    const answer = await s().call(crs.adminClassCourseAttach, { courseId: other.id, learnStart: '', learnEnd: '' }, onClass(admin, classId, DEMO.id, H()));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.classCourseAttach,
          actorId: admin.account.id,
          targetType: 'teachingClass',
          targetId: classId,
          before: null,
          after: { courseId: other.id, learnStartAt: null, learnEndAt: null },
        },
      ],
    };
  },
  async adminClassCourseMove() {
    const { admin, classId } = await setup();
    const other = await makeCourse(s(), admin, DEMO.id);
    await attach(s(), admin, DEMO.id, classId, other.id);
    step();
    const answer = await s().call(crs.adminClassCourseMove, { courseId: other.id, direction: 'up' }, onClass(admin, classId, DEMO.id, H()));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.classCourseMove,
          actorId: admin.account.id,
          targetType: 'teachingClass',
          targetId: classId,
          before: null,
          after: { courseId: other.id, direction: 'up' },
        },
      ],
    };
  },
  async adminClassCourseDetach() {
    const { admin, classId, course } = await setup();
    const window = (await ok<crs.AdminClassCourse[]>(s().call(crs.adminClassCourses, {}, onClass(admin, classId, DEMO.id))))[0]!;
    step();
    const answer = await s().call(crs.adminClassCourseDetach, { courseId: course.id }, onClass(admin, classId, DEMO.id, H()));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.classCourseDetach,
          actorId: admin.account.id,
          targetType: 'teachingClass',
          targetId: classId,
          before: { courseId: course.id, learnStartAt: window.learnStartAt, learnEndAt: window.learnEndAt },
          after: null,
        },
      ],
    };
  },
};

async function entriesNow() {
  return (await auditOf(s(), DEMO.id, { requestId })).filter((r) => r.createdAt === s().clock.value);
}

describe('every course write call writes its audit entries', () => {
  test.each(Object.keys(SCENARIOS) as WriteCall[])('%s', async (name) => {
    s().clock.advance(60_000);
    const outcome = await SCENARIOS[name]();
    expect(outcome.answer.body.code, JSON.stringify(outcome.answer.body)).toBe(0);
    const rows = (await entriesNow()).map((r) => ({
      action: r.action,
      actorId: r.actorId,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.beforeJson === null ? null : JSON.parse(r.beforeJson),
      after: r.afterJson === null ? null : JSON.parse(r.afterJson),
    }));
    expect(rows).toEqual(outcome.expected);
    s().clock.advance(1000);
  });

  test('creating a course is audited with its fields', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    s().clock.advance(60_000);
    const made = await ok<crs.AdminCourse>(s().call(crs.adminCourseSave, { name: '新课程审计', courseNature: 0 }, asStaff(admin.session, DEMO.id, H())));
    const rows = await entriesNow();
    expect(rows.map((r) => [r.action, r.targetId, JSON.parse(r.afterJson!).name])).toEqual([[AUDIT_ACTION.courseCreate, made.id, '新课程审计']]);
  });
});

describe('bad input is refused in words and changes nothing', () => {
  test('each refusal', async () => {
    const { admin, classId, course, sectionId, on } = await setup();
    const save = (b: Record<string, unknown>) => s().call(crs.adminCourseSave, b as never, asStaff(admin.session, DEMO.id, H()));
    const lesson = (b: Record<string, unknown>) => s().call(crs.adminLessonSave, { sectionId, name: '课', mustLearn: 1, classroomType: 3, ...b } as never, on);
    const cases: [string, () => Promise<Answer>, number, string][] = [
      ['course without a name', () => save({ name: ' ', courseNature: 1 }), 400, '请填写课程名称'],
      ['course name too long', () => save({ name: '长'.repeat(61), courseNature: 1 }), 400, '课程名称不能超过 60 个字'],
      ['course nature unknown', () => save({ name: '课', courseNature: 7 }), 400, '课程性质不正确'],
      ['platform unknown', () => save({ name: '课', courseNature: 1, thirdPlatformType: 9 }), 400, '第三方平台类型不正确'],
      [
        'a javascript: address',
        () => save({ name: '课', courseNature: 1, thirdPlatformType: 10, learningUrl: 'javascript:alert(1)' }),
        400,
        '请填写以 http:// 或 https:// 开头的地址',
      ],
      [
        'a cover on another scheme',
        () => save({ name: '课', courseNature: 1, cover: 'data:image/png;base64,AAAA' }),
        400,
        '请填写以 http:// 或 https:// 开头的地址',
      ],
      ['intro block type unknown', () => save({ name: '课', courseNature: 1, introductions: [{ introduceType: 2 }] }), 400, '介绍类型不正确'],
      ['chapter name blank', () => s().call(crs.adminChapterSave, { name: '' }, on), 400, '请填写章节名称'],
      ['lesson type unknown', () => lesson({ classroomType: 9 }), 400, '课堂类型不正确'],
      ['lesson neither required nor elective', () => lesson({ mustLearn: 5, html: '<p>x</p>' }), 400, '请选择必修或选修'],
      ['lesson in another course section', () => lesson({ sectionId: 'nope', html: '<p>x</p>' }), 400, '请选择课程中已有的小节'],
      ['empty article', () => lesson({ html: '<script>x</script>' }), 400, '请填写文章内容'],
      ['live without times', () => lesson({ classroomType: 10, liveStatus: 0 }), 400, '请填写开始和结束时间'],
      [
        'live with a bad time',
        () => lesson({ classroomType: 10, start: '2026-13-01 10:00', end: '2026-12-01 11:00' }),
        400,
        '时间格式不正确，应为 YYYY-MM-DD HH:mm',
      ],
      ['live ending first', () => lesson({ classroomType: 10, start: '2026-12-01 10:00', end: '2026-12-01 09:00' }), 400, '结束时间不能早于开始时间'],
      ['live status unknown', () => lesson({ classroomType: 10, liveStatus: 8, start: '2026-12-01 10:00', end: '2026-12-01 11:00' }), 400, '直播状态不正确'],
      ['face-to-face without a place', () => lesson({ classroomType: 11, start: '2026-12-01 10:00', end: '2026-12-01 11:00' }), 400, '请填写上课地点'],
      ['homework with an unknown work', () => lesson({ classroomType: 6, workId: 'nope' }), 400, '所选作业或考试不属于本课程'],
      ['duty type unknown', () => s().call(crs.adminCourseDuties, { duties: [{ dutyType: 'X', targetValue: 1 }] }, on), 400, '考核项不正确'],
      [
        'duty target negative',
        () => s().call(crs.adminCourseDuties, { duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: -1 }] }, on),
        400,
        '考核目标应为 0 到 100000 的整数（0 表示不考核）',
      ],
      [
        'attach with a bad day',
        () => s().call(crs.adminClassCourseAttach, { courseId: course.id, learnStart: '2026/12/01' }, onClass(admin, classId, DEMO.id, H())),
        400,
        '日期格式不正确',
      ],
      [
        'attach an unknown course',
        () => s().call(crs.adminClassCourseAttach, { courseId: 'nope' }, onClass(admin, classId, DEMO.id, H())),
        404,
        '课程不存在或已删除',
      ],
      [
        'detach a course the class lacks',
        () => s().call(crs.adminClassCourseDetach, { courseId: 'nope' }, onClass(admin, classId, DEMO.id, H())),
        404,
        '本班没有该课程',
      ],
    ];
    const countCourses = async () =>
      Number(
        (
          await s()
            .runtime.db.selectFrom('courses')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const coursesBefore = await countCourses();
    const before = await ok<crs.AdminCourse>(s().call(crs.adminCourseGet, {}, on));
    s().clock.advance(60_000);
    for (const [label, call, code, message] of cases) {
      const answer = await call();
      expect(answer.body.code, label).toBe(code);
      expect(answer.body.message, label).toContain(message);
    }
    expect(cases).toHaveLength(23);
    expect(await countCourses()).toBe(coursesBefore);
    expect(await ok<crs.AdminCourse>(s().call(crs.adminCourseGet, {}, on))).toEqual(before);
    expect(await auditOf(s(), DEMO.id, { requestId })).toEqual([]);
  });
});
