import { beforeEach, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import { overdueDeadlineBefore } from '~/server/exams/attempts/deadline.rules';
import { takeForSubmission } from '~/server/exams/attempts/attempts.repository';
import { takeAttemptWithWork } from '~/server/exams/attempts/attempt-work.read-model';
import { expectOk } from '../setup/api';
import { waitForLockWaiters } from '../setup/pg-locks';
import { ON_POSTGRES, useTestServer } from '../setup/server';
import { callAs, leaves, newStudentPlace, record, rightAnswer, type ExamPlace } from '../setup/exams';

/**
 * Many requests at once on one attempt (meant for PostgreSQL, where they really run in parallel:
 * `PGPORT=… bash scripts/test-pg.sh tests/api/exams-concurrency.test.ts`; on SQLite they queue):
 * saves arriving in any order keep the highest acknowledged sequence; saves racing a submission are
 * either kept and scored, or refused, never acknowledged and lost; many submissions submit once;
 * many starts open one attempt.
 */

const server = useTestServer();
let p: ExamPlace;

const call = <Req>(c: Call<Req, unknown>, body: unknown) => callAs(server(), c, body, p.user);
const me = () => ({ classId: p.classId, studentId: p.studentId });
const shuffled = <T>(list: T[], seed: number): T[] => {
  const out = [...list];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

// Each test answers as a new student of its own, so none meets another's attempt.
beforeEach(async () => {
  p = await newStudentPlace(server());
});

describe('concurrent requests on one attempt', () => {
  test('many starts open one attempt', async () => {
    const work = p.works['第一章单元测验']!;
    const states = await Promise.all(Array.from({ length: 20 }, () => call(api.startAttempt, { ...me(), workId: work.id })));
    expect(new Set(states.map((s) => expectOk<api.AttemptState>(s).answerLogId)).size).toBe(1);
  });

  test('sixty saves of five questions in shuffled order, all at once: the highest sequence of each stays', async () => {
    const title = '第一章单元测验';
    const work = p.works[title]!;
    const paper = expectOk<api.Paper>(await call(api.paper, { ...me(), workId: work.id }));
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work.id }));
    const questions = leaves(paper)
      .filter((q) => q.questionType === 1 || q.questionType === 3 || q.questionType === 4)
      .slice(0, 5);
    const ref = { workId: work.id, answerLogId: a.answerLogId };
    const records = questions.flatMap((q) =>
      Array.from({ length: 12 }, (_, i) =>
        record(ref, q, i + 1, q.questionType === 4 ? { content: `答案${i + 1}` } : { optionList: [q.questionContentVO.optionList[i % 2]!.key] }),
      ),
    );
    const answers = await Promise.all(shuffled(records, 7).map((r) => call(api.saveAnswers, { ...me(), answers: [r] })));
    for (const x of answers) expectOk(x);
    const kept = expectOk<api.AttemptState>(await call(api.attemptState, { ...me(), answerLogId: a.answerLogId })).answers;
    expect(Object.fromEntries(kept.map((x) => [x.questionId, x.seq]))).toEqual(Object.fromEntries(questions.map((q) => [q.id, 12])));
    for (const q of questions) {
      const highest = records.find((r) => r.questionId === q.id && r.seq === 12)!;
      expect(kept.find((x) => x.questionId === q.id)!.questionAnswerVO).toEqual(highest.questionAnswerVO);
    }
  });

  test('saves racing the submissions: an acknowledged save is in the scoring, a late one is kept late and never scored; one submission', async () => {
    const title = '随堂小测';
    const work = p.works[title]!;
    const paper = expectOk<api.Paper>(await call(api.paper, { ...me(), workId: work.id }));
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work.id }));
    const single = leaves(paper).find((q) => q.questionType === 1)!;
    const right = rightAnswer(title, single).optionList![0]!;
    const wrong = single.questionContentVO.optionList.find((o) => o.key !== right)!.key;
    const ref = { workId: work.id, answerLogId: a.answerLogId };
    // Even sequences right, odd ones wrong; ten submissions in among them.
    const saves = Array.from(
      { length: 40 },
      (_, i) => () => call(api.saveAnswers, { ...me(), answers: [record(ref, single, i + 1, { optionList: [(i + 1) % 2 === 0 ? right : wrong] })] }),
    );
    const submits = Array.from({ length: 10 }, () => () => call(api.submitTest, { ...me(), testId: work.id, answerLogId: a.answerLogId }));
    const all = shuffled([...saves.map((f) => ({ kind: 'save' as const, f })), ...submits.map((f) => ({ kind: 'submit' as const, f }))], 11);
    const settled = await Promise.all(all.map(async (x) => ({ kind: x.kind, answer: await x.f() })));

    const results = settled.filter((x) => x.kind === 'submit').map((x) => expectOk<api.SubmitResult>(x.answer));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    const outcomes = settled.filter((x) => x.kind === 'save').map((x) => expectOk<api.SaveAnswersResult>(x.answer));
    // In time every save is the same writer's later change (kept) or its earlier one (acknowledged, superseded).
    const acked = outcomes.flatMap((o) => o.acked.map((x) => x.seq));
    const late = outcomes.flatMap((o) => o.late.map((x) => x.seq));
    expect(outcomes.flatMap((o) => o.conflicts)).toEqual([]);
    expect(acked.length + late.length).toBe(40);

    const kept = expectOk<api.AttemptState>(await call(api.attemptState, { ...me(), answerLogId: a.answerLogId })).answers;
    if (acked.length === 0) expect(kept).toEqual([]);
    else {
      // The kept answer is the highest acknowledged one, and the submission scored exactly it.
      const top = Math.max(...acked);
      expect(kept.map((x) => x.seq)).toEqual([top]);
      expect(results[0]!.score).toBe(top % 2 === 0 ? single.examPoint : 0);
    }
    const rows = await server().runtime.db.selectFrom('workAttempts').select(['status', 'submittedBy']).where('id', '=', a.answerLogId).execute();
    expect(rows).toEqual([{ status: 2, submittedBy: 'student' }]);
  });

  test('a save holds its attempt until it commits: a submission taking the attempt meanwhile waits for it', async () => {
    const work = p.works['随堂小测']!;
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work.id }));
    const db = server().runtime.db;
    const now = server().clock.value;
    const ref = await db
      .selectFrom('workAttempts')
      .select(['tenantId', 'classId', 'classStudentId', 'id as attemptId'])
      .where('id', '=', a.answerLogId)
      .executeTakeFirstOrThrow();
    const { tenantId } = ref;
    const order: string[] = [];
    const held = Promise.withResolvers<void>();
    const saveTook = Promise.withResolvers<void>();
    // The save's transaction takes the attempt, then stays open until released.
    const save = db.transaction().execute(async (trx) => {
      // (No question of the paper: the attempt is taken all the same.)
      expect((await takeAttemptWithWork(trx, ref, overdueDeadlineBefore(now), 'no-such-question'))?.takesAnswers).toBe(true);
      saveTook.resolve();
      await held.promise;
      order.push('save');
    });
    // The save's own failure ends the test instead of leaving it waiting.
    await Promise.race([saveTook.promise, save]);
    const submission = db.transaction().execute(async (trx) => {
      const took = await takeForSubmission(trx, tenantId, a.answerLogId, now);
      order.push('submission');
      return took;
    });
    if (ON_POSTGRES) {
      // Another connection sees the submission wait for the attempt's row, unless it went through first.
      await waitForLockWaiters(db, { settled: () => order.length > 0, message: 'the submission neither waited nor went through' });
    }
    expect(order).toEqual([]);
    held.resolve();
    await save;
    expect(await submission).toBe(true);
    expect(order).toEqual(['save', 'submission']);
  });
});
