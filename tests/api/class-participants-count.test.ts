import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { newId } from '~/server/ids';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';
import { ATTEMPT_STATUS, isHandedIn } from '~/lib/exams/attempt-policy';
import { participantsOf } from '~/server/learning/duties/duties.service';
import { activityRow, createLearningClass, finishLesson, handIn, type FixtureClass } from '../setup/learning';
import { DEMO, useTestServer } from '../setup/server';
import { testScope } from '../setup/scope';
import { loginAs } from '../setup/users';

/**
 * How many of a class take part in each of its courses ("n 人学习"): the students with a study record of one of its
 * lessons, an attempt handed in, or a sign-in to one of its activities, each once however much they did (decision 136).
 * The database counts the union of the three in one statement; here each run's rows are generated, written, and the
 * count compared with the students the rows name, counted here. Another class's rows, an attempt not handed in and a
 * sign-out count for nothing. Each run makes its own classes, so no count kept from an earlier run answers.
 */
const server = useTestServer();
const STUDENTS = 4;
const HOUR = 3_600_000;
let userIds: string[];

beforeAll(async () => {
  userIds = [];
  for (let i = 0; i < STUDENTS; i++) userIds.push((await loginAs(server(), DEMO.id)).userId);
});

type Kind = 'record' | 'handedIn' | 'reviewed' | 'open' | 'signIn' | 'signOut';
interface Act {
  kind: Kind;
  student: number;
  /** 0: the class's own course; 1: the course it shares with the other class. */
  course: 0 | 1;
  /** The other class's student did it, in the other class. */
  elsewhere: boolean;
}
const act: fc.Arbitrary<Act> = fc.record({
  kind: fc.constantFrom<Kind>('record', 'handedIn', 'reviewed', 'open', 'signIn', 'signOut'),
  student: fc.integer({ min: 0, max: STUDENTS - 1 }),
  course: fc.constantFrom<0 | 1>(0, 1),
  elsewhere: fc.boolean(),
});
const STATUS: Partial<Record<Kind, number>> = { handedIn: ATTEMPT_STATUS.PENDING, reviewed: ATTEMPT_STATUS.REVIEWED, open: ATTEMPT_STATUS.ANSWERING };
const counts = (kind: Kind) => kind === 'record' || kind === 'signIn' || (STATUS[kind] !== undefined && isHandedIn(STATUS[kind]));

test('each student is counted once in each course they did anything in, and nothing else is counted', async () => {
  const { runtime, clock } = server();
  const db = runtime.db;
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(act, { maxLength: 24 }), async (acts) => {
      run += 1;
      const now = clock.value;
      const make = (name: string) =>
        createLearningClass(db, {
          tenantId: DEMO.id,
          now,
          name: `参与计数${run}${name}班`,
          courseName: `参与计数${run}${name}课`,
          lessons: [
            { name: '视频', type: 1, minutes: 10 },
            { name: '作业', type: 6 },
          ],
          duties: [],
          userIds,
          activities: [{ lesson: '视频', startAt: now - HOUR, endAt: now + HOUR }],
        });
      const own = await make('甲');
      const other = await make('乙');
      // The other class's course is the class's second course, with an activity of its own in the class.
      await db
        .insertInto('classCourses')
        .values({
          id: newId(now),
          tenantId: DEMO.id,
          classId: own.classId,
          courseId: other.courseId,
          learnStartAt: null,
          learnEndAt: null,
          seq: 1,
          createdAt: now,
        })
        .execute();
      const ownActivities = [await activityOf(own), await sharedActivity(own, other, now)];
      const otherActivity = await activityOf(other);

      const expected = new Map<string, Set<number>>([
        [own.courseId, new Set()],
        [other.courseId, new Set()],
      ]);
      for (const [i, a] of acts.entries()) {
        const inClass = a.elsewhere ? other : own;
        const course = a.elsewhere ? other : a.course === 0 ? own : other;
        const classStudentId = inClass.studentIds[userIds[a.student]!]!;
        const at = now - 1_000 * (i + 1);
        if (a.kind === 'record') {
          const exists = await db
            .selectFrom('lessonRecords')
            .select('id')
            .where('classStudentId', '=', classStudentId)
            .where('classroomId', '=', course.lessons['视频']!)
            .executeTakeFirst();
          if (!exists)
            await finishLesson(db, DEMO.id, { classId: inClass.classId, courseId: course.courseId, lessons: course.lessons }, classStudentId, '视频', at);
        } else if (a.kind === 'signIn' || a.kind === 'signOut') {
          const activityId = a.elsewhere ? otherActivity : ownActivities[a.course]!;
          await db
            .insertInto('activityAttendance')
            .values({
              id: newId(at),
              tenantId: DEMO.id,
              classId: inClass.classId,
              activityId,
              classStudentId,
              type: a.kind === 'signIn' ? SIGN_IN : SIGN_OUT,
              signedAt: at,
              lat: null,
              lon: null,
              createdAt: at,
              correctedBy: null,
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
        } else {
          const status = STATUS[a.kind]!;
          await handIn(db, {
            tenantId: DEMO.id,
            classId: inClass.classId,
            courseId: course.courseId,
            classroomId: course.lessons['作业']!,
            classStudentId,
            submittedAt: at,
            status,
            attemptNo: i + 1,
          });
        }
        if (!a.elsewhere && counts(a.kind)) expected.get(course.courseId)!.add(a.student);
      }

      const s = testScope(runtime, `participants-${run}`);
      const counted = await participantsOf(s, { tenantId: DEMO.id, classId: own.classId });
      expect(counted).toEqual(new Map([...expected].map(([courseId, students]) => [courseId, students.size])));
    }),
    { numRuns: 25 },
  );

  /** The fixture's activity of its own course. */
  async function activityOf(x: FixtureClass): Promise<string> {
    return (await db.selectFrom('classActivities').select('id').where('classId', '=', x.classId).where('courseId', '=', x.courseId).executeTakeFirstOrThrow())
      .id;
  }

  /** A new activity in `x`'s class of the other class's course, its video lesson. */
  async function sharedActivity(x: FixtureClass, course: FixtureClass, now: number): Promise<string> {
    const id = newId(now);
    const lesson = { tenantId: DEMO.id, classId: x.classId, courseId: course.courseId, classroomId: course.lessons['视频']! };
    await db
      .insertInto('classActivities')
      .values(activityRow({ ...lesson, name: '共享课程活动', startAt: now - HOUR, endAt: now + HOUR }, id, now))
      .execute();
    return id;
  }
});
