import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as adm from '~/lib/api/contracts/admin-messages';
import * as msg from '~/lib/api/contracts/messages';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { createSchool } from '~/server/tenant/tenant.service';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { SMS_PER_RUN, SMS_SEND_JOB } from '~/server/sms/sms-outbox.service';
import { startEachTestAtNow, startTestServer, type TestServer } from '../setup/server';
import { asStaff, auditOf } from '../setup/staff';
import { loginAs, withToken } from '../setup/users';
import { expectRefused, invalidField } from '../setup/api';
import { JOB_MAX_BACKOFF_MS } from '~/server/jobs/jobs.rules';
import { formatDate } from '~/lib/time/cst';
import { freshStudentMobile, makeClass, ok, onClass, staffer, type Staffer } from '../setup/classes';

/**
 * The message centre (decision 077) against a real database and a stand-in SMS gateway on this
 * machine: what an enrolment and a class notice tell each student (once, however often or at
 * once the event happens), the SMS they send through the school's settings (once per recipient,
 * retried only where the gateway refused, never past the daily budget, also with two runners at
 * once), and the learner's own messages (read, unread, another's untouched).
 */

interface Posted {
  id: string;
  mobile: string;
  templateCode: string;
  params: Record<string, string>;
  signName: string;
  school: { id: string; name: string };
}

let gateway: Server;
const posted: Posted[] = [];
/** Mobiles the gateway refuses (HTTP 500) until taken out. */
const refusing = new Set<string>();
let portal: TestServer;
const s = () => portal;

startEachTestAtNow(() => [portal]);
beforeAll(async () => {
  gateway = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as Posted;
      const refused = refusing.has(body.mobile);
      if (!refused) posted.push(body);
      res.writeHead(refused ? 500 : 200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const port = (gateway.address() as AddressInfo).port;
  portal = await startTestServer({ SMS_PROVIDER: 'http', SMS_HTTP_URL: `http://127.0.0.1:${port}/sms` });
});
afterAll(async () => {
  await portal?.close();
  await new Promise((resolve) => gateway?.close(resolve));
});

let schools = 0;
const step = () => s().clock.advance(1000);

/** A school of the test's own, with an administrator, a head teacher of class A, a class B and an editor. */
async function school(name?: string) {
  schools += 1;
  const made = await createSchool(s().runtime.db, { preDomain: `msg${process.pid % 10000}x${schools}`, name: name ?? `消息学校${schools}` }, s().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  const tenantId = made.tenant.id;
  const admin = await staffer(s(), tenantId, STAFF_ROLE.admin);
  const teacher = await staffer(s(), tenantId, STAFF_ROLE.teacher);
  const editor = await staffer(s(), tenantId, STAFF_ROLE.editor);
  const classA = await makeClass(s(), admin, tenantId, { name: `甲班${schools}`, teachers: [{ accountId: teacher.account.id, role: 'head' }] });
  const classB = await makeClass(s(), admin, tenantId, { name: `乙班${schools}` });
  return { tenantId, name: made.tenant.name, admin, teacher, editor, classA, classB };
}
type School = Awaited<ReturnType<typeof school>>;

async function enrol(sc: School, classId: string, name: string, mobile = freshStudentMobile()) {
  step();
  const done = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile, name }, onClass(sc.admin, classId, sc.tenantId)));
  return { userId: done.student.userId, mobile, added: done.added };
}

const staffAs = (who: Staffer, sc: School) => asStaff(who.session, sc.tenantId);
const saveSms = (sc: School, over: Partial<adm.SmsSettingsInput>) =>
  s().call(adm.adminSmsSettingsSave, { ...adm.SMS_SETTINGS_DEFAULT, ...over }, staffAs(sc.admin, sc));
const post = (sc: School, who: Staffer, classId: string, input: Partial<adm.NoticeInput> = {}) =>
  s().call(
    adm.adminClassNoticePost,
    { title: '明天停课', body: '因天气原因，明天的面授课暂停。', urgent: false, ...input },
    onClass(who, classId, sc.tenantId),
  );

/** The student's own session in the school. */
async function learner(sc: School, mobile: string) {
  const user = await loginAs(s(), sc.tenantId, mobile);
  const opts = { tenant: sc.tenantId, ...withToken(user.token) };
  return {
    ...user,
    page: (q: msg.MessageQuery = {}) => ok<{ records: msg.LearnerMessage[]; total: number }>(s().call(msg.messagesPage, q, opts)),
    unread: async () => (await ok<{ count: number }>(s().call(msg.messagesUnread, {}, opts))).count,
    read: (body: { ids?: string[]; all?: boolean }) => s().call(msg.messagesRead, body, opts),
  };
}

/** Runs the due jobs as one runner would (or as several, each its own worker). */
const runJobs = (worker?: string) => runDueJobs(jobScope(s().runtime), worker ? { worker } : {});
const postedTo = (mobile: string) => posted.filter((p) => p.mobile === mobile);
const outbox = (tenantId: string) => s().runtime.db.selectFrom('smsOutbox').selectAll().where('tenantId', '=', tenantId).orderBy('id').execute();

describe('an enrolment', () => {
  test('tells the student once in the portal and by SMS with the school’s signature; again, or five times at once, changes nothing', async () => {
    const sc = await school();
    const mobile = freshStudentMobile();
    // Five enrolments of one new student at once: one enrolment, one message, one SMS.
    step();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile, name: '赵同学' }, onClass(sc.admin, sc.classA.id, sc.tenantId))),
      ),
    );
    expect(answers.filter((a) => a.added)).toHaveLength(1);
    await enrol(sc, sc.classA.id, '赵同学', mobile);

    const me = await learner(sc, mobile);
    expect(await me.unread()).toBe(1);
    const [message] = (await me.page()).records;
    expect(message).toMatchObject({
      kind: 'enrolled',
      title: t('messageCentre.enrolled.title', { className: sc.classA.name }),
      read: false,
      link: `/study/training-class?classId=${sc.classA.id}&schoolId=${sc.tenantId}`,
    });

    expect(await outbox(sc.tenantId)).toHaveLength(1);
    await runJobs();
    await runJobs();
    expect(postedTo(mobile)).toHaveLength(1);
    expect(postedTo(mobile)[0]).toMatchObject({
      templateCode: adm.SMS_SETTINGS_DEFAULT.enrolledTemplate,
      signName: sc.name,
      school: { id: sc.tenantId, name: sc.name },
      params: { name: '赵同学', className: sc.classA.name, school: sc.name },
    });
  });

  test('a CSV import tells each new student once; applying the file again tells nobody; a dry run tells nobody', async () => {
    const sc = await school();
    const [a, b] = [freshStudentMobile(), freshStudentMobile()];
    const csv = `手机号,姓名\n${a},钱一\n${b},孙二\n`;
    step();
    await ok(s().call(cls.adminClassImport, { csv, apply: false }, onClass(sc.admin, sc.classB.id, sc.tenantId)));
    expect(await outbox(sc.tenantId)).toHaveLength(0);
    await ok(s().call(cls.adminClassImport, { csv, apply: true }, onClass(sc.admin, sc.classB.id, sc.tenantId)));
    step();
    await ok(s().call(cls.adminClassImport, { csv, apply: true }, onClass(sc.admin, sc.classB.id, sc.tenantId)));
    for (const mobile of [a, b]) {
      const me = await learner(sc, mobile);
      expect((await me.page()).records.map((m) => m.kind)).toEqual(['enrolled']);
    }
    expect(await outbox(sc.tenantId)).toHaveLength(2);
  });

  test('with enrolment SMS turned off: the message, no SMS; an SMS queued before it was turned off is not sent', async () => {
    const sc = await school();
    const early = await enrol(sc, sc.classA.id, '周早');
    await ok(saveSms(sc, { enrolledOn: false }));
    const late = await enrol(sc, sc.classA.id, '吴晚');
    await runJobs();
    expect(postedTo(early.mobile)).toHaveLength(0);
    expect(postedTo(late.mobile)).toHaveLength(0);
    expect((await outbox(sc.tenantId)).map((r) => r.status)).toEqual([4]);
    expect(await (await learner(sc, late.mobile)).unread()).toBe(1);
  });
});

describe('a class notice', () => {
  test('reaches every student of the class and no one else; urgent ones go by SMS, retried only where the gateway refused', async () => {
    const sc = await school();
    const students = [await enrol(sc, sc.classA.id, '甲一'), await enrol(sc, sc.classA.id, '甲二'), await enrol(sc, sc.classA.id, '甲三')];
    const other = await enrol(sc, sc.classB.id, '乙一');
    await runJobs();
    refusing.add(students[1]!.mobile);
    step();
    const notice = await ok<adm.ClassNotice>(post(sc, sc.teacher, sc.classA.id, { title: '调课通知', body: '周六的课改到周日。', urgent: true }));
    expect(notice).toMatchObject({ title: '调课通知', urgent: true, recipients: 3, smsQueued: 3, authorName: sc.teacher.account.name });

    const first = await runJobs();
    expect(first.retried).toHaveLength(1);
    expect(postedTo(students[0]!.mobile).filter((p) => p.templateCode === adm.SMS_SETTINGS_DEFAULT.noticeTemplate)).toHaveLength(1);
    expect(postedTo(students[1]!.mobile).filter((p) => p.templateCode === adm.SMS_SETTINGS_DEFAULT.noticeTemplate)).toHaveLength(0);
    // Listed on the class's screen, and audited.
    const listed = await ok<adm.ClassNotice[]>(s().call(adm.adminClassNotices, {}, onClass(sc.teacher, sc.classA.id, sc.tenantId)));
    expect(listed.map((n) => n.id)).toEqual([notice.id]);
    const audit = await auditOf(s(), sc.tenantId, { actorId: sc.teacher.account.id, targetId: sc.classA.id });
    expect(audit.map((r) => r.action)).toEqual([AUDIT_ACTION.classNoticePost]);

    // The gateway takes it again; the job's retry (after its delay) sends the refused one only.
    refusing.delete(students[1]!.mobile);
    s().clock.advance(JOB_MAX_BACKOFF_MS);
    const second = await runJobs();
    expect(second.done).toHaveLength(1);
    for (const st of students) {
      const sms = postedTo(st.mobile).filter((p) => p.templateCode === adm.SMS_SETTINGS_DEFAULT.noticeTemplate);
      expect(sms).toHaveLength(1);
      expect(sms[0]!.params).toMatchObject({ className: sc.classA.name, title: '调课通知' });
      const me = await learner(sc, st.mobile);
      expect((await me.page()).records[0]).toMatchObject({
        kind: 'notice',
        title: t('messageCentre.notice.title', { title: '调课通知' }),
        body: '周六的课改到周日。',
      });
    }
    expect((await (await learner(sc, other.mobile)).page()).records.map((m) => m.kind)).toEqual(['enrolled']);
  });

  test('a teacher of another class is told it does not exist; an editor may not; bad fields are refused with their message and nothing is sent', async () => {
    const sc = await school();
    await enrol(sc, sc.classB.id, '乙二');
    expectRefused(await post(sc, sc.teacher, sc.classB.id), ErrorCode.NOT_FOUND, t('classes.notFound'));
    expectRefused(await post(sc, sc.editor, sc.classB.id), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    expectRefused(await post(sc, sc.admin, sc.classB.id, { title: ' ' }), 400, t('notices.titleRequired'));
    expectRefused(
      await post(sc, sc.admin, sc.classB.id, { body: 'x'.repeat(adm.NOTICE_BODY_MAX + 1) }),
      400,
      t('notices.bodyTooLong', { max: adm.NOTICE_BODY_MAX }),
    );
    // A class with no student: nothing to send.
    const empty = await makeClass(s(), sc.admin, sc.tenantId, { name: '空班' });
    expectRefused(await post(sc, sc.admin, empty.id), ErrorCode.CONFLICT, t('notices.noStudents'));
    expect(await s().runtime.db.selectFrom('classNotices').select('id').where('tenantId', '=', sc.tenantId).execute()).toEqual([]);
  });
});

describe('the daily budget', () => {
  test('never passed, also by two runners sending two batches at once; an SMS over it is kept as such and not retried', async () => {
    const sc = await school();
    const budget = 3;
    await ok(saveSms(sc, { dailyBudget: budget, enrolledOn: false }));
    for (const c of [sc.classA, sc.classB]) for (let i = 0; i < 3; i++) await enrol(sc, c.id, `学员${i}`);
    step();
    await ok(post(sc, sc.admin, sc.classA.id, { urgent: true }));
    await ok(post(sc, sc.admin, sc.classB.id, { urgent: true }));
    const runs = await Promise.all([runJobs('runner-a'), runJobs('runner-b')]);
    expect(runs.flatMap((r) => r.retried)).toEqual([]);
    const rows = await outbox(sc.tenantId);
    expect(rows.filter((r) => r.status === 1)).toHaveLength(budget);
    expect(rows.filter((r) => r.status === 3)).toHaveLength(6 - budget);
    const sent = posted.filter((p) => p.school.id === sc.tenantId);
    expect(sent).toHaveLength(budget);
    const view = await ok<adm.SmsSettings>(s().call(adm.adminSmsSettings, {}, staffAs(sc.admin, sc)));
    expect(view.usedToday).toBe(budget);
    expect(view.recent.filter((r) => r.state === 'overBudget')).toHaveLength(6 - budget);
  });

  test('a batch larger than one run is sent over several runs, each SMS once', async () => {
    const sc = await school();
    await ok(saveSms(sc, { enrolledOn: false }));
    const count = SMS_PER_RUN + 5;
    for (let i = 0; i < count; i++) await enrol(sc, sc.classA.id, `多${i}`);
    step();
    await ok(post(sc, sc.admin, sc.classA.id, { urgent: true }));
    for (let i = 0; i < 3; i++) await runJobs();
    expect(posted.filter((p) => p.school.id === sc.tenantId)).toHaveLength(count);
    expect((await outbox(sc.tenantId)).every((r) => r.status === 1)).toBe(true);
    const job = await s()
      .runtime.db.selectFrom('jobs')
      .selectAll()
      .where('kind', '=', SMS_SEND_JOB)
      .where('tenantId', '=', sc.tenantId)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
  });
});

describe('the SMS settings', () => {
  test('administrators save them (audited, the signature used); a teacher may not; bad values are refused and change nothing', async () => {
    const sc = await school();
    const saved = await ok<adm.SmsSettings>(saveSms(sc, { signName: '云校培训', dailyBudget: 50 }));
    expect(saved).toMatchObject({ signName: '云校培训', effectiveSignName: '云校培训', dailyBudget: 50 });
    const audit = await auditOf(s(), sc.tenantId, { actorId: sc.admin.account.id, targetId: sc.tenantId });
    expect(audit.map((r) => r.action)).toEqual([AUDIT_ACTION.smsSettingsSave]);
    expect(JSON.parse(audit[0]!.afterJson!)).toMatchObject({ signName: '云校培训', dailyBudget: 50 });

    expectRefused(await s().call(adm.adminSmsSettings, {}, staffAs(sc.teacher, sc)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    expectRefused(await saveSms(sc, { signName: '【坏】' }), 400, t('smsSettings.badSignName', { max: adm.SIGN_NAME_MAX }));
    expectRefused(await saveSms(sc, { dailyBudget: -1 }), 400, t('smsSettings.badBudget', { max: adm.DAILY_BUDGET_MAX }));
    expectRefused(await saveSms(sc, { enrolledTemplate: 'a b' }), 400, t('smsSettings.badTemplate', { max: adm.TEMPLATE_CODE_MAX }));
    const after = await ok<adm.SmsSettings>(s().call(adm.adminSmsSettings, {}, staffAs(sc.admin, sc)));
    expect(after).toMatchObject({ signName: '云校培训', dailyBudget: 50, enrolledTemplate: adm.SMS_SETTINGS_DEFAULT.enrolledTemplate });

    const student = await enrol(sc, sc.classA.id, '郑同学');
    await runJobs();
    expect(postedTo(student.mobile)[0]).toMatchObject({ signName: '云校培训', school: { name: sc.name } });
  });
});

describe('the learner’s messages', () => {
  test('newest first, filtered to the unread; marked read one by one or all; another student’s ids and another school’s messages untouched', async () => {
    const sc = await school();
    const other = await school();
    const mobile = freshStudentMobile();
    await enrol(sc, sc.classA.id, '冯同学', mobile);
    await enrol(sc, sc.classB.id, '冯同学', mobile);
    await enrol(other, other.classA.id, '冯同学', mobile);
    const neighbour = await enrol(sc, sc.classA.id, '陈同学');
    const me = await learner(sc, mobile);
    const them = await learner(sc, neighbour.mobile);
    const mine = (await me.page()).records;
    expect(mine.map((m) => m.title)).toEqual([
      t('messageCentre.enrolled.title', { className: sc.classB.name }),
      t('messageCentre.enrolled.title', { className: sc.classA.name }),
    ]);
    const theirs = (await them.page()).records;

    // Another student's message id changes nothing of theirs.
    expect(await ok<msg.MessagesRead>(me.read({ ids: [theirs[0]!.id] }))).toEqual({ read: 0, unread: 2 });
    expect(await them.unread()).toBe(1);
    expect(await ok<msg.MessagesRead>(me.read({ ids: [mine[1]!.id] }))).toEqual({ read: 1, unread: 1 });
    expect((await me.page({ unread: true })).records.map((m) => m.id)).toEqual([mine[0]!.id]);
    expect(await ok<msg.MessagesRead>(me.read({ all: true }))).toEqual({ read: 1, unread: 0 });
    expect((await me.page()).records.every((m) => m.read)).toBe(true);
    // The other school's message is still unread there.
    expect(await (await learner(other, mobile)).unread()).toBe(1);

    const badIds = t('messageCentre.badIds', { max: msg.MESSAGES_READ_MAX });
    expectRefused(await me.read({ ids: [] }), 400, badIds);
    expectRefused(await me.read({ ids: Array.from({ length: msg.MESSAGES_READ_MAX + 1 }, (_, i) => String(i)) }), 400, invalidField('ids', badIds));
    // No token: the login-invalid answer, never someone's messages.
    const anonymous = await s().call(msg.messagesUnread, {}, { tenant: sc.tenantId });
    expect(anonymous.body.code).not.toBe(0);
  });
});

describe('generated attacks', () => {
  test('enrolments, notices, gateway refusals and runners in any order: each event told once per student, each SMS sent once, within the budget', async () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('enrol' as const), student: fc.nat(3), klass: fc.nat(1), times: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('notice' as const), klass: fc.nat(1), urgent: fc.boolean() }),
      fc.record({ kind: fc.constant('refuse' as const), student: fc.nat(3), on: fc.boolean() }),
      fc.record({ kind: fc.constant('run' as const), runners: fc.integer({ min: 1, max: 2 }), later: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 12 }), fc.integer({ min: 0, max: 6 }), async (actions, budget) => {
        const sc = await school();
        await ok(saveSms(sc, { dailyBudget: budget }));
        const mobiles = Array.from({ length: 4 }, () => freshStudentMobile());
        const classes = [sc.classA, sc.classB];
        try {
          for (const a of actions) {
            if (a.kind === 'enrol') {
              step();
              await Promise.all(
                Array.from({ length: a.times }, () =>
                  s().call(
                    cls.adminClassEnrol,
                    { mobile: mobiles[a.student]!, name: `学员${a.student}` },
                    onClass(sc.admin, classes[a.klass]!.id, sc.tenantId),
                  ),
                ),
              );
            } else if (a.kind === 'notice') {
              step();
              await post(sc, sc.admin, classes[a.klass]!.id, { urgent: a.urgent });
            } else if (a.kind === 'refuse') {
              if (a.on) refusing.add(mobiles[a.student]!);
              else refusing.delete(mobiles[a.student]!);
            } else {
              if (a.later) s().clock.advance(JOB_MAX_BACKOFF_MS);
              await Promise.all(Array.from({ length: a.runners }, (_, i) => runJobs(`gen-${i}`)));
            }
          }
        } finally {
          for (const m of mobiles) refusing.delete(m);
        }
        const rows = await s().runtime.db.selectFrom('messages').select(['userId', 'sourceKey']).where('tenantId', '=', sc.tenantId).execute();
        expect(new Set(rows.map((r) => `${r.userId} ${r.sourceKey}`)).size).toBe(rows.length);
        const sent = posted.filter((p) => p.school.id === sc.tenantId);
        expect(new Set(sent.map((p) => p.id)).size).toBe(sent.length);
        const outboxRows = await outbox(sc.tenantId);
        const sentRows = outboxRows.filter((r) => r.status === 1);
        expect(sentRows).toHaveLength(sent.length);
        // The budget is per China Standard Time day: the generated waits may cross midnight.
        const perDay = new Map<string, number>();
        for (const r of sentRows) perDay.set(formatDate(r.sentAt!), (perDay.get(formatDate(r.sentAt!)) ?? 0) + 1);
        for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(budget);
        const used = await s().runtime.db.selectFrom('smsBudgetDays').select(['used']).where('tenantId', '=', sc.tenantId).execute();
        expect(used.reduce((n, r) => n + r.used, 0)).toBe(sent.length);
      }),
      { numRuns: 15 },
    );
  });
});
