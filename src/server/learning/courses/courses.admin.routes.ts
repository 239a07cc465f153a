import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { parseDateTime } from '~/lib/time/cst';
import { INTRODUCE_TYPE, MUST_LEARN } from '~/lib/learning/codes';
import { COURSE_DUTY_TYPES, COURSE_LIMITS, COURSE_NATURES, COURSE_THIRD_PLATFORM_TYPES, LIVE_STATUSES, STAFF_LESSON_TYPES } from '~/lib/learning/course-admin';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, pageFields, searchText } from '../../http/list-query';
import { DAY } from '~/lib/time/cst';
import * as service from './courses.admin.service';
import { isBlank } from '~/lib/rules/rule';

/**
 * The staff calls of courses, their chapters, lessons and duty rules, and the courses of a class,
 * each through the staff gate by its name (session, CSRF, origin, role), then the course scope or
 * the class scope in the service. Bad input is refused with the form's own words and changes nothing.
 */

const L = COURSE_LIMITS;
const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
const withId = body({ id: idSchema });
const tooLong = (max: number) => t('courses.textTooLong', { max });

const text = (max: number, required: string, long: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, long)
    .refine((s) => !isBlank(s), required);
const optionalText = (max: number) =>
  z.preprocess(
    blankIsNull,
    z
      .string({ error: tooLong(max) })
      .trim()
      .max(max, tooLong(max))
      .nullable(),
  );
const oneOf = (values: readonly number[], message: string) => z.coerce.number({ error: message }).refine((n) => values.includes(n), { message });
const optionalOneOf = (values: readonly number[], message: string) =>
  z.preprocess(blankIsNull, z.union([z.null(), z.number({ error: message }).refine((n) => values.includes(n), { message })]));
/** An http(s) address, or a site path (an uploaded picture's /files/... address). */
const address = (max: number) =>
  z.preprocess(
    blankIsNull,
    z
      .string({ error: t('courses.badUrl') })
      .trim()
      .max(max, tooLong(max))
      .regex(/^(https?:\/\/[^\s<>"']+|\/[^/\\\s<>"'][^\s<>"']*)$/i, t('courses.badUrl'))
      .nullable(),
  );
/** A time 'YYYY-MM-DD HH:mm' (China Standard Time), or blank. */
const optionalTime = z.preprocess(
  blankIsNull,
  z
    .string({ error: t('courses.badTime') })
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const ms = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v.trim()) ? parseDateTime(v) : Number.NaN;
      if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: t('courses.badTime') });
      return ms;
    }),
);
/** A China Standard Time day 'YYYY-MM-DD' as the epoch ms of its start, or blank. */
const optionalDay = z.preprocess(
  blankIsNull,
  z
    .string({ error: t('courses.badDay') })
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const ms = /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? parseDateTime(v) : Number.NaN;
      if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: t('courses.badDay') });
      return ms;
    }),
);
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

const introBlock = z.object(
  {
    introduceType: oneOf(Object.values(INTRODUCE_TYPE), t('courses.badIntroType')),
    teacherName: optionalText(L.teacherName).optional(),
    teacherHeadUrl: address(L.url).optional(),
    roleCode: z.preprocess(blankIsNull, z.enum(['t_kcls', 't_fdls'], { error: t('courses.badIntroType') }).nullable()).optional(),
    outline: optionalText(L.outline).optional(),
    describe: optionalText(L.describe).optional(),
  },
  { error: t('validation.invalid') },
);

const courseInput = body({
  id: z.preprocess(blankIsNone, idSchema.optional()),
  name: text(L.name, t('courses.nameRequired'), t('courses.nameTooLong', { max: L.name })),
  cover: address(L.url)
    .optional()
    .transform((v) => v ?? null),
  courseNature: oneOf(COURSE_NATURES, t('courses.badNature')),
  thirdPlatformType: optionalOneOf(COURSE_THIRD_PLATFORM_TYPES, t('courses.badPlatform'))
    .optional()
    .transform((v) => v ?? null),
  learningPlatform: optionalOneOf(
    Array.from({ length: 99 }, (_, i) => i + 1),
    t('courses.badPlatform'),
  )
    .optional()
    .transform((v) => v ?? null),
  learningUrl: address(L.url)
    .optional()
    .transform((v) => v ?? null),
  courseClassCode: optionalText(L.classCode)
    .optional()
    .transform((v) => v ?? null),
  introduce: optionalText(L.introduce)
    .optional()
    .transform((v) => v ?? null),
  courseContent: z
    .preprocess(
      blankIsNull,
      z
        .string({ error: tooLong(L.content) })
        .max(L.content, tooLong(L.content))
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
  introductions: z
    .array(introBlock, { error: t('validation.invalid') })
    .max(L.introBlocks, t('courses.tooManyBlocks', { max: L.introBlocks }))
    .optional(),
});

const chapterInput = body({
  id: idSchema,
  chapterId: z.preprocess(blankIsNone, idSchema.optional()),
  parentId: z.preprocess(blankIsNull, idSchema.nullable()).optional(),
  name: text(L.chapterName, t('courses.chapterNameRequired'), t('courses.chapterNameTooLong', { max: L.chapterName })),
});

const lessonInput = body({
  id: idSchema,
  lessonId: z.preprocess(blankIsNone, idSchema.optional()),
  sectionId: idSchema,
  name: text(L.lessonName, t('courses.lessonNameRequired'), t('courses.lessonNameTooLong', { max: L.lessonName })),
  classroomType: oneOf(STAFF_LESSON_TYPES, t('courses.badLessonType')),
  mustLearn: oneOf([MUST_LEARN.ELECTIVE, MUST_LEARN.REQUIRED], t('courses.badMustLearn')),
  assetIds: z
    .array(idSchema, { error: t('validation.invalid') })
    .max(L.images, t('courses.tooManyImages', { max: L.images }))
    .default([]),
  html: z
    .preprocess(
      blankIsNull,
      z
        .string({ error: tooLong(L.article) })
        .max(L.article, tooLong(L.article))
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
  summary: optionalText(L.summary)
    .optional()
    .transform((v) => v ?? null),
  liveStatus: optionalOneOf(LIVE_STATUSES, t('courses.badLiveStatus'))
    .optional()
    .transform((v) => v ?? null),
  start: optionalTime.optional().transform((v) => v ?? null),
  end: optionalTime.optional().transform((v) => v ?? null),
  replayUrl: address(L.url)
    .optional()
    .transform((v) => v ?? null),
  position: optionalText(L.position)
    .optional()
    .transform((v) => v ?? null),
  address: optionalText(L.address)
    .optional()
    .transform((v) => v ?? null),
  teachers: z
    .array(text(L.teacherName, t('validation.invalid'), tooLong(L.teacherName)), { error: t('validation.invalid') })
    .max(L.teachers, t('courses.tooManyTeachers', { max: L.teachers }))
    .default([]),
  teacherAvatars: z
    .array(address(L.url), { error: t('validation.invalid') })
    .max(L.teachers, t('courses.tooManyTeachers', { max: L.teachers }))
    .optional(),
  notes: optionalText(L.notes)
    .optional()
    .transform((v) => v ?? null),
  points: z
    .array(text(L.point, t('courses.pointRequired'), tooLong(L.point)), { error: t('validation.invalid') })
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
