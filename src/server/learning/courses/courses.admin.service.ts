import { ErrorCode } from '~/lib/envelope';
import { AppError } from '../../errors';
import { windowOf } from '../../db/paging';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { newId } from '../../ids';
import { sanitizeRichText } from '../../sanitize';
import { pageOf, type Page } from '~/lib/paging';
import { t } from '~/server/i18n';
import { CLASSROOM_TYPE, INTERNAL_PLATFORM, MUST_LEARN } from '~/lib/learning/codes';
import { COURSE_DUTY_TYPES, MEDIA_LESSON_KIND } from '~/lib/learning/course-admin';
import { AUDIT_ACTION, AUDIT_TARGET, STAFF_ROLE } from '~/lib/staff/roles';
import type {
  AdminChapter,
  AdminClassCourse,
  AdminCourse,
  AdminCourseSummary,
  AdminCourseWork,
  AdminLesson,
  CourseIntroBlock,
  DutyTarget,
} from '~/lib/api/contracts/admin-courses';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditStaffAction } from '../../staff/audit/audit.service';
import { lessonSourceOf } from '../../media-library/media-library.service';
import { assertClassInScope } from '../classes/classes.admin.service';
import { courseWorks, moveUnstartedWork } from '../../exams/works/works.admin.service';
import { lessonNotes, lessonPoints, lessonTeachers, replaceLessonNotesAndPoints, replaceLessonTeachers } from '../offline-classroom/offline-classroom.service';
import * as repo from './courses.admin.repository';
import { articleContent, contentFields, liveContent, mediaContent, moved, type Direction } from './courses.admin.rules';
import type { Course } from './courses.table';

/**
 * The staff side of courses: the learning domain's courses, called with a staff actor.
 * Administrators reach every course of their school; a teacher only the courses a class of theirs
 * teaches (the class scope of decision 041, carried to courses), and anything else is the same
 * "not found" a course that does not exist gets. Administrators alone create and delete courses
 * and attach them to classes (the access table). Writes are audited in their own transaction;
 * deletions that must not destroy students' records are conditional statements.
 */

const notFound = () => AppError.notFound(t('courses.notFound'));

// ------------------------------------------------------------ the course scope

/** The course, when the actor reaches it; otherwise 404. `db` lets a transaction read it. */
export async function assertCourseInScope(s: Scope, actor: StaffActor, courseId: string, db: DB = s.db): Promise<repo.CourseRow> {
  const tenantId = actor.tenant.id;
  const role = actor.account.role;
  if (role !== STAFF_ROLE.admin && role !== STAFF_ROLE.teacher) throw notFound();
  const row = await repo.findCourse(db, tenantId, courseId);
  if (!row) throw notFound();
  if (role === STAFF_ROLE.teacher && !(await repo.teachesCourse(db, tenantId, courseId, actor.account.id))) throw notFound();
  return row;
}

function summary(r: repo.CourseRow): AdminCourseSummary {
  return {
    id: r.id,
    name: r.name,
    cover: r.cover,
    courseNature: r.courseNature,
    thirdPlatformType: r.thirdPlatformType,
    classCount: r.classCount ?? 0,
    lessonCount: r.lessonCount ?? 0,
    createdAt: r.createdAt,
  };
}

/** Every duty type with its target (0: not counted), from the stored rules of the course or one lesson. */
function dutyList(rules: readonly { classroomId: string | null; dutyType: string; targetValue: number }[], classroomId: string | null): DutyTarget[] {
  const own = rules.filter((r) => r.classroomId === classroomId);
  return COURSE_DUTY_TYPES.map((dutyType) => ({
    dutyType,
    targetValue: own.filter((r) => r.dutyType === dutyType).reduce((m, r) => Math.max(m, r.targetValue), 0),
  }));
}

/** `db` is the request's database or the caller's transaction: every read of the view uses it. */
async function courseView(s: Scope, db: DB, actor: StaffActor, row: repo.CourseRow): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  const ts = { ...s, db };
  const [intros, chapters, lessons, rules, works] = await Promise.all([
    repo.introductions(db, tenantId, row.id),
    repo.chapters(db, tenantId, row.id),
    repo.lessons(db, tenantId, row.id),
    repo.dutyRules(db, tenantId, row.id),
    courseWorks({ db }, { tenantId, courseId: row.id }),
  ]);
  const faceIds = lessons.filter((l) => l.classroomType === CLASSROOM_TYPE.FACE_TO_FACE).map((l) => l.id);
  const [teachers, notes, points] = await Promise.all([
    lessonTeachers(ts, { tenantId, lessonIds: faceIds }),
    lessonNotes(ts, { tenantId, lessonIds: faceIds }),
    lessonPoints(ts, { tenantId, lessonIds: faceIds }),
  ]);
  const workViews: AdminCourseWork[] = works.map((w) => ({
    id: w.id,
    title: w.title,
    kind: w.kind,
    classId: w.classId,
    className: w.className,
    classroomId: w.classroomId,
  }));
  const isAdmin = actor.account.role === STAFF_ROLE.admin;
  return {
    ...summary(row),
    introduce: row.introduce,
    learningPlatform: row.learningPlatform,
    // Rich text as the editor and the pages show it, also when stored before today's rules (decision 049).
    courseContent: row.courseContent ? sanitizeRichText(row.courseContent, tenantId) : row.courseContent,
    learningUrl: row.learningUrl,
    courseClassCode: row.courseClassCode,
    introductions: intros,
    chapters: chapters.map((c): AdminChapter => ({ id: c.id, name: c.name, parentId: c.parentId, seq: c.seq, lessonCount: c.lessonCount ?? 0 })),
    lessons: lessons.map((l): AdminLesson => {
      const stored = contentFields(l.classroomContent);
      const fields = { ...stored, html: stored.html === null ? null : sanitizeRichText(stored.html, tenantId) };
      return {
        id: l.id,
        sectionId: l.sectionId,
        name: l.name,
        classroomType: l.classroomType,
        mustLearn: l.mustLearn,
        durationMs: l.durationMs,
        seq: l.seq,
        ...fields,
        liveStatus: l.liveStatus,
        classStartAt: l.classStartAt,
        classEndAt: l.classEndAt,
        position: l.position,
        address: l.address,
        teachers: teachers.filter((x) => x.classroomId === l.id).map((x) => x.teacherName),
        teacherAvatars: teachers.filter((x) => x.classroomId === l.id).map((x) => x.teacherAvatar),
        notes: notes.find((x) => x.classroomId === l.id)?.beforeClassNotes ?? null,
        points: points.filter((x) => x.classroomId === l.id).map((x) => x.pointDesc),
        works: workViews.filter((w) => w.classroomId === l.id),
        duties: dutyList(rules, l.id),
        studyRecords: l.studyRecords ?? 0,
      };
    }),
    duties: dutyList(rules, null),
    works: workViews,
    may: { edit: true, delete: isAdmin },
  };
}

async function viewOf(s: Scope, actor: StaffActor, courseId: string, db: DB = s.db): Promise<AdminCourse> {
  return courseView(s, db, actor, await assertCourseInScope(s, actor, courseId, db));
}

// ------------------------------------------------------------ courses

export async function pageCourses(
  s: Scope,
  actor: StaffActor,
  q: { current: number; size: number; name?: string | undefined; courseNature?: number | undefined },
): Promise<Page<AdminCourseSummary>> {
  const isAdmin = actor.account.role === STAFF_ROLE.admin;
  const { rows, total } = await repo.pageCourses(
    s.db,
    actor.tenant.id,
    { name: q.name, courseNature: q.courseNature, accountId: isAdmin ? undefined : actor.account.id },
    windowOf({ current: q.current, size: q.size, order: 'desc' }),
  );
  return pageOf(
    rows.map((r) => summary(r as repo.CourseRow)),
    total,
    q.current,
    q.size,
  );
}

export function getCourse(s: Scope, actor: StaffActor, id: string): Promise<AdminCourse> {
  return viewOf(s, actor, id);
}

export interface CourseFields {
  id?: string | undefined;
  name: string;
  cover: string | null;
  courseNature: number;
  thirdPlatformType: number | null;
  learningPlatform: number | null;
  learningUrl: string | null;
  courseClassCode: string | null;
  introduce: string | null;
  courseContent: string | null;
  introductions?: CourseIntroBlock[] | undefined;
}

/** The course's fields its audit entries record. */
const pickCourse = (
  r: Pick<Course, 'name' | 'cover' | 'courseNature' | 'thirdPlatformType' | 'learningPlatform' | 'learningUrl' | 'courseClassCode' | 'introduce'>,
) => ({
  name: r.name,
  cover: r.cover,
  courseNature: r.courseNature,
  thirdPlatformType: r.thirdPlatformType,
  learningPlatform: r.learningPlatform,
  learningUrl: r.learningUrl,
  courseClassCode: r.courseClassCode,
  introduce: r.introduce,
});

/**
 * Creates (administrators) or edits a course. A course taught here opens its own detail page (the
 * learner's course list enters it by its learning address, as the seed's courses do); a
 * third-party course opens on its platform with the address and class code given. The rich-text
 * introduction is sanitised when saved, as when shown.
 */
export async function saveCourse(s: Scope, actor: StaffActor, input: CourseFields): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  if (!input.id && actor.account.role !== STAFF_ROLE.admin) throw AppError.forbidden(t('courses.editOnly'));
  const thirdParty = input.thirdPlatformType !== null;
  if (thirdParty && !input.learningUrl) throw AppError.badRequest(t('courses.platformUrlRequired'));
  const content = input.courseContent ? sanitizeRichText(input.courseContent, tenantId) : '';
  return s.db.transaction().execute(async (trx) => {
    let id = input.id;
    const fields = {
      name: input.name,
      cover: input.cover,
      courseNature: input.courseNature,
      thirdPlatformType: input.thirdPlatformType,
      learningPlatform: thirdParty ? (input.learningPlatform ?? 1) : INTERNAL_PLATFORM,
      courseClassCode: thirdParty ? input.courseClassCode : null,
      introduce: input.introduce,
      courseContent: content.trim() ? content : null,
    };
    let before: Record<string, unknown> | null = null;
    if (!id) {
      id = newId(s.now);
      const learningUrl = thirdParty ? input.learningUrl : `/study/course/course-detail?courseId=${id}`;
      await repo.insertCourse(trx, { id, tenantId, ...fields, learningUrl, courseType: null, createdAt: s.now });
    } else {
      const row = await assertCourseInScope(s, actor, id, trx);
      before = pickCourse(row);
      const learningUrl = thirdParty ? input.learningUrl : `/study/course/course-detail?courseId=${id}`;
      await repo.updateCourse(trx, tenantId, id, { ...fields, learningUrl });
    }
    const courseId = id;
    if (input.introductions) {
      await repo.replaceIntroductions(
        trx,
        tenantId,
        courseId,
        input.introductions.map((b, i) => ({
          id: newId(s.now),
          tenantId,
          courseId,
          introduceType: b.introduceType,
          teacherName: b.teacherName ?? null,
          teacherHeadUrl: b.teacherHeadUrl ?? null,
          roleCode: b.roleCode ?? null,
          outline: b.outline ?? null,
          describe: b.describe ?? null,
          seq: i + 1,
          createdAt: s.now,
        })),
      );
    }
    const after = await repo.findCourse(trx, tenantId, courseId);
    await auditStaffAction(
      trx,
      s,
      actor,
      before ? AUDIT_ACTION.courseUpdate : AUDIT_ACTION.courseCreate,
      { type: AUDIT_TARGET.course, id: courseId },
      before,
      pickCourse(after!),
    );
    return courseView(s, trx, actor, after!);
  });
}

/** Deletes a course no class teaches (one conditional statement); refused with the number of classes otherwise. */
export async function deleteCourse(s: Scope, actor: StaffActor, id: string): Promise<null> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    const row = await assertCourseInScope(s, actor, id, trx);
    if (!(await repo.deleteUnusedCourse(trx, tenantId, id))) {
      const count = (await repo.findCourse(trx, tenantId, id))?.classCount ?? 0;
      throw AppError.conflict(t('courses.inUse', { count }));
    }
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.courseDelete, { type: AUDIT_TARGET.course, id }, pickCourse(row), null);
    return null;
  });
}

// ------------------------------------------------------------ chapters and sections

export async function saveChapter(
  s: Scope,
  actor: StaffActor,
  courseId: string,
  input: { chapterId?: string | undefined; parentId?: string | null | undefined; name: string },
): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertCourseInScope(s, actor, courseId, trx);
    const chapters = await repo.chapters(trx, tenantId, courseId);
    let id = input.chapterId;
    let before: Record<string, unknown> | null = null;
    if (id) {
      const found = chapters.find((c) => c.id === id);
      if (!found) throw AppError.notFound(t('courses.chapterNotFound'));
      before = { name: found.name };
      await repo.renameChapter(trx, tenantId, courseId, id, input.name);
    } else {
      const parentId = input.parentId ?? null;
      if (parentId !== null) {
        const parent = chapters.find((c) => c.id === parentId);
        if (!parent) throw AppError.notFound(t('courses.chapterNotFound'));
        // Two levels only: the learner's outline shows chapters and their sections.
        if (parent.parentId !== null) throw AppError.badRequest(t('courses.parentNotChapter'));
      }
      id = newId(s.now);
      const seq = await repo.nextChapterSeq(trx, tenantId, courseId, parentId);
      await repo.insertChapter(trx, { id, tenantId, courseId, parentId, name: input.name, seq, createdAt: s.now });
    }
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.chapterSave, { type: AUDIT_TARGET.courseChapter, id }, before, {
      courseId,
      name: input.name,
      parentId: input.parentId ?? null,
    });
    return viewOf(s, actor, courseId, trx);
  });
}

/** The course's chapters and the one named (404 when it is not the course's). */
async function chapterOf(db: DB, tenantId: string, courseId: string, chapterId: string) {
  const chapters = await repo.chapters(db, tenantId, courseId);
  const found = chapters.find((c) => c.id === chapterId);
  if (!found) throw AppError.notFound(t('courses.chapterNotFound'));
  return { chapters, found };
}

export async function moveChapter(s: Scope, actor: StaffActor, courseId: string, chapterId: string, direction: Direction): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertCourseInScope(s, actor, courseId, trx);
    const { chapters, found } = await chapterOf(trx, tenantId, courseId, chapterId);
    const order = moved(
      chapters.filter((c) => c.parentId === found.parentId),
      chapterId,
      direction,
    );
    if (!order) throw AppError.badRequest(t('courses.cannotMove'));
    for (const o of order) await repo.setChapterSeq(trx, tenantId, o.id, o.seq);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.chapterMove, { type: AUDIT_TARGET.courseChapter, id: chapterId }, null, { courseId, direction });
    return viewOf(s, actor, courseId, trx);
  });
}

/** Deletes an empty chapter or section; refused with the number of sections and lessons still in it. */
export async function deleteChapter(s: Scope, actor: StaffActor, courseId: string, chapterId: string): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertCourseInScope(s, actor, courseId, trx);
    const { chapters, found } = await chapterOf(trx, tenantId, courseId, chapterId);
    if (!(await repo.deleteEmptyChapter(trx, tenantId, courseId, chapterId))) {
      const count = (found.lessonCount ?? 0) + chapters.filter((c) => c.parentId === chapterId).length;
      throw AppError.conflict(t('courses.chapterNotEmpty', { count }));
    }
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.chapterDelete,
      { type: AUDIT_TARGET.courseChapter, id: chapterId },
      { courseId, name: found.name },
      null,
    );
    return viewOf(s, actor, courseId, trx);
  });
}

// ------------------------------------------------------------ lessons

export interface LessonFields {
  lessonId?: string | undefined;
  sectionId: string;
  name: string;
  classroomType: number;
  mustLearn: number;
  assetIds: string[];
  html: string | null;
  summary: string | null;
  liveStatus: number | null;
  start: number | null;
  end: number | null;
  replayUrl: string | null;
  position: string | null;
  address: string | null;
  teachers: string[];
  /** Face-to-face: pictures in the order of teachers (missing or null: the default avatar). */
  teacherAvatars?: (string | null)[] | undefined;
  notes?: string | null | undefined;
  points?: string[] | undefined;
  duties?: DutyTarget[] | undefined;
  workId: string | null;
}

const TIMED: ReadonlySet<number> = new Set([CLASSROOM_TYPE.LIVE, CLASSROOM_TYPE.FACE_TO_FACE]);
const WORKS: Readonly<Record<number, 'homework' | 'test'>> = { [CLASSROOM_TYPE.HOMEWORK]: 'homework', [CLASSROOM_TYPE.TEST]: 'test' };

/** The content, length and type-specific columns a lesson stores, from the form's fields; refuses what the type needs and lacks. */
async function lessonColumns(s: Scope, tenantId: string, input: LessonFields) {
  const type = input.classroomType;
  let classroomContent: string | null = null;
  let durationMs = 0;
  if (MEDIA_LESSON_KIND[type]) {
    if (!input.assetIds.length) throw AppError.badRequest(t('courses.assetRequired'));
    if (type !== CLASSROOM_TYPE.IMAGE && input.assetIds.length > 1) throw AppError.badRequest(t('courses.assetOne'));
    const sources = [];
    for (const assetId of input.assetIds) {
      let source: Awaited<ReturnType<typeof lessonSourceOf>>;
      try {
        source = await lessonSourceOf(s, tenantId, assetId);
      } catch (error) {
        if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) throw AppError.badRequest(t('courses.assetNotFound'));
        throw error;
      }
      if (source.classroomType !== type) throw AppError.badRequest(t('courses.assetKind'));
      sources.push({ assetId, ...source });
    }
    classroomContent = mediaContent(sources, type === CLASSROOM_TYPE.IMAGE ? input.summary : null);
    // The length is the file's, read by the media library: never typed by hand.
    durationMs = sources.reduce((sum, x) => sum + (x.durationMs ?? 0), 0);
  } else if (type === CLASSROOM_TYPE.ARTICLE) {
    const html = sanitizeRichText(input.html, tenantId);
    if (!html.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(html)) throw AppError.badRequest(t('courses.articleRequired'));
    classroomContent = articleContent(html);
  } else if (type === CLASSROOM_TYPE.LIVE) {
    classroomContent = liveContent(input.replayUrl);
  }
  if (TIMED.has(type)) {
    if (input.start === null || input.end === null) throw AppError.badRequest(t('courses.timeRequired'));
    if (input.end < input.start) throw AppError.badRequest(t('courses.endBeforeStart'));
  }
  if (type === CLASSROOM_TYPE.FACE_TO_FACE && !input.position && !input.address) throw AppError.badRequest(t('courses.placeRequired'));
  const live = type === CLASSROOM_TYPE.LIVE;
  const face = type === CLASSROOM_TYPE.FACE_TO_FACE;
  return {
    classroomType: type,
    mustLearn: input.mustLearn === MUST_LEARN.REQUIRED ? MUST_LEARN.REQUIRED : MUST_LEARN.ELECTIVE,
    classroomContent,
    durationMs,
    liveStatus: live ? (input.liveStatus ?? 0) : null,
    classStartAt: TIMED.has(type) ? input.start : null,
    classEndAt: TIMED.has(type) ? input.end : null,
    position: face ? input.position : null,
    address: face ? input.address : null,
  };
}

function dutyRows(tenantId: string, courseId: string, classroomId: string | null, duties: readonly DutyTarget[], now: number) {
  return duties
    .filter((d) => d.targetValue > 0)
    .map((d) => ({ id: newId(now), tenantId, courseId, classroomId, dutyType: d.dutyType, targetValue: d.targetValue, createdAt: now }));
}

/**
 * Creates or edits a lesson of any type the learner area plays, in a section (or chapter) of the
 * course; a new lesson goes last. Media lessons take a ready file of the school's media library
 * (its content and its duration); an article's HTML is sanitised; a homework or test lesson may
 * take a work of the course that nobody has started yet.
 */
export async function saveLesson(s: Scope, actor: StaffActor, courseId: string, input: LessonFields): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  await assertCourseInScope(s, actor, courseId);
  const columns = await lessonColumns(s, tenantId, input);
  return s.db.transaction().execute(async (trx) => {
    await assertCourseInScope(s, actor, courseId, trx);
    const chapters = await repo.chapters(trx, tenantId, courseId);
    if (!chapters.some((c) => c.id === input.sectionId)) throw AppError.badRequest(t('courses.sectionNotFound'));
    let id = input.lessonId;
    let before: Record<string, unknown> | null = null;
    if (id) {
      const lessonId = id;
      const found = (await repo.lessons(trx, tenantId, courseId)).find((l) => l.id === lessonId);
      if (!found) throw AppError.notFound(t('courses.lessonNotFound'));
      before = { name: found.name, classroomType: found.classroomType, mustLearn: found.mustLearn, sectionId: found.sectionId };
      await repo.updateLesson(trx, tenantId, courseId, lessonId, { name: input.name, sectionId: input.sectionId, ...columns });
    } else {
      id = newId(s.now);
      const seq = await repo.nextLessonSeq(trx, tenantId, courseId);
      await repo.insertLesson(trx, { id, tenantId, courseId, sectionId: input.sectionId, name: input.name, ...columns, seq, createdAt: s.now });
    }
    const lessonId = id;
    const ts = { ...s, db: trx };
    await replaceLessonTeachers(ts, {
      tenantId,
      lessonId,
      rows:
        columns.classroomType === CLASSROOM_TYPE.FACE_TO_FACE
          ? input.teachers.map((teacherName, i) => ({
              id: newId(s.now),
              tenantId,
              classroomId: lessonId,
              teacherName,
              teacherAvatar: input.teacherAvatars?.[i] ?? null,
              seq: i + 1,
              createdAt: s.now,
            }))
          : [],
    });
    // The face-to-face classroom's notes and key points; another type keeps none (the learner shows them only there).
    const face = columns.classroomType === CLASSROOM_TYPE.FACE_TO_FACE;
    await replaceLessonNotesAndPoints(ts, {
      tenantId,
      lessonId,
      notes: face ? (input.notes ?? null) : null,
      points: face ? (input.points ?? []) : [],
      newId: () => newId(s.now),
    });
    if (input.duties) await repo.replaceDutyRules(trx, tenantId, courseId, lessonId, dutyRows(tenantId, courseId, lessonId, input.duties, s.now));
    if (input.workId) {
      const kind = WORKS[columns.classroomType];
      const work = (await courseWorks({ ...s, db: trx }, { tenantId, courseId })).find((w) => w.id === input.workId);
      if (!kind || !work) throw AppError.badRequest(t('courses.workNotFound'));
      if (work.kind !== kind) throw AppError.badRequest(t('courses.workKind'));
      if (work.classroomId !== lessonId && !(await moveUnstartedWork({ ...s, db: trx }, { tenantId, courseId, workId: work.id, classroomId: lessonId })))
        throw AppError.conflict(t('courses.workStarted'));
    }
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.lessonSave, { type: AUDIT_TARGET.lesson, id: lessonId }, before, {
      courseId,
      name: input.name,
      classroomType: columns.classroomType,
      mustLearn: columns.mustLearn,
      sectionId: input.sectionId,
      durationMs: columns.durationMs,
      ...(input.workId ? { workId: input.workId } : {}),
    });
    return viewOf(s, actor, courseId, trx);
  });
}

/**
 * Moves a lesson up or down among its section's lessons, or last into another section. Lessons are
 * ordered course-wide (the learner's lists read them in that order), so the whole course is
 * renumbered with only the two lessons exchanged.
 */
export async function moveLesson(
  s: Scope,
  actor: StaffActor,
  courseId: string,
  input: { lessonId: string; direction?: Direction | undefined; sectionId?: string | undefined },
): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertCourseInScope(s, actor, courseId, trx);
    const lessons = await repo.lessons(trx, tenantId, courseId);
    const found = lessons.find((l) => l.id === input.lessonId);
    if (!found) throw AppError.notFound(t('courses.lessonNotFound'));
    if (input.sectionId) {
      const chapters = await repo.chapters(trx, tenantId, courseId);
      if (!chapters.some((c) => c.id === input.sectionId)) throw AppError.badRequest(t('courses.sectionNotFound'));
      const seq = await repo.nextLessonSeq(trx, tenantId, courseId);
      await repo.updateLesson(trx, tenantId, courseId, found.id, { sectionId: input.sectionId, seq });
    } else {
      const siblings = lessons.filter((l) => l.sectionId === found.sectionId);
      const local = moved(siblings, found.id, input.direction ?? 'up');
      if (!local) throw AppError.badRequest(t('courses.cannotMove'));
      // The sibling it changes place with, then the two exchanged in the course-wide order.
      const other = siblings[siblings.findIndex((l) => l.id === found.id) + (input.direction === 'down' ? 1 : -1)]!;
      const order = lessons.map((l) => (l.id === found.id ? other.id : l.id === other.id ? found.id : l.id));
      for (const [i, lessonId] of order.entries()) await repo.setLessonSeq(trx, tenantId, lessonId, i + 1);
    }
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.lessonMove,
      { type: AUDIT_TARGET.lesson, id: found.id },
      { sectionId: found.sectionId },
      {
        sectionId: input.sectionId ?? found.sectionId,
        direction: input.direction ?? null,
      },
    );
    return viewOf(s, actor, courseId, trx);
  });
}

/**
 * Deletes a lesson no student has studied, handed in or signed in to (one conditional statement):
 * deleting it would delete their records. Refused with the count otherwise; the lesson can be made
 * elective instead, which takes it out of the students' duties and keeps their records.
 */
export async function deleteLesson(s: Scope, actor: StaffActor, courseId: string, lessonId: string): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertCourseInScope(s, actor, courseId, trx);
    const found = (await repo.lessons(trx, tenantId, courseId)).find((l) => l.id === lessonId);
    if (!found) throw AppError.notFound(t('courses.lessonNotFound'));
    if (!(await repo.deleteUnstudiedLesson(trx, tenantId, courseId, lessonId)))
      throw AppError.conflict(t('courses.lessonStudied', { count: found.studyRecords ?? 0 }));
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.lessonDelete,
      { type: AUDIT_TARGET.lesson, id: lessonId },
      {
        courseId,
        name: found.name,
        classroomType: found.classroomType,
      },
    );
    return viewOf(s, actor, courseId, trx);
  });
}

/** Replaces the course's duty targets (0: not counted; only the types given change). */
export async function saveDuties(s: Scope, actor: StaffActor, courseId: string, duties: DutyTarget[]): Promise<AdminCourse> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertCourseInScope(s, actor, courseId, trx);
    const rules = await repo.dutyRules(trx, tenantId, courseId);
    const before = dutyList(rules, null);
    const given = new Map(duties.map((d) => [d.dutyType, d.targetValue]));
    const after = before.map((d) => ({ dutyType: d.dutyType, targetValue: given.get(d.dutyType) ?? d.targetValue }));
    await repo.replaceDutyRules(trx, tenantId, courseId, null, dutyRows(tenantId, courseId, null, after, s.now));
    const flat = (list: DutyTarget[]) => Object.fromEntries(list.map((d) => [d.dutyType, d.targetValue]));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.courseDuties, { type: AUDIT_TARGET.course, id: courseId }, flat(before), flat(after));
    return viewOf(s, actor, courseId, trx);
  });
}

// ------------------------------------------------------------ courses of a class

async function classCourseList(db: DB, tenantId: string, classId: string): Promise<AdminClassCourse[]> {
  const rows = await repo.classCourses(db, tenantId, classId);
  return rows.map((r) => ({
    courseId: r.courseId,
    name: r.name,
    courseNature: r.courseNature,
    learnStartAt: r.learnStartAt,
    learnEndAt: r.learnEndAt,
    seq: r.seq,
    studyRecords: r.studyRecords ?? 0,
  }));
}

export async function listClassCourses(s: Scope, actor: StaffActor, classId: string): Promise<AdminClassCourse[]> {
  await assertClassInScope(s, actor, classId);
  return classCourseList(s.db, actor.tenant.id, classId);
}

/** Attaches a course of the school to the class (last), or changes the learning window of one it teaches. */
export async function attachCourse(
  s: Scope,
  actor: StaffActor,
  classId: string,
  input: { courseId: string; learnStart: number | null; learnEnd: number | null },
): Promise<AdminClassCourse[]> {
  const tenantId = actor.tenant.id;
  if (input.learnStart !== null && input.learnEnd !== null && input.learnEnd < input.learnStart) throw AppError.badRequest(t('courses.endBeforeStart'));
  return s.db.transaction().execute(async (trx) => {
    await assertClassInScope(s, actor, classId, trx);
    await assertCourseInScope(s, actor, input.courseId, trx);
    const list = await repo.classCourses(trx, tenantId, classId);
    const existing = list.find((c) => c.courseId === input.courseId);
    const seq = existing ? existing.seq : list.reduce((m, c) => Math.max(m, c.seq), 0) + 1;
    await repo.attachCourse(trx, {
      id: newId(s.now),
      tenantId,
      classId,
      courseId: input.courseId,
      learnStartAt: input.learnStart,
      learnEndAt: input.learnEnd,
      seq,
      createdAt: s.now,
    });
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.classCourseAttach,
      { type: AUDIT_TARGET.teachingClass, id: classId },
      existing ? { courseId: input.courseId, learnStartAt: existing.learnStartAt, learnEndAt: existing.learnEndAt } : null,
      { courseId: input.courseId, learnStartAt: input.learnStart, learnEndAt: input.learnEnd },
    );
    return classCourseList(trx, tenantId, classId);
  });
}

export async function moveClassCourse(s: Scope, actor: StaffActor, classId: string, courseId: string, direction: Direction): Promise<AdminClassCourse[]> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertClassInScope(s, actor, classId, trx);
    const list = await repo.classCourses(trx, tenantId, classId);
    if (!list.some((c) => c.courseId === courseId)) throw AppError.notFound(t('courses.notInClass'));
    const order = moved(
      list.map((c) => ({ ...c, id: c.courseId, rowId: c.id })),
      courseId,
      direction,
    );
    if (!order) throw AppError.badRequest(t('courses.cannotMove'));
    for (const o of order) await repo.setClassCourseSeq(trx, tenantId, list.find((c) => c.courseId === o.id)!.id, o.seq);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.classCourseMove, { type: AUDIT_TARGET.teachingClass, id: classId }, null, { courseId, direction });
    return classCourseList(trx, tenantId, classId);
  });
}

/**
 * Detaches a course from the class while none of its students has a record in it (one conditional
 * statement): the records would stay but the students could no longer see them. Refused with the count.
 */
export async function detachCourse(s: Scope, actor: StaffActor, classId: string, courseId: string): Promise<AdminClassCourse[]> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertClassInScope(s, actor, classId, trx);
    const list = await classCourseList(trx, tenantId, classId);
    const found = list.find((c) => c.courseId === courseId);
    if (!found) throw AppError.notFound(t('courses.notInClass'));
    if (!(await repo.detachUnstudiedCourse(trx, tenantId, classId, courseId)))
      throw AppError.conflict(t('courses.classCourseStudied', { count: found.studyRecords }));
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.classCourseDetach,
      { type: AUDIT_TARGET.teachingClass, id: classId },
      { courseId, learnStartAt: found.learnStartAt, learnEndAt: found.learnEndAt },
      null,
    );
    return classCourseList(trx, tenantId, classId);
  });
}
