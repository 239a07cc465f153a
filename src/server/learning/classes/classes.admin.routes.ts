import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { CLASS_TEACHER_ROLES, CSV_LIMITS, SERVICE_STATUSES, STUDENT_MOBILE } from '~/lib/learning/class-admin';
import { CLASS_LIMITS, classFields, periodFields } from '~/lib/forms/classes';
import { oneOf, optionalText } from '~/lib/forms/parts';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, day, pageFields, searchText } from '../../http/list-query';
import * as service from './classes.admin.service';

/**
 * The staff calls of classes, periods and class students, each through the staff gate by its name
 * (session, CSRF, origin, role), then the class scope in the service. Bad input is refused with
 * the form's own words and changes nothing.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
const withId = body({ id: idSchema });

const c = classFields.shape;
/** A day field of a form: YYYY-MM-DD or blank (none). */
const optionalDay = z.preprocess(blankIsNull, z.union([z.null(), day.transform((ms) => ms ?? null)]));

const classQuery = z.object({
  ...pageFields,
  name: searchText,
  teachingClassStatus: z.preprocess(blankIsNone, c.teachingClassStatus.optional()),
  experience: z.preprocess(blankIsNone, oneOf([0, 1], t('classes.badExperience')).optional()),
});

const classInput = body({
  id: z.preprocess(blankIsNone, idSchema.optional()),
  name: c.name,
  productName: c.productName,
  teachingClassStatus: c.teachingClassStatus,
  trainingStart: optionalDay,
  trainingEnd: optionalDay,
  expectedOpen: optionalDay,
  experience: c.experience,
  learningGoal: c.learningGoal,
  teachers: z
    .array(z.object({ accountId: idSchema, role: z.enum(CLASS_TEACHER_ROLES as [string, ...string[]], { error: t('classes.badTeacherRole') }) }), {
      error: t('validation.invalid'),
    })
    .max(CLASS_LIMITS.teachers, t('classes.tooManyTeachers', { max: CLASS_LIMITS.teachers })),
});

const periodInput = body({
  id: idSchema,
  periodId: z.preprocess(blankIsNone, idSchema.optional()),
  ...periodFields.shape,
  start: optionalDay,
  end: optionalDay,
});

const studentQuery = z.object({
  id: idSchema,
  ...pageFields,
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? blankIsNone(v.trim()) : v),
    z
      .string({ error: t('classes.badKeyword') })
      .max(20, t('classes.badKeyword'))
      .optional(),
  ),
  periodId: z.preprocess(blankIsNone, idSchema.optional()),
  serviceStatus: z.preprocess(blankIsNone, oneOf(SERVICE_STATUSES, t('classes.badServiceStatus')).optional()),
});

const mobile = z
  .string({ error: t('classes.badMobile') })
  .trim()
  .regex(STUDENT_MOBILE, t('classes.badMobile'));

const enrolInput = body({
  id: idSchema,
  mobile,
  name: optionalText(CSV_LIMITS.name, t('classes.studentNameTooLong', { max: CSV_LIMITS.name })),
  periodId: z.preprocess(blankIsNull, idSchema.nullable()),
});

const statusInput = body({ id: idSchema, studentId: idSchema, serviceStatus: oneOf(SERVICE_STATUSES, t('classes.badServiceStatus')) });
const moveInput = body({ id: idSchema, studentId: idSchema, fromPeriodId: z.preprocess(blankIsNull, idSchema.nullable()), toPeriodId: idSchema });
const importInput = body({
  id: idSchema,
  csv: z
    .string({ error: t('classes.csvRequired') })
    .min(1, t('classes.csvRequired'))
    .max(CSV_LIMITS.chars, t('classes.csv.tooLarge', { rows: CSV_LIMITS.rows })),
  apply: z.boolean({ error: t('validation.invalid') }),
});

export const classesAdminRoutes = new Hono<ApiEnv>();

serveStaff(classesAdminRoutes, 'adminClasses', classQuery, (s, actor, q) => service.pageClasses(s, actor, q));
serveStaff(classesAdminRoutes, 'adminClassGet', withId, (s, actor, b) => service.getClass(s, actor, b.id));
serveStaff(classesAdminRoutes, 'adminClassSave', classInput, (s, actor, b) =>
  service.saveClass(s, actor, { ...b, teachers: b.teachers as service.ClassFields['teachers'] }),
);
serveStaff(classesAdminRoutes, 'adminClassEnd', withId, (s, actor, b) => service.endClass(s, actor, b.id));
serveStaff(classesAdminRoutes, 'adminClassDelete', withId, (s, actor, b) => service.deleteClass(s, actor, b.id));
serveStaff(classesAdminRoutes, 'adminClassTeacherOptions', z.object({}), (s, actor) => service.teacherOptions(s, actor));
serveStaff(classesAdminRoutes, 'adminClassPeriods', withId, (s, actor, b) => service.listPeriods(s, actor, b.id));
serveStaff(classesAdminRoutes, 'adminClassPeriodSave', periodInput, (s, actor, b) => service.savePeriod(s, actor, b.id, b));
serveStaff(classesAdminRoutes, 'adminClassPeriodDelete', body({ id: idSchema, periodId: idSchema }), (s, actor, b) =>
  service.deletePeriod(s, actor, b.id, b.periodId),
);
serveStaff(classesAdminRoutes, 'adminClassStudents', studentQuery, (s, actor, q) => service.pageStudents(s, actor, q.id, q));
serveStaff(classesAdminRoutes, 'adminClassEnrol', enrolInput, (s, actor, b) => service.enrol(s, actor, b.id, b));
serveStaff(classesAdminRoutes, 'adminClassStudentStatus', statusInput, (s, actor, b) => service.changeStatus(s, actor, b.id, b.studentId, b.serviceStatus));
serveStaff(classesAdminRoutes, 'adminClassStudentMove', moveInput, (s, actor, b) => service.movePeriod(s, actor, b.id, b));
serveStaff(classesAdminRoutes, 'adminClassStudentRemove', body({ id: idSchema, studentId: idSchema }), (s, actor, b) =>
  service.removeStudent(s, actor, b.id, b.studentId),
);
serveStaff(classesAdminRoutes, 'adminClassImport', importInput, (s, actor, b) => service.importStudents(s, actor, b.id, b));
