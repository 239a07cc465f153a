import type { AliasedExpression } from 'kysely';
import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { completedBy, dutyFigures, recordTargets, type CompletedBy, type DutyFigures, type DutyInput } from '~/lib/learning/duties';
import { completionRate } from '~/lib/learning/progress';
import { treesByTab } from '~/lib/learning/course';
import { CLASSROOM_TYPE, INTRODUCE_TYPE, LIVE_CLASSROOM_TYPES, MUST_LEARN, WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import type { CourseChapters, CourseDetail, CourseIntroduce, CourseLesson, CourseSituation, CourseStatistics } from '~/lib/api/contracts/learning-course';
import { studentEnrolment, type StudentEnrolment } from '../classes/classes.service';
import { chaptersOf, classCourse, dutyRulesOf, introductionsOf, lessonPlace, lessonsOf, type ClassCourseRow } from '../courses/courses.service';
import { PARTICIPANTS_CLASSES_KEPT, PARTICIPANTS_KEPT_MS, courseDuties, participantsOf } from '../duties/duties.service';
import { classRecordsAtTargets, lessonRecords } from '../study/study.service';
import { classHandInPairs, submittedLessons } from '../../exams/attempts/handed-in.service';
import { courseWorkLimits } from '../../exams/works/works.service';
import { attendedLessons, classSignInPairs } from '../attendance/attendance.service';
import { platformReady } from '../third-party/third-party.service';

/**
 * The course detail page: the course with its introduction blocks, the
 * student's situation in it, the duty statistics and the lessons by content tab with the
 * student's progress. Every call starts with the token's user's enrolment in the class (a
 * classStudentId that is not theirs is the class's 404), then the course must be one the class
 * teaches, else 404 未找到该课程.
 */

const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

interface CourseRefInput {
  courseId: string;
  classId: string;
  classStudentId: string;
  userId?: string | undefined;
}

async function enrolledCourse(s: Scope, input: CourseRefInput): Promise<{ e: StudentEnrolment; course: ClassCourseRow }> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.classStudentId });
  const course = await classCourse(s, { tenantId: e.tenantId, classId: e.classId, courseId: input.courseId });
  if (!course) throw AppError.notFound(t('learning.courseNotFound'));
  return { e, course };
}

const INTRODUCE_TYPES: ReadonlySet<number> = new Set(Object.values(INTRODUCE_TYPE));

export async function courseDetail(s: Scope, input: CourseRefInput): Promise<CourseDetail> {
  const { e, course } = await enrolledCourse(s, input);
  const blocks = await introductionsOf(s, { tenantId: e.tenantId, courseId: course.id });
  return {
    courseId: course.id,
    courseName: course.name,
    cover: course.cover,
    introduce: course.introduce,
    courseType: course.courseType,
    courseNature: course.courseNature,
    // Rich text staff wrote: sanitised when shown as when saved.
    courseContent: course.courseContent ? s.lookups.richText.sanitize(course.courseContent, e.tenantId) : null,
    learningUrl: course.learningUrl,
    thirdPlatformType: course.thirdPlatformType,
    learningPlatform: course.learningPlatform,
    platformReady: platformReady(s),
    learnStartTime: time(course.learnStartAt),
    learnEndTime: time(course.learnEndAt),
    introduceDetailList: blocks
      .filter((b) => INTRODUCE_TYPES.has(b.introduceType))
      .map(
        (b): CourseIntroduce => ({
          introduceType: b.introduceType as CourseIntroduce['introduceType'],
          teacherName: b.teacherName,
          teacherHeadUrl: b.teacherHeadUrl,
          roleCode: b.roleCode,
          outline: b.outline,
          describe: b.describe,
        }),
      ),
  };
}

/** The course's lessons as the student sees them, in course order, and the chapters they sit in. */
async function studentLessons(s: Scope, e: StudentEnrolment, course: ClassCourseRow) {
  const ref = { tenantId: e.tenantId, classId: e.classId, classStudentId: e.classStudentId };
  const [lessons, chapters, rules, records, submitted, attended, limits] = await Promise.all([
    lessonsOf(s, { tenantId: e.tenantId, courseIds: [course.id] }),
    chaptersOf(s, { tenantId: e.tenantId, courseId: course.id }),
    dutyRulesOf(s, { tenantId: e.tenantId, courseIds: [course.id] }),
    lessonRecords(s, { tenantId: e.tenantId, classStudentId: e.classStudentId, courseId: course.id }),
    submittedLessons(s, { tenantId: e.tenantId, classStudentId: e.classStudentId, courseId: course.id }),
    attendedLessons(s, ref),
    courseWorkLimits(s, { tenantId: e.tenantId, classId: e.classId, courseId: course.id }),
  ]);
  const courseRules = rules.filter((r) => r.classroomId === null);
  // Only this class's study counts on this class's page.
  const classRecords = records.filter((r) => r.classId === e.classId);
  const record = new Map(classRecords.map((r) => [r.classroomId, r]));
  const byId = new Map(chapters.map((c) => [c.id, c]));
  const views = lessons.map((l): CourseLesson => {
    const r = record.get(l.id);
    // A lesson is finished by the rule the duties use (duties.ts), asked of this one lesson.
    const finished =
      dutyFigures({
        lessons: [{ ...l, mustLearn: 1 }],
        rules: courseRules,
        records: classRecords,
        attendedLessons: attended,
        submittedLessons: submitted,
      }).finishNeedLearnNumber === 1;
    return {
      classroomId: l.id,
      name: l.name,
      classroomType: l.classroomType,
      mustLearn: l.mustLearn,
      sectionId: l.sectionId,
      ...lessonPlace(byId, l.sectionId),
      classroomDuration: l.durationMs,
      // A homework or test is answered in its own time limit, not in the lesson's length.
      workTimeLimit: WORK_CLASSROOM_TYPES.includes(l.classroomType) && limits.has(l.id) ? { unitTime: limits.get(l.id) ?? null } : null,
      learnProcess: r ? r.progress : null,
      lastStudyTime: r ? r.lastPositionMs : null,
      learningDuration: r ? r.creditedMs : null,
      finished,
      submitted: submitted.has(l.id),
      attended: attended.has(l.id),
      courseLiveClassroomResultVO: LIVE_CLASSROOM_TYPES.includes(l.classroomType)
        ? { liveStatus: l.liveStatus, classStartTime: time(l.classStartAt), classEndTime: time(l.classEndAt) }
        : null,
      offlineClassroomResultVO:
        l.classroomType === CLASSROOM_TYPE.FACE_TO_FACE
          ? { position: l.position, address: l.address, classStartTime: time(l.classStartAt), classEndTime: time(l.classEndAt) }
          : null,
    };
  });
  return { lessons, views, chapters, courseRules, classRecords };
}

/**
 * How long a class's count of those who completed a course is kept once counted (decision 128): the participants' time
 * beside it (decision 070), so the course page's two class-wide numbers are counted alike. Counting reads every record,
 * hand-in and sign-in of the class in the course: in a class of 20,000 that is the whole class on every classmate's view.
 */
export const FINISHERS_KEPT_MS = PARTICIPANTS_KEPT_MS;
/** Classes and courses whose counts a process keeps at once (the oldest counted is dropped first). */
export const FINISHERS_KEPT = PARTICIPANTS_CLASSES_KEPT;

/**
 * How many students of the class completed every required lesson of the course (none when it has none): a class-wide
 * count every classmate's course page shows alike, so it is counted once per class and course and kept
 * FINISHERS_KEPT_MS (decision 128), as the participants beside it are (decision 070).
 */
function finishedStudents(s: Scope, e: StudentEnrolment, course: ClassCourseRow, lessons: DutyInput['lessons'], rules: DutyInput['rules']): Promise<number> {
  if (!lessons.some((l) => l.mustLearn === MUST_LEARN.REQUIRED)) return Promise.resolve(0);
  const input: CourseOfClass = { tenantId: e.tenantId, classId: e.classId, courseId: course.id };
  return s.lookups.finishers.get(`${input.tenantId}/${input.classId}/${input.courseId}`, () => countFinishers(s, input, lessons, rules));
}

type CourseOfClass = { tenantId: string; classId: string; courseId: string };

/**
 * Counts the students of the class who completed every required lesson of the course, in the database: only the count
 * leaves it (decision 139), where a class of 20,000 sent its records, hand-ins and sign-ins to be put in sets on the
 * server's thread. Which proof completes which lesson is the duties' rule, decided here: a face-to-face lesson by a
 * sign-in, a homework or test by a hand-in, any other by its record at the lesson's target (completedBy and
 * recordTargets, as dutyFigures asks them). The statement unites the pairs of a student and a lesson of the three, each
 * read only of the lessons it completes (decisions 130, 131), and counts the students with every required lesson.
 * tests/api/class-finishers.test.ts compares the count with each student's own page on generated classes.
 */
async function countFinishers(s: Scope, input: CourseOfClass, lessons: DutyInput['lessons'], rules: DutyInput['rules']): Promise<number> {
  const finishers = finishersQuery(s, input, lessons, rules);
  if (!finishers) return 0;
  const { n } = await finishers.executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The statement of countFinishers (tests/api/enrolment-plan.test.ts reads its plan), or null when the course has no
 * required lesson.
 */
export function finishersQuery(s: Pick<Scope, 'db' | 'classWideDb'>, input: CourseOfClass, lessons: DutyInput['lessons'], rules: DutyInput['rules']) {
  const required = lessons.filter((l) => l.mustLearn === MUST_LEARN.REQUIRED);
  const completedByThe = (by: CompletedBy) => required.filter((l) => completedBy(l.classroomType) === by);
  const ids = (of: readonly { id: string }[]) => of.map((l) => l.id);
  const target = recordTargets(rules);
  const byTarget = new Map<number, [string, ...string[]]>();
  for (const l of completedByThe('record')) {
    const progress = target(l.classroomType);
    const same = byTarget.get(progress);
    if (same) same.push(l.id);
    else byTarget.set(progress, [l.id]);
  }
  const targets = [...byTarget].map(([progress, classroomIds]) => ({ progress, classroomIds }));
  const handIns = ids(completedByThe('handIn'));
  const signIns = ids(completedByThe('signIn'));
  // Each statement in a select of its two columns, so that the three are of one type to unite (SQL reads through it).
  const pairsOf = (q: { as(alias: 'x'): AliasedExpression<StudentLesson, 'x'> }) =>
    s.classWideDb.selectFrom(q.as('x')).select(['x.classStudentId', 'x.classroomId']);
  const [first, ...rest] = [
    nonEmpty(targets) && pairsOf(classRecordsAtTargets(s, { ...input, targets })),
    nonEmpty(handIns) && pairsOf(classHandInPairs(s, { ...input, classroomIds: handIns })),
    nonEmpty(signIns) && pairsOf(classSignInPairs(s, { ...input, classroomIds: signIns })),
  ].filter((q) => q !== false);
  if (!first) return null;
  const pairs = rest.reduce((all, q) => all.unionAll(q), first);
  const finishers = s.classWideDb
    .selectFrom(pairs.as('p'))
    .select('p.classStudentId')
    .groupBy('p.classStudentId')
    .having((eb) => eb.fn.count('p.classroomId').distinct(), '=', required.length);
  return s.classWideDb.selectFrom(finishers.as('f')).select((eb) => eb.fn.countAll<number | string>().as('n'));
}

/** A student and a lesson they completed. */
type StudentLesson = { classStudentId: string; classroomId: string };

const nonEmpty = <T>(xs: readonly T[]): xs is readonly [T, ...T[]] => xs.length > 0;

export async function courseSituation(s: Scope, input: CourseRefInput): Promise<CourseSituation> {
  const { e, course } = await enrolledCourse(s, input);
  const { lessons, views, courseRules, classRecords } = await studentLessons(s, e, course);
  const [all, finishUserCount, participants] = await Promise.all([
    courseDuties(s, { tenantId: e.tenantId, classId: e.classId, classStudentId: e.classStudentId }),
    finishedStudents(s, e, course, lessons, courseRules),
    participantsOf(s, { tenantId: e.tenantId, classId: e.classId }),
  ]);
  const sum = (pick: (f: DutyFigures) => number) => all.reduce((n, d) => n + pick(d.figures), 0);
  const own = all.find((d) => d.course.id === course.id)?.figures;
  // Records come most recently studied first.
  const lastRecord = classRecords.find((r) => views.some((v) => v.classroomId === r.classroomId));
  const last = lastRecord ? views.find((v) => v.classroomId === lastRecord.classroomId)! : null;
  return {
    classLearnProcess: completionRate(
      sum((f) => f.finishNeedLearnNumber),
      sum((f) => f.needLearnNumber),
    ),
    courseLearnProcess: completionRate(own?.finishNeedLearnNumber ?? 0, own?.needLearnNumber ?? 0),
    studyUserCount: participants.get(course.id) ?? 0,
    finishUserCount,
    lastClassroomName: last?.name ?? null,
    lastClassroomId: last?.classroomId ?? null,
    classroomTotal: views.length,
    finishClassroomTotal: views.filter((v) => v.finished).length,
    learnStartTime: time(course.learnStartAt),
    learnEndTime: time(course.learnEndAt),
    lastClassroomResultVO: last,
  };
}

export async function courseStatistics(s: Scope, input: CourseRefInput): Promise<CourseStatistics> {
  const { e, course } = await enrolledCourse(s, input);
  const [duties] = await courseDuties(s, { tenantId: e.tenantId, classId: e.classId, classStudentId: e.classStudentId }, [course.id]);
  if (!duties) throw AppError.notFound(t('learning.courseNotFound'));
  return { ...duties.figures, dutyRuleResultVOS: duties.rules, requirements: duties.requirements };
}

export async function courseChapters(s: Scope, input: CourseRefInput): Promise<CourseChapters> {
  const { e, course } = await enrolledCourse(s, input);
  const { views, chapters } = await studentLessons(s, e, course);
  return { coursewareTypeChapterMap: treesByTab(chapters, views) };
}
