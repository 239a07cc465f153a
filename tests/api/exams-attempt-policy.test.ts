import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import { REVEAL, SCORE_RULES, type AttemptPolicy } from '~/lib/exams/attempt-policy';
import { SAVE_GRACE_MS } from '~/server/exams/attempts/deadline.rules';
import { expectOk, expectRefused } from '../setup/api';
import { useTestServer } from '../setup/server';
import { allQuestions, callAs, examPlace, leaves, newStudentPlace, record, rightAnswer, seededQuestions, setPolicy, type ExamPlace } from '../setup/exams';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { testScope } from '../setup/scope';

/**
 * A work's attempt policy (issue 19, decision 028), each test with students of its own: the
 * retake attack (start, hand in an empty paper, read every key in its review, start again with
 * the keys) fails; attempts allowed, which score counts and when the marks and the keys show, in
 * their combinations; the work's close; simultaneous starts never exceed the attempts allowed.
 */

const server = useTestServer();
let demo: ExamPlace;

const QUIZ = '随堂小测';
const UNIT_TEST = '第一章单元测验';

const call = <Req>(c: Call<Req, unknown>, body: unknown, who: ExamPlace) => callAs(server(), c, body, who.user);
const ok = async <T>(c: Call<unknown, T>, body: unknown, who: ExamPlace): Promise<T> => expectOk<T>(await call(c, body, who));
const me = (who: ExamPlace) => ({ classId: who.classId, studentId: who.studentId });
const workOf = (title: string) => demo.works[title]!;
const paperOf = (title: string, who: ExamPlace) => ok<api.Paper>(api.paper, { ...me(who), workId: workOf(title).id }, who);
const start = (title: string, who: ExamPlace) => call(api.startAttempt, { ...me(who), workId: workOf(title).id }, who);
const started = async (title: string, who: ExamPlace) => expectOk<api.AttemptState>(await start(title, who));
const submit = (title: string, a: api.AttemptState, who: ExamPlace) =>
  ok<api.SubmitResult>(api.submitTest, { ...me(who), testId: workOf(title).id, answerLogId: a.answerLogId }, who);
const review = (title: string, answerLogId: string, who: ExamPlace) =>
  ok<api.ReviewedAttempt>(api.reviewAttempt, { ...me(who), workId: workOf(title).id, answerLogId }, who);
const logs = (title: string, who: ExamPlace) => ok<api.AttemptLog[]>(api.attemptLogs, { ...me(who), workId: workOf(title).id }, who);
const standing = (title: string, who: ExamPlace) => ok<api.WorkStanding>(api.workStanding, { ...me(who), workId: workOf(title).id }, who);
const attemptRows = (title: string, who: ExamPlace) =>
  server()
    .runtime.db.selectFrom('workAttempts')
    .select(['id', 'attemptNo', 'status'])
    .where('workId', '=', workOf(title).id)
    .where('classStudentId', '=', who.studentId)
    .orderBy('attemptNo')
    .execute();

/** Everything of a review that would give a key away: right answers, option flags, explanations. */
function keysIn(r: api.ReviewedAttempt, title: string): string[] {
  const found: string[] = [];
  for (const q of allQuestions(r.questionUnitCAResultVO.questionResultVOMap)) {
    if (q.questionAnswerVO !== null) found.push(`key of ${q.id}`);
    if (q.questionContentVO.optionList.some((o) => 'answer' in o)) found.push(`option flags of ${q.id}`);
  }
  const text = JSON.stringify(r);
  for (const seeded of seededQuestions(title).values()) if (seeded.explanation && text.includes(seeded.explanation)) found.push(`explanation of ${seeded.ref}`);
  return found;
}

/** Answers the quick quiz's questions named by their seed refs right (s1 30 points, t1 30, m1 40) and hands it in. */
async function quizAttempt(who: ExamPlace, right: readonly ('s1' | 't1' | 'm1')[]): Promise<{ a: api.AttemptState; result: api.SubmitResult }> {
  const paper = await paperOf(QUIZ, who);
  const a = await started(QUIZ, who);
  const seeded = seededQuestions(QUIZ);
  const records = leaves(paper)
    .filter((q) => right.includes(seeded.get(q.trunk)!.ref as 's1'))
    .map((q) => record({ workId: paper.workId, answerLogId: a.answerLogId }, q, 1, rightAnswer(QUIZ, q)));
  if (records.length) await ok(api.saveAnswers, { ...me(who), answers: records }, who);
  return { a, result: await submit(QUIZ, a, who) };
}

const policy = (p: Partial<AttemptPolicy>) => setPolicy(server(), workOf(QUIZ).id, p);
const practice = {
  maxAttempts: 3,
  scoreRule: SCORE_RULES.HIGHEST,
  marksShown: REVEAL.AFTER_SUBMIT,
  keysShown: REVEAL.AFTER_LAST_ATTEMPT,
  closesAt: null,
} as const;

beforeAll(async () => {
  demo = await examPlace(server());
});

describe('the retake attack: an empty paper, its review’s keys, full marks on the next attempt', () => {
  test('a unit test has one attempt: starting again is refused with a clear message and changes nothing', async () => {
    const who = await newStudentPlace(server());
    const first = await started(UNIT_TEST, who);
    expect(await submit(UNIT_TEST, first, who)).toEqual({ answerLogId: first.answerLogId, status: 2, score: 0 });
    // The last attempt is used: its review may show the keys now.
    expect(keysIn(await review(UNIT_TEST, first.answerLogId, who), UNIT_TEST)).not.toEqual([]);
    const again = await start(UNIT_TEST, who);
    expectRefused(again, ErrorCode.CONFLICT, t('exams.noAttemptsLeft', { name: t('exams.test'), n: 1 }));
    expect(await attemptRows(UNIT_TEST, who)).toEqual([{ id: first.answerLogId, attemptNo: 1, status: 2 }]);
    expect(await standing(UNIT_TEST, who)).toMatchObject({
      attemptsUsed: 1,
      attemptsLeft: 0,
      open: false,
      refusal: 'noAttemptsLeft',
      refusalMessage: '本测验最多可作答 1 次，你的作答次数已用完',
      countedScore: 0,
      handedIn: true,
    });
  });

  test('with retakes allowed, no review shows a key while another attempt can start or one is open', async () => {
    await policy(practice);
    const who = await newStudentPlace(server());
    const one = await quizAttempt(who, []);
    expect(one.result).toMatchObject({ status: 2, score: 0 });
    const r1 = await review(QUIZ, one.a.answerLogId, who);
    expect(keysIn(r1, QUIZ)).toEqual([]);
    const waits = { shown: false, later: 'last_attempt', at: null };
    expect(r1.visibility).toEqual({ marks: { shown: true }, questionMarks: waits, keys: waits });
    // The total (after each attempt) stays; each question's right or wrong waits with the keys (decision 052).
    expect(r1.testStudentResultVO.score).toBe(0);
    expect(r1.results).toEqual([]);
    await quizAttempt(who, ['s1']);
    // The last attempt allowed, still open: no keys either.
    const third = await started(QUIZ, who);
    expect(keysIn(await review(QUIZ, one.a.answerLogId, who), QUIZ)).toEqual([]);
    expect((await standing(QUIZ, who)).visibility.keys.shown).toBe(false);
    await submit(QUIZ, third, who);
    const after = await review(QUIZ, one.a.answerLogId, who);
    expect(keysIn(after, QUIZ)).not.toEqual([]);
    expect(after.visibility.keys).toEqual({ shown: true });
    expect(after.results.length).toBeGreaterThan(0);
    expectRefused(await start(QUIZ, who), ErrorCode.CONFLICT, t('exams.noAttemptsLeft', { name: t('exams.test'), n: 3 }));
  });
});

describe('which score counts', () => {
  test.each([
    [SCORE_RULES.HIGHEST, 70],
    [SCORE_RULES.LAST, 0],
    [SCORE_RULES.FIRST, 30],
    [SCORE_RULES.AVERAGE, 33.33],
  ] as const)('%s: attempts scoring 30, 70 and 0 count %s', async (rule, counted) => {
    await policy({ ...practice, scoreRule: rule });
    const who = await newStudentPlace(server());
    for (const right of [['s1'], ['s1', 'm1'], []] as const) await quizAttempt(who, right);
    expect((await logs(QUIZ, who)).map((l) => [l.attemptNo, l.score])).toEqual([
      [3, 0],
      [2, 70],
      [1, 30],
    ]);
    expect(await standing(QUIZ, who)).toMatchObject({
      policy: { scoreRule: rule },
      attemptsUsed: 3,
      attemptsLeft: 0,
      countedScore: counted,
      scorePending: false,
    });
  });
});

describe('when the marks and the keys show', () => {
  test('marks never: no score in the result, the logs, the review or the standing; the own answers stay', async () => {
    await policy({ ...practice, maxAttempts: 1, marksShown: REVEAL.NEVER, keysShown: REVEAL.NEVER });
    const who = await newStudentPlace(server());
    const { a, result } = await quizAttempt(who, ['s1']);
    expect(result).toEqual({ answerLogId: a.answerLogId, status: 2, score: null });
    expect((await logs(QUIZ, who))[0]).toMatchObject({ status: 2, score: null });
    const r = await review(QUIZ, a.answerLogId, who);
    expect(r.testStudentResultVO.score).toBeNull();
    expect(r.results).toEqual([]);
    expect(keysIn(r, QUIZ)).toEqual([]);
    expect(r.questionUnitCAResultVO.answerQuestion).toHaveLength(1);
    const never = { shown: false, later: 'never', at: null };
    expect(r.visibility).toEqual({ marks: never, questionMarks: never, keys: never });
    expect(await standing(QUIZ, who)).toMatchObject({ countedScore: null, handedIn: true });
    // The score is kept, only not shown.
    expect((await server().runtime.db.selectFrom('workAttempts').select('score').where('id', '=', a.answerLogId).executeTakeFirstOrThrow()).score).toBe(30);
  });

  test('marks after the last attempt: hidden while another may start, shown once none can', async () => {
    await policy({ ...practice, maxAttempts: 2, marksShown: REVEAL.AFTER_LAST_ATTEMPT });
    const who = await newStudentPlace(server());
    const one = await quizAttempt(who, ['s1']);
    expect(one.result.score).toBeNull();
    expect((await review(QUIZ, one.a.answerLogId, who)).visibility.marks).toEqual({ shown: false, later: 'last_attempt', at: null });
    const two = await quizAttempt(who, ['t1', 'm1']);
    expect(two.result.score).toBe(70);
    expect((await logs(QUIZ, who)).map((l) => l.score)).toEqual([70, 30]);
    expect((await review(QUIZ, one.a.answerLogId, who)).testStudentResultVO.score).toBe(30);
  });

  test('keys after the close: hidden before it (saying when), shown once it and the save grace have passed; no start after it', async () => {
    // Closes in 90 s, before the quiz's 2-minute limit would end an attempt started now.
    const closesAt = server().clock.value + 90_000;
    await policy({ ...practice, maxAttempts: null, keysShown: REVEAL.AFTER_CLOSE, closesAt });
    const who = await newStudentPlace(server());
    const { a } = await quizAttempt(who, []);
    expect((await review(QUIZ, a.answerLogId, who)).visibility.keys).toEqual({ shown: false, later: 'close', at: closesAt });
    const st = await standing(QUIZ, who);
    expect(st).toMatchObject({ attemptsLeft: null, refusal: null, policy: { maxAttempts: null, closesAt } });
    // An attempt started before the close ends with it, whatever its time limit.
    const open = await started(QUIZ, who);
    server().clock.set(closesAt - 60_000);
    expect((await ok<api.AttemptState>(api.attemptState, { ...me(who), answerLogId: open.answerLogId }, who)).remainingSeconds).toBe(60);
    server().clock.set(closesAt);
    const refused = await start(QUIZ, who);
    // The open attempt continues until the close; a new one cannot start.
    expect(expectOk<api.AttemptState>(refused).answerLogId).toBe(open.answerLogId);
    server().clock.set(closesAt + SAVE_GRACE_MS);
    expect(keysIn(await review(QUIZ, a.answerLogId, who), QUIZ)).toEqual([]);
    server().clock.set(closesAt + SAVE_GRACE_MS + 1);
    const r = await review(QUIZ, a.answerLogId, who);
    expect(r.visibility.keys).toEqual({ shown: true });
    expect(keysIn(r, QUIZ)).not.toEqual([]);
    // The open attempt was handed in by its deadline (the close) on that read.
    expect((await attemptRows(QUIZ, who)).map((x) => x.status)).toEqual([2, 2]);
    const late = await start(QUIZ, who);
    expectRefused(late, ErrorCode.CONFLICT, t('exams.workClosed', { name: t('exams.test'), time: '2026-11-22 10:01' }));
    expect(late.body.message).toMatch(/^本测验已于 \d{4}-\d\d-\d\d \d\d:\d\d 截止，不能再开始作答$/);
    expect(await standing(QUIZ, who)).toMatchObject({ refusal: 'closed', attemptsLeft: null });
  });

  test('keys never: not even after the last attempt', async () => {
    await policy({ ...practice, maxAttempts: 1, keysShown: REVEAL.NEVER, closesAt: null });
    const who = await newStudentPlace(server());
    const { a } = await quizAttempt(who, ['s1', 't1', 'm1']);
    const r = await review(QUIZ, a.answerLogId, who);
    expect(keysIn(r, QUIZ)).toEqual([]);
    expect(r.testStudentResultVO.score).toBe(100);
    expect(r.visibility.keys).toEqual({ shown: false, later: 'never', at: null });
  });
});

describe('starts at the same moment never exceed the attempts allowed', () => {
  test('twelve starts with one attempt left open one attempt; twelve more once it is used open none', async () => {
    await policy({ ...practice, maxAttempts: 2, closesAt: null });
    const who = await newStudentPlace(server());
    await quizAttempt(who, []);
    const answers = await Promise.all(Array.from({ length: 12 }, () => start(QUIZ, who)));
    const ids = new Set(answers.map((x) => expectOk<api.AttemptState>(x).answerLogId));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await ok(api.submitTest, { ...me(who), testId: workOf(QUIZ).id, answerLogId: id }, who);
    const more = await Promise.all(Array.from({ length: 12 }, () => start(QUIZ, who)));
    for (const x of more) expectRefused(x, ErrorCode.CONFLICT, t('exams.noAttemptsLeft', { name: t('exams.test'), n: 2 }));
    expect((await attemptRows(QUIZ, who)).map((x) => x.attemptNo)).toEqual([1, 2]);
  });

  test('the unique key holds the numbers: a second attempt with a taken number is not kept', async () => {
    await policy({ ...practice, maxAttempts: 5 });
    const who = await newStudentPlace(server());
    const { a } = await quizAttempt(who, []);
    const db = server().runtime.db;
    const row = await db.selectFrom('workAttempts').selectAll().where('id', '=', a.answerLogId).executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('workAttempts')
        .values({ ...row, id: `${row.id.slice(0, 20)}x`, status: 2 })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('one rule in TypeScript and in SQL: may another attempt start', () => {
  // [attempts allowed, attempts handed in before, the work closed] → starts. The TypeScript rule
  // (startRefusal) and the start call (the numbered insert under its unique key) must agree.
  const table: [number | null, number, boolean][] = [
    [1, 0, false],
    [1, 1, false],
    [2, 1, false],
    [2, 2, false],
    [3, 2, false],
    [null, 0, false],
    [null, 4, false],
    [null, 0, true],
    [3, 1, true],
  ];
  test.each(table)('allowed %s, used %s, closed %s', async (maxAttempts, used, closed) => {
    const { startRefusal } = await import('~/lib/exams/attempt-policy');
    await policy({ ...practice, maxAttempts: null, closesAt: null });
    const who = await newStudentPlace(server());
    for (let i = 0; i < used; i++) await quizAttempt(who, []);
    const closesAt = closed ? server().clock.value - 1 : null;
    await policy({ ...practice, maxAttempts, closesAt });
    const p: AttemptPolicy = { ...practice, maxAttempts, closesAt };
    const byRule = startRefusal(p, used, server().clock.value) === null;
    const answer = await start(QUIZ, who);
    expect(answer.body.code === 0, JSON.stringify(answer.body)).toBe(byRule);
    expect((await attemptRows(QUIZ, who)).length).toBe(used + (byRule ? 1 : 0));
  });
});

describe('one rule in TypeScript and in the learner area’s SQL: is a work handed in', () => {
  // [status, submitted_at set] → counts for the duties, the class page and the course page as isHandedIn says.
  // A row taken for submission whose marking is not written yet (status 0, submitted_at set) is not handed in.
  const table: [number, boolean][] = [
    [0, false],
    [0, true],
    [1, true],
    [2, true],
  ];
  test.each(table)('status %s, submitted time %s', async (status, submitted) => {
    const { isHandedIn } = await import('~/lib/exams/attempt-policy');
    const works = await import('~/server/exams/attempts/handed-in.service');
    const who = await newStudentPlace(server());
    const w = workOf(QUIZ);
    const now = server().clock.value;
    const tenantId = (await server().runtime.db.selectFrom('works').select('tenantId').where('id', '=', w.id).executeTakeFirstOrThrow()).tenantId;
    await server()
      .runtime.db.insertInto('workAttempts')
      .values({
        id: `t${now}${status}${submitted ? 1 : 0}${Math.floor(Math.random() * 1e9)}`,
        tenantId,
        classId: who.classId,
        courseId: w.courseId,
        classroomId: w.classroomId,
        classStudentId: who.studentId,
        activityId: null,
        workType: 7,
        startedAt: now - 60_000,
        deadlineAt: null,
        submittedAt: submitted ? now : null,
        status,
        score: status === 2 ? 30 : null,
        createdAt: now - 60_000,
        workId: w.id,
        attemptNo: 1,
      })
      .execute();
    const s = testScope(server().runtime, 'handed-in-0001');
    const expected = isHandedIn(status);
    expect((await works.submittedLessons(s, { tenantId, classStudentId: who.studentId })).has(w.classroomId)).toBe(expected);
    expect(
      (await works.classHandInPairs(s, { tenantId, classId: who.classId, courseId: w.courseId, classroomIds: [w.classroomId] }).execute()).some(
        (x) => x.classStudentId === who.studentId && x.classroomId === w.classroomId,
      ),
    ).toBe(expected);
    expect(
      (await works.courseSubmitterPairs(s, { tenantId, classId: who.classId, courseIds: [w.courseId] }).execute()).some(
        (x) => x.classStudentId === who.studentId,
      ),
    ).toBe(expected);
    expect((await standing(QUIZ, who)).handedIn).toBe(expected);
  });
});
