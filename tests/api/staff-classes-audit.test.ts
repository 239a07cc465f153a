import { beforeEach, describe, expect, test } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import { STAFF_CALLS } from '~/lib/api/contracts/staff-calls';
import { AUDIT_ACTION, STAFF_ROLE, type AuditAction } from '~/lib/staff/roles';
import { DEMO, type Answer, useTestServer } from '../setup/server';
import { asStaff, auditOf, freshRequestId } from '../setup/staff';
import { classInput, freshStudentMobile, makeClass, makePeriod, ok, onClass, staffer, type Staffer } from '../setup/classes';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { callsOf, type CallsOf } from '~/lib/api/contract';

/**
 * The audit entries of the class calls (tests/api/staff-audit.test.ts leaves them here): every
 * write call has a scenario that makes one successful call and names the entries it must write,
 * with the changed fields before and after; a dry-run import writes none.
 */

const server = useTestServer();
const s = () => server();
/** Each test's own request id: the audit entries it caused are the ones carrying it. */
let requestId = '';
beforeEach(() => {
  requestId = freshRequestId('class-audit');
});

interface Expected {
  action: AuditAction;
  actorId: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

type WriteCall = Exclude<keyof CallsOf<typeof cls>, 'adminClasses' | 'adminClassGet' | 'adminClassTeacherOptions' | 'adminClassPeriods' | 'adminClassStudents'>;

const on = (who: Staffer, classId: string) => onClass(who, classId, DEMO.id, { 'X-Request-Id': requestId });
/** Moves the clock on a second, so the measured call's entries are told apart from its setup's. */
const step = () => s().clock.advance(1000);

async function setup() {
  const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
  const head = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  const made = await makeClass(s(), admin, DEMO.id, { teachers: [{ accountId: head.account.id, role: 'head' }] });
  return { admin, head, made };
}

const SCENARIOS: Record<WriteCall, () => Promise<{ answer: Answer; expected: Expected[] }>> = {
  async adminClassSave() {
    const { admin, head } = await setup();
    step();
    const input = classInput({
      name: '审计班级',
      trainingStart: '',
      trainingEnd: '',
      learningGoal: '',
      teachers: [{ accountId: head.account.id, role: 'head' }],
    });
    const answer = await s().call(cls.adminClassSave, input, asStaff(admin.session, DEMO.id, { 'X-Request-Id': requestId }));
    const id = answer.body.data.id as string;
    const target = { actorId: admin.account.id, targetType: 'teachingClass', targetId: id };
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.classCreate,
          ...target,
          before: null,
          after: {
            name: '审计班级',
            productName: input.productName,
            teachingClassStatus: 1,
            trainingStartAt: null,
            trainingEndAt: null,
            expectedOpenAt: null,
            experience: 0,
            learningGoal: null,
          },
        },
        { action: AUDIT_ACTION.classTeachers, ...target, before: { teachers: [] }, after: { teachers: [`${head.account.id}:head`] } },
      ],
    };
  },
  async adminClassEnd() {
    const { admin, made } = await setup();
    await ok(s().call(cls.adminClassEnrol, { mobile: freshStudentMobile() }, onClass(admin, made.id, DEMO.id)));
    step();
    const answer = await s().call(cls.adminClassEnd, {}, on(admin, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.classEnd,
          actorId: admin.account.id,
          targetType: 'teachingClass',
          targetId: made.id,
          before: { teachingClassStatus: 1 },
          after: { teachingClassStatus: 2, completedStudents: 1 },
        },
      ],
    };
  },
  async adminClassDelete() {
    const { admin, made } = await setup();
    step();
    const answer = await s().call(cls.adminClassDelete, {}, on(admin, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.classDelete,
          actorId: admin.account.id,
          targetType: 'teachingClass',
          targetId: made.id,
          before: { name: made.name },
          after: null,
        },
      ],
    };
  },
  async adminClassPeriodSave() {
    const { head, made } = await setup();
    step();
    const answer = await s().call(cls.adminClassPeriodSave, { classPeriodType: 1, name: '第1期', start: '2026-11-01', end: '' }, on(head, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.periodCreate,
          actorId: head.account.id,
          targetType: 'classPeriod',
          targetId: answer.body.data.id,
          before: null,
          after: { classId: made.id, classPeriodType: 1, name: '第1期', startAt: Date.UTC(2026, 9, 31, 16), endAt: null },
        },
      ],
    };
  },
  async adminClassPeriodDelete() {
    const { admin, head, made } = await setup();
    const period = await makePeriod(s(), admin, DEMO.id, made.id, '第2期');
    step();
    const answer = await s().call(cls.adminClassPeriodDelete, { periodId: period.id }, on(head, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.periodDelete,
          actorId: head.account.id,
          targetType: 'classPeriod',
          targetId: period.id,
          before: { classId: made.id, name: '第2期' },
          after: null,
        },
      ],
    };
  },
  async adminClassEnrol() {
    const { head, made } = await setup();
    step();
    const answer = await s().call(cls.adminClassEnrol, { mobile: freshStudentMobile(), name: '审计学员' }, on(head, made.id));
    const student = answer.body.data.student as cls.AdminClassStudent;
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.studentEnrol,
          actorId: head.account.id,
          targetType: 'classStudent',
          targetId: student.id,
          before: null,
          after: { classId: made.id, userId: student.userId, periodId: null, serviceStatus: 2, userCreated: true },
        },
      ],
    };
  },
  async adminClassStudentStatus() {
    const { head, made } = await setup();
    const e = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile: freshStudentMobile() }, onClass(head, made.id, DEMO.id)));
    step();
    const answer = await s().call(cls.adminClassStudentStatus, { studentId: e.student.id, serviceStatus: 3 }, on(head, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.studentStatus,
          actorId: head.account.id,
          targetType: 'classStudent',
          targetId: e.student.id,
          before: { serviceStatus: 2 },
          after: { serviceStatus: 3 },
        },
      ],
    };
  },
  async adminClassStudentMove() {
    const { admin, head, made } = await setup();
    const [p1, p2] = [await makePeriod(s(), admin, DEMO.id, made.id, '第1期'), await makePeriod(s(), admin, DEMO.id, made.id, '第2期')];
    const e = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile: freshStudentMobile(), periodId: p1.id }, onClass(head, made.id, DEMO.id)));
    step();
    const answer = await s().call(cls.adminClassStudentMove, { studentId: e.student.id, fromPeriodId: p1.id, toPeriodId: p2.id }, on(head, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.studentMove,
          actorId: head.account.id,
          targetType: 'classStudent',
          targetId: e.student.id,
          before: { periodId: p1.id },
          after: { periodId: p2.id },
        },
      ],
    };
  },
  async adminClassStudentRemove() {
    const { head, made } = await setup();
    const e = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile: freshStudentMobile() }, onClass(head, made.id, DEMO.id)));
    step();
    const answer = await s().call(cls.adminClassStudentRemove, { studentId: e.student.id }, on(head, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.studentRemove,
          actorId: head.account.id,
          targetType: 'classStudent',
          targetId: e.student.id,
          before: { classId: made.id, userId: e.student.userId, periodId: null, serviceStatus: 2 },
          after: null,
        },
      ],
    };
  },
  async adminClassImport() {
    const { head, made } = await setup();
    const csv = `手机号,姓名\n${freshStudentMobile()},甲\n${freshStudentMobile()},乙\nbad,丙\n`;
    step();
    const answer = await s().call(cls.adminClassImport, { csv, apply: true }, on(head, made.id));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.studentImport,
          actorId: head.account.id,
          targetType: 'teachingClass',
          targetId: made.id,
          before: null,
          after: { rows: 3, added: 2, exists: 0, refused: 1 },
        },
      ],
    };
  },
};

async function entriesNow() {
  return (await auditOf(s(), DEMO.id, { requestId })).filter((r) => r.createdAt === s().clock.value);
}

describe('every class write writes its audit entries', () => {
  test('every class write call has a scenario here', () => {
    const writes = Object.keys(callsOf(cls)).filter((n) => STAFF_CALLS[n as keyof typeof STAFF_CALLS].method !== 'GET');
    expect(Object.keys(SCENARIOS).sort()).toEqual(writes.sort());
  });

  test.each(Object.keys(SCENARIOS) as WriteCall[])('%s', async (name) => {
    s().clock.advance(60_000);
    const outcome = await SCENARIOS[name]();
    expect(outcome.answer.body.code, JSON.stringify(outcome.answer.body)).toBe(0);
    const byAction = (a: { action: string }, b: { action: string }) => a.action.localeCompare(b.action);
    const rows = (await entriesNow()).map((r) => ({
      action: r.action,
      actorId: r.actorId,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.beforeJson === null ? null : JSON.parse(r.beforeJson),
      after: r.afterJson === null ? null : JSON.parse(r.afterJson),
    }));
    expect(rows.sort(byAction)).toEqual([...outcome.expected].sort(byAction));
    s().clock.advance(1000);
  });

  test('a dry-run import, a refused write and an enrolment of someone already there write nothing', async () => {
    const { admin, head, made } = await setup();
    const mobile = freshStudentMobile();
    await ok(s().call(cls.adminClassEnrol, { mobile }, onClass(head, made.id, DEMO.id)));
    s().clock.advance(60_000);
    await ok(s().call(cls.adminClassImport, { csv: `手机号\n${freshStudentMobile()}\n`, apply: false }, on(head, made.id)));
    await ok(s().call(cls.adminClassEnrol, { mobile }, on(head, made.id)));
    expectRefused(await s().call(cls.adminClassDelete, {}, on(admin, made.id)), ErrorCode.CONFLICT, t('classes.hasStudents', { count: 1 }));
    expect(await entriesNow()).toEqual([]);
  });
});
