import type { Scope } from '../../http/scope';
import { AppError } from '../../errors';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { completionPercent } from '~/lib/learning/duties';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import type {
  ActivityContent,
  ActivityContents,
  ClassActivityItem,
  ClassroomLesson,
  CourseOutline,
  LessonProgress,
  OutlineChapter,
  OutlineLesson,
  ProgressReportAnswer,
} from '~/lib/api/contracts/classroom-online';
import { studentEnrolment, type StudentEnrolment } from '../classes/classes.service';
import { chaptersOf, classCourse, classLesson, lessonPlace, lessonsOf, type ClassLessonRead } from '../courses/courses.service';
import { studentActivities, studentActivity } from '../activities/activities.service';
import { lessonRecord, lessonRecords, openLesson, readLesson, reportStudy, type LessonRecord } from '../study/study.service';
import { creditableLesson, lessonContent, viewerUrlOf } from './online-classroom.rules';
import { countWrite } from '../../limits/limits.service';

type Classroom = Awaited<ReturnType<typeof lessonsOf>>[number];

/**
 * The online classroom: the lesson with its content and the
 * student's record, the course outline, an activity's contents, opening a lesson and the progress
 * reports. Every call starts with the token's user's enrolment in the class (studentEnrolment);
 * the course must be the class's (404 未找到该课程…), the lesson the course's (404
 * 未找到该课堂…) and the activity the class's (404 未找到该活动…).
 */

const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : formatDateTime(ms));

/** Lesson types whose study is played and reported: video, audio, live (its replay). */
const PLAYED: ReadonlySet<number> = new Set([CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.AUDIO, CLASSROOM_TYPE.LIVE]);
/** Lesson types learned by opening them: article, document, images. */
const READ: ReadonlySet<number> = new Set([CLASSROOM_TYPE.ARTICLE, CLASSROOM_TYPE.DOCUMENT, CLASSROOM_TYPE.IMAGE]);

interface LessonInput {
  classroomId: string;
  courseId: string;
  classId: string;
  studentId: string;
  userId?: string | undefined;
}

interface EnrolledLesson {
  e: StudentEnrolment;
  lesson: Classroom;
  courseName: string;
  targetPercent: number;
}

async function enrolledCourse(s: Scope, input: { courseId: string; classId: string; studentId: string; userId?: string | undefined }) {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.studentId });
  const course = await classCourse(s, { tenantId: e.tenantId, classId: e.classId, courseId: input.courseId });
  if (!course) throw AppError.notFound(t('learning.courseNotFound'));
  return { e, course };
}

/**
 * The student's enrolment and a lesson of one of the class's courses, with the course's name (the class's course and
 * its lesson in one read), and the percent that learns it. `playedOnly`: a lesson that is not played (a progress
 * report's) is refused before the course's rules are read.
 */
async function enrolledLesson(s: Scope, input: LessonInput, playedOnly = false): Promise<EnrolledLesson> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId, studentId: input.studentId });
  const found = await classLesson(s, { tenantId: e.tenantId, classId: e.classId, courseId: input.courseId, classroomId: input.classroomId });
  if (!found) throw AppError.notFound(t('learning.courseNotFound'));
  const { lesson, courseName, courseRules } = found;
  if (!lesson) throw AppError.notFound(t('learning.courseLessonNotFound'));
  const played = PLAYED.has(lesson.classroomType);
  if (playedOnly && !played) throw AppError.badRequest(t('learning.notPlayable'));
  // A played lesson is learned at the course's rules' percent; any other at 100 (no rules read).
  const targetPercent = played ? playedTargetPercent(lesson, courseRules) : 100;
  return { e, lesson, courseName, targetPercent };
}

/** The percent that learns a played lesson, by the course's rules. */
function playedTargetPercent(lesson: Classroom, courseRules: ClassLessonRead['courseRules']): number {
  const type = lesson.classroomType === CLASSROOM_TYPE.LIVE ? 'EE_LIVE_LECTURES_VIDEO_PROGRESS' : 'VIDEO_PROGRESS';
  return completionPercent(courseRules, type);
}

function progressOf(r: LessonRecord, targetPercent: number): LessonProgress {
  return {
    learnProcess: r.progress,
    lastStudyTime: r.lastPositionMs,
    furthestTime: r.furthestMs,
    learningDuration: r.creditedMs,
    seq: r.seq,
    finished: r.finishedAt !== null,
    targetPercent,
    lastStudyAt: time(r.lastReportAt),
  };
}

const studyRef = (x: Pick<EnrolledLesson, 'e' | 'lesson'>) => ({
  tenantId: x.e.tenantId,
  classId: x.e.classId,
  courseId: x.lesson.courseId,
  classroomId: x.lesson.id,
  classStudentId: x.e.classStudentId,
  userId: x.e.student.user.id,
});

const contentOf = (l: Classroom, viewer?: (fileUrl: string) => string) => lessonContent(l, time, viewer);

/** The lesson can earn study credit now (creditable, decision 051): its media exists and plays, a live lesson is live or has a replay. */
const creditableNow = (s: Scope, l: Classroom) => creditableLesson(l, s.now);

/** `origin`: where the request came in, to give an external document viewer an absolute address. */
async function lessonView(s: Scope, input: LessonInput, preview: boolean, origin: string): Promise<ClassroomLesson> {
  const x = await enrolledLesson(s, input);
  const { lesson } = x;
  const [chapters, record] = await Promise.all([
    chaptersOf(s, { tenantId: x.e.tenantId, courseId: lesson.courseId }),
    preview ? undefined : lessonRecord(s, studyRef(x)),
  ]);
  const template = s.config.DOCUMENT_VIEWER_URL;
  const viewer = template ? (fileUrl: string) => viewerUrlOf(template, fileUrl, origin) : undefined;
  return {
    classroomId: lesson.id,
    name: lesson.name,
    classroomType: lesson.classroomType,
    mustLearn: lesson.mustLearn,
    courseId: lesson.courseId,
    courseName: x.courseName,
    ...lessonPlace(new Map(chapters.map((c) => [c.id, c])), lesson.sectionId),
    classroomDuration: lesson.durationMs,
    content: contentOf(lesson, viewer),
    record: record ? progressOf(record, x.targetPercent) : null,
    isPreview: preview,
  };
}

export function classroomDetail(s: Scope, input: LessonInput, origin: string): Promise<ClassroomLesson> {
  return lessonView(s, input, false, origin);
}

/** The preview variant: the same lesson, nothing read or written of the student's study. */
export function classroomPreview(s: Scope, input: LessonInput, origin: string): Promise<ClassroomLesson> {
  return lessonView(s, input, true, origin);
}

export async function lastRecord(s: Scope, input: LessonInput): Promise<LessonProgress | null> {
  const x = await enrolledLesson(s, input);
  const r = await lessonRecord(s, studyRef(x));
  return r ? progressOf(r, x.targetPercent) : null;
}

/** Opening a lesson (activityId, when given, must be the class's). Reading lessons are learned by opening them. */
export async function recordView(s: Scope, input: LessonInput & { activityId?: string | undefined }): Promise<LessonProgress> {
  const x = await enrolledLesson(s, input);
  if (input.activityId !== undefined && !(await studentActivity(s, x.e, input.activityId))) throw AppError.notFound(t('learning.activityNotFound'));
  const ref = studyRef(x);
  // A reading lesson with nothing to read (no text, file or picture) is opened, not learned.
  const learned = READ.has(x.lesson.classroomType) && creditableNow(s, x.lesson);
  const r = learned ? await readLesson(s, { ...ref, lengthMs: x.lesson.durationMs }) : await openLesson(s, ref);
  return progressOf(r, x.targetPercent);
}

/**
 * A progress report, whole in one transaction (reportStudy): the enrolment and the lesson, the rate
 * count once they pass, then the credit. A refused report (404, 400, 429) changes nothing.
 */
export async function reportProgress(
  s: Scope,
  input: LessonInput & { seq: number; positionMs: number; watchedMs: number; sought?: boolean | undefined },
): Promise<ProgressReportAnswer> {
  const { applied, record, found } = await reportStudy(s, async (ts) => {
    const x = await enrolledLesson(ts, input, true);
    await countWrite(ts, 'PROGRESS');
    return {
      x,
      lesson: { ...studyRef(x), lengthMs: x.lesson.durationMs, completionPercent: x.targetPercent },
      // Nothing playable (a live lesson not yet live, a lesson without its media): the report is
      // answered and keeps its place (seq, resume point), but credits nothing and spends no study clock.
      report: { seq: input.seq, positionMs: input.positionMs, watchedMs: creditableNow(s, x.lesson) ? input.watchedMs : 0, sought: input.sought === true },
    };
  });
  return { ...progressOf(record, found.x.targetPercent), applied };
}

function outlineLesson(l: Classroom, r: LessonRecord | undefined): OutlineLesson {
  return {
    classroomId: l.id,
    name: l.name,
    classroomType: l.classroomType,
    mustLearn: l.mustLearn,
    classroomDuration: l.durationMs,
    learnProcess: r ? r.progress : null,
    lastStudyTime: r ? r.lastPositionMs : null,
    finished: !!r && r.finishedAt !== null,
  };
}

/** Chapters → sections → lessons in course order, each lesson with the student's progress in this class. */
export async function courseOutline(
  s: Scope,
  input: { courseId: string; classId: string; studentId: string; userId?: string | undefined },
): Promise<CourseOutline> {
  const { e, course } = await enrolledCourse(s, input);
  const [lessons, chapters, records] = await Promise.all([
    lessonsOf(s, { tenantId: e.tenantId, courseIds: [course.id] }),
    chaptersOf(s, { tenantId: e.tenantId, courseId: course.id }),
    lessonRecords(s, { tenantId: e.tenantId, classStudentId: e.classStudentId, courseId: course.id }),
  ]);
  const record = new Map(records.filter((r) => r.classId === e.classId).map((r) => [r.classroomId, r]));
  const tops = chapters.filter((c) => c.parentId === null);
  const out: OutlineChapter[] = tops.map((c) => ({
    chapterId: c.id,
    name: c.name,
    lessons: lessons.filter((l) => l.sectionId === c.id).map((l) => outlineLesson(l, record.get(l.id))),
    sections: chapters
      .filter((sec) => sec.parentId === c.id)
      .map((sec) => ({
        sectionId: sec.id,
        name: sec.name,
        lessons: lessons.filter((l) => l.sectionId === sec.id).map((l) => outlineLesson(l, record.get(l.id))),
      })),
  }));
  const known = new Set(chapters.map((c) => c.id));
  return {
    courseId: course.id,
    courseName: course.name,
    chapters: out,
    loose: lessons.filter((l) => !l.sectionId || !known.has(l.sectionId)).map((l) => outlineLesson(l, record.get(l.id))),
  };
}

/** The activity's contents as a flat list: its lesson, or the lessons of its course when it names none. */
export async function activityContents(s: Scope, input: { activityId: string; classId: string; userId?: string | undefined }): Promise<ActivityContents> {
  const e = await studentEnrolment(s, { classId: input.classId, userId: input.userId });
  const a = await studentActivity(s, e, input.activityId);
  if (!a) throw AppError.notFound(t('learning.activityNotFound'));
  const course = a.courseId ? await classCourse(s, { tenantId: e.tenantId, classId: e.classId, courseId: a.courseId }) : undefined;
  const lessons = course ? await lessonsOf(s, { tenantId: e.tenantId, courseIds: [course.id] }) : [];
  const items = a.classroomId ? lessons.filter((l) => l.id === a.classroomId) : lessons;
  const records = items.length ? await lessonRecords(s, { tenantId: e.tenantId, classStudentId: e.classStudentId, classroomIds: items.map((l) => l.id) }) : [];
  const record = new Map(records.filter((r) => r.classId === e.classId).map((r) => [r.classroomId, r]));
  return {
    activityId: a.id,
    activityName: a.name,
    classId: e.classId,
    studentId: e.classStudentId,
    courseId: course?.id ?? null,
    isRequired: a.isRequired,
    onlineType: a.onlineType,
    classStartTime: formatDateTime(a.startAt),
    classEndTime: formatDateTime(a.endAt),
    classActivityStatus: a.classActivityStatus,
    signIn: a.signIn === 1,
    onlineAttendance: a.onlineAttendance === 1,
    signInTime: time(a.signedInAt),
    activityContentResultVOS: items.map((l): ActivityContent => {
      const r = record.get(l.id);
      return { ...outlineLesson(l, r), courseId: course!.id, courseName: course!.name, lastStudyAt: r ? time(r.lastReportAt) : null };
    }),
  };
}

/** The class's activities for the student, earliest first, for the activity mode's previous and next. */
export async function classActivities(s: Scope, input: { classId: string; studentId: string; userId?: string | undefined }): Promise<ClassActivityItem[]> {
  const e = await studentEnrolment(s, input);
  const rows = await studentActivities(s, e, {});
  return rows.map((a) => ({
    activityId: a.id,
    activityName: a.name,
    onlineType: a.onlineType,
    isRequired: a.isRequired,
    courseId: a.courseId,
    classroomId: a.classroomId,
    classroomType: a.classroomType,
    bizType: a.bizType,
    classStartTime: formatDateTime(a.startAt),
    classEndTime: formatDateTime(a.endAt),
  }));
}
