import fc from 'fast-check';
import { expect, test } from 'vitest';
import * as course from '~/lib/api/contracts/learning-course';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { DUTY_TYPES, dutyFigures } from '~/lib/learning/duties';
import { finishersQuery } from '~/server/learning/course-detail/course-detail.service';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import { newId } from '~/server/ids';
import type { DB } from '~/server/db/database';
import { expectOk } from '../setup/api';
import { createLearningClass, finishLesson, handIn } from '../setup/learning';
import { DEMO, HOUR, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

/**
 * The course page's count of the class's finishers is counted by the database (decision 139) from only what can complete
 * the course's required lessons (decision 130): the sign-ins of its required face-to-face lessons, hand-ins and records
 * only when a required lesson is completed by them. Generated classes whose students each did some of a required video
 * (its record under, at or past the target), homework (handed in once or twice) and face-to-face lesson, an elective,
 * a sign-out alone or a sign-in to another lesson's activity: the class's count is the number of students whose own
 * course page shows the course complete (each student's figures read alone), and the number who did all three.
 */
const server = useTestServer();
const STUDENTS = 4;
/** The generated courses' test: the students of each course, and how many courses it generates. */
const GENERATED_STUDENTS = 4;
const GENERATED_RUNS = 100;
/** Targets a duty is often given, and one no record reaches. */
const EDGES = [0, 50, 80, 100, 120];

const LESSONS = [
  { name: '视频', type: CLASSROOM_TYPE.VIDEO, minutes: 10 },
  { name: '作业', type: CLASSROOM_TYPE.HOMEWORK },
  { name: '面授', type: CLASSROOM_TYPE.FACE_TO_FACE },
  { name: '选修', type: CLASSROOM_TYPE.VIDEO, minutes: 10, mustLearn: 0 },
];

const student = fc.record({
  /** The video's record: none, just under the video duty's target of 80, at it, or whole. */
  studied: fc.constantFrom(null, 79.99, 80, 100),
  /** How many attempts at the homework were handed in. */
  handedIn: fc.integer({ min: 0, max: 2 }),
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
      const studied = async (classStudentId: string, progress: number) => {
        await finishLesson(db, DEMO.id, c, classStudentId, '视频', now - HOUR);
        const video = c.lessons['视频']!;
        await db.updateTable('lessonRecords').set({ progress }).where('classStudentId', '=', classStudentId).where('classroomId', '=', video).execute();
      };
      for (const [i, g] of generated.entries()) {
        const classStudentId = c.studentIds[users[i]!.userId]!;
        if (g.studied !== null) await studied(classStudentId, g.studied);
        if (g.elective) await finishLesson(db, DEMO.id, c, classStudentId, '选修', now - HOUR);
        for (let n = 1; n <= g.handedIn; n++)
          await handIn(db, { ...ref, classroomId: c.lessons['作业']!, classStudentId, submittedAt: now - HOUR, attemptNo: n });
        if (g.attendance > 0)
          await db
            .insertInto('activityAttendance')
            .values(
              signRow(
                { ...ref, activityId: activityOf(g.attendance === 3 ? '视频' : '面授'), classStudentId, at: now - HOUR },
                g.attendance === 2 ? SIGN_OUT : SIGN_IN,
              ),
            )
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
      const didAll = generated.filter((g) => g.studied !== null && g.studied >= 80 && g.handedIn > 0 && g.attendance === 1).length;
      expect(complete).toBe(didAll);
      for (const s of situations) expect(s.finishUserCount).toBe(didAll);
    }),
    { numRuns: 25 },
  );
});

type Signed = { tenantId: string; classId: string; activityId: string; classStudentId: string; at: number };
const signRow = (x: Signed, type: number) => ({
  id: newId(x.at),
  tenantId: x.tenantId,
  classId: x.classId,
  activityId: x.activityId,
  classStudentId: x.classStudentId,
  type,
  signedAt: x.at,
  lat: null,
  lon: null,
  createdAt: x.at,
  correctedBy: null,
});
const signIn = (db: DB, x: Signed) => db.insertInto('activityAttendance').values(signRow(x, SIGN_IN)).execute();

/**
 * The rule is written twice: dutyFigures (TypeScript) shows a student their own course complete, and the finishers'
 * statement counts the class's in SQL, given which lessons each proof completes and each record's target. On generated
 * courses (any lesson types, required or not, any duties and targets) and students who did any of them any way (a
 * record at any progress, a sign-in, a hand-in, whatever the lesson's kind), the database counts the students whose
 * own dutyFigures show the course complete.
 */
test("the database counts a course's finishers as each student's own duty figures would, on generated courses", async () => {
  const users: TestUser[] = [];
  for (let i = 0; i < GENERATED_STUDENTS; i++) users.push(await loginAs(server(), DEMO.id));
  const types = Object.values(CLASSROOM_TYPE);
  const generatedCourse = fc.record({
    lessons: fc.array(fc.record({ type: fc.constantFrom(...types), mustLearn: fc.constantFrom(0, 1) }), { minLength: 1, maxLength: 5 }),
    rules: fc.array(
      fc.record({ dutyType: fc.constantFrom(...DUTY_TYPES), targetValue: fc.oneof(fc.constantFrom(...EDGES), fc.integer({ min: 0, max: 120 })) }),
      {
        maxLength: 3,
      },
    ),
  });
  // Records at the targets the rules are drawn from and just under them, and students who mostly did each thing, so
  // that finishers, and students one proof short, are common.
  const progress = fc.option(fc.oneof(fc.constantFrom(...EDGES.filter((p) => p <= 100), 49.99, 79.99, 99.99), fc.integer({ min: 0, max: 100 })));
  const mostly = fc.integer({ min: 0, max: 3 }).map((n) => n > 0);
  const did = fc.record({ progress, signedIn: mostly, handedIn: mostly });
  const studentDid = fc.array(did, { minLength: 5, maxLength: 5 });
  await fc.assert(
    fc.asyncProperty(generatedCourse, fc.array(studentDid, { minLength: GENERATED_STUDENTS, maxLength: GENERATED_STUDENTS }), async (g, students) => {
      const runtime = server().runtime;
      const now = server().clock.value;
      const names = g.lessons.map((_, i) => `课${i}`);
      const c = await createLearningClass(runtime.db, {
        tenantId: DEMO.id,
        now,
        name: `完成人数生成班${newId(now)}`,
        courseName: '完成人数生成课',
        lessons: g.lessons.map((l, i) => ({ name: names[i]!, type: l.type, mustLearn: l.mustLearn, minutes: 10 })),
        duties: g.rules,
        userIds: users.map((u) => u.userId),
        activities: names.map((lesson) => ({ lesson, startAt: now - 2 * HOUR, endAt: now - HOUR })),
      });
      const lessons = g.lessons.map((l, i) => ({ id: c.lessons[names[i]!]!, classroomType: l.type, mustLearn: l.mustLearn, durationMs: 10 * 60_000 }));
      const activities = await runtime.db.selectFrom('classActivities').select(['id', 'classroomId']).where('classId', '=', c.classId).execute();
      const ref = { tenantId: DEMO.id, classId: c.classId, courseId: c.courseId };
      let expected = 0;
      for (const [i, user] of users.entries()) {
        const classStudentId = c.studentIds[user.userId]!;
        const records: { classroomId: string; progress: number; creditedMs: number }[] = [];
        const attendedLessons = new Set<string>();
        const submittedLessons = new Set<string>();
        for (const [j, l] of lessons.entries()) {
          const d = students[i]![j]!;
          if (d.progress !== null) {
            await finishLesson(runtime.db, DEMO.id, c, classStudentId, names[j]!, now - HOUR);
            await runtime.db
              .updateTable('lessonRecords')
              .set({ progress: d.progress })
              .where('classStudentId', '=', classStudentId)
              .where('classroomId', '=', l.id)
              .execute();
            records.push({ classroomId: l.id, progress: d.progress, creditedMs: 0 });
          }
          if (d.signedIn) {
            await signIn(runtime.db, { ...ref, activityId: activities.find((a) => a.classroomId === l.id)!.id, classStudentId, at: now - HOUR });
            attendedLessons.add(l.id);
          }
          if (d.handedIn) {
            await handIn(runtime.db, { ...ref, classroomId: l.id, classStudentId, submittedAt: now - HOUR });
            submittedLessons.add(l.id);
          }
        }
        const own = dutyFigures({ lessons, rules: g.rules, records, attendedLessons, submittedLessons });
        if (own.needLearnNumber > 0 && own.finishNeedLearnNumber >= own.needLearnNumber) expected++;
      }
      const statement = finishersQuery(runtime, ref, lessons, g.rules);
      const counted = statement ? Number((await statement.executeTakeFirstOrThrow()).n) : 0;
      expect(counted).toBe(expected);
    }),
    { numRuns: GENERATED_RUNS },
  );
});
