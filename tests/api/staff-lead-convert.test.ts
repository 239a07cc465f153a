import { describe, expect, test } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as staff from '~/lib/api/contracts/staff';
import * as st from '~/lib/api/contracts/admin-students';
import { LEAD_STATE } from '~/lib/staff/leads';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { createSchool } from '~/server/tenant/tenant.service';
import { useTestServer } from '../setup/server';
import { asStaff, auditOf, freshRequestId } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { makeLead } from '../setup/leads';
import { freshStudentMobile, makeClass, makePeriod, ok, onClass, staffer, type Staffer } from '../setup/classes';

/**
 * 转为学员 on a consult lead: the lead's mobile and name become (or find) the school's student,
 * enrolled in the chosen class through the class domain's one enrolment path, and the lead becomes
 * converted, in one transaction; once (twice, or two at once, give one enrolment and one
 * conversion); audited; administrators only; bad input refused with nothing changed.
 */

const server = useTestServer();
const s = () => server();
let schools = 0;
const step = () => s().clock.advance(1000);

async function school() {
  schools += 1;
  const made = await createSchool(s().runtime.db, { preDomain: `conv${process.pid % 10000}x${schools}`, name: `转化学校${schools}` }, s().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const tenantId = made.tenant.id;
  const admin = await staffer(s(), tenantId, STAFF_ROLE.admin);
  const editor = await staffer(s(), tenantId, STAFF_ROLE.editor);
  const klass = await makeClass(s(), admin, tenantId);
  return { tenantId, admin, editor, klass };
}
type School = Awaited<ReturnType<typeof school>>;

const as = (who: Staffer, sc: School, id: string, requestId?: string) => ({
  ...asStaff(who.session, sc.tenantId, requestId ? { 'X-Request-Id': requestId } : {}),
  params: { id },
});
const enrolled = (sc: School, classId: string) =>
  ok<{ records: cls.AdminClassStudent[]; total: number }>(s().call(cls.adminClassStudents, { size: 100 }, onClass(sc.admin, classId, sc.tenantId)));
const leadRow = (sc: School, id: string) =>
  s().runtime.db.selectFrom('clues').selectAll().where('tenantId', '=', sc.tenantId).where('id', '=', id).executeTakeFirstOrThrow();

describe('转为学员', () => {
  test('a handled lead becomes a new student of the class; the lead is converted, listed and filtered so; both audited', async () => {
    const sc = await school();
    const period = await makePeriod(s(), sc.admin, sc.tenantId, sc.klass.id, '第一期');
    const mobile = freshStudentMobile();
    const lead = await makeLead(s(), sc.tenantId, { name: '钱学员', mobile, state: LEAD_STATE.handled, note: '已回电，要报名' });
    step();
    const requestId = freshRequestId('lead-convert');
    const done = await ok<staff.LeadConverted>(
      s().call(staff.leadConvert, { classId: sc.klass.id, periodId: period.id }, as(sc.admin, sc, lead.id, requestId)),
    );
    expect(done).toMatchObject({ className: sc.klass.name, added: true, userCreated: true });
    expect(done.lead).toMatchObject({ id: lead.id, state: LEAD_STATE.converted, handledByName: sc.admin.account.name, note: '已回电，要报名' });
    const students = await enrolled(sc, sc.klass.id);
    expect(students.records).toHaveLength(1);
    expect(students.records[0]).toMatchObject({ name: '钱学员', mobile, periodId: period.id, userId: done.lead.studentId });
    // The student is the school's: 学员管理 opens them.
    const detail = await ok<st.AdminStudentDetail>(s().call(st.adminStudentGet, {}, as(sc.admin, sc, done.lead.studentId!)));
    expect(detail.classes.map((c) => c.classId)).toEqual([sc.klass.id]);

    const converted = await ok<staff.LeadPage>(s().call(staff.leads, { state: LEAD_STATE.converted }, asStaff(sc.admin.session, sc.tenantId)));
    expect(converted.records.map((r) => r.id)).toEqual([lead.id]);
    expect((await ok<staff.LeadPage>(s().call(staff.leads, { state: LEAD_STATE.handled }, asStaff(sc.admin.session, sc.tenantId)))).total).toBe(0);

    const entries = await auditOf(s(), sc.tenantId, { requestId });
    expect(entries.map((e) => e.action).sort()).toEqual([AUDIT_ACTION.leadConvert, AUDIT_ACTION.studentEnrol].sort());
    const convert = entries.find((e) => e.action === AUDIT_ACTION.leadConvert)!;
    expect(convert).toMatchObject({ targetType: 'lead', targetId: lead.id, actorId: sc.admin.account.id });
    expect(JSON.parse(convert.afterJson!)).toEqual({
      name: '钱学员',
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      state: LEAD_STATE.converted,
      classId: sc.klass.id,
      userId: done.lead.studentId,
      added: true,
    });
    // The whole mobile is the caller's, not the log's.
    expect(entries.some((e) => `${e.beforeJson}${e.afterJson}`.includes(mobile))).toBe(false);

    // Once: converting again is refused and changes nothing; nor may it be re-opened or marked by hand.
    step();
    expectRefused(await s().call(staff.leadConvert, { classId: sc.klass.id }, as(sc.admin, sc, lead.id)), ErrorCode.CONFLICT, t('staff.lead.alreadyConverted'));
    expectRefused(await s().call(staff.leadState, { state: LEAD_STATE.new }, as(sc.admin, sc, lead.id)), ErrorCode.CONFLICT, t('staff.lead.alreadyConverted'));
    expect((await enrolled(sc, sc.klass.id)).total).toBe(1);
    expect(await auditOf(s(), sc.tenantId, { targetId: lead.id })).toHaveLength(1);
  });

  test('two conversions at once give one enrolment and one conversion', async () => {
    const sc = await school();
    const other = await makeClass(s(), sc.admin, sc.tenantId);
    const lead = await makeLead(s(), sc.tenantId, { name: '并发', mobile: freshStudentMobile() });
    step();
    const answers = await Promise.all([
      s().call(staff.leadConvert, { classId: sc.klass.id }, as(sc.admin, sc, lead.id)),
      s().call(staff.leadConvert, { classId: other.id }, as(sc.admin, sc, lead.id)),
    ]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([0, ErrorCode.CONFLICT]);
    const total = (await enrolled(sc, sc.klass.id)).total + (await enrolled(sc, other.id)).total;
    expect(total).toBe(1);
    const entries = await auditOf(s(), sc.tenantId, { targetId: lead.id });
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTION.leadConvert]);
    expect((await leadRow(sc, lead.id)).state).toBe(LEAD_STATE.converted);
  });

  test('an existing student is found by the mobile, not enrolled twice, and the lead is converted', async () => {
    const sc = await school();
    const mobile = freshStudentMobile();
    step();
    const before = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile, name: '老学员' }, onClass(sc.admin, sc.klass.id, sc.tenantId)));
    const lead = await makeLead(s(), sc.tenantId, { name: '别名', mobile });
    step();
    const done = await ok<staff.LeadConverted>(s().call(staff.leadConvert, { classId: sc.klass.id }, as(sc.admin, sc, lead.id)));
    expect(done).toMatchObject({ added: false, userCreated: false });
    expect(done.lead.studentId).toBe(before.student.userId);
    const students = await enrolled(sc, sc.klass.id);
    expect(students.records.map((r) => r.name)).toEqual(['老学员']);
  });

  test('editors may not convert; bad input is refused with a message and changes nothing', async () => {
    const sc = await school();
    const lead = await makeLead(s(), sc.tenantId, { mobile: freshStudentMobile() });
    const call = (body: unknown, id = lead.id, who = sc.admin) => s().call(staff.leadConvert, body as staff.LeadConvertInput, as(who, sc, id));
    expectRefused(await call({ classId: sc.klass.id }, lead.id, sc.editor), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    expectRefused(await call({}), 400, t('staff.lead.noClass'));
    expectRefused(await call({ classId: 'nope' }), 404, t('classes.notFound'));
    expectRefused(await call({ classId: sc.klass.id, periodId: 'nope' }), 404, t('classes.periodNotFound'));
    expectRefused(await call({ classId: sc.klass.id }, 'nope'), 404, t('staff.lead.notFound'));
    step();
    await ok(s().call(cls.adminClassEnd, {}, onClass(sc.admin, sc.klass.id, sc.tenantId)));
    expectRefused(await call({ classId: sc.klass.id }), ErrorCode.CONFLICT, t('classes.ended'));
    expect((await leadRow(sc, lead.id)).state).toBe(LEAD_STATE.new);
    expect((await enrolled(sc, sc.klass.id)).total).toBe(0);
    // Converting is not a state set by hand.
    expectRefused(await s().call(staff.leadState, { state: LEAD_STATE.converted } as never, as(sc.admin, sc, lead.id)), 400, t('staff.lead.badState'));
  });
});
