import type { Page } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/database';
import { bindUserToTenant, findOrCreateUser } from '../../../src/server/identity/identity.service';
import { DEMO_TENANT } from '../../../src/dev/seed/demo-data';
import { LEARNING_CLASSES } from '../../../src/dev/seed/learning-data';
import { DEMO_STUDENT } from '../../../src/dev/seed/login';
import type { AttemptState } from '../../../src/lib/api/contracts/exams';
import type { AttemptPolicy } from '../../../src/lib/exams/attempt-policy';
import { urlOf } from '../../../src/lib/api/contract';
import { attemptState, startAttempt, workFirstView } from '../../../src/lib/api/contracts/exams';
import { expect, hydrated } from './fixtures';
import { DEMO_ORIGIN, E2E_DB_FILE } from './env';
import { loginStudent } from './session';
import { enrolInClass, newMobile } from '../../setup/enrol';

/**
 * The homework and test browser tests' places: a student logged in (the demo student, or a
 * classmate for tests that submit, so the demo student's seeded attempts stay as they are), their
 * class A and class student id, and a work of class A found by its title (the seed's lesson name).
 */

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;

export { DEMO_STUDENT };

/**
 * A new student for one test: tests that start or submit attempts answer as one, so each owns its
 * attempts (a test allows one attempt; the desktop and phone runs share the database).
 * workPlace enrols them in class A.
 */
export const newStudent = (): string => newMobile();

/** A dialog of the answering pages by its name (交卷确认, 退出确认 …). */
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

export interface WorkPlace {
  kind: 'homework' | 'test';
  classId: string;
  studentId: string;
  classroomId: string;
  courseId: string;
  workId: string;
  token: string;
  userId: string;
}

export async function workPlace(page: Page, title: string, mobile: string = DEMO_STUDENT.mobile): Promise<WorkPlace> {
  const student = await loginStudent(page, DEMO_TENANT.id, mobile);
  await enrolInClassA(student.userId);
  const headers = { Token: student.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' };
  const classes = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/teachingClass/queryStudentClassAndPeriodList`, { headers, data: { userId: student.userId } })
  ).json();
  const classId = classes.data.find((c: { className: string }) => c.className === CLASS_A).classId as string;
  const detail = await (
    await page.request.post(`${DEMO_ORIGIN}/api/teaching/anyone/classStudent/detail`, { headers, data: { classId, userId: student.userId } })
  ).json();
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const work = await db
      .selectFrom('works')
      .select(['id', 'kind', 'classroomId', 'courseId'])
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('classId', '=', classId)
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    return {
      kind: work.kind,
      classId,
      studentId: detail.data.studentId as string,
      classroomId: work.classroomId,
      courseId: work.courseId,
      workId: work.id,
      token: student.token,
      userId: student.userId,
    };
  } finally {
    await db.destroy();
  }
}

/** Enrols a user in class A unless they are (the seeded students are). */
async function enrolInClassA(userId: string): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const cls = await db
      .selectFrom('teachingClasses')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('name', '=', CLASS_A)
      .executeTakeFirstOrThrow();
    await enrolInClass(db, { tenantId: DEMO_TENANT.id, classId: cls.id, userId, now: Date.now() });
  } finally {
    await db.destroy();
  }
}

/** Sets a work's attempt policy (decision 028) in the e2e database, for a test that owns that work. */
export async function setWorkPolicy(workId: string, policy: Partial<AttemptPolicy>): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    await db.updateTable('works').set(policy).where('id', '=', workId).execute();
  } finally {
    await db.destroy();
  }
}

/** The start page's address, as the class and course pages link to it (workJump). */
export const startUrl = (p: WorkPlace, extra = '') =>
  `/study/${p.kind}?classId=${p.classId}&classroomId=${p.classroomId}&classStudentId=${p.studentId}&courseId=${p.courseId}&status=0${extra}`;
/** The answering page's address with the work id, as the start page links to it. */
export const answerUrl = (p: WorkPlace, extra = '') =>
  `/study/${p.kind}/answer?classId=${p.classId}&classroomId=${p.classroomId}&classStudentId=${p.studentId}&courseId=${p.courseId}&workId=${p.workId}${extra}`;

/**
 * The attempt the answering page started (or continued), from the answer that carried it: the page's
 * first view (workFirstView), or the start call of a work of the external bank. Call before the page opens.
 */
export async function pageAttempt(page: Page): Promise<AttemptState> {
  const [first, start] = [urlOf(workFirstView), urlOf(startAttempt)];
  const answer = await page.waitForResponse(async (r) => {
    const path = new URL(r.url()).pathname;
    if (path === start) return true;
    return path === first && !!(await r.json()).data?.attempt;
  });
  const body = await answer.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return (new URL(answer.url()).pathname === start ? body.data : body.data.attempt) as AttemptState;
}

/** Opens the answering page and waits until the paper is there; resolves with the attempt the page started (or continued). */
export async function openAnswering(page: Page, url: string, title: string): Promise<AttemptState> {
  const started = pageAttempt(page);
  await page.goto(url);
  const attempt = await started;
  await hydrated(page.getByRole('heading', { level: 1, name: title }));
  await expect(page.getByRole('heading', { level: 2, name: /^第\d+题/ })).toBeVisible();
  return attempt;
}

/** The attempt as the server holds it (asked with the student's own token, as the page does). */
export async function serverAttempt(page: Page, p: WorkPlace, answerLogId: string): Promise<AttemptState> {
  const res = await page.request.post(`${DEMO_ORIGIN}${urlOf(attemptState)}`, {
    headers: { Token: p.token, TenantId: DEMO_TENANT.id, 'Content-Type': 'application/json' },
    data: { classId: p.classId, studentId: p.studentId, answerLogId },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as AttemptState;
}

/** The answer card and its cells (by the accessible name: '单选题第1题：已保存'). */
export const card = (page: Page) => page.getByRole('navigation', { name: '答题卡' });
export const cell = (page: Page, type: string, n: number) => card(page).getByRole('button', { name: new RegExp(`^${type}第${n}题：`) });

/** The class activity whose lesson is the work (the class page's and timetable's jumps carry its id). */
export async function activityOf(p: WorkPlace): Promise<{ id: string; bizType: string | null }> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await db
      .selectFrom('classActivities')
      .select(['id', 'bizType'])
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('classId', '=', p.classId)
      .where('classroomId', '=', p.classroomId)
      .executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
}

/** How long before now a new e2e student joined: longer than the seed's past activities go back. */
const CLASSMATE_SINCE_MS = 200 * 24 * 3_600_000;

/**
 * A new student enrolled in a class of the demo school (class A unless another seed key is named):
 * tests that answer, submit, study or sign in own their student, so no test continues another's
 * attempt or record. Resolves with the student's mobile (log in with workPlace or loginStudent).
 */
export async function enrolNewStudent(classKey = 'A'): Promise<string> {
  const className = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === classKey)!.name;
  const mobile = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const now = Date.now();
    const user = await findOrCreateUser(db, mobile, now);
    await bindUserToTenant(db, DEMO_TENANT.id, user.id, now);
    const cls = await db
      .selectFrom('teachingClasses')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('name', '=', className)
      .executeTakeFirstOrThrow();
    // Enrolled as long ago as the seeded classmates: today's and the past weeks' activities are theirs too (decision 051).
    await enrolInClass(db, { tenantId: DEMO_TENANT.id, classId: cls.id, userId: user.id, now, joinedAt: now - CLASSMATE_SINCE_MS });
    return mobile;
  } finally {
    await db.destroy();
  }
}

/** Moves an attempt's deadline (the server's clock cannot be stopped from a browser test; the deadline can be set). */
export async function setDeadline(answerLogId: string, deadlineAt: number): Promise<void> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    await db.updateTable('workAttempts').set({ deadlineAt }).where('id', '=', answerLogId).execute();
  } finally {
    await db.destroy();
  }
}
