import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import * as mk from '~/lib/api/contracts/admin-marking';
import * as api from '~/lib/api/contracts/exams';
import * as course from '~/lib/api/contracts/learning-course';
import * as messages from '~/lib/api/contracts/messages';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { maskMobile } from '~/lib/learning/class-admin';
import { SCORE_RULES } from '~/lib/exams/attempt-policy';
import { scorePaper } from '~/server/exams/attempts/scoring.rules';
import { byQuestion } from '~/server/exams/answers/answers.service';
import { loadPaper } from '~/server/exams/papers/papers.service';
import { urlOf } from '~/lib/api/contract';
import { expectOk } from '../setup/api';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, auditFromNow } from '../setup/staff';
import { staffer, type Staffer } from '../setup/classes';
import { linkTeacher } from '../setup/inbox';
import { callAs, examPlace, leaves, newStudentPlace, record, seededQuestions, setPolicy, type ExamPlace } from '../setup/exams';

/**
 * Marking (decision 047) through the staff calls, with students of class A of the demo school who
 * hand in the manually graded 期中测验 (one short answer worth 40) or the 第一章课后作业 (a short
 * answer worth 20): the queue per role and class scope, "not found" for anyone else's, score bounds
 * and bad input that change nothing, one release of two at once, a stale revision refused, re-marking
 * after the release audited and seen by the student, the counted score per the work's policy, the
 * CSV file, and the released total equal to the one scoring rule (a property over random marks).
 */

const server = useTestServer();
const s = () => server();
const MIDTERM = '期中测验';
const HOMEWORK = '第一章课后作业';
const CLASS_B = LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === 'B')!.name;

let admin: Staffer;
let teacher: Staffer;
let colleague: Staffer;
let outsider: Staffer;
let demo: ExamPlace;

const as = (who: Staffer, tenant: string = DEMO.id) => asStaff(who.session, tenant);
async function ok<T>(p: Promise<Answer>): Promise<T> {
  return expectOk<T>(await p);
}
const refusal = async (p: Promise<Answer>) => {
  const a = await p;
  expect(a.status, a.text).toBeLessThan(500);
  return { code: a.body.code as number, message: a.body.message as string };
};

const workId = (title: string) => demo.works[title]!.id;
const me = (who: ExamPlace) => ({ classId: who.classId, studentId: who.studentId });

/** A new student of class A hands in the work with the answers given by seed ref (the rest unanswered). */
async function handIn(
  title: string,
  answers: Record<string, { optionList?: string[]; content?: string }>,
  who?: ExamPlace,
): Promise<{ who: ExamPlace; attemptId: string }> {
  const student = who ?? (await newStudentPlace(s()));
  const paper = expectOk<api.Paper>(await callAs(s(), api.paper, { ...me(student), workId: workId(title) }, student.user));
  const a = expectOk<api.AttemptState>(await callAs(s(), api.startAttempt, { ...me(student), workId: workId(title) }, student.user));
  const seeded = seededQuestions(title);
  const records = leaves(paper)
    .filter((q) => answers[seeded.get(q.trunk)!.ref])
    .map((q) => record({ workId: paper.workId, answerLogId: a.answerLogId }, q, 1, answers[seeded.get(q.trunk)!.ref]!));
  if (records.length) expectOk(await callAs(s(), api.saveAnswers, { ...me(student), answers: records }, student.user));
  const submit = (paper.kind === 'homework' ? api.submitHomework : api.submitTest) as typeof api.submitTest;
  const body =
    paper.kind === 'homework'
      ? { ...me(student), studentWorkId: workId(title), answerLogId: a.answerLogId }
      : { ...me(student), testId: workId(title), answerLogId: a.answerLogId };
  const result = expectOk<api.SubmitResult>(await callAs(s(), submit, body, student.user));
  expect(result.status).toBe(1);
  return { who: student, attemptId: a.answerLogId };
}

/** The id of a question of a work by its seed ref. */
async function questionId(title: string, ref: string): Promise<string> {
  const detail = await ok<mk.MarkingWork>(s().call(mk.adminMarkingWork, { workId: workId(title) }, as(admin)));
  const seeded = seededQuestions(title);
  const trunk = [...seeded.values()].find((q) => q.ref === ref)!.trunk;
  return detail.questions.find((q) => q.trunk.includes(trunk.replace(/<\/?p>/g, '')))!.id;
}

const attemptOf = (attemptId: string, who: Staffer = admin) => ok<mk.MarkingAttempt>(s().call(mk.adminMarkingAttempt, { attemptId }, as(who)));
const mark = (who: Staffer, input: mk.MarkInput) => s().call(mk.adminMarkingSave, input, as(who));
const release = (who: Staffer, attemptId: string) => s().call(mk.adminMarkingRelease, { attemptId }, as(who));
const marksRows = (attemptId: string) => s().runtime.db.selectFrom('workMarks').selectAll().where('attemptId', '=', attemptId).execute();
const attemptRow = (attemptId: string) => s().runtime.db.selectFrom('workAttempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
const review = (who: ExamPlace, title: string, answerLogId: string) =>
  callAs(s(), api.reviewAttempt, { ...me(who), workId: workId(title), answerLogId }, who.user);

/** The total the one scoring rule gives the attempt with the marks it has now (read from the database). */
async function ruleTotal(attemptId: string): Promise<number | null> {
  const db = s().runtime.db;
  const a = await attemptRow(attemptId);
  const work = await db.selectFrom('works').selectAll().where('id', '=', a.workId!).executeTakeFirstOrThrow();
  const paper = await loadPaper({ db } as never, { tenantId: DEMO.id, paperId: work.paperId! });
  const kept = await db.selectFrom('workAnswers').selectAll().where('attemptId', '=', attemptId).execute();
  const answers = byQuestion(
    kept.map((k) => ({ questionId: k.questionId, questionAnswerVO: { content: k.content, optionList: JSON.parse(k.optionKeys) as string[] } })) as never,
  );
  const marks = new Map((await marksRows(attemptId)).map((m) => [m.questionId, { score: Number(m.score) }]));
  return scorePaper(paper!.questions, answers, { partialMultiple: work.partialMultiple === 1, marks }).score;
}

beforeAll(async () => {
  admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
  teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  colleague = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  outsider = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  demo = await examPlace(s());
  const db = s().runtime.db;
  const classB = await db.selectFrom('teachingClasses').select('id').where('tenantId', '=', DEMO.id).where('name', '=', CLASS_B).executeTakeFirstOrThrow();
  await linkTeacher(db, DEMO.id, demo.classId, teacher.account.id, 'course', s().clock.value);
  await linkTeacher(db, DEMO.id, demo.classId, colleague.account.id, 'tutor', s().clock.value);
  await linkTeacher(db, DEMO.id, classB.id, outsider.account.id, 'head', s().clock.value);
});

const MIDTERM_RIGHT = { s1: { optionList: ['A'] }, m1: { optionList: ['A', 'B', 'C'] }, t1: { optionList: ['2'] }, f1: { content: '相序' } };

describe('the queue', () => {
  test('a teacher of the class and an administrator see the hand-marked works with their counts; automatic-only works are not there', async () => {
    const before = await ok<mk.MarkingWorkSummary[]>(s().call(mk.adminMarkingQueue, { classId: demo.classId }, as(teacher)));
    const mid = before.find((w) => w.workId === workId(MIDTERM))!;
    expect(mid).toMatchObject({ title: MIDTERM, kind: 'test', manualGrading: true, handQuestions: 1, classId: demo.classId });
    expect(before.find((w) => w.workId === workId(HOMEWORK))).toMatchObject({ manualGrading: false, handQuestions: 1 });
    expect(before.some((w) => w.title === '随堂小测' || w.title === '题库练习')).toBe(false);
    // Opened directly (a link from the works screen), an automatic-only work says it needs no marking.
    expect(await refusal(s().call(mk.adminMarkingWork, { workId: workId('随堂小测') }, as(teacher)))).toEqual({
      code: 404,
      message: '这份作业或测验由系统自动评分，不需要阅卷',
    });
    await handIn(MIDTERM, MIDTERM_RIGHT);
    const after = await ok<mk.MarkingWorkSummary[]>(s().call(mk.adminMarkingQueue, { workId: workId(MIDTERM) }, as(admin)));
    expect(after).toEqual([{ ...mid, waiting: mid.waiting + 1 }]);
  });

  test("a teacher of another class sees none of the class's works, and every call on them is not found", async () => {
    const { attemptId } = await handIn(MIDTERM, MIDTERM_RIGHT);
    const list = await ok<mk.MarkingWorkSummary[]>(s().call(mk.adminMarkingQueue, {}, as(outsider)));
    expect(list.some((w) => w.classId === demo.classId)).toBe(false);
    expect(await refusal(s().call(mk.adminMarkingQueue, { classId: demo.classId }, as(outsider)))).toMatchObject({ code: 404 });
    const q1 = await questionId(MIDTERM, 'q1');
    const notFound = { code: 404, message: '该作业或测验不存在，或不在您的班级中' };
    const attemptGone = { code: 404, message: '该作答不存在，或不在您的班级中' };
    expect(await refusal(s().call(mk.adminMarkingWork, { workId: workId(MIDTERM) }, as(outsider)))).toEqual(notFound);
    expect(await refusal(s().call(mk.adminMarkingQuestion, { workId: workId(MIDTERM), questionId: q1 }, as(outsider)))).toEqual(notFound);
    expect(await refusal(s().call(mk.adminMarkingExport, { workId: workId(MIDTERM) }, as(outsider)))).toEqual(notFound);
    expect(await refusal(s().call(mk.adminMarkingReleaseAll, { workId: workId(MIDTERM) }, as(outsider)))).toEqual(notFound);
    expect(await refusal(s().call(mk.adminMarkingAttempt, { attemptId }, as(outsider)))).toEqual(attemptGone);
    expect(await refusal(mark(outsider, { attemptId, questionId: q1, score: 10, comment: '', revision: 0 }))).toEqual(attemptGone);
    expect(await refusal(release(outsider, attemptId))).toEqual(attemptGone);
    expect(await marksRows(attemptId)).toEqual([]);
    expect((await attemptRow(attemptId)).status).toBe(1);
  });

  test("another school's administrator, on their own school, finds nothing of this one", async () => {
    const { attemptId } = await handIn(MIDTERM, MIDTERM_RIGHT);
    const foreign = await staffer(s(), HUAXIA.id, STAFF_ROLE.admin);
    expect(await refusal(s().call(mk.adminMarkingWork, { workId: workId(MIDTERM) }, as(foreign, HUAXIA.id)))).toMatchObject({ code: 404 });
    expect(await refusal(s().call(mk.adminMarkingAttempt, { attemptId }, as(foreign, HUAXIA.id)))).toMatchObject({ code: 404 });
    const list = await ok<mk.MarkingWorkSummary[]>(s().call(mk.adminMarkingQueue, {}, as(foreign, HUAXIA.id)));
    expect(list.some((w) => w.workId === workId(MIDTERM))).toBe(false);
  });
});

describe('marking one attempt', () => {
  test('by student: every question with the answer, the key, the automatic score; score bounds and bad input change nothing', async () => {
    const { attemptId } = await handIn(MIDTERM, { ...MIDTERM_RIGHT, q1: { content: '启动、自锁、停止' } });
    const q1 = await questionId(MIDTERM, 'q1');
    const view = await attemptOf(attemptId, teacher);
    expect(view.attempt).toMatchObject({ state: 'waiting', status: 1, total: null, score: null, attemptNo: 1 });
    expect(view.marks.find((m) => m.questionId === q1)).toMatchObject({ answer: { content: '启动、自锁、停止' }, auto: null, score: null, mark: null });
    expect(view.marks.filter((m) => m.auto !== null).map((m) => m.auto)).toEqual([10, 20, 10, 20]);
    s().clock.advance(1000);
    const later = await auditFromNow(s(), DEMO.id, { targetId: attemptId });
    const cases: [Partial<mk.MarkInput>, string][] = [
      [{ score: -1 }, '分数不能小于 0'],
      [{ score: 40.5 }, '分数不能超过本题的 40 分'],
      [{ score: 7.3 }, '分数只能是整数或 0.5 分'],
      [{ score: 'abc' as never }, '请填写分数'],
      [{ comment: '评'.repeat(501) }, '评语不能超过 500 个字'],
      [{ revision: -1 }, '批阅版本不正确，请刷新后再试'],
      [{ questionId: 'nosuchquestion' }, '该题不在这份试卷中'],
    ];
    for (const [bad, message] of cases) {
      const answer = await refusal(mark(teacher, { attemptId, questionId: q1, score: 30, comment: '', revision: 0, ...bad }));
      expect(answer.message).toBe(message);
      expect([400, 404]).toContain(answer.code);
    }
    expect(await marksRows(attemptId)).toEqual([]);
    expect(await later()).toEqual([]);
    // Releasing before the short answer has its mark is refused.
    expect(await refusal(release(teacher, attemptId))).toEqual({ code: 409, message: '还有 1 道题没有评分，评完后才能发布' });
    const saved = await ok<mk.MarkingAttempt>(mark(teacher, { attemptId, questionId: q1, score: 32.5, comment: ' 要点齐全，表述可以更规范。 ', revision: 0 }));
    expect(saved.attempt).toMatchObject({ state: 'marked', total: 92.5, score: null });
    expect(saved.marks.find((m) => m.questionId === q1)).toMatchObject({
      score: 32.5,
      mark: { score: 32.5, comment: '要点齐全，表述可以更规范。', revision: 1, markedBy: teacher.account.name },
    });
    const entries = await later();
    expect(entries.map((e) => [e.action, e.targetType, e.targetId, e.actorId])).toEqual([
      [AUDIT_ACTION.markSave, 'workAttempt', attemptId, teacher.account.id],
    ]);
    expect(JSON.parse(entries[0]!.afterJson!)).toEqual({ 第5题得分: 32.5, 第5题评语: '要点齐全，表述可以更规范。' });
    // Named by the student (their name, else their masked mobile) and the work.
    expect(entries[0]!.targetName).toBe(`${saved.attempt.name || maskMobile(saved.attempt.mobile)} · ${MIDTERM}`);
  });

  test('an automatic mark can be overridden, within the question points and in halves', async () => {
    const { attemptId } = await handIn(MIDTERM, { ...MIDTERM_RIGHT, f1: { content: '相位' } });
    const f1 = await questionId(MIDTERM, 'f1');
    const q1 = await questionId(MIDTERM, 'q1');
    expect((await attemptOf(attemptId)).marks.find((m) => m.questionId === f1)).toMatchObject({ auto: 0, score: 0 });
    await ok(mark(teacher, { attemptId, questionId: f1, score: 19.5, comment: '笔误，酌情给分', revision: 0 }));
    const after = await ok<mk.MarkingAttempt>(mark(teacher, { attemptId, questionId: q1, score: 0, comment: '', revision: 0 }));
    expect(after.attempt.total).toBe(10 + 20 + 10 + 19.5 + 0);
    expect(after.attempt.total).toBe(await ruleTotal(attemptId));
  });

  test('by question: every handed-in answer to the question, each with its mark', async () => {
    const one = await handIn(MIDTERM, { q1: { content: '答案一' } });
    const two = await handIn(MIDTERM, { q1: { content: '答案二' } });
    const q1 = await questionId(MIDTERM, 'q1');
    await ok(mark(teacher, { attemptId: one.attemptId, questionId: q1, score: 20, comment: '', revision: 0 }));
    const list = await ok<mk.MarkingQuestionAnswers>(s().call(mk.adminMarkingQuestion, { workId: workId(MIDTERM), questionId: q1 }, as(teacher)));
    expect(list.question).toMatchObject({ id: q1, label: '5', questionType: 6, examPoint: 40, needsHand: true });
    expect(list.question.answerContent).toContain('自锁');
    const mine = list.answers.filter((x) => [one.attemptId, two.attemptId].includes(x.attempt.attemptId));
    expect(mine.map((x) => [x.mark.answer?.content, x.mark.mark?.score ?? null])).toEqual(
      expect.arrayContaining([
        ['答案一', 20],
        ['答案二', null],
      ]),
    );
  });
});

describe('two teachers at once', () => {
  test('a save based on a stale revision is refused with who changed it, and nothing is lost', async () => {
    const { attemptId } = await handIn(MIDTERM, MIDTERM_RIGHT);
    const q1 = await questionId(MIDTERM, 'q1');
    // Both open the attempt with no mark; the teacher saves first.
    await ok(mark(teacher, { attemptId, questionId: q1, score: 30, comment: '第一位老师', revision: 0 }));
    expect(await refusal(mark(colleague, { attemptId, questionId: q1, score: 10, comment: '', revision: 0 }))).toEqual({
      code: 409,
      message: `这道题的分数刚被${teacher.account.name}修改过，请刷新后再批`,
    });
    // The colleague reloads (revision 1); the teacher changes it again meanwhile (revision 2).
    await ok(mark(teacher, { attemptId, questionId: q1, score: 31, comment: '第一位老师', revision: 1 }));
    const attemptBefore = await attemptRow(attemptId);
    const laterOfAttempt = await auditFromNow(s(), DEMO.id, { targetId: attemptId });
    expect(await refusal(mark(colleague, { attemptId, questionId: q1, score: 10, comment: '', revision: 1 }))).toEqual({
      code: 409,
      message: `这道题的分数刚被${teacher.account.name}修改过，请刷新后再批`,
    });
    expect((await marksRows(attemptId)).map((m) => [m.score, m.comment, m.revision, m.markedBy])).toEqual([[31, '第一位老师', 2, teacher.account.id]]);
    expect(await attemptRow(attemptId)).toEqual(attemptBefore);
    expect(await laterOfAttempt()).toEqual([]);
    // Two changes at once over the same revision: one is kept, the other refused and writes nothing.
    const changes = await Promise.all([
      mark(teacher, { attemptId, questionId: q1, score: 32, comment: '再改一次', revision: 2 }),
      mark(colleague, { attemptId, questionId: q1, score: 12, comment: '同时修改', revision: 2 }),
    ]);
    expect(changes.map((a) => a.body.code).sort()).toEqual([0, 409]);
    const kept = changes[0]!.body.code === 0 ? { who: teacher, score: 32 } : { who: colleague, score: 12 };
    expect((await marksRows(attemptId)).map((m) => [m.score, m.revision, m.markedBy])).toEqual([[kept.score, 3, kept.who.account.id]]);
    expect((await laterOfAttempt()).filter((e) => e.action === AUDIT_ACTION.markSave)).toHaveLength(1);
    // Two first marks at once: one is kept, the other refused.
    const other = await handIn(MIDTERM, MIDTERM_RIGHT);
    const both = await Promise.all([
      mark(teacher, { attemptId: other.attemptId, questionId: q1, score: 5, comment: '', revision: 0 }),
      mark(colleague, { attemptId: other.attemptId, questionId: q1, score: 6, comment: '', revision: 0 }),
    ]);
    expect(both.map((a) => a.body.code).sort()).toEqual([0, 409]);
    expect(await marksRows(other.attemptId)).toHaveLength(1);
  });
});

describe('release', () => {
  test('released once of two at once; the student then sees the score and the comment; the counted score follows', async () => {
    const { who, attemptId } = await handIn(MIDTERM, { ...MIDTERM_RIGHT, q1: { content: '启动、自锁、停止' } });
    const q1 = await questionId(MIDTERM, 'q1');
    const standingBefore = expectOk<api.WorkStanding>(await callAs(s(), api.workStanding, { ...me(who), workId: workId(MIDTERM) }, who.user));
    expect(standingBefore).toMatchObject({ countedScore: null, scorePending: true, handedIn: true });
    // The course's duty figures count a handed-in test whether marked or not: the release does not move them.
    const statsOf = async () =>
      expectOk<course.CourseStatistics>(
        await callAs(s(), course.courseStatistics, { classId: who.classId, classStudentId: who.studentId, courseId: demo.works[MIDTERM]!.courseId }, who.user),
      );
    const statsBefore = await statsOf();
    expect(statsBefore.finishTestNumber).toBeGreaterThanOrEqual(1);
    expect((await refusal(review(who, MIDTERM, attemptId))).message).toBe('老师批阅后才能查看答案和解析，请耐心等待');
    await ok(mark(teacher, { attemptId, questionId: q1, score: 35, comment: '条理清楚', revision: 0 }));
    s().clock.advance(1000);
    const later = await auditFromNow(s(), DEMO.id, { targetId: attemptId });
    const [x, y] = await Promise.all([release(teacher, attemptId), release(colleague, attemptId)]);
    const codes = [x.body.code, y.body.code].sort();
    expect(codes).toEqual([0, 409]);
    expect([x, y].find((a) => a.body.code === 409)!.body.message).toBe('该作答的成绩已经发布');
    const row = await attemptRow(attemptId);
    expect([row.status, row.score]).toEqual([2, 95]);
    expect(row.score).toBe(await ruleTotal(attemptId));
    expect((await later()).filter((e) => e.action === AUDIT_ACTION.markRelease)).toHaveLength(1);
    const r = expectOk<api.ReviewedAttempt>(await review(who, MIDTERM, attemptId));
    expect(r.testStudentResultVO.score).toBe(95);
    expect(r.results.find((k) => k.questionId === q1)).toEqual({ questionId: q1, correct: false, score: 35, comment: '条理清楚' });
    const standing = expectOk<api.WorkStanding>(await callAs(s(), api.workStanding, { ...me(who), workId: workId(MIDTERM) }, who.user));
    expect(standing).toMatchObject({ countedScore: 95, scorePending: false, handedIn: true });
    expect((await statsOf()).finishTestNumber).toBe(statsBefore.finishTestNumber);
    const logs = expectOk<api.AttemptLog[]>(await callAs(s(), api.attemptLogs, { ...me(who), workId: workId(MIDTERM) }, who.user));
    expect(logs.map((l) => [l.status, l.score])).toEqual([[2, 95]]);
    expect(await refusal(release(teacher, attemptId))).toEqual({ code: 409, message: '该作答的成绩已经发布' });
    // The student is told once, in their message centre, with the work and the score.
    const told = expectOk<{ records: messages.LearnerMessage[] }>(await callAs(s(), messages.messagesPage, { unread: true }, who.user)).records;
    expect(told.filter((m) => m.kind === 'released')).toEqual([
      expect.objectContaining({ title: `「${MIDTERM}」成绩已发布`, body: expect.stringContaining('得分 95 分') as string, read: false }),
    ]);
  });

  test('re-marking after the release is audited before and after, and the student sees the new score and comment', async () => {
    const { who, attemptId } = await handIn(MIDTERM, MIDTERM_RIGHT);
    const q1 = await questionId(MIDTERM, 'q1');
    await ok(mark(teacher, { attemptId, questionId: q1, score: 20, comment: '不完整', revision: 0 }));
    await ok(release(teacher, attemptId));
    s().clock.advance(1000);
    const later = await auditFromNow(s(), DEMO.id, { targetId: attemptId });
    const after = await ok<mk.MarkingAttempt>(mark(colleague, { attemptId, questionId: q1, score: 30, comment: '复核后加分', revision: 1 }));
    expect(after.attempt).toMatchObject({ state: 'released', score: 90, total: 90 });
    const [entry] = await later();
    expect(entry).toMatchObject({ action: AUDIT_ACTION.markSave, actorId: colleague.account.id, targetId: attemptId });
    expect(JSON.parse(entry!.beforeJson!)).toEqual({ 第5题得分: 20, 第5题评语: '不完整', 总分: 80 });
    expect(JSON.parse(entry!.afterJson!)).toEqual({ 第5题得分: 30, 第5题评语: '复核后加分', 总分: 90 });
    const r = expectOk<api.ReviewedAttempt>(await review(who, MIDTERM, attemptId));
    expect(r.testStudentResultVO.score).toBe(90);
    expect(r.results.find((k) => k.questionId === q1)).toMatchObject({ score: 30, comment: '复核后加分' });
  });

  test('"release all marked" releases the complete ones only; the counted score follows the score rule', async () => {
    // Limited attempts: with unlimited ones no score shows before the close (decision 052).
    await setPolicy(s(), workId(HOMEWORK), { maxAttempts: 10, scoreRule: SCORE_RULES.LAST });
    const first = await handIn(HOMEWORK, {});
    const second = await handIn(HOMEWORK, {}, first.who);
    const waiting = await handIn(HOMEWORK, {});
    const q1 = await questionId(HOMEWORK, 'q1');
    await ok(mark(teacher, { attemptId: first.attemptId, questionId: q1, score: 20, comment: '', revision: 0 }));
    await ok(mark(teacher, { attemptId: second.attemptId, questionId: q1, score: 5, comment: '', revision: 0 }));
    const done = await ok<{ released: number }>(s().call(mk.adminMarkingReleaseAll, { workId: workId(HOMEWORK) }, as(teacher)));
    expect(done.released).toBeGreaterThanOrEqual(2);
    expect((await attemptRow(first.attemptId)).status).toBe(2);
    expect((await attemptRow(second.attemptId)).status).toBe(2);
    expect((await attemptRow(waiting.attemptId)).status).toBe(1);
    const who = first.who;
    const standing = expectOk<api.WorkStanding>(await callAs(s(), api.workStanding, { ...me(who), workId: workId(HOMEWORK) }, who.user));
    // The last attempt counts: 5 of the short answer, nothing else answered.
    expect(standing).toMatchObject({ countedScore: 5, scorePending: false, handedIn: true });
    await setPolicy(s(), workId(HOMEWORK), { scoreRule: SCORE_RULES.HIGHEST });
    expect(expectOk<api.WorkStanding>(await callAs(s(), api.workStanding, { ...me(who), workId: workId(HOMEWORK) }, who.user)).countedScore).toBe(20);
  });
});

describe('the scores CSV', () => {
  test('one row per student with each attempt’s score or 待阅卷 and the counted score, UTF-8 with BOM', async () => {
    const released = await handIn(MIDTERM, MIDTERM_RIGHT);
    const pending = await handIn(MIDTERM, MIDTERM_RIGHT);
    const q1 = await questionId(MIDTERM, 'q1');
    await ok(mark(admin, { attemptId: released.attemptId, questionId: q1, score: 12.5, comment: '', revision: 0 }));
    await ok(release(admin, released.attemptId));
    const res = await s().app.request(`${urlOf(mk.adminMarkingExport)}?workId=${workId(MIDTERM)}`, {
      headers: { TenantId: DEMO.id, Cookie: admin.session.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`-${MIDTERM}-成绩-`));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('姓名,手机号,作答次数,第1次,计入成绩');
    const students = await s().runtime.db.selectFrom('classStudents').select(['id']).where('classId', '=', demo.classId).execute();
    expect(lines.filter(Boolean)).toHaveLength(students.length + 1);
    // An administrator sees the mobiles in full: the student's row is found by it.
    const row = (p: ExamPlace) => lines.find((l) => l.split(',')[1] === p.user.mobile)!;
    expect(row(released.who).split(',').slice(2)).toEqual(['1', '72.5', '72.5']);
    expect(row(pending.who).split(',').slice(2)).toEqual(['1', '待阅卷', '待阅卷']);
  });
});

describe('one rule: the released total is the scoring rule with the marks', () => {
  test('random answers and marks (halves, overrides included)', async () => {
    const ids = { q1: await questionId(MIDTERM, 'q1'), f1: await questionId(MIDTERM, 'f1'), s1: await questionId(MIDTERM, 's1') };
    const halves = (max: number) => fc.integer({ min: 0, max: max * 2 }).map((n) => n / 2);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ s1: fc.constantFrom(['A'], ['B']), f1: fc.constantFrom('相序', '电压', '') }),
        halves(40),
        fc.option(halves(20), { nil: undefined }),
        fc.option(halves(10), { nil: undefined }),
        async (given, q1, f1, s1) => {
          const { attemptId } = await handIn(MIDTERM, { s1: { optionList: [...given.s1] }, ...(given.f1 ? { f1: { content: given.f1 } } : {}) });
          await ok(mark(teacher, { attemptId, questionId: ids.q1, score: q1, comment: '', revision: 0 }));
          if (f1 !== undefined) await ok(mark(teacher, { attemptId, questionId: ids.f1, score: f1, comment: '', revision: 0 }));
          if (s1 !== undefined) await ok(mark(teacher, { attemptId, questionId: ids.s1, score: s1, comment: '', revision: 0 }));
          const released = await ok<mk.MarkingAttempt>(release(teacher, attemptId));
          expect(released.attempt.score).toBe(await ruleTotal(attemptId));
          expect((await attemptRow(attemptId)).score).toBe(released.attempt.score);
        },
      ),
      { numRuns: 6 },
    );
  });
});
