import type { DB } from '~/server/db/database';
import { newId } from '~/server/ids';
import { startOfCstDay } from '~/lib/time/cst';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';

/**
 * A class of its own for a test: one course (a chapter, a section and the lessons asked for),
 * its duty rules and learning window, and the given users enrolled (in service). Tests that need
 * their own students and figures start here instead of leaning on the demo seed, so nothing
 * another test did changes what they see. Works on the API tests' database and on the browser
 * tests' one (tests/e2e/support/session.ts opens it).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface FixtureLesson {
  name: string;
  /** 1 video, 2 audio, 3 article, 6 homework, 7 test, 11 face-to-face (the classroom types). */
  type: number;
  minutes?: number;
  /** Default required (1). */
  mustLearn?: number;
  /** The stored content; absent: something to play or read for the type (DEFAULT_CONTENT), null: none. */
  content?: unknown;
}

/**
 * What a lesson of a type plays or shows when the test names no content: only lessons with
 * content earn study credit (decision 051), and most tests are about studying, not about that.
 */
const DEFAULT_CONTENT: Record<number, unknown> = {
  1: { pageData: [{ type: 'video', url: '/files/test-video.mp4' }] },
  2: { pageData: [{ type: 'audio', url: '/files/test-audio.mp3' }] },
  3: { pageData: [{ type: 'article', html: '<p>讲义正文</p>' }] },
  4: { pageData: [{ type: 'document', url: '/files/test-document.pdf', fileName: '讲义.pdf' }] },
};

export interface FixtureClassInput {
  tenantId: string;
  now: number;
  name: string;
  courseName: string;
  lessons: readonly FixtureLesson[];
  duties: readonly { dutyType: string; targetValue: number }[];
  /** The users to enrol: their user id (bound to the school already, as loginAs does). */
  userIds: readonly string[];
  /** Training and learning window in days from now; default 10 days ago to 20 days ahead. */
  window?: readonly [number, number];
  /** Class activities, each one of the lessons (online; required unless said). */
  activities?: readonly { lesson: string; startAt: number; endAt: number; required?: boolean }[];
}

export interface FixtureClass {
  classId: string;
  courseId: string;
  /** Lesson id by name. */
  lessons: Record<string, string>;
  /** Class student id by user id. */
  studentIds: Record<string, string>;
}

function contentOf(l: FixtureLesson): string | null {
  const content = l.content === undefined ? DEFAULT_CONTENT[l.type] : l.content;
  return content === undefined || content === null ? null : JSON.stringify(content);
}

/** An online activity of a lesson in a class, as the fixture writes it (required unless said). */
export interface FixtureActivity {
  tenantId: string;
  classId: string;
  courseId: string;
  classroomId: string;
  name: string;
  startAt: number;
  endAt: number;
  required?: boolean;
}

/** The row of a fixture's activity. */
export function activityRow(a: FixtureActivity, id: string, createdAt: number) {
  return {
    id,
    tenantId: a.tenantId,
    classId: a.classId,
    courseId: a.courseId,
    classroomId: a.classroomId,
    name: a.name,
    isRequired: a.required === false ? 0 : 1,
    onlineType: 1,
    bizType: 'ONLINE_CLASSROOM',
    startAt: a.startAt,
    endAt: a.endAt,
    position: null,
    address: null,
    signIn: 0,
    signOut: 0,
    onlineAttendance: 0,
    createdAt,
  };
}

export async function createLearningClass(db: DB, input: FixtureClassInput): Promise<FixtureClass> {
  const { tenantId, now } = input;
  const created = now - 30 * DAY;
  const [from, to] = input.window ?? [-10, 20];
  const start = startOfCstDay(now + from * DAY);
  const end = startOfCstDay(now + to * DAY) + DAY - 1000;
  const classId = newId(now);
  await db
    .insertInto('teachingClasses')
    .values({
      id: classId,
      tenantId,
      name: input.name,
      productName: input.courseName,
      teachingClassStatus: 1,
      trainingStartAt: start,
      trainingEndAt: end,
      teacherName: '测试班主任',
      teacherAvatar: null,
      learningGoal: null,
      experience: 0,
      expectedOpenAt: null,
      teachingPlanCreatedAt: created,
      createdAt: created,
    })
    .execute();
  const periodId = newId(now);
  await db
    .insertInto('classPeriods')
    // A period without dates: it bounds nothing, so every activity a test schedules is its students' (decision 051).
    .values({ id: periodId, tenantId, classId, classPeriodType: 1, name: `${input.name}第1期`, startAt: null, endAt: null, createdAt: created })
    .execute();

  const courseId = newId(now);
  await db
    .insertInto('courses')
    .values({
      id: courseId,
      tenantId,
      name: input.courseName,
      cover: null,
      courseNature: 1,
      courseType: null,
      thirdPlatformType: null,
      learningPlatform: 0,
      learningUrl: `/study/course/course-detail?courseId=${courseId}`,
      courseClassCode: null,
      introduce: null,
      courseContent: null,
      createdAt: created,
    })
    .execute();
  const chapterId = newId(now);
  const sectionId = newId(now);
  await db
    .insertInto('courseChapters')
    .values([
      { id: chapterId, tenantId, courseId, parentId: null, name: '第一章', seq: 0, createdAt: created },
      { id: sectionId, tenantId, courseId, parentId: chapterId, name: '第一节', seq: 0, createdAt: created },
    ])
    .execute();
  const lessons: Record<string, string> = {};
  for (const [seq, l] of input.lessons.entries()) {
    const id = newId(now);
    lessons[l.name] = id;
    await db
      .insertInto('classrooms')
      .values({
        id,
        tenantId,
        courseId,
        sectionId,
        name: l.name,
        classroomType: l.type,
        mustLearn: l.mustLearn ?? 1,
        durationMs: (l.minutes ?? 0) * MINUTE,
        classroomContent: contentOf(l),
        position: null,
        address: null,
        classStartAt: null,
        classEndAt: null,
        liveStatus: null,
        seq,
        createdAt: created,
      })
      .execute();
  }
  if (input.duties.length)
    await db
      .insertInto('dutyRules')
      .values(input.duties.map((d) => ({ id: newId(now), tenantId, courseId, classroomId: null, ...d, createdAt: created })))
      .execute();
  await db
    .insertInto('classCourses')
    .values({ id: newId(now), tenantId, classId, courseId, learnStartAt: start, learnEndAt: end, seq: 0, createdAt: created })
    .execute();

  if (input.activities?.length)
    await db
      .insertInto('classActivities')
      .values(
        input.activities.map((a) =>
          activityRow({ tenantId, classId, courseId, classroomId: lessons[a.lesson]!, name: `${input.courseName}：${a.lesson}`, ...a }, newId(now), created),
        ),
      )
      .execute();

  const studentIds: Record<string, string> = {};
  for (const userId of input.userIds) {
    const binding = await db
      .selectFrom('userTenants')
      .select('studentId')
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    const id = newId(now);
    studentIds[userId] = id;
    await db
      .insertInto('classStudents')
      .values({
        id,
        tenantId,
        classId,
        userId,
        schoolStudentId: binding.studentId,
        periodId,
        serviceStatus: 2,
        enrolStateAt: null,
        visitCount: 0,
        statusAt: start,
        evaluateStatus: 0,
        createdAt: created,
      })
      .execute();
  }
  return { classId, courseId, lessons, studentIds };
}

/** A study record of the fixture class's lesson `lesson` that reached its target at `at` (the student finished it then). */
export async function finishLesson(
  db: DB,
  tenantId: string,
  x: Pick<FixtureClass, 'classId' | 'courseId' | 'lessons'>,
  classStudentId: string,
  lesson: string,
  at: number,
) {
  const hour = 60 * MINUTE;
  await db
    .insertInto('lessonRecords')
    .values({
      id: newId(at),
      tenantId,
      classId: x.classId,
      courseId: x.courseId,
      classroomId: x.lessons[lesson]!,
      classStudentId,
      lastPositionMs: 0,
      furthestMs: 600_000,
      creditedMs: 600_000,
      progress: 100,
      seq: 1,
      finishedAt: at,
      firstStudiedAt: at - hour,
      lastReportAt: at,
      createdAt: at - hour,
    })
    .execute();
}

/** An attempt handed in, as the exams domain writes it once submitted; only what a test sets is given. */
export interface HandedIn {
  tenantId: string;
  classId: string;
  courseId: string;
  classroomId: string;
  classStudentId: string;
  submittedAt: number;
  /** The lesson's kind (homework or test; default homework). */
  workType?: number;
  startedAt?: number;
  status?: number;
  score?: number | null;
  workId?: string | null;
  attemptNo?: number;
}

/** Writes an attempt handed in (status 1, submitted, unmarked, unless the test says otherwise). */
export async function handIn(db: DB, a: HandedIn) {
  const startedAt = a.startedAt ?? a.submittedAt - 60 * MINUTE;
  await db
    .insertInto('workAttempts')
    .values({
      id: newId(a.submittedAt),
      tenantId: a.tenantId,
      classId: a.classId,
      courseId: a.courseId,
      classroomId: a.classroomId,
      classStudentId: a.classStudentId,
      activityId: null,
      workType: a.workType ?? CLASSROOM_TYPE.HOMEWORK,
      startedAt,
      deadlineAt: null,
      submittedAt: a.submittedAt,
      status: a.status ?? 1,
      score: a.score ?? null,
      createdAt: startedAt,
      workId: a.workId ?? null,
      answeredCount: null,
      questionCount: null,
      useTime: null,
      submittedBy: 'student',
      lastSavedAt: null,
      results: null,
      bankPaper: null,
      attemptNo: a.attemptNo ?? 1,
    })
    .execute();
}
