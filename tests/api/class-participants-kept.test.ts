import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as classPage from '~/lib/api/contracts/learning-class';
import * as online from '~/lib/api/contracts/classroom-online';
import * as course from '~/lib/api/contracts/learning-course';
import { PARTICIPANTS_KEPT_MS } from '~/server/learning/duties/duties.service';
import { FINISHERS_KEPT_MS } from '~/server/learning/course-detail/course-detail.service';
import { expectOk } from '../setup/api';
import { createLearningClass, finishLesson, type FixtureClass } from '../setup/learning';
import { DEMO, startEachTestAtNow, startTestServer, type TestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

/**
 * How many of a class take part in a course ("n 人学习" on the class page and the course page) is
 * counted once per class and kept PARTICIPANTS_KEPT_MS (decision 070): a classmate who starts
 * shows on everyone's page within that time, never later, and the two pages never disagree. How
 * many completed it (the course page's finishUserCount) is kept FINISHERS_KEPT_MS alike (decision 128).
 */

type AnyCall = Call<any, unknown>;

let server: TestServer;
let students: TestUser[];
let fixture: FixtureClass;

const call = (c: AnyCall, body: unknown, user: TestUser) => server.call(c, body as never, withToken(user.token));

/** The course's participants on the class page's first view and on the course page, as `user` sees them. */
async function participants(user: TestUser): Promise<{ classPage: number; coursePage: number }> {
  const view = expectOk<classPage.ClassFirstView>(await call(classPage.classFirstView, { classId: fixture.classId, userId: user.userId }, user));
  const listed = view.courses.classStudentCourseResultVOS.find((c) => c.courseId === fixture.courseId)!;
  const ref = { courseId: fixture.courseId, classId: fixture.classId, classStudentId: fixture.studentIds[user.userId]! };
  const situation = expectOk<course.CourseSituation>(await call(course.courseSituation, ref, user));
  return { classPage: listed.countResultVO.studyNumber, coursePage: situation.studyUserCount };
}

/** `user` opens the class's video lesson: a study record, so they take part in the course. */
async function startStudying(user: TestUser): Promise<void> {
  const lesson = { classroomId: fixture.lessons['视频']!, courseId: fixture.courseId, classId: fixture.classId, studentId: fixture.studentIds[user.userId]! };
  expectOk(await call(online.recordView, lesson, user));
}

/** A class of the three students with one course of one video lesson, learned at 80 %. */
const classOfThree = (name: string) =>
  createLearningClass(server.runtime.db, {
    tenantId: DEMO.id,
    now: server.clock.value,
    name: `${name}班`,
    courseName: `${name}课`,
    lessons: [{ name: '视频', type: 1, minutes: 10 }],
    duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 80 }],
    userIds: students.map((s) => s.userId),
  });

startEachTestAtNow(() => [server]);
beforeAll(async () => {
  server = await startTestServer();
  students = [await loginAs(server, DEMO.id), await loginAs(server, DEMO.id), await loginAs(server, DEMO.id)];
  fixture = await classOfThree('参与人数保留');
});

afterAll(async () => {
  await server?.close();
});

describe("a class's participants, counted once and kept a while", () => {
  test('a classmate who starts shows on every page within PARTICIPANTS_KEPT_MS, and both pages always agree', async () => {
    const [a, b, c] = students as [TestUser, TestUser, TestUser];
    expect(await participants(a)).toEqual({ classPage: 0, coursePage: 0 });

    await startStudying(b);
    // Counted a moment ago: every classmate's pages show the same kept count.
    for (const user of students) expect(await participants(user)).toEqual({ classPage: 0, coursePage: 0 });
    server.clock.advance(PARTICIPANTS_KEPT_MS - 1);
    expect(await participants(c)).toEqual({ classPage: 0, coursePage: 0 });

    // Once the kept count is PARTICIPANTS_KEPT_MS old it is counted again.
    server.clock.advance(1);
    for (const user of students) expect(await participants(user)).toEqual({ classPage: 1, coursePage: 1 });

    await startStudying(c);
    server.clock.advance(PARTICIPANTS_KEPT_MS);
    expect(await participants(a)).toEqual({ classPage: 2, coursePage: 2 });
  });
});

describe("a class's finishers of a course, counted once and kept a while", () => {
  test('a classmate who completes the course shows on every page within FINISHERS_KEPT_MS, never later', async () => {
    const own = await classOfThree('完成人数保留');
    const finishers = async (user: TestUser) => {
      const ref = { courseId: own.courseId, classId: own.classId, classStudentId: own.studentIds[user.userId]! };
      return expectOk<course.CourseSituation>(await call(course.courseSituation, ref, user)).finishUserCount;
    };
    const finish = (user: TestUser) => finishLesson(server.runtime.db, DEMO.id, own, own.studentIds[user.userId]!, '视频', server.clock.value);
    const [a, b, c] = students as [TestUser, TestUser, TestUser];
    expect(await finishers(a)).toBe(0);

    await finish(b);
    // Counted a moment ago: every classmate's page shows the same kept count.
    for (const user of students) expect(await finishers(user)).toBe(0);
    server.clock.advance(FINISHERS_KEPT_MS - 1);
    expect(await finishers(c)).toBe(0);

    // Once the kept count is FINISHERS_KEPT_MS old it is counted again.
    server.clock.advance(1);
    for (const user of students) expect(await finishers(user)).toBe(1);

    await finish(c);
    server.clock.advance(FINISHERS_KEPT_MS);
    expect(await finishers(a)).toBe(2);
  });
});
