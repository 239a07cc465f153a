import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import type * as api from '~/lib/api/contracts/exams';
import type { AttemptPolicy } from '~/lib/exams/attempt-policy';
import { EXAM_WORKS, type SeedQuestion } from '~/dev/seed/exams-data';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { expectOk } from './api';
import { DEMO, type Answer, type TestServer } from './server';
import { loginAs, withToken, type TestUser } from './users';
import { enrolInClass, newMobile } from './enrol';

/**
 * The homework and test demo as the API tests meet it: the demo student's class A (the class with
 * today's activities), their class student id, and the works of class A by title
 * (src/dev/seed/exams-data.ts).
 */

export const CLASS_A = LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === 'A')!.name;

export interface ExamPlace {
  user: TestUser;
  classId: string;
  studentId: string;
  /** Work id by title. */
  works: Record<string, { id: string; classroomId: string; courseId: string; kind: 'homework' | 'test' }>;
}

/** Sends a call with a user's token (and another school than the demo one when named). */
export const callAs = <Req>(server: TestServer, c: Call<Req, unknown>, body: unknown, user: TestUser, tenant?: string): Promise<Answer> =>
  server.call(c, body as Req, { ...withToken(user.token), ...(tenant ? { tenant } : {}) });

/** A student's place in a class of the demo school (the demo student and class A by default). */
export async function examPlace(server: TestServer, mobile: string = DEMO_STUDENT.mobile, className = CLASS_A, tenant: string = DEMO.id): Promise<ExamPlace> {
  const user = await loginAs(server, tenant, mobile);
  const mine = expectOk<learning.LearnerClass[]>(await callAs(server, learning.studentClasses, { userId: user.userId }, user, tenant));
  const classId = mine.find((c) => c.className === className)!.classId;
  const detail = expectOk<learning.StudentClassDetail>(await callAs(server, learning.studentClassDetail, { classId, userId: user.userId }, user, tenant));
  const rows = await server.runtime.db.selectFrom('works').select(['id', 'title', 'classroomId', 'courseId', 'kind']).where('classId', '=', classId).execute();
  const works: ExamPlace['works'] = {};
  for (const r of rows) works[r.title] = { id: r.id, classroomId: r.classroomId, courseId: r.courseId, kind: r.kind };
  return { user, classId, studentId: detail.studentId, works };
}

/** A new student of the class (class A of the demo school by default), enrolled for this test only. */
export async function newStudentPlace(server: TestServer, className = CLASS_A, tenant: string = DEMO.id): Promise<ExamPlace> {
  const mobile = newMobile();
  const user = await loginAs(server, tenant, mobile);
  const db = server.runtime.db;
  const cls = await db.selectFrom('teachingClasses').select('id').where('tenantId', '=', tenant).where('name', '=', className).executeTakeFirstOrThrow();
  await enrolInClass(db, { tenantId: tenant, classId: cls.id, userId: user.userId, now: server.clock.value });
  return examPlace(server, mobile, className, tenant);
}

/** Sets a work's attempt policy (decision 028) for a test; the rest stays as seeded. */
export async function setPolicy(server: TestServer, workId: string, policy: Partial<AttemptPolicy>): Promise<void> {
  const set: Record<string, unknown> = {};
  if (policy.maxAttempts !== undefined) set['maxAttempts'] = policy.maxAttempts;
  if (policy.scoreRule !== undefined) set['scoreRule'] = policy.scoreRule;
  if (policy.marksShown !== undefined) set['marksShown'] = policy.marksShown;
  if (policy.keysShown !== undefined) set['keysShown'] = policy.keysShown;
  if (policy.closesAt !== undefined) set['closesAt'] = policy.closesAt;
  await server.runtime.db.updateTable('works').set(set).where('id', '=', workId).execute();
}

/** Every question of a paper map, sub-questions after their parent, in type order. */
export function allQuestions(map: api.Paper['questionResultVOMap']): api.Question[] {
  return Object.values(map).flatMap((list) => (list ?? []).flatMap((q) => [q, ...q.readQuestionList]));
}

/** The questions a student answers (no reading or cloze parents). */
export function leaves(paper: api.Paper): api.Question[] {
  const map = Object.keys(paper.questionResultVOMap).length ? paper.questionResultVOMap : paper.englishQuestionResultVOMap;
  return allQuestions(map).filter((q) => q.readQuestionList.length === 0);
}

/** An answer record of the spec's shape with a sequence number. */
export function record(
  work: { workId: string; answerLogId: string },
  q: Pick<api.Question, 'id' | 'questionUnitId'>,
  seq: number,
  answer: { optionList?: string[]; content?: string | null },
  at = 1_795_000_000_000,
): api.AnswerRecord {
  return {
    answerLogId: work.answerLogId,
    id: work.workId,
    questionId: q.id,
    questionUnitId: q.questionUnitId,
    questionAnswerVO: { content: answer.content ?? null, optionList: answer.optionList ?? [] },
    seq,
    answerTime: at,
    submitTime: at + 10,
  };
}

/** The seeded questions of a work by stem (unique within a paper), with their keys. */
export function seededQuestions(title: string): Map<string, SeedQuestion> {
  const work = EXAM_WORKS.find((w) => w.lesson === title)!;
  const byTrunk = new Map<string, SeedQuestion>();
  for (const q of work.questions ?? []) for (const x of [q, ...(q.subs ?? [])]) byTrunk.set(x.trunk, x);
  return byTrunk;
}

/** The right answer of a question, from the seed (as a student would give it). */
export function rightAnswer(title: string, q: api.Question): { optionList?: string[]; content?: string } {
  const seeded = seededQuestions(title).get(q.trunk);
  if (!seeded) throw new Error(`no seeded question for ${q.trunk}`);
  return seeded.key ? { optionList: seeded.key } : { content: seeded.content ?? '' };
}
