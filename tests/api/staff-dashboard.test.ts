import { describe, expect, test } from 'vitest';
import * as dash from '~/lib/api/contracts/admin-dashboard';
import * as api from '~/lib/api/contracts/exams';
import * as jobs from '~/lib/api/contracts/admin-jobs';
import * as staff from '~/lib/api/contracts/staff';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { LEAD_STATE } from '~/lib/staff/leads';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { createSchool } from '~/server/tenant/tenant.service';
import { enqueue } from '~/server/jobs/jobs.service';
import { CATALOG_PUBLISH_JOB } from '~/lib/staff/catalog-schedule';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { expectOk } from '../setup/api';
import { DEMO, useTestServer, type Answer } from '../setup/server';
import { asStaff } from '../setup/staff';
import { staffer, type Staffer } from '../setup/classes';
import { linkTeacher } from '../setup/inbox';
import { makeLead } from '../setup/leads';
import { callAs, newStudentPlace } from '../setup/exams';

/**
 * The dashboard's counts (GET /api/admin/dashboard/counts): per area a role may use, what waits
 * there — new leads, handed-in work not yet released (a teacher's own classes only), failed
 * background jobs (administrators). Counts of a school are read in a school made for the test;
 * the marking counts of the demo school's classes as the difference the test's own hand-in made.
 */

const server = useTestServer();
const s = () => server();
const CLASS_B = LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === 'B')!.name;

const counts = async (who: Staffer, tenant: string): Promise<dash.DashboardCounts> =>
  expectOk<dash.DashboardCounts>(await s().call(dash.adminDashboardCounts, {}, asStaff(who.session, tenant)));

let schools = 0;
async function newSchool(): Promise<string> {
  schools += 1;
  const made = await createSchool(s().runtime.db, { preDomain: `dash${process.pid % 10000}x${schools}`, name: `概览学校${schools}` }, s().clock.value);
  if (!made.ok) throw new Error(made.problems.join('; '));
  return made.tenant.id;
}

/** A job of the school whose handler fails (a catalogue publication naming no time): run once, it is failed. */
async function failedJob(tenantId: string): Promise<string> {
  const key = `banner:broken-${Math.random().toString(36).slice(2, 8)}`;
  const now = s().clock.value;
  await enqueue(s().runtime.db, now, { tenantId, kind: CATALOG_PUBLISH_JOB, key, payload: { type: 'banner', id: 'gone' }, runAt: now, maxAttempts: 1 });
  await runDueJobs(jobScope(s().runtime));
  const row = await s().runtime.db.selectFrom('jobs').select(['id', 'state']).where('jobKey', '=', key).executeTakeFirstOrThrow();
  expect(row.state).toBe('failed');
  return row.id;
}

describe('the dashboard counts', () => {
  test('each role gets the counts of the areas it may use, of its own school only; zero when nothing waits', async () => {
    const school = await newSchool();
    const [admin, editor, teacher] = [
      await staffer(s(), school, STAFF_ROLE.admin),
      await staffer(s(), school, STAFF_ROLE.editor),
      await staffer(s(), school, STAFF_ROLE.teacher),
    ];
    expect(await counts(admin, school)).toEqual({ leads: 0, marking: 0, jobs: 0 });
    await makeLead(s(), school);
    await makeLead(s(), school);
    await makeLead(s(), school, { state: LEAD_STATE.handled, note: '已回电' });
    await makeLead(s(), DEMO.id);
    await failedJob(school);
    await failedJob(DEMO.id);

    expect(await counts(admin, school)).toEqual({ leads: 2, marking: 0, jobs: 1 });
    // An editor works the leads, never marks and never sees the jobs; a teacher only marks.
    expect(await counts(editor, school)).toEqual({ leads: 2 });
    expect(await counts(teacher, school)).toEqual({ marking: 0 });
  });

  test('handling a lead and running a failed job again take them off the counts', async () => {
    const school = await newSchool();
    const admin = await staffer(s(), school, STAFF_ROLE.admin);
    const lead = await makeLead(s(), school);
    const jobId = await failedJob(school);
    expect(await counts(admin, school)).toMatchObject({ leads: 1, jobs: 1 });

    const opts = asStaff(admin.session, school);
    expectOk(await s().call(staff.leadState, { state: LEAD_STATE.handled, note: '已回电' }, { ...opts, params: { id: lead.id } }));
    expectOk(await s().call(jobs.adminJobRetry, {}, { ...opts, params: { id: jobId } }));
    expect(await counts(admin, school)).toMatchObject({ leads: 0, jobs: 0 });
  });

  test("a teacher counts only their classes' handed-in work; an administrator every class's; an editor none", async () => {
    const [admin, editor, teacher, outsider] = [
      await staffer(s(), DEMO.id, STAFF_ROLE.admin),
      await staffer(s(), DEMO.id, STAFF_ROLE.editor),
      await staffer(s(), DEMO.id, STAFF_ROLE.teacher),
      await staffer(s(), DEMO.id, STAFF_ROLE.teacher),
    ];
    const student = await newStudentPlace(s());
    const db = s().runtime.db;
    const classB = await db.selectFrom('teachingClasses').select('id').where('tenantId', '=', DEMO.id).where('name', '=', CLASS_B).executeTakeFirstOrThrow();
    await linkTeacher(db, DEMO.id, student.classId, teacher.account.id, 'course', s().clock.value);
    await linkTeacher(db, DEMO.id, classB.id, outsider.account.id, 'head', s().clock.value);
    const before = { admin: await counts(admin, DEMO.id), teacher: await counts(teacher, DEMO.id), outsider: await counts(outsider, DEMO.id) };

    // The midterm is marked by hand: handed in, it waits for a teacher.
    const work = student.works['期中测验']!;
    const me = { classId: student.classId, studentId: student.studentId };
    const a = expectOk<api.AttemptState>(await callAs(s(), api.startAttempt, { ...me, workId: work.id }, student.user));
    const submitted: Answer = await callAs(s(), api.submitTest, { ...me, testId: work.id, answerLogId: a.answerLogId }, student.user);
    expect(expectOk<api.SubmitResult>(submitted).status).toBe(1);

    expect((await counts(teacher, DEMO.id)).marking).toBe(before.teacher.marking! + 1);
    expect((await counts(admin, DEMO.id)).marking).toBe(before.admin.marking! + 1);
    expect((await counts(outsider, DEMO.id)).marking).toBe(before.outsider.marking);
    expect(await counts(editor, DEMO.id)).not.toHaveProperty('marking');
  });
});
