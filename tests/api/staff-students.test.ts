import { describe, expect, test } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as st from '~/lib/api/contracts/admin-students';
import * as identityApi from '~/lib/api/contracts/identity';
import * as exams from '~/lib/api/contracts/exams';
import * as certs from '~/lib/api/contracts/admin-certificates';
import { idNumber } from '~/dev/seed/certificates';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { urlOf } from '~/lib/api/contract';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { createSchool } from '~/server/tenant/tenant.service';
import { hashPassword } from '~/server/login/password';
import { updateUser } from '~/server/identity/identity.service';
import { CSV_BOM } from '~/server/csv.rules';
import { DEMO, useTestServer } from '../setup/server';
import { asStaff, auditOf } from '../setup/staff';
import { loginAs } from '../setup/users';
import { callAs, newStudentPlace, setPolicy } from '../setup/exams';
import { expectRefused } from '../setup/api';
import { LOGIN, passwordLoginBody, postAs } from '../setup/login';
import { freshStudentMobile, makeClass, ok, onClass, staffer, type Staffer } from '../setup/classes';

/**
 * 学员管理: the school's students for its staff. The list (search, paging, newest first, only the
 * school's own), a teacher's scope (the students of their classes; any other is "not found"),
 * the student's page, and the administrators' changes with their audit entries: name and mobile
 * (a taken one refused, also when two administrators race), 停用/启用 (the learner's token and
 * sign-in refused, the person's other schools untouched), 强制下线, and the CSV file.
 */

const server = useTestServer();
const s = () => server();
let schools = 0;
const step = () => s().clock.advance(1000);

/** A school of the test's own (its totals are the test's), with an administrator, a teacher of class A, a class B and an editor. */
async function school() {
  schools += 1;
  const made = await createSchool(s().runtime.db, { preDomain: `stu${process.pid % 10000}x${schools}`, name: `学员学校${schools}` }, s().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const tenantId = made.tenant.id;
  const admin = await staffer(s(), tenantId, STAFF_ROLE.admin);
  const teacher = await staffer(s(), tenantId, STAFF_ROLE.teacher);
  const editor = await staffer(s(), tenantId, STAFF_ROLE.editor);
  const classA = await makeClass(s(), admin, tenantId, { teachers: [{ accountId: teacher.account.id, role: 'head' }] });
  const classB = await makeClass(s(), admin, tenantId);
  return { tenantId, admin, teacher, editor, classA, classB };
}
type School = Awaited<ReturnType<typeof school>>;

/** Enrols a new student in a class (the staff's way in); the student's user id. */
async function enrol(sc: School, classId: string, name: string, mobile = freshStudentMobile()): Promise<{ userId: string; mobile: string }> {
  step();
  const done = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile, name }, onClass(sc.admin, classId, sc.tenantId)));
  return { userId: done.student.userId, mobile };
}

const as = (who: Staffer, sc: School, id?: string) => ({ ...asStaff(who.session, sc.tenantId), ...(id ? { params: { id } } : {}) });
const list = (who: Staffer, sc: School, q: st.AdminStudentQuery = {}) =>
  ok<{ records: st.AdminStudent[]; total: number }>(s().call(st.adminStudents, q, as(who, sc)));
const detail = (who: Staffer, sc: School, id: string) => s().call(st.adminStudentGet, {}, as(who, sc, id));
const notFound = t('students.notFound');
const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

/** The CSV file's text (after its BOM) as the browser saves it. */
async function download(who: Staffer, sc: School, q: Record<string, string>): Promise<{ status: number; text: string; raw: string }> {
  const res = await s().app.request(`${urlOf(st.adminStudentsExport)}?${new URLSearchParams(q)}`, {
    headers: { TenantId: sc.tenantId, Cookie: who.session.cookie },
  });
  const raw = Buffer.from(await res.arrayBuffer()).toString('utf8');
  return { status: res.status, raw, text: raw.startsWith(CSV_BOM) ? raw.slice(CSV_BOM.length) : raw };
}

/** A learner call with the student's token in the school: the envelope's code. */
const learnerCall = async (token: string, tenantId: string) => (await s().call(identityApi.userInfo, {}, { tenant: tenantId, headers: { Token: token } })).body;

describe('the list', () => {
  test('the school’s students, newest first, paged on the server, searched by part of the name or mobile; another school’s never', async () => {
    const sc = await school();
    const first = await enrol(sc, sc.classA.id, '张三丰');
    const second = await enrol(sc, sc.classB.id, '李四光');
    const third = await enrol(sc, sc.classA.id, '王五');
    // Also in class B: two classes.
    step();
    await ok(s().call(cls.adminClassEnrol, { mobile: third.mobile }, onClass(sc.admin, sc.classB.id, sc.tenantId)));
    // A student of the demo school with a name that would match.
    const d = await demoSchool();
    await ok(s().call(cls.adminClassEnrol, { mobile: freshStudentMobile(), name: '张三丰' }, onClass(d.admin, d.classA.id, DEMO.id)));

    const page1 = await list(sc.admin, sc, { size: 2 });
    expect(page1.total).toBe(3);
    expect(page1.records.map((r) => r.id)).toEqual([third.userId, second.userId]);
    expect(page1.records[0]).toMatchObject({ name: '王五', mobile: third.mobile, classCount: 2, status: 1 });
    const page2 = await list(sc.admin, sc, { size: 2, current: 2 });
    expect(page2.records.map((r) => r.id)).toEqual([first.userId]);

    expect((await list(sc.admin, sc, { q: '三丰' })).records.map((r) => r.id)).toEqual([first.userId]);
    expect((await list(sc.admin, sc, { q: second.mobile.slice(-6) })).records.map((r) => r.id)).toEqual([second.userId]);
    expect((await list(sc.admin, sc, { q: '没有这个人' })).total).toBe(0);
    // A search too long is refused with a message, never a 500.
    expectRefused(await s().call(st.adminStudents, { q: 'x'.repeat(21) }, as(sc.admin, sc)), 400, t('staff.badSearch'));
  });

  test('a teacher sees only the students of their classes (mobiles masked, their classes counted); an editor may not call', async () => {
    const sc = await school();
    const inA = await enrol(sc, sc.classA.id, '甲班学员');
    const inB = await enrol(sc, sc.classB.id, '乙班学员');
    step();
    await ok(s().call(cls.adminClassEnrol, { mobile: inA.mobile }, onClass(sc.admin, sc.classB.id, sc.tenantId)));
    const mine = await list(sc.teacher, sc);
    expect(mine.total).toBe(1);
    expect(mine.records[0]).toMatchObject({ id: inA.userId, mobile: masked(inA.mobile), classCount: 1 });
    // Searching for the other class's student finds nothing, even by their whole mobile.
    expect((await list(sc.teacher, sc, { q: inB.mobile })).total).toBe(0);
    expectRefused(await s().call(st.adminStudents, {}, as(sc.editor, sc)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    expectRefused(await detail(sc.editor, sc, inA.userId), ErrorCode.FORBIDDEN, t('staff.forbidden'));
  });
});

/** The demo school's administrator and a class of theirs (for a student in another school). */
let demo: { admin: Staffer; classA: cls.AdminClass; tenantId: string } | undefined;
async function demoSchool() {
  if (!demo) {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    demo = { admin, classA: await makeClass(s(), admin, DEMO.id), tenantId: DEMO.id };
  }
  return demo;
}

describe("a student's page", () => {
  test('name, mobile, joined, classes with progress and assessment; a teacher opens only their students, another school none (404)', async () => {
    const sc = await school();
    const student = await enrol(sc, sc.classA.id, '赵六');
    const other = await enrol(sc, sc.classB.id, '钱七');
    const got = await ok<st.AdminStudentDetail>(detail(sc.admin, sc, student.userId));
    expect(got).toMatchObject({ id: student.userId, name: '赵六', mobile: student.mobile, status: 1, mayManage: true, classCount: 1 });
    expect(got.classes).toEqual([
      expect.objectContaining({ classId: sc.classA.id, className: sc.classA.name, evaluateStatus: 0, needLearnNumber: 0, finishNeedLearnNumber: 0 }),
    ]);
    const byTeacher = await ok<st.AdminStudentDetail>(detail(sc.teacher, sc, student.userId));
    expect(byTeacher).toMatchObject({ mobile: masked(student.mobile), mayManage: false });
    expectRefused(await detail(sc.teacher, sc, other.userId), 404, notFound);
    // Another school's administrator, in their own school: not there.
    const d = await demoSchool();
    expectRefused(await s().call(st.adminStudentGet, {}, { ...asStaff(d.admin.session, DEMO.id), params: { id: student.userId } }), 404, notFound);
    expectRefused(await detail(sc.admin, sc, 'nosuchuser'), 404, notFound);
  });
});

describe('changes (administrators only, audited)', () => {
  test('name and mobile: saved and audited with masked mobiles; a taken mobile or bad input refused and nothing changed; teachers refused', async () => {
    const sc = await school();
    const student = await enrol(sc, sc.classA.id, '孙八');
    const other = await enrol(sc, sc.classA.id, '周九');
    const fresh = freshStudentMobile();
    step();
    const saved = await ok<st.AdminStudentDetail>(s().call(st.adminStudentSave, { name: '孙八八', mobile: fresh }, as(sc.admin, sc, student.userId)));
    expect(saved).toMatchObject({ name: '孙八八', mobile: fresh });
    const entries = await auditOf(s(), sc.tenantId, { targetId: student.userId });
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTION.schoolStudentUpdate]);
    expect(JSON.parse(entries[0]!.beforeJson!)).toEqual({ name: '孙八', mobile: masked(student.mobile) });
    expect(JSON.parse(entries[0]!.afterJson!)).toEqual({ name: '孙八八', mobile: masked(fresh), student: '孙八八', studentMobile: masked(fresh) });
    expect(JSON.stringify(entries)).not.toContain(fresh);

    expectRefused(
      await s().call(st.adminStudentSave, { name: '孙八', mobile: other.mobile }, as(sc.admin, sc, student.userId)),
      409,
      t('students.mobileTaken'),
    );
    expectRefused(await s().call(st.adminStudentSave, { name: '孙八', mobile: '123' }, as(sc.admin, sc, student.userId)), 400, t('students.badMobile'));
    expectRefused(
      await s().call(st.adminStudentSave, { name: ' ', mobile: freshStudentMobile() }, as(sc.admin, sc, student.userId)),
      400,
      t('students.badName', { max: st.STUDENT_NAME_MAX }),
    );
    expectRefused(
      await s().call(st.adminStudentSave, { name: '老师改', mobile: freshStudentMobile() }, as(sc.teacher, sc, student.userId)),
      403,
      t('staff.forbidden'),
    );
    expect(await ok<st.AdminStudentDetail>(detail(sc.admin, sc, student.userId))).toMatchObject({ name: '孙八八', mobile: fresh });
    expect((await auditOf(s(), sc.tenantId, { targetId: student.userId })).length).toBe(1);
  });

  test('two administrators giving two students one mobile at once: one wins, the other is refused', async () => {
    const sc = await school();
    const a = await enrol(sc, sc.classA.id, '并发甲');
    const b = await enrol(sc, sc.classA.id, '并发乙');
    const second = await staffer(s(), sc.tenantId, STAFF_ROLE.admin);
    const mobile = freshStudentMobile();
    const answers = await Promise.all([
      s().call(st.adminStudentSave, { name: '并发甲', mobile }, as(sc.admin, sc, a.userId)),
      s().call(st.adminStudentSave, { name: '并发乙', mobile }, as(second, sc, b.userId)),
    ]);
    expect(answers.map((x) => x.body.code).sort()).toEqual([0, 409]);
    expect(answers.find((x) => x.body.code === 409)!.body.message).toBe(t('students.mobileTaken'));
    const holders = await s().runtime.db.selectFrom('users').select('id').where('mobile', '=', mobile).execute();
    expect(holders).toHaveLength(1);
    const audited = [...(await auditOf(s(), sc.tenantId, { targetId: a.userId })), ...(await auditOf(s(), sc.tenantId, { targetId: b.userId }))];
    expect(audited.filter((e) => e.action === AUDIT_ACTION.schoolStudentUpdate)).toHaveLength(1);
  });

  test('停用: the token and sign-in are refused in this school only; 启用: both work again; each audited', async () => {
    const sc = await school();
    const student = await enrol(sc, sc.classA.id, '吴十');
    const password = 'abc12345';
    await updateUser(s().runtime.db, student.userId, { passwordHash: await hashPassword(password), updatedAt: s().clock.value });
    const here = await loginAs(s(), sc.tenantId, student.mobile);
    const elsewhere = await loginAs(s(), DEMO.id, student.mobile);
    expect((await learnerCall(here.token, sc.tenantId)).code).toBe(0);

    step();
    const off = await ok<st.AdminStudentDetail>(s().call(st.adminStudentStatus, { status: 0 }, as(sc.admin, sc, student.userId)));
    expect(off.status).toBe(0);
    expect((await learnerCall(here.token, sc.tenantId)).code).not.toBe(0);
    const signIn = await postAs(s(), LOGIN.login, passwordLoginBody(student.mobile, password, sc.tenantId), { tenant: sc.tenantId });
    expectRefused(signIn, 400, t('identity.schoolDisabled'));
    // The person's other school is untouched.
    expect((await learnerCall(elsewhere.token, DEMO.id)).code).toBe(0);
    expect((await list(sc.admin, sc, { q: student.mobile })).records[0]!.status).toBe(0);
    expectRefused(await s().call(st.adminStudentStatus, { status: 0 }, as(sc.admin, sc, student.userId)), 409, t('students.alreadyDisabled'));
    expectRefused(await s().call(st.adminStudentStatus, { status: 7 }, as(sc.admin, sc, student.userId)), 400, t('students.badStatus'));

    step();
    await ok(s().call(st.adminStudentStatus, { status: 1 }, as(sc.admin, sc, student.userId)));
    const again = await postAs(s(), LOGIN.login, passwordLoginBody(student.mobile, password, sc.tenantId), { tenant: sc.tenantId });
    expect(again.body.code, JSON.stringify(again.body)).toBe(0);
    expect((await learnerCall(again.body.data.token, sc.tenantId)).code).toBe(0);

    const entries = await auditOf(s(), sc.tenantId, { targetId: student.userId });
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTION.schoolStudentStatus, AUDIT_ACTION.schoolStudentStatus]);
    expect(JSON.parse(entries[0]!.afterJson!)).toEqual({ student: '吴十', studentMobile: masked(student.mobile), status: 0, sessionsEnded: 1 });
    expect(JSON.parse(entries[1]!.afterJson!)).toEqual({ student: '吴十', studentMobile: masked(student.mobile), status: 1, sessionsEnded: 0 });
    expectRefused(await s().call(st.adminStudentStatus, { status: 1 }, as(sc.teacher, sc, student.userId)), 403, t('staff.forbidden'));
  });

  test('a disabled student’s token issued before the change is refused at once with the school’s message', async () => {
    const sc = await school();
    const student = await enrol(sc, sc.classA.id, '冯十一');
    const here = await loginAs(s(), sc.tenantId, student.mobile);
    // The status changed underneath the token (as by a second instance between the revoke and a request).
    await s().runtime.db.updateTable('userTenants').set({ status: 0 }).where('userId', '=', student.userId).where('tenantId', '=', sc.tenantId).execute();
    expect(await learnerCall(here.token, sc.tenantId)).toMatchObject({ code: ErrorCode.TOKEN_REVOKED, message: t('identity.schoolDisabled') });
  });

  test('强制下线 ends every session of the student in this school, not elsewhere; audited', async () => {
    const sc = await school();
    const student = await enrol(sc, sc.classA.id, '陈十二');
    const one = await loginAs(s(), sc.tenantId, student.mobile);
    const two = await loginAs(s(), sc.tenantId, student.mobile);
    const elsewhere = await loginAs(s(), DEMO.id, student.mobile);
    step();
    expect(await ok(s().call(st.adminStudentSignOut, {}, as(sc.admin, sc, student.userId)))).toEqual({ ended: 2 });
    expect((await learnerCall(one.token, sc.tenantId)).code).toBe(ErrorCode.TOKEN_REVOKED);
    expect((await learnerCall(two.token, sc.tenantId)).code).toBe(ErrorCode.TOKEN_REVOKED);
    expect((await learnerCall(elsewhere.token, DEMO.id)).code).toBe(0);
    const entries = await auditOf(s(), sc.tenantId, { targetId: student.userId });
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTION.schoolStudentSignOut]);
    expect(JSON.parse(entries[0]!.afterJson!)).toEqual({ student: '陈十二', studentMobile: masked(student.mobile), sessionsEnded: 2 });
    expect(JSON.stringify(entries)).not.toContain(one.token);
    expectRefused(await s().call(st.adminStudentSignOut, {}, as(sc.teacher, sc, student.userId)), 403, t('staff.forbidden'));
    // A student of this school only, to the demo school's administrator: not found, nothing ended.
    const alone = await enrol(sc, sc.classA.id, '褚十三');
    const token = (await loginAs(s(), sc.tenantId, alone.mobile)).token;
    const d = await demoSchool();
    expectRefused(await s().call(st.adminStudentSignOut, {}, { ...asStaff(d.admin.session, DEMO.id), params: { id: alone.userId } }), 404, notFound);
    expect((await learnerCall(token, sc.tenantId)).code).toBe(0);
  });
});

describe('the CSV file', () => {
  test('the search’s students with the leads’ CSV conventions (BOM, CRLF, formulas guarded); a teacher’s only theirs, masked', async () => {
    const sc = await school();
    const plain = await enrol(sc, sc.classA.id, '导出学员');
    const risky = await enrol(sc, sc.classB.id, '=HYPERLINK("x")');
    const all = await download(sc.admin, sc, {});
    expect(all.status).toBe(200);
    expect(all.raw.startsWith(CSV_BOM)).toBe(true);
    const lines = all.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('姓名,手机号,学号,证件号码,班级数,状态,加入时间');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines[1]).toContain(risky.mobile);
    expect(lines[2]).toMatch(new RegExp(`^导出学员,${plain.mobile},\\d{6},,1,正常,\\d{4}-\\d{2}-\\d{2} `));
    const searched = await download(sc.admin, sc, { q: '导出' });
    expect(searched.text.trimEnd().split('\r\n')).toHaveLength(2);
    const byTeacher = (await download(sc.teacher, sc, {})).text.trimEnd().split('\r\n');
    expect(byTeacher).toHaveLength(2);
    expect(byTeacher[1]).toContain(masked(plain.mobile));
    expect(byTeacher[1]).not.toContain(plain.mobile);
  });
});

describe("a student's attempts and certificates", () => {
  test('the attempts of their classes (work, class, status, the score only once marked) and the certificates issued to their mobile', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const who = await newStudentPlace(s());
    const quiz = who.works['随堂小测']!;
    await setPolicy(s(), quiz.id, { maxAttempts: null });
    const start = () => callAs(s(), exams.startAttempt, { classId: who.classId, studentId: who.studentId, workId: quiz.id }, who.user);
    const handedIn = ok<exams.AttemptState>(start());
    step();
    await ok(
      callAs(s(), exams.submitTest, { classId: who.classId, studentId: who.studentId, testId: quiz.id, answerLogId: (await handedIn).answerLogId }, who.user),
    );
    step();
    await ok(start());
    const asAdmin = { ...asStaff(admin.session, DEMO.id), params: { id: who.user.userId } };
    await ok(s().call(st.adminStudentSave, { name: '学员证书', mobile: who.user.mobile }, asAdmin));
    await ok(s().call(st.adminStudentIdNumber, { idNumber: idNumber('11010519900101001') }, asAdmin));
    const issued = await ok<{ id: string; number: string }>(
      s().call(
        certs.adminCertificateIssue,
        { kind: 'skill', studentId: who.user.userId, professionName: '电工', typeOfWorkName: '维修电工', level: '四级/中级工', sendDate: '2026-06-30' },
        asStaff(admin.session, DEMO.id),
      ),
    );
    const got = await ok<st.AdminStudentDetail>(s().call(st.adminStudentGet, {}, { ...asStaff(admin.session, DEMO.id), params: { id: who.user.userId } }));
    expect(got.attempts.map((a) => [a.workTitle, a.classId, a.status])).toEqual([
      ['随堂小测', who.classId, ATTEMPT_STATUS.ANSWERING],
      ['随堂小测', who.classId, expect.any(Number)],
    ]);
    const [open, submitted] = got.attempts;
    expect(open!.score).toBeNull();
    expect(submitted!.status).not.toBe(ATTEMPT_STATUS.ANSWERING);
    expect(submitted!.score === null).toBe(submitted!.status !== ATTEMPT_STATUS.REVIEWED);
    expect(got.certificates).toEqual([expect.objectContaining({ kind: 'skill', id: issued.id, number: issued.number, name: '电工', revoked: false })]);
  });
});

describe('学号 and 证件号码 on the record (decision 078)', () => {
  test('学号 counts 1, 2, 3 … per school as students join; many bound at once never share or skip one; the roster shows it', async () => {
    const sc = await school();
    const first = await enrol(sc, sc.classA.id, '序号甲');
    const mobiles = Array.from({ length: 8 }, () => freshStudentMobile());
    step();
    // Eight enrolments at the same moment, each binding a new user to the school.
    await Promise.all(
      mobiles.map((mobile, i) => ok(s().call(cls.adminClassEnrol, { mobile, name: `并发${i}` }, onClass(sc.admin, sc.classB.id, sc.tenantId)))),
    );
    const all = await list(sc.admin, sc, { size: 100 });
    expect(all.records.find((r) => r.id === first.userId)!.studentNo).toBe('000001');
    expect(all.records.map((r) => r.studentNo).sort()).toEqual(['000001', '000002', '000003', '000004', '000005', '000006', '000007', '000008', '000009']);
    const roster = await ok<{ records: cls.AdminClassStudent[] }>(
      s().call(cls.adminClassStudents, { size: 100 }, onClass(sc.admin, sc.classA.id, sc.tenantId)),
    );
    expect(roster.records.map((r) => r.studentNo)).toEqual(['000001']);
  });

  test('an administrator sets, changes and clears it: masked in the list, the page, the CSV file and the audit log; bad input changes nothing', async () => {
    const sc = await school();
    const who = await enrol(sc, sc.classA.id, '证件学员');
    const id = idNumber('11010519900307123');
    const mask = `${id.slice(0, 6)}********${id.slice(-4)}`;
    step();
    const saved = await ok<st.AdminStudentDetail>(s().call(st.adminStudentIdNumber, { idNumber: id.toLowerCase() }, as(sc.admin, sc, who.userId)));
    expect(saved.idNumber).toBe(mask);
    expect(JSON.stringify(saved)).not.toContain(id);
    expect((await list(sc.admin, sc)).records[0]!.idNumber).toBe(mask);
    const csv = await download(sc.admin, sc, {});
    expect(csv.text).toContain(mask);
    expect(csv.text).not.toContain(id);
    const entries = (await auditOf(s(), sc.tenantId, { targetId: who.userId })).filter((r) => r.action === AUDIT_ACTION.schoolStudentIdNumber);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.afterJson!)).toMatchObject({ idNumber: mask, student: '证件学员' });
    expect(`${entries[0]!.beforeJson}${entries[0]!.afterJson}`).not.toContain(id);

    // Bad numbers: a wrong check digit, 16 digits, letters; the same again; each refused, nothing changed.
    for (const bad of [`${id.slice(0, 17)}${id.endsWith('1') ? '2' : '1'}`, '1101051990030712', 'ABCDEFGHIJKLMNO']) {
      expectRefused(await s().call(st.adminStudentIdNumber, { idNumber: bad }, as(sc.admin, sc, who.userId)), ErrorCode.BAD_REQUEST, t('students.badIdNumber'));
    }
    expectRefused(await s().call(st.adminStudentIdNumber, { idNumber: id }, as(sc.admin, sc, who.userId)), ErrorCode.BAD_REQUEST, t('students.sameIdNumber'));
    expect((await ok<st.AdminStudentDetail>(detail(sc.admin, sc, who.userId))).idNumber).toBe(mask);
    // A teacher reads it masked and may not change it.
    expect((await ok<st.AdminStudentDetail>(detail(sc.teacher, sc, who.userId))).idNumber).toBe(mask);
    expectRefused(await s().call(st.adminStudentIdNumber, { idNumber: '' }, as(sc.teacher, sc, who.userId)), ErrorCode.FORBIDDEN, t('staff.forbidden'));

    // 15 digits are accepted; blank clears it.
    step();
    const old = '110105900307123';
    expect((await ok<st.AdminStudentDetail>(s().call(st.adminStudentIdNumber, { idNumber: old }, as(sc.admin, sc, who.userId)))).idNumber).toBe(
      '11010******7123',
    );
    step();
    expect((await ok<st.AdminStudentDetail>(s().call(st.adminStudentIdNumber, { idNumber: '' }, as(sc.admin, sc, who.userId)))).idNumber).toBeNull();
  });
});
