import { z } from './zod';
import { blankIsNull, oneOf, optionalText, saying } from './parts';
import { t } from '~/lib/i18n/messages/admin-courses';
import { COURSE_LIMITS, COURSE_NATURES, COURSE_THIRD_PLATFORM_TYPES, LIVE_STATUSES, STAFF_LESSON_TYPES } from '~/lib/learning/course-admin';
import { INTRODUCE_TYPE, MUST_LEARN } from '~/lib/learning/codes';
import { parseDateTime } from '~/lib/time/cst';

/**
 * The course forms (src/islands/admin/courses: a course, its introduction blocks, chapters and
 * lessons), each field's limit and message written once: the routes
 * (src/server/learning/courses/courses.admin.routes.ts) validate with these fields and add what
 * only they know (ids, lists, the body's shape); the islands check a field with them (schemaCheck).
 */

const L = COURSE_LIMITS;
export const tooLong = (max: number) => t('courses.textTooLong', { max });
/** Optional in the body: absent is null. */
const orNull = <T extends z.ZodType>(schema: T) => schema.optional().transform((v) => v ?? null);

/** Optional text up to `max` characters, refused with the course forms' one message. */
const optionalUpTo = (max: number) => optionalText(max, tooLong(max));
export const optionalOneOf = (values: readonly number[], message: string) =>
  z.preprocess(blankIsNull, z.union([z.null(), z.number({ error: message }).refine((n) => values.includes(n), { message })]));
/** An http(s) address, or a site path (an uploaded picture's /files/... address). */
export const address = (max: number) =>
  z.preprocess(
    blankIsNull,
    z
      .string({ error: t('courses.badUrl') })
      .trim()
      .max(max, tooLong(max))
      .regex(/^(https?:\/\/[^\s<>"']+|\/[^/\\\s<>"'][^\s<>"']*)$/i, t('courses.badUrl'))
      .nullable(),
  );
/** A China Standard Time moment typed as `pattern` describes, as epoch ms, or blank (null); anything else is refused with `message`. */
const optionalMoment = (pattern: RegExp, message: string) =>
  z.preprocess(
    blankIsNull,
    z
      .string({ error: message })
      .nullable()
      .transform((v, ctx) => {
        if (v === null) return null;
        const ms = pattern.test(v.trim()) ? parseDateTime(v) : Number.NaN;
        if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message });
        return ms;
      }),
  );
/** A time 'YYYY-MM-DD HH:mm' (China Standard Time), or blank. */
export const optionalTime = optionalMoment(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, t('courses.badTime'));
/** A China Standard Time day 'YYYY-MM-DD' as the epoch ms of its start, or blank. */
export const optionalDay = optionalMoment(/^\d{4}-\d{2}-\d{2}$/, t('courses.badDay'));

export const courseFields = z.object({
  name: saying(L.name, t('courses.nameRequired'), t('courses.nameTooLong', { max: L.name })),
  cover: orNull(address(L.url)),
  courseNature: oneOf(COURSE_NATURES, t('courses.badNature')),
  thirdPlatformType: orNull(optionalOneOf(COURSE_THIRD_PLATFORM_TYPES, t('courses.badPlatform'))),
  learningPlatform: orNull(
    optionalOneOf(
      Array.from({ length: 99 }, (_, i) => i + 1),
      t('courses.badPlatform'),
    ),
  ),
  learningUrl: orNull(address(L.url)),
  courseClassCode: orNull(optionalUpTo(L.classCode)),
  introduce: orNull(optionalUpTo(L.introduce)),
  courseContent: orNull(
    z.preprocess(
      blankIsNull,
      z
        .string({ error: tooLong(L.content) })
        .max(L.content, tooLong(L.content))
        .nullable(),
    ),
  ),
});

/** A block of a course's introduction: a teacher, an outline or a description. */
export const introBlockFields = z.object({
  introduceType: oneOf(Object.values(INTRODUCE_TYPE), t('courses.badIntroType')),
  teacherName: optionalUpTo(L.teacherName).optional(),
  teacherHeadUrl: address(L.url).optional(),
  roleCode: z.preprocess(blankIsNull, z.enum(['t_kcls', 't_fdls'], { error: t('courses.badIntroType') }).nullable()).optional(),
  outline: optionalUpTo(L.outline).optional(),
  describe: optionalUpTo(L.describe).optional(),
});

export const chapterFields = z.object({
  name: saying(L.chapterName, t('courses.chapterNameRequired'), t('courses.chapterNameTooLong', { max: L.chapterName })),
});

export const lessonFields = z.object({
  name: saying(L.lessonName, t('courses.lessonNameRequired'), t('courses.lessonNameTooLong', { max: L.lessonName })),
  classroomType: oneOf(STAFF_LESSON_TYPES, t('courses.badLessonType')),
  mustLearn: oneOf([MUST_LEARN.ELECTIVE, MUST_LEARN.REQUIRED], t('courses.badMustLearn')),
  html: orNull(
    z.preprocess(
      blankIsNull,
      z
        .string({ error: tooLong(L.article) })
        .max(L.article, tooLong(L.article))
        .nullable(),
    ),
  ),
  summary: orNull(optionalUpTo(L.summary)),
  liveStatus: orNull(optionalOneOf(LIVE_STATUSES, t('courses.badLiveStatus'))),
  start: orNull(optionalTime),
  end: orNull(optionalTime),
  replayUrl: orNull(address(L.url)),
  position: orNull(optionalUpTo(L.position)),
  address: orNull(optionalUpTo(L.address)),
  notes: orNull(optionalUpTo(L.notes)),
});

/** A face-to-face lesson's point of knowledge, one a line. */
export const lessonPoint = saying(L.point, t('courses.pointRequired'), tooLong(L.point));
