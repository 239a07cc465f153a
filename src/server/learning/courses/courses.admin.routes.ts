import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { COURSE_DUTY_TYPES, COURSE_LIMITS, COURSE_NATURES } from '~/lib/learning/course-admin';
import { address, chapterFields, courseFields, introBlockFields, lessonFields, lessonPoint, optionalDay, tooLong } from '~/lib/forms/courses';
import { oneOf, saying } from '~/lib/forms/parts';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, pageFields, searchText } from '../../http/list-query';
import { DAY } from '~/lib/time/cst';
import * as service from './courses.admin.service';

/**
 * The staff calls of courses, their chapters, lessons and duty rules, and the courses of a class,
 * each through the staff gate by its name (session, CSRF, origin, role), then the course scope or
 * the class scope in the service. Bad input is refused with the form's own words and changes nothing.
 */

const L = COURSE_LIMITS;
const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
const withId = body({ id: idSchema });

const direction = z.enum(['up', 'down'], { error: t('validation.invalid') });

const duties = z
  .array(
    z.object(
      {
        dutyType: z.string({ error: t('courses.badDutyType') }).refine((v) => COURSE_DUTY_TYPES.includes(v), { message: t('courses.badDutyType') }),
        targetValue: z
          .number({ error: t('courses.badDutyTarget', { max: L.dutyTarget }) })
          .int(t('courses.badDutyTarget', { max: L.dutyTarget }))
          .min(0, t('courses.badDutyTarget', { max: L.dutyTarget }))
          .max(L.dutyTarget, t('courses.badDutyTarget', { max: L.dutyTarget })),
      },
      { error: t('validation.invalid') },
    ),
    { error: t('validation.invalid') },
  )
  .max(COURSE_DUTY_TYPES.length * 2, t('validation.invalid'));

const courseQuery = z.object({
  ...pageFields,
  name: searchText,
  courseNature: z.preprocess(blankIsNone, oneOf(COURSE_NATURES, t('courses.badNature')).optional()),
});

const introBlock = z.object(introBlockFields.shape, { error: t('validation.invalid') });

const courseInput = body({
  id: z.preprocess(blankIsNone, idSchema.optional()),
  ...courseFields.shape,
  introductions: z
    .array(introBlock, { error: t('validation.invalid') })
    .max(L.introBlocks, t('courses.tooManyBlocks', { max: L.introBlocks }))
    .optional(),
});

const chapterInput = body({
  id: idSchema,
  chapterId: z.preprocess(blankIsNone, idSchema.optional()),
  parentId: z.preprocess(blankIsNull, idSchema.nullable()).optional(),
  ...chapterFields.shape,
});

const lesson = lessonFields.shape;
const lessonInput = body({
  id: idSchema,
  lessonId: z.preprocess(blankIsNone, idSchema.optional()),
  sectionId: idSchema,
  name: lesson.name,
  classroomType: lesson.classroomType,
  mustLearn: lesson.mustLearn,
  assetIds: z
    .array(idSchema, { error: t('validation.invalid') })
    .max(L.images, t('courses.tooManyImages', { max: L.images }))
    .default([]),
  html: lesson.html,
  summary: lesson.summary,
  liveStatus: lesson.liveStatus,
  start: lesson.start,
  end: lesson.end,
  replayUrl: lesson.replayUrl,
  position: lesson.position,
  address: lesson.address,
  teachers: z
    .array(saying(L.teacherName, t('validation.invalid'), tooLong(L.teacherName)), { error: t('validation.invalid') })
    .max(L.teachers, t('courses.tooManyTeachers', { max: L.teachers }))
    .default([]),
  teacherAvatars: z
    .array(address(L.url), { error: t('validation.invalid') })
    .max(L.teachers, t('courses.tooManyTeachers', { max: L.teachers }))
    .optional(),
  notes: lesson.notes,
  points: z
    .array(lessonPoint, { error: t('validation.invalid') })
    .max(L.points, t('courses.tooManyPoints', { max: L.points }))
    .default([]),
  duties: duties.optional(),
  workId: z.preprocess(blankIsNull, idSchema.nullable()).optional(),
});

const lessonMove = body({
  id: idSchema,
  lessonId: idSchema,
  direction: direction.optional(),
  sectionId: z.preprocess(blankIsNone, idSchema.optional()),
}).refine((b) => !!b.direction !== !!b.sectionId, { message: t('validation.invalid') });

const classCourseInput = body({ id: idSchema, courseId: idSchema, learnStart: optionalDay.optional(), learnEnd: optionalDay.optional() });

/** The last second of a China Standard Time day, given its start: the learning window's last day is a whole day. */
const endOfDay = (start: number | null | undefined) => (start === null || start === undefined ? null : start + DAY - 1000);

export const coursesAdminRoutes = new Hono<ApiEnv>();

serveStaff(coursesAdminRoutes, 'adminCourses', courseQuery, (s, actor, q) => service.pageCourses(s, actor, q));
serveStaff(coursesAdminRoutes, 'adminCourseGet', withId, (s, actor, b) => service.getCourse(s, actor, b.id));
serveStaff(coursesAdminRoutes, 'adminCourseSave', courseInput, (s, actor, b) => service.saveCourse(s, actor, b));
serveStaff(coursesAdminRoutes, 'adminCourseDelete', withId, (s, actor, b) => service.deleteCourse(s, actor, b.id));
serveStaff(coursesAdminRoutes, 'adminChapterSave', chapterInput, (s, actor, b) => service.saveChapter(s, actor, b.id, b));
serveStaff(coursesAdminRoutes, 'adminChapterMove', body({ id: idSchema, chapterId: idSchema, direction }), (s, actor, b) =>
  service.moveChapter(s, actor, b.id, b.chapterId, b.direction),
);
serveStaff(coursesAdminRoutes, 'adminChapterDelete', body({ id: idSchema, chapterId: idSchema }), (s, actor, b) =>
  service.deleteChapter(s, actor, b.id, b.chapterId),
);
serveStaff(coursesAdminRoutes, 'adminLessonSave', lessonInput, (s, actor, b) => service.saveLesson(s, actor, b.id, { ...b, workId: b.workId ?? null }));
serveStaff(coursesAdminRoutes, 'adminLessonMove', lessonMove, (s, actor, b) => service.moveLesson(s, actor, b.id, b));
serveStaff(coursesAdminRoutes, 'adminLessonDelete', body({ id: idSchema, lessonId: idSchema }), (s, actor, b) =>
  service.deleteLesson(s, actor, b.id, b.lessonId),
);
serveStaff(coursesAdminRoutes, 'adminCourseDuties', body({ id: idSchema, duties }), (s, actor, b) => service.saveDuties(s, actor, b.id, b.duties));
serveStaff(coursesAdminRoutes, 'adminClassCourses', withId, (s, actor, b) => service.listClassCourses(s, actor, b.id));
serveStaff(coursesAdminRoutes, 'adminClassCourseAttach', classCourseInput, (s, actor, b) =>
  service.attachCourse(s, actor, b.id, { courseId: b.courseId, learnStart: b.learnStart ?? null, learnEnd: endOfDay(b.learnEnd) }),
);
serveStaff(coursesAdminRoutes, 'adminClassCourseMove', body({ id: idSchema, courseId: idSchema, direction }), (s, actor, b) =>
  service.moveClassCourse(s, actor, b.id, b.courseId, b.direction),
);
serveStaff(coursesAdminRoutes, 'adminClassCourseDetach', body({ id: idSchema, courseId: idSchema }), (s, actor, b) =>
  service.detachCourse(s, actor, b.id, b.courseId),
);
