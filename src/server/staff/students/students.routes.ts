import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { oneOf } from '~/lib/forms/parts';
import { STUDENT_MOBILE } from '~/lib/learning/class-admin';
import { BULK_ENROL_MAX, SCHOOL_STUDENT_STATUS, STUDENT_NAME_MAX, type SchoolStudentStatus } from '~/lib/api/contracts/admin-students';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { csvDownload } from '../../http/csv';
import { pageFields, searchText } from '../../http/list-query';
import { isNationalIdNumber, normalizeIdNumber } from '~/lib/rules/id-number';
import * as service from './students.service';

/** 学员管理 (/api/admin/students...): validated here, scoped and audited in students.service.ts. */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const withId = body({ id: idSchema });

const editInput = body({
  id: idSchema,
  name: z
    .string({ error: t('students.badName', { max: STUDENT_NAME_MAX }) })
    .trim()
    .min(1, t('students.badName', { max: STUDENT_NAME_MAX }))
    .max(STUDENT_NAME_MAX, t('students.badName', { max: STUDENT_NAME_MAX })),
  mobile: z
    .string({ error: t('students.badMobile') })
    .trim()
    .regex(STUDENT_MOBILE, t('students.badMobile')),
});

/** A 证件号码: '' (clears it), or 15 digits or 17 and a check digit or X (src/lib/rules/id-number.ts); stored upper-case. */
const idNumberInput = body({
  id: idSchema,
  idNumber: z
    .string({ error: t('students.badIdNumber') })
    .max(32, t('students.badIdNumber'))
    .transform(normalizeIdNumber)
    .refine((v) => v === '' || isNationalIdNumber(v), t('students.badIdNumber')),
});

const statusInput = body({ id: idSchema, status: oneOf(Object.values(SCHOOL_STUDENT_STATUS), t('students.badStatus')) });

const enrolInput = body({
  userIds: z
    .array(idSchema, { error: t('students.enrol.badStudents', { max: BULK_ENROL_MAX }) })
    .min(1, t('students.enrol.noStudents'))
    .max(BULK_ENROL_MAX, t('students.enrol.badStudents', { max: BULK_ENROL_MAX })),
  classId: z.string({ error: t('students.enrol.noClass') }).pipe(idSchema),
  periodId: idSchema.nullish(),
});

export const studentsStaffRoutes = new Hono<ApiEnv>();

serveStaff(studentsStaffRoutes, 'adminStudents', z.object({ ...pageFields, q: searchText }), (s, actor, q) =>
  service.pageStudents(s, actor, { current: q.current, size: q.size, text: q.q }),
);
serveStaff(studentsStaffRoutes, 'adminStudentsExport', z.object({ q: searchText }), async (s, actor, q) => {
  const text = await service.exportStudents(s, actor, q.q);
  const stamp = formatDateTime(s.now).slice(0, 10).replace(/-/g, '');
  return csvDownload(text, `students-${stamp}.csv`, `${t('students.fileName')}-${stamp}.csv`);
});
serveStaff(studentsStaffRoutes, 'adminStudentGet', withId, (s, actor, b) => service.studentDetail(s, actor, b.id));
serveStaff(studentsStaffRoutes, 'adminStudentSave', editInput, (s, actor, b) => service.editStudent(s, actor, b.id, { name: b.name, mobile: b.mobile }));
serveStaff(studentsStaffRoutes, 'adminStudentStatus', statusInput, (s, actor, b) => service.changeStatus(s, actor, b.id, b.status as SchoolStudentStatus));
serveStaff(studentsStaffRoutes, 'adminStudentIdNumber', idNumberInput, (s, actor, b) => service.setIdNumber(s, actor, b.id, b.idNumber || null));
serveStaff(studentsStaffRoutes, 'adminStudentSignOut', withId, (s, actor, b) => service.signOutStudent(s, actor, b.id));
serveStaff(studentsStaffRoutes, 'adminStudentEnrolClasses', z.object({}), (s, actor) => service.enrolmentClasses(s, actor));
serveStaff(studentsStaffRoutes, 'adminStudentsEnrol', enrolInput, (s, actor, b) =>
  service.enrolStudents(s, actor, { userIds: b.userIds, classId: b.classId, periodId: b.periodId ?? null }),
);
