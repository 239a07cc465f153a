import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as learning from '~/lib/api/contracts/learning';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { STAFF_ACCESS } from '~/lib/staff/access';
import { CSV_LIMITS } from '~/lib/learning/class-admin';
import { SERVICE_STATUS, TEACHING_CLASS_STATUS } from '~/lib/learning/codes';
import { ErrorCode } from '~/lib/envelope';
import { createLogger } from '~/server/logger';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { asStaff, auditFromNow } from '../setup/staff';
import { loginAs, withToken } from '../setup/users';
import { freshStudentMobile, makeClass, makePeriod, ok, onClass, staffer, type Staffer } from '../setup/classes';
import { expectRefused } from '../setup/api';
import { t } from '~/server/i18n';
import { callsOf, type CallsOf } from '~/lib/api/contract';

/**
 * The staff side of classes: the class scope (a teacher reaches only the classes they teach, every
 * other class is "not found", as is another school's), classes, periods and students with their
 * refusals, the CSV import (per-row report, idempotent, concurrent imports), and what the learner
 * area then shows.
 */

const server = useTestServer();
const s = () => server();

async function school(tenantId = DEMO.id) {
  const admin = await staffer(s(), tenantId, STAFF_ROLE.admin);
  const head = await staffer(s(), tenantId, STAFF_ROLE.teacher);
  const tutor = await staffer(s(), tenantId, STAFF_ROLE.teacher);
  const classA = await makeClass(s(), admin, tenantId, {
    teachers: [
      { accountId: head.account.id, role: 'head' },
      { accountId: tutor.account.id, role: 'tutor' },
    ],
  });
  const classB = await makeClass(s(), admin, tenantId);
  return { admin, head, tutor, classA, classB };
}

const enrol = (who: Staffer, classId: string, input: cls.EnrolInput, tenantId = DEMO.id) =>
  s().call(cls.adminClassEnrol, input, onClass(who, classId, tenantId));

describe('the class scope', () => {
  /** Every call about one class, with an input that would pass its validation. */
  const CLASS_CALLS: { name: keyof CallsOf<typeof cls>; input: (ids: { periodId: string; studentId: string }) => unknown }[] = [
    { name: 'adminClassGet', input: () => ({}) },
    { name: 'adminClassEnd', input: () => ({}) },
    { name: 'adminClassDelete', input: () => ({}) },
    { name: 'adminClassPeriods', input: () => ({}) },
    { name: 'adminClassPeriodSave', input: () => ({ classPeriodType: 1, name: '第9期' }) },
    { name: 'adminClassPeriodDelete', input: (x) => ({ periodId: x.periodId }) },
    { name: 'adminClassStudents', input: () => ({}) },
    { name: 'adminClassEnrol', input: () => ({ mobile: freshStudentMobile() }) },
    { name: 'adminClassStudentStatus', input: (x) => ({ studentId: x.studentId, serviceStatus: 3 }) },
    { name: 'adminClassStudentMove', input: (x) => ({ studentId: x.studentId, fromPeriodId: x.periodId, toPeriodId: x.periodId }) },
    { name: 'adminClassStudentRemove', input: (x) => ({ studentId: x.studentId }) },
    { name: 'adminClassImport', input: () => ({ csv: `手机号\n${freshStudentMobile()}\n`, apply: true }) },
  ];
  const every = Object.keys(callsOf(cls)).filter((n) => !['adminClasses', 'adminClassSave', 'adminClassTeacherOptions'].includes(n));

  test('the table names every call that takes a class', () => {
    expect(CLASS_CALLS.map((c) => c.name).sort()).toEqual(every.sort());
  });

  test.each(CLASS_CALLS.map((c) => [c.name, c] as const))(
    "%s: a teacher of class A, and another school's administrator, do not reach class B (404)",
    async (_n, c) => {
      const { admin, head, classB } = await school();
      const period = await makePeriod(s(), admin, DEMO.id, classB.id, '第1期');
      const student = (await ok<cls.Enrolled>(enrol(admin, classB.id, { mobile: freshStudentMobile(), periodId: period.id }))).student;
      const foreign = await staffer(s(), HUAXIA.id, STAFF_ROLE.admin);
      const input = c.input({ periodId: period.id, studentId: student.id });
      const call = callsOf(cls)[c.name];
      const asHead = await s().call(call as never, input, onClass(head, classB.id, DEMO.id));
      // Ending and deleting are the administrators' alone: a teacher is refused by role, the same for every class.
      if (STAFF_ACCESS[c.name] === STAFF_ACCESS.adminClassSave) expect(asHead.body).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
      else expect(asHead.body).toEqual({ code: 404, data: null, message: '班级不存在或已删除' });
      // Another school's administrator, in their own school: the class is not there.
      const asForeign = await s().call(call as never, input, onClass(foreign, classB.id, HUAXIA.id));
      expect(asForeign.body).toEqual({ code: 404, data: null, message: '班级不存在或已删除' });
      // Nothing changed: class B still has its student in its period.
      const after = await ok<cls.AdminClass>(s().call(cls.adminClassGet, {}, onClass(admin, classB.id, DEMO.id)));
      expect(after).toMatchObject({ teachingClassStatus: 1, studentCount: 1, periodCount: 1 });
    },
  );

  test("a teacher's list shows only their classes; an administrator's every class of the school; an editor may not call", async () => {
    const { admin, head, tutor, classA, classB } = await school();
    const list = async (who: Staffer) =>
      (await ok<{ records: cls.AdminClassSummary[] }>(s().call(cls.adminClasses, { size: 100 }, asStaff(who.session, DEMO.id)))).records.map((r) => r.id);
    expect(await list(head)).toEqual([classA.id]);
    expect(await list(tutor)).toEqual([classA.id]);
    expect(await list(admin)).toEqual(expect.arrayContaining([classA.id, classB.id]));
    const loner = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    expect(await list(loner)).toEqual([]);
    const editor = await staffer(s(), DEMO.id, STAFF_ROLE.editor);
    expectRefused(await s().call(cls.adminClasses, {}, asStaff(editor.session, DEMO.id)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
  });

  test('the head teacher runs periods and students of their class; a tutor reads them with masked mobiles and may not change them', async () => {
    const { head, tutor, classA } = await school();
    const period = await ok<cls.AdminPeriod>(s().call(cls.adminClassPeriodSave, { classPeriodType: 1, name: '第1期' }, onClass(head, classA.id, DEMO.id)));
    const mobile = freshStudentMobile();
    await ok(enrol(head, classA.id, { mobile, name: '王小明', periodId: period.id }));
    const byHead = await ok<{ records: cls.AdminClassStudent[] }>(s().call(cls.adminClassStudents, {}, onClass(head, classA.id, DEMO.id)));
    expect(byHead.records[0]).toMatchObject({ name: '王小明', mobile, periodName: '第1期', serviceStatus: SERVICE_STATUS.IN_SERVICE });
    const byTutor = await ok<{ records: cls.AdminClassStudent[] }>(s().call(cls.adminClassStudents, {}, onClass(tutor, classA.id, DEMO.id)));
    expect(byTutor.records[0]!.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    const refused = await enrol(tutor, classA.id, { mobile: freshStudentMobile() });
    expect(refused.body).toEqual({ code: 403, data: null, message: '只有本班班主任或学校管理员可以进行此操作' });
    const got = await ok<cls.AdminClass>(s().call(cls.adminClassGet, {}, onClass(tutor, classA.id, DEMO.id)));
    expect(got.may).toEqual({ edit: false, manageStudents: false });
    // Class fields, ending and teachers are the administrators' (the access table).
    expectRefused(await s().call(cls.adminClassEnd, {}, onClass(head, classA.id, DEMO.id)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
  });
});

describe('classes', () => {
  test('create with every teaching state and experience mode, search and filter on the server, edit, teachers with roles', async () => {
    const { admin, head } = await school();
    const name = `检索班级${Date.now() % 100000}`;
    const made: cls.AdminClass[] = [];
    for (const status of [0, 1, 2]) {
      made.push(
        await makeClass(s(), admin, DEMO.id, { name: `${name}-${status}`, teachingClassStatus: status, experience: status === 1, expectedOpen: '2026-12-01' }),
      );
    }
    const page = await ok<{ records: cls.AdminClassSummary[]; total: number }>(
      s().call(cls.adminClasses, { name, teachingClassStatus: 1, size: 10 }, asStaff(admin.session, DEMO.id)),
    );
    expect(page.records.map((r) => r.name)).toEqual([`${name}-1`]);
    const exp = await ok<{ records: cls.AdminClassSummary[] }>(s().call(cls.adminClasses, { name, experience: 1 }, asStaff(admin.session, DEMO.id)));
    expect(exp.records.map((r) => r.experience)).toEqual([true]);
    const paged = await ok<{ records: unknown[]; total: number; pages: number }>(
      s().call(cls.adminClasses, { name, size: 2, current: 2 }, asStaff(admin.session, DEMO.id)),
    );
    expect(paged).toMatchObject({ total: 3, pages: 2 });
    expect(paged.records).toHaveLength(1);
    expect(made[0]!.expectedOpenAt).toBe(Date.UTC(2026, 10, 30, 16));

    const edited = await ok<cls.AdminClass>(
      s().call(
        cls.adminClassSave,
        {
          id: made[0]!.id,
          name: `${name}-改`,
          teachingClassStatus: 1,
          experience: false,
          trainingStart: '2026-11-01',
          trainingEnd: '2026-11-30',
          teachers: [{ accountId: head.account.id, role: 'head' }],
        },
        asStaff(admin.session, DEMO.id),
      ),
    );
    expect(edited).toMatchObject({ name: `${name}-改`, teacherName: head.account.name, teachers: [{ accountId: head.account.id, role: 'head' }] });
    expect(edited.trainingEndAt).toBe(Date.UTC(2026, 10, 30, 16) - 1000);
  });

  test('refusals: two head teachers, a teacher twice, an unknown or other school account, end before start, bad status', async () => {
    const { admin, head, tutor } = await school();
    const foreign = await staffer(s(), HUAXIA.id, STAFF_ROLE.teacher);
    const save = (over: Partial<cls.ClassInput>) => s().call(cls.adminClassSave, { ...baseInput(), ...over }, asStaff(admin.session, DEMO.id));
    const baseInput = (): cls.ClassInput => ({ name: '拒绝班级', teachingClassStatus: 1, experience: false, teachers: [] });
    const cases: [Partial<cls.ClassInput>, string][] = [
      [
        {
          teachers: [
            { accountId: head.account.id, role: 'head' },
            { accountId: tutor.account.id, role: 'head' },
          ],
        },
        '一个班级只能有一位班主任',
      ],
      [
        {
          teachers: [
            { accountId: head.account.id, role: 'head' },
            { accountId: head.account.id, role: 'tutor' },
          ],
        },
        '同一位老师只能出现一次',
      ],
      [{ teachers: [{ accountId: foreign.account.id, role: 'tutor' }] }, '所选老师不存在或已停用'],
      [{ trainingStart: '2026-12-01', trainingEnd: '2026-11-01' }, '结束日期不能早于开始日期'],
      [{ teachingClassStatus: 7 }, '教学状态不正确'],
      [{ name: ' ' }, '请填写班级名称'],
      [{ trainingStart: '2026-13-01' }, '日期格式不正确'],
    ];
    for (const [over, message] of cases) {
      const a = await save(over);
      expect(a.body.code, JSON.stringify(over)).toBe(400);
      if (message !== '日期格式不正确') expect(a.body.message).toBe(message);
    }
  });

  test('ending: the class is over, the students it served are completed, one never admitted stays; once only', async () => {
    const { admin, classA } = await school();
    const served = await ok<cls.Enrolled>(enrol(admin, classA.id, { mobile: freshStudentMobile() }));
    const pending = await ok<cls.Enrolled>(enrol(admin, classA.id, { mobile: freshStudentMobile() }));
    await ok(s().call(cls.adminClassStudentStatus, { studentId: pending.student.id, serviceStatus: -1 }, onClass(admin, classA.id, DEMO.id)));
    const ended = await ok<cls.ClassEnded>(s().call(cls.adminClassEnd, {}, onClass(admin, classA.id, DEMO.id)));
    expect(ended).toMatchObject({ completed: 1, class: { teachingClassStatus: TEACHING_CLASS_STATUS.OVER } });
    const students = await ok<{ records: cls.AdminClassStudent[] }>(s().call(cls.adminClassStudents, {}, onClass(admin, classA.id, DEMO.id)));
    const status = new Map(students.records.map((r) => [r.id, r.serviceStatus]));
    expect(status.get(served.student.id)).toBe(SERVICE_STATUS.COMPLETED);
    expect(status.get(pending.student.id)).toBe(SERVICE_STATUS.PENDING_ADMISSION);
    const again = await s().call(cls.adminClassEnd, {}, onClass(admin, classA.id, DEMO.id));
    expect(again.body).toEqual({ code: 409, data: null, message: '该班级已结束' });
    const late = await enrol(admin, classA.id, { mobile: freshStudentMobile() });
    expect(late.body.message).toBe('班级已结束，不能再添加学员');
  });

  test('delete: refused with the count while the class has students, done when it has none', async () => {
    const { admin, classA, classB } = await school();
    await ok(enrol(admin, classA.id, { mobile: freshStudentMobile() }));
    const refused = await s().call(cls.adminClassDelete, {}, onClass(admin, classA.id, DEMO.id));
    expect(refused.body).toEqual({ code: 409, data: null, message: '该班级还有 1 名学员，请先移出学员再删除' });
    await ok(s().call(cls.adminClassDelete, {}, onClass(admin, classB.id, DEMO.id)));
    expectRefused(await s().call(cls.adminClassGet, {}, onClass(admin, classB.id, DEMO.id)), ErrorCode.NOT_FOUND, t('classes.notFound'));
  });
});

describe('periods', () => {
  test('create, edit, list with counts; a name twice refused; delete refused with the count while students are in it', async () => {
    const { admin, classA } = await school();
    const p1 = await makePeriod(s(), admin, DEMO.id, classA.id, '第1期');
    const p2 = await makePeriod(s(), admin, DEMO.id, classA.id, '第2期');
    const dup = await s().call(cls.adminClassPeriodSave, { classPeriodType: 1, name: '第1期' }, onClass(admin, classA.id, DEMO.id));
    expect(dup.body.message).toBe('本班已有同名期次');
    const edited = await ok<cls.AdminPeriod>(
      s().call(
        cls.adminClassPeriodSave,
        { periodId: p2.id, classPeriodType: 2, name: '考试期', start: '2027-01-01', end: '2027-01-02' },
        onClass(admin, classA.id, DEMO.id),
      ),
    );
    expect(edited).toMatchObject({ id: p2.id, classPeriodType: 2, name: '考试期', startAt: Date.UTC(2026, 11, 31, 16) });
    await ok(enrol(admin, classA.id, { mobile: freshStudentMobile(), periodId: p1.id }));
    const list = await ok<cls.AdminPeriod[]>(s().call(cls.adminClassPeriods, {}, onClass(admin, classA.id, DEMO.id)));
    expect(list.map((p) => [p.name, p.studentCount])).toEqual([
      ['第1期', 1],
      ['考试期', 0],
    ]);
    const refused = await s().call(cls.adminClassPeriodDelete, { periodId: p1.id }, onClass(admin, classA.id, DEMO.id));
    expect(refused.body).toEqual({ code: 409, data: null, message: '该期次还有 1 名学员，请先调整这些学员的期次' });
    await ok(s().call(cls.adminClassPeriodDelete, { periodId: p2.id }, onClass(admin, classA.id, DEMO.id)));
    // A period of another class is not this class's.
    const { classB } = await school();
    const other = await s().call(cls.adminClassPeriodDelete, { periodId: p1.id }, onClass(admin, classB.id, DEMO.id));
    expect(other.body.message).toBe('期次不存在或已删除');
  });
});

describe('students', () => {
  test('enrol by mobile: a known user is matched, a new mobile becomes a user of the school, again changes nothing', async () => {
    const { admin, classA } = await school();
    const known = await loginAs(s(), DEMO.id);
    const first = await ok<cls.Enrolled>(enrol(admin, classA.id, { mobile: known.mobile, name: '不会改名' }));
    expect(first).toMatchObject({ added: true, userCreated: false, student: { userId: known.userId } });
    const again = await ok<cls.Enrolled>(enrol(admin, classA.id, { mobile: known.mobile }));
    expect(again).toMatchObject({ added: false, student: { id: first.student.id } });
    const mobile = freshStudentMobile();
    const fresh = await ok<cls.Enrolled>(enrol(admin, classA.id, { mobile, name: '新学员' }));
    expect(fresh).toMatchObject({ added: true, userCreated: true, student: { name: '新学员', mobile } });
    const binding = await s()
      .runtime.db.selectFrom('userTenants')
      .selectAll()
      .where('tenantId', '=', DEMO.id)
      .where('userId', '=', fresh.student.userId)
      .executeTakeFirstOrThrow();
    expect(binding.studentId).toBe(fresh.student.schoolStudentId);
    const bad = await enrol(admin, classA.id, { mobile: '12345' });
    expect(bad.body).toEqual({ code: 400, data: null, message: '请输入正确的手机号' });
  });

  test('search and paging; service status; move between periods (conditional); remove (refused with study records)', async () => {
    const { admin, classA } = await school();
    const [p1, p2] = [await makePeriod(s(), admin, DEMO.id, classA.id, '第1期'), await makePeriod(s(), admin, DEMO.id, classA.id, '第2期')];
    const a = await ok<cls.Enrolled>(enrol(admin, classA.id, { mobile: freshStudentMobile(), name: '甲同学', periodId: p1.id }));
    await ok(enrol(admin, classA.id, { mobile: freshStudentMobile(), name: '乙同学', periodId: p1.id }));
    const found = await ok<{ records: cls.AdminClassStudent[]; total: number }>(
      s().call(cls.adminClassStudents, { keyword: '甲' }, onClass(admin, classA.id, DEMO.id)),
    );
    expect(found.records.map((r) => r.name)).toEqual(['甲同学']);
    const page = await ok<{ records: unknown[]; total: number }>(s().call(cls.adminClassStudents, { size: 1, current: 2 }, onClass(admin, classA.id, DEMO.id)));
    expect(page.total).toBe(2);
    expect(page.records).toHaveLength(1);

    const st = await ok<cls.AdminClassStudent>(
      s().call(cls.adminClassStudentStatus, { studentId: a.student.id, serviceStatus: 1 }, onClass(admin, classA.id, DEMO.id)),
    );
    expect(st.serviceStatus).toBe(1);
    const badStatus = await s().call(cls.adminClassStudentStatus, { studentId: a.student.id, serviceStatus: 9 }, onClass(admin, classA.id, DEMO.id));
    expect(badStatus.body.message).toBe('服务状态不正确');

    const moved = await ok<cls.AdminClassStudent>(
      s().call(cls.adminClassStudentMove, { studentId: a.student.id, fromPeriodId: p1.id, toPeriodId: p2.id }, onClass(admin, classA.id, DEMO.id)),
    );
    expect(moved).toMatchObject({ periodId: p2.id, periodName: '第2期' });
    // A second screen still showing the old period: refused, nothing moves.
    const stale = await s().call(
      cls.adminClassStudentMove,
      { studentId: a.student.id, fromPeriodId: p1.id, toPeriodId: p1.id },
      onClass(admin, classA.id, DEMO.id),
    );
    expect(stale.body).toEqual({ code: 409, data: null, message: '学员的期次已被他人调整，请刷新后重试' });

    // With a lesson record the student is not removed; without, they are.
    await s()
      .runtime.db.insertInto('lessonRecords')
      .values(await lessonRecordFor(a.student.id))
      .execute();
    const refused = await s().call(cls.adminClassStudentRemove, { studentId: a.student.id }, onClass(admin, classA.id, DEMO.id));
    expectRefused(refused, ErrorCode.CONFLICT, t('classes.hasRecords', { count: 1 }));
    const others = await ok<{ records: cls.AdminClassStudent[] }>(s().call(cls.adminClassStudents, { keyword: '乙' }, onClass(admin, classA.id, DEMO.id)));
    await ok(s().call(cls.adminClassStudentRemove, { studentId: others.records[0]!.id }, onClass(admin, classA.id, DEMO.id)));
    const left = await ok<{ total: number }>(s().call(cls.adminClassStudents, {}, onClass(admin, classA.id, DEMO.id)));
    expect(left.total).toBe(1);
  });
});

/** A lesson record of the enrolment, on a lesson of a demo course (the record only needs to exist). */
async function lessonRecordFor(classStudentId: string) {
  const db = s().runtime.db;
  const enrolment = await db.selectFrom('classStudents').selectAll().where('id', '=', classStudentId).executeTakeFirstOrThrow();
  const lesson = await db.selectFrom('classrooms').select(['id', 'courseId']).where('tenantId', '=', DEMO.id).executeTakeFirstOrThrow();
  const now = s().clock.value;
  return {
    id: `lr${classStudentId}`.slice(0, 32),
    tenantId: DEMO.id,
    classId: enrolment.classId,
    courseId: lesson.courseId,
    classroomId: lesson.id,
    classStudentId,
    lastPositionMs: 0,
    furthestMs: 0,
    creditedMs: 60_000,
    progress: 10,
    seq: 1,
    finishedAt: null,
    firstStudiedAt: now,
    lastReportAt: now,
    createdAt: now,
  };
}

describe('CSV import', () => {
  const importCsv = (who: Staffer, classId: string, csv: string, apply: boolean) =>
    s().call(cls.adminClassImport, { csv, apply }, onClass(who, classId, DEMO.id));

  test('the dry run reports every row with its reason and changes nothing; apply adds the good rows; applying again adds nothing', async () => {
    const { admin, head, classA } = await school();
    await makePeriod(s(), admin, DEMO.id, classA.id, '第1期');
    const [m1, m2, known] = [freshStudentMobile(), freshStudentMobile(), freshStudentMobile()];
    await ok(enrol(admin, classA.id, { mobile: known }));
    const csv = `\uFEFF手机号,姓名,期次\r\n${m1},张三,第1期\r\n${m2},"李,四",\r\n${known},老学员,\r\n123,坏号码,\r\n${m1},重复,\r\n${freshStudentMobile()},无期次,第9期\r\n\r\n`;
    const dry = await ok<cls.ImportReport>(importCsv(head, classA.id, csv, false));
    expect(dry.applied).toBe(false);
    expect(dry.rows.map((r) => [r.line, r.outcome, r.reason ?? null, r.message ?? null])).toEqual([
      [2, 'added', null, null],
      [3, 'added', null, null],
      [4, 'exists', null, null],
      [5, 'refused', 'badMobile', '手机号不正确'],
      [6, 'refused', 'duplicate', '与文件中前面的行手机号重复'],
      [7, 'refused', 'unknownPeriod', '本班没有该期次'],
    ]);
    expect(dry.rows[1]!.name).toBe('李,四');
    expect(dry.counts).toEqual({ added: 2, exists: 1, refused: 3 });
    expect((await ok<{ total: number }>(s().call(cls.adminClassStudents, {}, onClass(admin, classA.id, DEMO.id)))).total).toBe(1);

    const applied = await ok<cls.ImportReport>(importCsv(head, classA.id, csv, true));
    expect(applied.counts).toEqual({ added: 2, exists: 1, refused: 3 });
    const list = await ok<{ records: cls.AdminClassStudent[]; total: number }>(s().call(cls.adminClassStudents, {}, onClass(admin, classA.id, DEMO.id)));
    expect(list.total).toBe(3);
    expect(list.records.find((r) => r.mobile === m1)).toMatchObject({ name: '张三', periodName: '第1期' });
    const again = await ok<cls.ImportReport>(importCsv(head, classA.id, csv, true));
    expect(again.counts).toEqual({ added: 0, exists: 3, refused: 3 });
    expect((await ok<{ total: number }>(s().call(cls.adminClassStudents, {}, onClass(admin, classA.id, DEMO.id)))).total).toBe(3);
  });

  test('whole-file refusals: no mobile column, empty, unclosed quote, too many rows', async () => {
    const { admin, classA } = await school();
    const cases: [string, string][] = [
      ['姓名,期次\n张三,\n', '文件第一行须为表头，且包含“手机号”列'],
      ['\uFEFF\n\n', '文件是空的，请按模板填写后再导入'],
      ['手机号,姓名\n13800000000,"张三\n', '文件格式不正确：引号没有成对出现'],
    ];
    for (const [csv, message] of cases) expect((await importCsv(admin, classA.id, csv, false)).body).toEqual({ code: 400, data: null, message });
    const many = `手机号\n${Array.from({ length: CSV_LIMITS.rows + 2 }, (_, i) => `139${String(i).padStart(8, '0')}`).join('\n')}\n`;
    const report = await ok<cls.ImportReport>(importCsv(admin, classA.id, many, false));
    expect(report.rows.filter((r) => r.reason === 'tooMany').map((r) => r.line)).toEqual([CSV_LIMITS.rows + 2, CSV_LIMITS.rows + 3]);
    expect(report.rows[report.rows.length - 1]!.message).toBe(`超过每次 ${CSV_LIMITS.rows} 名学员的上限`);
    const huge = await importCsv(admin, classA.id, 'x'.repeat(CSV_LIMITS.chars + 1), false);
    expectRefused(huge, ErrorCode.BAD_REQUEST, t('classes.csv.tooLarge', { rows: CSV_LIMITS.rows }));
  });

  test('two imports of the same file at once add each student once', async () => {
    const { admin, classA } = await school();
    // Students already of the school first (no user to create: the two imports race on the enrolment itself), then new ones.
    const known = await Promise.all(Array.from({ length: 4 }, () => loginAs(s(), DEMO.id, freshStudentMobile())));
    const mobiles = [...known.map((k) => k.mobile), ...Array.from({ length: 4 }, () => freshStudentMobile())];
    const csv = `手机号,姓名\n${mobiles.map((m, i) => `${m},学员${i}`).join('\n')}\n`;
    const [x, y] = await Promise.all([importCsv(admin, classA.id, csv, true), importCsv(admin, classA.id, csv, true)]);
    expect(x.body.code, JSON.stringify(x.body)).toBe(0);
    expect(y.body.code, JSON.stringify(y.body)).toBe(0);
    expect(x.body.data.counts.added + y.body.data.counts.added).toBe(8);
    expect(x.body.data.counts.exists + y.body.data.counts.exists).toBe(8);
    const users = await s().runtime.db.selectFrom('users').select('id').where('mobile', 'in', mobiles).execute();
    expect(users).toHaveLength(8);
    expect((await ok<{ total: number }>(s().call(cls.adminClassStudents, {}, onClass(admin, classA.id, DEMO.id)))).total).toBe(8);
  });

  /**
   * A database that refuses the enrolment of one mobile's user: a trigger, so the failure comes
   * from the database itself in the middle of the apply, after the rows before it were written.
   */
  async function refuseEnrolmentOf(mobile: string): Promise<() => Promise<void>> {
    const db = s().runtime.db;
    const name = `refuse_enrolment_${mobile}`;
    const user = sql.raw(`(select id from users where mobile = '${mobile}')`);
    if (s().runtime.dbKind === 'postgres') {
      await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
        begin if new.user_id = ${user} then raise exception 'enrolment refused'; end if; return new; end $$`.execute(db);
      await sql`create trigger ${sql.raw(name)} before insert on class_students for each row execute function ${sql.raw(name)}()`.execute(db);
      return async () => {
        await sql`drop trigger ${sql.raw(name)} on class_students`.execute(db);
        await sql`drop function ${sql.raw(name)}()`.execute(db);
      };
    }
    await sql`create trigger ${sql.raw(name)} before insert on class_students when new.user_id = ${user}
      begin select raise(abort, 'enrolment refused'); end`.execute(db);
    return async () => {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    };
  }

  test('a failure in the middle of applying leaves nothing applied: no student, no enrolment, no class change, no audit entry', async () => {
    const { admin, classA } = await school();
    const db = s().runtime.db;
    const mobiles = [freshStudentMobile(), freshStudentMobile(), freshStudentMobile(), freshStudentMobile()];
    const csv = `手机号,姓名\n${mobiles.map((m, i) => `${m},学员${i}`).join('\n')}\n`;
    const classBefore = await db.selectFrom('teachingClasses').selectAll().where('id', '=', classA.id).executeTakeFirstOrThrow();
    const laterOfClass = await auditFromNow(s(), DEMO.id, { targetId: classA.id });
    const allow = await refuseEnrolmentOf(mobiles[2]!);
    // The server logs the database's refusal as an unhandled error: kept here instead of the console.
    const logger = s().runtime.logger;
    const errors: string[] = [];
    s().runtime.logger = { ...createLogger('silent'), error: (msg, fields) => void errors.push(`${msg}: ${String(fields?.['error'])}`) };
    try {
      const failed = await importCsv(admin, classA.id, csv, true);
      expect(failed.body).toEqual({ code: ErrorCode.INTERNAL, data: null, message: '系统繁忙，请稍后再试' });
    } finally {
      s().runtime.logger = logger;
      await allow();
    }
    expect(errors).toEqual([expect.stringMatching(/^unhandled error: .*enrolment refused/)]);
    expect(await db.selectFrom('users').select('id').where('mobile', 'in', mobiles).execute()).toEqual([]);
    expect(await db.selectFrom('classStudents').select('id').where('classId', '=', classA.id).execute()).toEqual([]);
    expect(await db.selectFrom('teachingClasses').selectAll().where('id', '=', classA.id).executeTakeFirstOrThrow()).toEqual(classBefore);
    expect(await laterOfClass()).toEqual([]);
    // The same file, once the database takes it, is applied whole.
    expect((await ok<cls.ImportReport>(importCsv(admin, classA.id, csv, true))).counts).toEqual({ added: 4, exists: 0, refused: 0 });
  });
});

describe('the learner area shows what staff set', () => {
  test("a class made and a student enrolled by staff appear in that student's 我的学习 with the head teacher's name", async () => {
    const { admin, head } = await school();
    const made = await makeClass(s(), admin, DEMO.id, { name: '员工新建班级', teachers: [{ accountId: head.account.id, role: 'head' }] });
    const period = await makePeriod(s(), admin, DEMO.id, made.id, '第1期');
    const student = await loginAs(s(), DEMO.id, freshStudentMobile());
    await ok(enrol(admin, made.id, { mobile: student.mobile, periodId: period.id }));
    const mine = await ok<learning.LearnerClass[]>(s().call(learning.studentClasses, { userId: student.userId }, withToken(student.token)));
    expect(mine).toEqual([
      expect.objectContaining({
        classId: made.id,
        className: '员工新建班级',
        teacherName: head.account.name,
        classPeriodName: '第1期',
        serviceStatus: SERVICE_STATUS.IN_SERVICE,
        teachingClassStatus: 1,
        trainingStartTime: '2026-11-01 00:00:00',
      }),
    ]);
    // The head teacher changes: the card follows.
    const tutor = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    await ok(
      s().call(
        cls.adminClassSave,
        { id: made.id, name: '员工新建班级', teachingClassStatus: 1, experience: false, teachers: [{ accountId: tutor.account.id, role: 'head' }] },
        asStaff(admin.session, DEMO.id),
      ),
    );
    const after = await ok<learning.LearnerClass[]>(s().call(learning.studentClasses, { userId: student.userId }, withToken(student.token)));
    expect(after[0]!.teacherName).toBe(tutor.account.name);
  });
});
