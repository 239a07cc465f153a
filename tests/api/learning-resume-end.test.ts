import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/classroom-online';
import { MINUTE } from '~/lib/time/cst';
import { expectOk } from '../setup/api';
import { DEMO, useTestServer } from '../setup/server';
import { newStudentIn, type Enrolment } from '../setup/study';
import { withToken, type TestUser } from '../setup/users';

/**
 * Issue 27: a student who stopped 0.5 s before the end of a video has learned it (the last second
 * is the end, src/lib/learning/resume.ts), and the player starting it again from 0 lowers nothing
 * the server recorded: not the resume point, the progress, the finish or the credited time. Even
 * a seek back by the student moves only the resume point. Every test studies as a new student.
 */

const server = useTestServer();
const LESSON = '电路的基本概念';
/** The lesson's length as seeded (18 minutes). */
const LENGTH = 18 * MINUTE;

let lesson: { id: string; courseId: string; durationMs: number };

beforeAll(async () => {
  lesson = await server()
    .runtime.db.selectFrom('classrooms')
    .select(['id', 'courseId', 'durationMs'])
    .where('tenantId', '=', DEMO.id)
    .where('name', '=', LESSON)
    .executeTakeFirstOrThrow();
  expect(Number(lesson.durationMs)).toBe(LENGTH);
});

const ask = <Req>(user: TestUser, c: Call<Req, unknown>, body: unknown) => server().call(c, body as Req, withToken(user.token));
const ref = (e: Enrolment) => ({ classroomId: lesson.id, courseId: lesson.courseId, classId: e.classId, studentId: e.studentId });
const report = async (user: TestUser, e: Enrolment, body: { seq: number; positionMs: number; watchedMs: number; sought?: boolean }) =>
  expectOk<api.ProgressReportAnswer>(await ask(user, api.reportProgress, { ...ref(e), ...body, client: 'Web' }));

describe('the end of a video (issue 27)', () => {
  test('stopping 0.5 s before the end learns the lesson; the player’s restart at 0 and a seek back lower nothing recorded', async () => {
    const { user, in: at } = await newStudentIn(server(), DEMO.id, ['A']);
    const e = at.A!;
    expectOk(await ask(user, api.recordView, ref(e)));
    // Watched to 0.5 s before the end, in the real time that takes at double speed.
    server().clock.advance(LENGTH / 2);
    const stopped = await report(user, e, { seq: 1, positionMs: LENGTH - 500, watchedMs: LENGTH - 500 });
    expect(stopped).toMatchObject({ applied: true, learnProcess: 100, finished: true, lastStudyTime: LENGTH - 500 });

    // Back later: the player starts again from 0 (not the student's seek) and reports it.
    server().clock.advance(MINUTE);
    const again = await report(user, e, { seq: 2, positionMs: 0, watchedMs: 0 });
    expect(again).toMatchObject({ learnProcess: 100, finished: true, lastStudyTime: LENGTH - 500, learningDuration: stopped.learningDuration });
    const view = expectOk<api.LessonProgress>(await ask(user, api.recordView, ref(e)));
    expect(view).toMatchObject({ learnProcess: 100, finished: true, lastStudyTime: LENGTH - 500 });

    // The student seeks back on purpose: the resume point follows, nothing else goes down.
    server().clock.advance(MINUTE);
    const sought = await report(user, e, { seq: 3, positionMs: 0, watchedMs: 0, sought: true });
    expect(sought).toMatchObject({ learnProcess: 100, finished: true, lastStudyTime: 0, learningDuration: stopped.learningDuration });
  });

  test('stopping 1.5 s before the end is not the end: the lesson is not learned to 100%', async () => {
    const { user, in: at } = await newStudentIn(server(), DEMO.id, ['A']);
    expectOk(await ask(user, api.recordView, ref(at.A!)));
    server().clock.advance(LENGTH / 2);
    const stopped = await report(user, at.A!, { seq: 1, positionMs: LENGTH - 1_500, watchedMs: LENGTH - 1_500 });
    expect(stopped.learnProcess).toBeLessThan(100);
    expect(stopped.lastStudyTime).toBe(LENGTH - 1_500);
  });
});
