import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as classPage from '~/lib/api/contracts/learning-class';
import * as online from '~/lib/api/contracts/classroom-online';
import * as course from '~/lib/api/contracts/learning-course';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { expectOk } from '../setup/api';
import { createLearningClass, type FixtureClass } from '../setup/learning';
import { DEMO, startTestServer, type TestServer, startEachTestAtNow } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

/**
 * The class page's course list and the course page answer one course with the same figures: what
 * the course asks and how far the student is (requirements), and how many of the class take part.
 * Both come from one derivation (src/lib/learning/requirements.ts through the duties service).
 */

type AnyCall = Call<any, unknown>;

const MINUTE = 60_000;
const VIDEO_MINUTES = 10;

let server: TestServer;
let students: TestUser[];
let fixture: FixtureClass;

const call = (c: AnyCall, body: unknown, user: TestUser) => server.call(c, body as never, withToken(user.token));

/** Both pages' figures of every course of a class, as one student sees them. */
async function bothPages(user: TestUser, classId: string) {
  const { studentId } = expectOk<learning.StudentClassDetail>(await call(learning.studentClassDetail, { classId, userId: user.userId }, user));
  type CourseList = { classStudentCourseResultVOS: classPage.ClassStudentCourse[] };
  const list = expectOk<CourseList>(await call(classPage.studentCourseStatistic, { classId, studentId }, user));
  const out = [];
  for (const c of list.classStudentCourseResultVOS) {
    const ref = { courseId: c.courseId, classId, classStudentId: studentId };
    const situation = expectOk<course.CourseSituation>(await call(course.courseSituation, ref, user));
    const statistics = expectOk<course.CourseStatistics>(await call(course.courseStatistics, { ...ref, evaluateType: 'ACTIVITY' }, user));
    out.push({
      name: c.courseName,
      classPage: { requirements: c.requirements, participants: c.countResultVO.studyNumber },
      coursePage: { requirements: statistics.requirements, participants: situation.studyUserCount },
    });
  }
  return out;
}

startEachTestAtNow(() => [server]);
beforeAll(async () => {
  server = await startTestServer();
  students = [await loginAs(server, DEMO.id), await loginAs(server, DEMO.id), await loginAs(server, DEMO.id)];
  fixture = await createLearningClass(server.runtime.db, {
    tenantId: DEMO.id,
    now: server.clock.value,
    name: '课程数字核对班',
    courseName: '安全用电核对课',
    lessons: [
      { name: '视频一', type: 1, minutes: VIDEO_MINUTES },
      { name: '视频二', type: 1, minutes: VIDEO_MINUTES },
      { name: '课后作业', type: 6 },
      { name: '单元测验', type: 7 },
    ],
    // The test lesson exists, but its duty's target is 0: the course does not ask for it.
    duties: [
      { dutyType: 'VIDEO_PROGRESS', targetValue: 80 },
      { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 },
      { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 0 },
    ],
    userIds: students.map((s) => s.userId),
  });
  const lessonRef = (user: TestUser, name: string) => ({
    classroomId: fixture.lessons[name]!,
    courseId: fixture.courseId,
    classId: fixture.classId,
    studentId: fixture.studentIds[user.userId]!,
  });
  // The first student watches the first video through, in real time; the second only opens the second.
  const [first, second] = students as [TestUser, TestUser, TestUser];
  expectOk(await call(online.recordView, lessonRef(first, '视频一'), first));
  server.clock.advance(VIDEO_MINUTES * MINUTE);
  const watched = VIDEO_MINUTES * MINUTE;
  const report = { ...lessonRef(first, '视频一'), seq: 1, positionMs: watched, watchedMs: watched };
  expect(expectOk<online.ProgressReportAnswer>(await call(online.reportProgress, report, first)).finished).toBe(true);
  expectOk(await call(online.recordView, lessonRef(second, '视频二'), second));
});

afterAll(async () => {
  await server?.close();
});

describe('one course, the same figures on the class page and the course page', () => {
  test('the requirements are the duties with a non-zero target (no test here) and both calls answer them', async () => {
    const [first] = students as [TestUser];
    const [figures] = await bothPages(first, fixture.classId);
    expect(figures!.classPage.requirements).toEqual([
      { key: 'videoProgress', total: 2, done: 1 },
      { key: 'homework', total: 1, done: 0 },
    ]);
    expect(figures!.coursePage.requirements).toEqual(figures!.classPage.requirements);
  });

  test('participants: the two who did something of the three enrolled, on both pages, whoever asks', async () => {
    for (const user of students) {
      const [figures] = await bothPages(user, fixture.classId);
      expect(figures!.classPage.participants).toBe(2);
      expect(figures!.coursePage.participants).toBe(2);
    }
  });

  test('each student sees their own progress, the same on both pages', async () => {
    const [, second, third] = students as [TestUser, TestUser, TestUser];
    for (const user of [second, third]) {
      const [figures] = await bothPages(user, fixture.classId);
      expect(figures!.classPage.requirements).toEqual([
        { key: 'videoProgress', total: 2, done: 0 },
        { key: 'homework', total: 1, done: 0 },
      ]);
      expect(figures!.coursePage).toEqual(figures!.classPage);
    }
  });

  test("every course of the demo's richest class agrees too (face-to-face, study minutes, homework, tests)", async () => {
    const demo = await loginAs(server, DEMO.id, DEMO_STUDENT.mobile);
    const mine = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: demo.userId }, demo));
    const classA = mine.find((c) => c.className === LEARNING_CLASSES[DEMO.id]!.find((x) => x.key === 'A')!.name)!;
    const all = await bothPages(demo, classA.classId);
    expect(all.length).toBeGreaterThan(3);
    for (const figures of all) expect(figures.coursePage, figures.name).toEqual(figures.classPage);
    // The kinds of requirement the demo covers, so the comparison is not of empty lists only.
    const kinds = new Set(all.flatMap((f) => f.classPage.requirements.map((r) => r.key)));
    expect(kinds).toEqual(new Set(['faceTeaching', 'videoProgress', 'studyTime', 'homework', 'test']));
  });
});
