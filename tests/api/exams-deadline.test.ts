import { beforeEach, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import { SAVE_GRACE_MS } from '~/server/exams/attempts/deadline.rules';
import { sweepOverdueAttempts } from '~/server/exams/attempts/attempts.service';
import { expectOk } from '../setup/api';
import { DAY, NOW, useTestServer } from '../setup/server';
import { callAs, leaves, newStudentPlace, record, rightAnswer, setPolicy, type ExamPlace } from '../setup/exams';
import { testScope } from '../setup/scope';

/**
 * The deadline is the server's (decision 025), with the test's clock in control: saves up to the
 * deadline plus 30 s are kept and refused after it; an overdue attempt is submitted by the server
 * with the answers it had, on the next read of it (attempt state, logs, start, review) and by the
 * sweep; a submission after the deadline is taken with the answers saved in time.
 */

const server = useTestServer();
let p: ExamPlace;
let mate: ExamPlace;

const TITLE = '随堂小测';
const LIMIT_MS = 2 * 60_000;

const call = <Req>(c: Call<Req, unknown>, body: unknown, who = p) => callAs(server(), c, body, who.user);
const ok = async <T>(c: Call<unknown, T>, body: unknown, who = p): Promise<T> => expectOk<T>(await call(c, body, who));
const me = (who = p) => ({ classId: who.classId, studentId: who.studentId });
const workId = (who = p) => who.works[TITLE]!.id;
const clock = () => server().clock;
const attemptRow = (id: string) => server().runtime.db.selectFrom('workAttempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Starts the quick quiz and saves the first question right (its answer is what the server must keep). */
async function startAnswering(who = p): Promise<{ a: api.AttemptState; paper: api.Paper; save: (seq: number, keys: string[]) => ReturnType<typeof call> }> {
  const paper = await ok<api.Paper>(api.paper, { ...me(who), workId: workId(who) }, who);
  const a = await ok<api.AttemptState>(api.startAttempt, { ...me(who), workId: workId(who) }, who);
  const first = leaves(paper)[0]!;
  const save = (seq: number, keys: string[]) =>
    call(api.saveAnswers, { ...me(who), answers: [record({ workId: paper.workId, answerLogId: a.answerLogId }, first, seq, { optionList: keys })] }, who);
  return { a, paper, save };
}

// Each test answers as new students of its own (and a classmate), so none meets another's attempt.
beforeEach(async () => {
  p = await newStudentPlace(server());
  mate = await newStudentPlace(server());
  // These tests start the quiz again and again; how many attempts a work allows is tested in exams-attempt-policy.test.ts.
  // Many attempts, but not unlimited: with unlimited attempts no score shows after each one (decision 052).
  await setPolicy(server(), workId(), { maxAttempts: 1000 });
});

describe('saves around the deadline', () => {
  test('kept at the deadline and up to 30 s after it (29 s, 30 s); a millisecond later kept as late, changing no kept answer', async () => {
    const started = clock().value;
    const { a, paper, save } = await startAnswering();
    expect(a).toMatchObject({ remainingSeconds: 120, totalSeconds: 120 });
    const right = rightAnswer(TITLE, leaves(paper)[0]!).optionList!;
    clock().set(started + LIMIT_MS);
    expect((await ok<api.AttemptState>(api.attemptState, { ...me(), answerLogId: a.answerLogId })).remainingSeconds).toBe(0);
    expectOk(await save(1, ['B']));
    clock().set(started + LIMIT_MS + 29_000);
    expectOk(await save(2, right));
    clock().set(started + LIMIT_MS + SAVE_GRACE_MS);
    expectOk(await save(3, right));
    clock().set(started + LIMIT_MS + SAVE_GRACE_MS + 1);
    const late = expectOk<api.SaveAnswersResult>(await save(4, ['C']));
    expect(late).toEqual({ acked: [], conflicts: [], late: [{ questionId: leaves(paper)[0]!.id, seq: 4 }], othersSavedAt: null });
    // A repeat of a save that was kept in time (its acknowledgement lost) is still acknowledged as kept.
    expect(expectOk<api.SaveAnswersResult>(await save(3, right)).acked).toHaveLength(1);
    const kept = await server().runtime.db.selectFrom('workAnswers').select(['seq', 'optionKeys']).where('attemptId', '=', a.answerLogId).execute();
    expect(kept).toEqual([{ seq: 3, optionKeys: JSON.stringify(right) }]);
    const lateRows = await server().runtime.db.selectFrom('workLateAnswers').select(['seq', 'optionKeys']).where('attemptId', '=', a.answerLogId).execute();
    expect(lateRows).toEqual([{ seq: 4, optionKeys: '["C"]' }]);
    // The late save submitted nothing by itself; the next read does (below).
    expect((await attemptRow(a.answerLogId)).status).toBe(0);
  });
});

describe('an overdue attempt is submitted by the server with the answers it had', () => {
  test('on the next read of the attempt', async () => {
    const started = clock().value;
    const { paper, save } = await startAnswering();
    expectOk(await save(1, rightAnswer(TITLE, leaves(paper)[0]!).optionList!));
    clock().set(started + LIMIT_MS + SAVE_GRACE_MS + 1);
    // Reading the logs is a read of the attempt now overdue: it comes back submitted.
    const [open] = await ok<api.AttemptLog[]>(api.attemptLogs, { ...me(), workId: workId() });
    const row = await attemptRow(open!.id);
    expect(row).toMatchObject({ status: 2, submittedBy: 'deadline', score: 30, answeredCount: 1, questionCount: 3 });
    expect(open).toMatchObject({ status: 2, score: 30 });
  });

  test('attemptState: answered with its new status and the kept answers', async () => {
    const started = clock().value;
    const { a, save } = await startAnswering();
    expectOk(await save(1, ['A']));
    clock().set(started + LIMIT_MS + SAVE_GRACE_MS + 1);
    const state = await ok<api.AttemptState>(api.attemptState, { ...me(), answerLogId: a.answerLogId });
    expect(state).toMatchObject({ status: 2, remainingSeconds: 0 });
    expect(state.answers.map((x) => x.questionAnswerVO.optionList)).toEqual([['A']]);
    expect(await attemptRow(a.answerLogId)).toMatchObject({ submittedBy: 'deadline', submittedAt: clock().value, score: 30 });
  });

  test('startAttempt: the overdue one is submitted and a new one starts', async () => {
    const started = clock().value;
    const { a } = await startAnswering();
    clock().set(started + LIMIT_MS + SAVE_GRACE_MS + 5_000);
    const next = await ok<api.AttemptState>(api.startAttempt, { ...me(), workId: workId() });
    expect(next.answerLogId).not.toBe(a.answerLogId);
    expect(next).toMatchObject({ status: 0, remainingSeconds: 120 });
    expect(await attemptRow(a.answerLogId)).toMatchObject({ status: 2, submittedBy: 'deadline', score: 0, answeredCount: 0 });
  });

  test('reviewAttempt: submitted first, then reviewed', async () => {
    const started = clock().value;
    const { a } = await startAnswering();
    clock().set(started + LIMIT_MS + SAVE_GRACE_MS + 1);
    const r = expectOk<api.ReviewedAttempt>(await call(api.reviewAttempt, { ...me(), workId: workId(), answerLogId: a.answerLogId }));
    expect(r.testStudentResultVO).toMatchObject({ status: 2, submittedTime: clock().value });
  });

  test('a submission after the deadline is taken, with the answers saved in time', async () => {
    const started = clock().value;
    const { a, save } = await startAnswering();
    expectOk(await save(1, ['A']));
    clock().set(started + LIMIT_MS + 10_000);
    const result = await ok<api.SubmitResult>(api.submitTest, { ...me(), testId: workId(), answerLogId: a.answerLogId });
    expect(result).toEqual({ answerLogId: a.answerLogId, status: 2, score: 30 });
    expect((await attemptRow(a.answerLogId)).submittedBy).toBe('student');
  });

  test('the sweep submits every overdue attempt of every student once, even if no browser comes back', async () => {
    const sweep = () => sweepOverdueAttempts(testScope(server().runtime, 'sweep-test-0001'));
    // The sweep covers the whole school: first the attempts other tests of this file left open (all
    // started minutes after NOW at most) are let run out and swept, so the counts below are this test's own.
    clock().set(NOW + DAY);
    await sweep();
    const started = clock().value;
    const mine = await startAnswering(p);
    const theirs = await startAnswering(mate);
    expectOk(await mine.save(1, ['A']));
    expectOk(await theirs.save(1, ['B']));
    // An attempt without a time limit is never overdue.
    const homework = await ok<api.AttemptState>(api.startAttempt, { ...me(), workId: p.works['第一章课后作业']!.id });

    clock().set(started + LIMIT_MS + SAVE_GRACE_MS);
    expect(await sweep()).toBe(0);
    clock().set(started + LIMIT_MS + SAVE_GRACE_MS + 1);
    expect(await sweep()).toBe(2);
    expect(await sweep()).toBe(0);
    expect(await attemptRow(mine.a.answerLogId)).toMatchObject({ status: 2, score: 30, submittedBy: 'deadline', submittedAt: clock().value });
    expect(await attemptRow(theirs.a.answerLogId)).toMatchObject({ status: 2, score: 0, submittedBy: 'deadline', answeredCount: 1 });
    expect((await attemptRow(homework.answerLogId)).status).toBe(0);
    // Two sweeps at once (two instances) submit nothing twice.
    const again = await startAnswering(p);
    clock().advance(LIMIT_MS + SAVE_GRACE_MS + 1);
    expect((await Promise.all([sweep(), sweep(), sweep()])).reduce((x, y) => x + y, 0)).toBe(1);
    expect((await attemptRow(again.a.answerLogId)).status).toBe(2);
  });
});

describe('the time left is the server’s', () => {
  test('remainingSeconds follows the server clock only (the device sends no time that counts)', async () => {
    const started = clock().value;
    const { a } = await startAnswering();
    for (const [after, left] of [
      [0, 120],
      [999, 120],
      [1_000, 119],
      [119_001, 1],
      [120_000, 0],
    ] as const) {
      clock().set(started + after);
      expect((await ok<api.AttemptState>(api.attemptState, { ...me(), answerLogId: a.answerLogId })).remainingSeconds, String(after)).toBe(left);
    }
  });
});
