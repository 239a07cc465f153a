import { describe, expect, test } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as st from '~/lib/api/contracts/admin-students';
import * as staff from '~/lib/api/contracts/staff';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { createSchool } from '~/server/tenant/tenant.service';
import { useTestServer } from '../setup/server';
import { asStaff, auditOf, freshRequestId } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { freshStudentMobile, makeClass, makePeriod, ok, onClass, staffer, type Staffer } from '../setup/classes';

/**
 * 学员管理's bulk enrolment: the chosen students into one class the actor manages, in one
 * transaction, through the class domain's one enrolment path; each student once (those in the
 * class already reported, a second click enrols nothing), audited one entry per enrolment, and
 * refused whole (nothing changed) for a student out of reach, an unknown period, an ended class or
 * a class the teacher does not head.
 */

const server = useTestServer();
const s = () => server();
let schools = 0;
const step = () => s().clock.advance(1000);

async function school() {
  schools += 1;
  const made = await createSchool(s().runtime.db, { preDomain: `bulk${process.pid % 10000}x${schools}`, name: `批量学校${schools}` }, s().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const tenantId = made.tenant.id;
  const admin = await staffer(s(), tenantId, STAFF_ROLE.admin);
  const teacher = await staffer(s(), tenantId, STAFF_ROLE.teacher);
  const classA = await makeClass(s(), admin, tenantId, { teachers: [{ accountId: teacher.account.id, role: 'head' }] });
  const classB = await makeClass(s(), admin, tenantId);
  return { tenantId, admin, teacher, classA, classB };
}
type School = Awaited<ReturnType<typeof school>>;

async function student(sc: School, classId: string, name: string): Promise<string> {
  step();
  const done = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile: freshStudentMobile(), name }, onClass(sc.admin, classId, sc.tenantId)));
  return done.student.userId;
}

const as = (who: Staffer, sc: School, requestId?: string) => asStaff(who.session, sc.tenantId, requestId ? { 'X-Request-Id': requestId } : {});
const enrolled = (sc: School, classId: string) =>
  ok<{ records: cls.AdminClassStudent[]; total: number }>(s().call(cls.adminClassStudents, { size: 100 }, onClass(sc.admin, classId, sc.tenantId)));

describe('bulk enrolment from 学员管理', () => {
  test('enrols the chosen students once, reports those already in, audits each enrolment; a second click enrols nothing', async () => {
    const sc = await school();
    const a = await student(sc, sc.classA.id, '甲');
    const b = await student(sc, sc.classA.id, '乙');
    const c = await student(sc, sc.classB.id, '丙');
    const period = await makePeriod(s(), sc.admin, sc.tenantId, sc.classB.id, '第一期');
    step();
    const requestId = freshRequestId('bulk-enrol');
    const first = await ok<st.BulkEnrolResult>(
      s().call(st.adminStudentsEnrol, { userIds: [a, b, c, a], classId: sc.classB.id, periodId: period.id }, as(sc.admin, sc, requestId)),
    );
    expect(first.className).toBe(sc.classB.name);
    expect(first.added.map((x) => x.name).sort()).toEqual(['乙', '甲'].sort());
    expect(first.already).toEqual([{ id: c, name: '丙' }]);
    const list = await enrolled(sc, sc.classB.id);
    expect(list.total).toBe(3);
    expect(list.records.filter((r) => r.userId !== c).map((r) => r.periodId)).toEqual([period.id, period.id]);

    const entries = await auditOf(s(), sc.tenantId, { requestId });
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTION.studentEnrol, AUDIT_ACTION.studentEnrol]);
    expect(entries.map((e) => JSON.parse(e.afterJson!).userId).sort()).toEqual([a, b].sort());
    expect(entries.every((e) => JSON.parse(e.afterJson!).classId === sc.classB.id && e.targetType === 'classStudent')).toBe(true);

    step();
    const again = await ok<st.BulkEnrolResult>(s().call(st.adminStudentsEnrol, { userIds: [a, b, c], classId: sc.classB.id }, as(sc.admin, sc)));
    expect(again.added).toEqual([]);
    expect(again.already.map((x) => x.id).sort()).toEqual([a, b, c].sort());
    expect((await enrolled(sc, sc.classB.id)).total).toBe(3);
  });

  test('two bulk enrolments of the same students at once enrol each once', async () => {
    const sc = await school();
    const ids = [await student(sc, sc.classA.id, '一'), await student(sc, sc.classA.id, '二'), await student(sc, sc.classA.id, '三')];
    step();
    const answers = await Promise.all([
      s().call(st.adminStudentsEnrol, { userIds: ids, classId: sc.classB.id }, as(sc.admin, sc)),
      s().call(st.adminStudentsEnrol, { userIds: [...ids].reverse(), classId: sc.classB.id }, as(sc.admin, sc)),
    ]);
    const results = answers.map((x) => {
      expect(x.body.code, JSON.stringify(x.body)).toBe(0);
      return x.body.data as st.BulkEnrolResult;
    });
    expect(results[0]!.added.length + results[1]!.added.length).toBe(3);
    expect((await enrolled(sc, sc.classB.id)).total).toBe(3);
  });

  test('a head teacher enrols their own students into their class; another class, or a student out of reach, is 404 and changes nothing', async () => {
    const sc = await school();
    const mine = await student(sc, sc.classA.id, '本班');
    const other = await student(sc, sc.classB.id, '别班');
    const classC = await makeClass(s(), sc.admin, sc.tenantId, { teachers: [{ accountId: sc.teacher.account.id, role: 'head' }] });
    const options = await ok<cls.EnrolmentClass[]>(s().call(st.adminStudentEnrolClasses, {}, as(sc.teacher, sc)));
    expect(options.map((o) => o.id).sort()).toEqual([sc.classA.id, classC.id].sort());
    step();
    const done = await ok<st.BulkEnrolResult>(s().call(st.adminStudentsEnrol, { userIds: [mine], classId: classC.id }, as(sc.teacher, sc)));
    expect(done.added.map((x) => x.id)).toEqual([mine]);
    // Class B is not theirs: "not found", as a class that does not exist.
    expectRefused(await s().call(st.adminStudentsEnrol, { userIds: [mine], classId: sc.classB.id }, as(sc.teacher, sc)), 404, t('classes.notFound'));
    // A student of another teacher's class, with one of their own: refused whole.
    expectRefused(await s().call(st.adminStudentsEnrol, { userIds: [other], classId: classC.id }, as(sc.teacher, sc)), 404, t('students.notFound'));
    const fresh = await student(sc, sc.classA.id, '新生');
    expectRefused(await s().call(st.adminStudentsEnrol, { userIds: [fresh, other], classId: classC.id }, as(sc.teacher, sc)), 404, t('students.notFound'));
    expect((await enrolled(sc, classC.id)).records.map((r) => r.userId)).toEqual([mine]);
  });

  test('bad input is refused with a message and changes nothing', async () => {
    const sc = await school();
    const a = await student(sc, sc.classA.id, '甲');
    const call = (body: unknown) => s().call(st.adminStudentsEnrol, body as st.BulkEnrolInput, as(sc.admin, sc));
    expectRefused(await call({ userIds: [], classId: sc.classB.id }), 400, t('students.enrol.noStudents'));
    expectRefused(
      await call({ userIds: Array.from({ length: st.BULK_ENROL_MAX + 1 }, (_, i) => `u${i}`), classId: sc.classB.id }),
      400,
      t('students.enrol.badStudents', { max: st.BULK_ENROL_MAX }),
    );
    expectRefused(await call({ userIds: [a] }), 400, t('students.enrol.noClass'));
    expectRefused(await call({ userIds: [a], classId: sc.classB.id, periodId: 'nope' }), 404, t('classes.periodNotFound'));
    expectRefused(await call({ userIds: [a], classId: 'nope' }), 404, t('classes.notFound'));
    step();
    await ok(s().call(cls.adminClassEnd, {}, onClass(sc.admin, sc.classB.id, sc.tenantId)));
    expectRefused(await call({ userIds: [a], classId: sc.classB.id }), ErrorCode.CONFLICT, t('classes.ended'));
    const options = await ok<cls.EnrolmentClass[]>(s().call(st.adminStudentEnrolClasses, {}, as(sc.admin, sc)));
    expect(options.map((o) => o.id)).toEqual([sc.classA.id]);
    expect((await enrolled(sc, sc.classB.id)).total).toBe(0);
  });

  test('操作日志: entries about a student link to their 学员管理 page and name them', async () => {
    const sc = await school();
    const a = await student(sc, sc.classA.id, '链接学员');
    step();
    await ok(s().call(st.adminStudentsEnrol, { userIds: [a], classId: sc.classB.id }, as(sc.admin, sc)));
    step();
    await ok(s().call(st.adminStudentSignOut, {}, { ...as(sc.admin, sc), params: { id: a } }));
    const page = await ok<{ records: staff.AuditEntry[] }>(s().call(staff.audit, { actorId: sc.admin.account.id, size: 100 }, as(sc.admin, sc)));
    const about = page.records.filter((e) => e.targetType === 'classStudent' || e.targetType === 'schoolStudent');
    // Two enrolments (class A, class B) and the sign-out.
    expect(about.map((e) => e.action).sort()).toEqual([AUDIT_ACTION.schoolStudentSignOut, AUDIT_ACTION.studentEnrol, AUDIT_ACTION.studentEnrol].sort());
    for (const e of about) {
      expect(e.link).toBe(`/admin/students?id=${a}`);
      expect(e.targetName).toBe('链接学员');
    }
    // The enrolment's userId field is named, not shown as an id.
    const enrolment = about.find((e) => e.action === AUDIT_ACTION.studentEnrol)!;
    expect(enrolment.names[a]).toBe('链接学员');
  });
});
