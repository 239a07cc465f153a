import fc from 'fast-check';
import { expect, test } from 'vitest';
import * as course from '~/lib/api/contracts/learning-course';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import { newId } from '~/server/ids';
import { expectOk } from '../setup/api';
import { createLearningClass, finishLesson, handIn } from '../setup/learning';
import { DEMO, HOUR, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

/**
 * The course page's count of the class's finishers reads, once for the class, only what can complete the course's
 * required lessons (decision 130): the sign-ins of its required face-to-face lessons, hand-ins and records only when a
 * required lesson is completed by them. Generated classes whose students each did some of a required video, homework
 * and face-to-face lesson, an elective, a sign-out alone or a sign-in to another lesson's activity: the class's count
 * is the number of students whose own course page shows the course complete (each student's figures read alone), and
 * the number who did all three.
 */
const server = useTestServer();
const STUDENTS = 4;

const LESSONS = [
  { name: '视频', type: CLASSROOM_TYPE.VIDEO, minutes: 10 },
  { name: '作业', type: CLASSROOM_TYPE.HOMEWORK },
  { name: '面授', type: CLASSROOM_TYPE.FACE_TO_FACE },
  { name: '选修', type: CLASSROOM_TYPE.VIDEO, minutes: 10, mustLearn: 0 },
];

const student = fc.record({
  studied: fc.boolean(),
  handedIn: fc.boolean(),
  /** 0 nothing, 1 signed in to the face-to-face lesson's activity, 2 signed out of it only, 3 signed in to the video's activity. */
  attendance: fc.integer({ min: 0, max: 3 }),
  elective: fc.boolean(),
});

test("a course's finishers are the students whose own page shows it complete, however they completed each lesson", async () => {
  const users: TestUser[] = [];
  for (let i = 0; i < STUDENTS; i++) users.push(await loginAs(server(), DEMO.id));
  await fc.assert(
    fc.asyncProperty(fc.array(student, { minLength: STUDENTS, maxLength: STUDENTS }), async (generated) => {
      const db = server().runtime.db;
      const now = server().clock.value;
      const c = await createLearningClass(db, {
        tenantId: DEMO.id,
        now,
        name: `完成人数班${newId(now)}`,
        courseName: '完成人数课',
        lessons: LESSONS,
        duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 80 }],
        userIds: users.map((u) => u.userId),
        activities: ['面授', '视频'].map((lesson) => ({ lesson, startAt: now - 2 * HOUR, endAt: now - HOUR })),
      });
      const activities = await db.selectFrom('classActivities').select(['id', 'classroomId']).where('classId', '=', c.classId).execute();
      const activityOf = (lesson: string) => activities.find((a) => a.classroomId === c.lessons[lesson])!.id;
      const ref = { tenantId: DEMO.id, classId: c.classId, courseId: c.courseId };
      for (const [i, g] of generated.entries()) {
        const classStudentId = c.studentIds[users[i]!.userId]!;
        if (g.studied) await finishLesson(db, DEMO.id, c, classStudentId, '视频', now - HOUR);
        if (g.elective) await finishLesson(db, DEMO.id, c, classStudentId, '选修', now - HOUR);
        if (g.handedIn) await handIn(db, { ...ref, classroomId: c.lessons['作业']!, classStudentId, submittedAt: now - HOUR });
        if (g.attendance > 0)
          await db
            .insertInto('activityAttendance')
            .values({
              id: newId(now),
              tenantId: DEMO.id,
              classId: c.classId,
              activityId: activityOf(g.attendance === 3 ? '视频' : '面授'),
              classStudentId,
              type: g.attendance === 2 ? SIGN_OUT : SIGN_IN,
              signedAt: now - HOUR,
              lat: null,
              lon: null,
              createdAt: now - HOUR,
              correctedBy: null,
            })
            .execute();
      }
      const situations = await Promise.all(
        users.map(async (u) =>
          expectOk<course.CourseSituation>(
            await server().call(
              course.courseSituation,
              { courseId: c.courseId, classId: c.classId, classStudentId: c.studentIds[u.userId]! },
              withToken(u.token),
            ),
          ),
        ),
      );
      const complete = situations.filter((s) => s.courseLearnProcess === 100).length;
      const didAll = generated.filter((g) => g.studied && g.handedIn && g.attendance === 1).length;
      expect(complete).toBe(didAll);
      for (const s of situations) expect(s.finishUserCount).toBe(didAll);
    }),
    { numRuns: 25 },
  );
});
