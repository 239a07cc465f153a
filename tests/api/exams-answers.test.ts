import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import { SAVE_GRACE_MS, isOverdue, overdueDeadlineBefore } from '~/server/exams/attempts/deadline.rules';
import { takeAttemptWithWork } from '~/server/exams/attempts/attempt-work.read-model';
import { answerableByIds, answerableRead } from '~/server/exams/papers/papers.service';
import { expectOk, expectRefused, invalidField } from '../setup/api';
import { useTestServer } from '../setup/server';
import { allQuestions, callAs, leaves, newStudentPlace, record, rightAnswer, type ExamPlace } from '../setup/exams';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { testScope } from '../setup/scope';

/**
 * Answers changed from two tabs or devices, and answers that arrive too late (issue 19; decision
 * 027), on the real app and database (SQLite, or PostgreSQL with DATABASE_URL): a change based on
 * an answer another writer has since replaced is a conflict carrying the kept answer, never an
 * acknowledgement; a lost acknowledgement, a repeat and a reordered batch change nothing; saves at
 * once keep exactly one change; after the deadline and the grace (or the submission) answers are
 * kept as late answers, never scored. Every test answers as a student of its own.
 */

const server = useTestServer();
const QUICK = '随堂小测';
const LIMIT_MS = 2 * 60_000;

interface Open {
  p: ExamPlace;
  a: api.AttemptState;
  paper: api.Paper;
  q: api.Question[];
  /** A save of one record by a writer, based on a revision. */
  save: (question: api.Question, seq: number, optionList: string[], clientId: string, baseRevision?: number) => Promise<api.SaveAnswersResult>;
  saveRecords: (records: api.AnswerRecord[]) => Promise<api.SaveAnswersResult>;
  state: () => Promise<api.AttemptState>;
}

async function openQuiz(title = QUICK): Promise<Open> {
  const p = await newStudentPlace(server());
  const me = { classId: p.classId, studentId: p.studentId };
  const call = <Req>(c: Call<Req, unknown>, body: unknown) => callAs(server(), c, body, p.user);
  const workId = p.works[title]!.id;
  const paper = expectOk<api.Paper>(await call(api.paper, { ...me, workId }));
  const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me, workId }));
  const ref = { workId, answerLogId: a.answerLogId };
  const saveRecords = async (records: api.AnswerRecord[]) => expectOk<api.SaveAnswersResult>(await call(api.saveAnswers, { ...me, answers: records }));
  return {
    p,
    a,
    paper,
    q: leaves(paper),
    save: (question, seq, optionList, clientId, baseRevision) =>
      saveRecords([{ ...record(ref, question, seq, { optionList }), clientId, ...(baseRevision !== undefined ? { baseRevision } : {}) }]),
    saveRecords,
    state: async () => expectOk<api.AttemptState>(await call(api.attemptState, { ...me, answerLogId: a.answerLogId })),
  };
}

const TAB_A = 'tab-aaaa-aaaa-0001';
const TAB_B = 'tab-bbbb-bbbb-0002';
const TAB_C = 'tab-cccc-cccc-0003';
const keptOf = async (o: Open, q: api.Question) => (await o.state()).answers.find((x) => x.questionId === q.id);

describe('two tabs or devices', () => {
  test('A answers, B changes it, A changes it without having seen B: a conflict with B’s answer, and B’s stays', async () => {
    const o = await openQuiz();
    const judge = o.q.find((x) => x.questionType === 3)!;
    const at = server().clock.value;
    expect(await o.save(judge, 1, ['1'], TAB_A, 0)).toEqual({
      acked: [{ questionId: judge.id, seq: 1, revision: 1 }],
      conflicts: [],
      late: [],
      othersSavedAt: null,
    });
    // B opens the attempt (revision 1) and changes the answer: both tabs are at seq 1.
    expect((await keptOf(o, judge))!).toMatchObject({ revision: 1, clientId: TAB_A, seq: 1 });
    expect(await o.save(judge, 1, ['2'], TAB_B, 1)).toEqual({
      acked: [{ questionId: judge.id, seq: 1, revision: 2 }],
      conflicts: [],
      late: [],
      // B's own answer replaced the only one A had kept: nothing of another writer is left to learn.
      othersSavedAt: null,
    });
    // A, still on revision 1, changes it again: refused as a conflict, told B's answer.
    expect(await o.save(judge, 2, ['1'], TAB_A, 1)).toEqual({
      acked: [],
      conflicts: [{ questionId: judge.id, seq: 2, revision: 2, questionAnswerVO: { content: null, optionList: ['2'] } }],
      late: [],
      othersSavedAt: at,
    });
    expect(await keptOf(o, judge)).toEqual({
      questionId: judge.id,
      questionAnswerVO: { content: null, optionList: ['2'] },
      seq: 1,
      revision: 2,
      clientId: TAB_B,
    });
    // Shown B's answer, A changes it on revision 2: kept.
    expect((await o.save(judge, 3, ['1'], TAB_A, 2)).acked).toEqual([{ questionId: judge.id, seq: 3, revision: 3 }]);
  });

  test('the same sequence with different content is a conflict, not a repeat (from the same tab or another)', async () => {
    const o = await openQuiz();
    const single = o.q.find((x) => x.questionType === 1)!;
    await o.save(single, 1, ['A'], TAB_A, 0);
    const same = await o.save(single, 1, ['B'], TAB_A, 0);
    expect(same.acked).toEqual([]);
    expect(same.conflicts).toMatchObject([{ questionId: single.id, seq: 1, revision: 1, questionAnswerVO: { optionList: ['A'] } }]);
    const other = await o.save(single, 1, ['C'], TAB_B, 0);
    expect(other.acked).toEqual([]);
    expect(other.conflicts).toHaveLength(1);
    expect((await keptOf(o, single))!.questionAnswerVO.optionList).toEqual(['A']);
    // The same answer from anyone is acknowledged.
    expect((await o.save(single, 7, ['A'], TAB_C, 0)).acked).toEqual([{ questionId: single.id, seq: 7, revision: 1 }]);
  });

  test('a lost acknowledgement: the tab’s next change on its old base is kept; the repeat of the first changes nothing', async () => {
    const o = await openQuiz();
    const single = o.q.find((x) => x.questionType === 1)!;
    await o.save(single, 1, ['A'], TAB_A, 0);
    // The acknowledgement never arrived: the tab's base is still 0.
    expect((await o.save(single, 2, ['B'], TAB_A, 0)).acked).toEqual([{ questionId: single.id, seq: 2, revision: 2 }]);
    expect((await o.save(single, 1, ['A'], TAB_A, 0)).acked).toEqual([{ questionId: single.id, seq: 1, revision: 2 }]);
    expect(await keptOf(o, single)).toMatchObject({ questionAnswerVO: { optionList: ['B'] }, seq: 2, revision: 2 });
  });

  test('a batch of two writers replayed twice and in reverse changes nothing after its first arrival', async () => {
    const o = await openQuiz();
    const [q1, q2, q3] = o.q;
    const ref = { workId: o.paper.workId, answerLogId: o.a.answerLogId };
    const rec = (q: api.Question, seq: number, options: string[], clientId: string, baseRevision: number) => ({
      ...record(ref, q, seq, { optionList: options }),
      clientId,
      baseRevision,
    });
    const opt = (q: api.Question, i: number) => [q.questionContentVO.optionList[i]!.key];
    const batch = [
      rec(q1!, 1, opt(q1!, 0), TAB_A, 0),
      rec(q1!, 2, opt(q1!, 1), TAB_A, 1),
      rec(q1!, 1, opt(q1!, 0), TAB_B, 0),
      rec(q2!, 1, opt(q2!, 1), TAB_B, 0),
      rec(q3!, 3, opt(q3!, 0), TAB_A, 0),
    ];
    const first = await o.saveRecords(batch);
    expect(first.acked.map((x) => [x.questionId, x.seq])).toEqual([
      [q1!.id, 1],
      [q1!.id, 2],
      [q2!.id, 1],
      [q3!.id, 3],
    ]);
    expect(first.conflicts.map((x) => [x.questionId, x.seq, x.revision])).toEqual([[q1!.id, 1, 2]]);
    const after = (await o.state()).answers;
    for (const again of [batch, [...batch].reverse(), batch]) {
      const r = await o.saveRecords(again);
      expect(r.late).toEqual([]);
      expect((await o.state()).answers).toEqual(after);
    }
  });

  test('saves from several tabs at once on one base: exactly one is kept, every other is told the kept answer', async () => {
    const o = await openQuiz();
    const single = o.q.find((x) => x.questionType === 1)!;
    await o.save(single, 1, ['A'], TAB_A, 0);
    const writers = Array.from({ length: 8 }, (_, i) => `tab-race-${String(i).padStart(4, '0')}`);
    const options = single.questionContentVO.optionList.map((x) => x.key).filter((k) => k !== 'A');
    const results = await Promise.all(writers.map((w, i) => o.save(single, 1, [options[i % options.length]!], w, 1)));
    const kept = await keptOf(o, single);
    // One change was kept (revision 2); a tab that sent that same answer is acknowledged, every other is told the kept answer.
    expect(kept!.revision).toBe(2);
    results.forEach((r, i) => {
      const sent = [options[i % options.length]!];
      if (r.acked.length) {
        expect(r.acked[0]!.revision).toBe(2);
        expect(kept!.questionAnswerVO.optionList).toEqual(sent);
      } else expect(r.conflicts).toEqual([{ questionId: single.id, seq: 1, revision: 2, questionAnswerVO: kept!.questionAnswerVO }]);
    });
    expect(results.filter((r) => r.acked.length).length).toBeGreaterThanOrEqual(1);
  });

  test('what a save answers of the other writers is their last save as the attempt stands once it has written, whatever the batches (generated)', async () => {
    // Decision 119: the save reads it before it writes, with the kept answers it decides on; the answer must still be
    // the read after the writes (decision 052): the last answer kept from a writer not in the batch.
    const writers = [TAB_A, TAB_B, TAB_C, ''];
    const recordOf = fc.record({ question: fc.nat({ max: 2 }), writer: fc.nat({ max: writers.length - 1 }), stale: fc.boolean(), option: fc.nat() });
    const saves = fc.array(fc.array(recordOf, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(saves, async (batches) => {
        const o = await openQuiz();
        const questions = o.q.filter((x) => x.questionContentVO.optionList.length > 0 && x.questionType !== 2).slice(0, 3);
        const ref = { workId: o.p.works[QUICK]!.id, answerLogId: o.a.answerLogId };
        const seqs = new Map<string, number>();
        const db = server().runtime.db;
        for (const batch of batches) {
          server().clock.value += 1_000;
          const kept = new Map((await o.state()).answers.map((x) => [x.questionId, x.revision]));
          const records = batch.map((r) => {
            const q = questions[r.question % questions.length]!;
            const clientId = writers[r.writer]!;
            const seq = (seqs.get(clientId) ?? 0) + 1;
            seqs.set(clientId, seq);
            const keys = q.questionContentVO.optionList.map((x) => x.key);
            const base = kept.get(q.id) ?? 0;
            // A page loaded before writers had ids sends none: it is the writer ''.
            return {
              ...record(ref, q, seq, { optionList: [keys[r.option % keys.length]!] }),
              ...(clientId ? { clientId } : {}),
              baseRevision: r.stale ? Math.max(0, base - 1) : base,
            };
          });
          const result = await o.saveRecords(records);
          const batchWriters = [...new Set(records.map((r) => r.clientId ?? ''))];
          const after = await db
            .selectFrom('workAnswers')
            .where('attemptId', '=', o.a.answerLogId)
            .where('clientId', 'not in', batchWriters)
            .select((eb) => eb.fn.max('savedAt').as('at'))
            .executeTakeFirst();
          expect(result.othersSavedAt).toBe(after?.at == null ? null : Number(after.at));
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('bad writers', () => {
  test('a client id or base revision of the wrong form is refused with a clear message and changes nothing', async () => {
    const o = await openQuiz();
    const q = o.q[0]!;
    const ref = { workId: o.paper.workId, answerLogId: o.a.answerLogId };
    for (const [bad, message] of [
      [{ clientId: 'x' }, invalidField('answers.0.clientId', t('exams.badClientId'))],
      [{ clientId: 'tab a b c d e' }, invalidField('answers.0.clientId', t('exams.badClientId'))],
      [{ clientId: 'a'.repeat(65) }, invalidField('answers.0.clientId', t('exams.badClientId'))],
      [{ clientId: TAB_A, baseRevision: -1 }, invalidField('answers.0.baseRevision', '数值过小：期望 number >=0')],
      [{ clientId: TAB_A, baseRevision: 1.5 }, invalidField('answers.0.baseRevision', '无效输入：期望 int，实际接收 数字')],
      [{ clientId: 42 }, invalidField('answers.0.clientId', '无效输入：期望 string，实际接收 数字')],
    ] as const) {
      const answer = await callAs(
        server(),
        api.saveAnswers,
        { classId: o.p.classId, studentId: o.p.studentId, answers: [{ ...record(ref, q, 1, { optionList: ['A'] }), ...bad }] },
        o.p.user,
      );
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    }
    expect((await o.state()).answers).toEqual([]);
  });
});

describe('answers that arrive after the deadline and the grace', () => {
  test('kept as late answers, never scored, never replacing the kept one; the state and the review show them', async () => {
    const o = await openQuiz();
    const started = server().clock.value;
    const [first, second] = o.q;
    const right = rightAnswer(QUICK, first!).optionList!;
    expect((await o.save(first!, 1, right, TAB_A, 0)).acked).toHaveLength(1);
    server().clock.set(started + LIMIT_MS + SAVE_GRACE_MS);
    // At the last millisecond of the grace: kept and scored.
    expect((await o.save(second!, 2, rightAnswer(QUICK, second!).optionList!, TAB_A, 0)).acked).toHaveLength(1);
    server().clock.set(started + LIMIT_MS + SAVE_GRACE_MS + 1);
    // A millisecond later: two tabs' saves at once, all late; the first question changed to a wrong answer stays right.
    const wrong = first!.questionContentVO.optionList.find((x) => !right.includes(x.key))!.key;
    const late = await Promise.all([o.save(first!, 3, [wrong], TAB_A, 1), o.save(first!, 1, [wrong], TAB_B, 1), o.save(second!, 9, ['A'], TAB_C, 0)]);
    for (const r of late) expect([r.acked, r.conflicts, r.late.length]).toEqual([[], [], 1]);
    const state = await o.state();
    // The read submitted the overdue attempt with the answers kept in time.
    expect(state.status).toBe(2);
    expect(state.answers.map((x) => [x.questionId, x.questionAnswerVO.optionList])).toEqual(
      expect.arrayContaining([
        [first!.id, right],
        [second!.id, rightAnswer(QUICK, second!).optionList!],
      ]),
    );
    expect(state.lateAnswers.map((x) => x.questionId).sort()).toEqual([first!.id, second!.id].sort());
    expect(state.lateAnswers.find((x) => x.questionId === first!.id)!.questionAnswerVO.optionList).toEqual([wrong]);
    const row = await server()
      .runtime.db.selectFrom('workAttempts')
      .select(['score', 'submittedBy'])
      .where('id', '=', o.a.answerLogId)
      .executeTakeFirstOrThrow();
    expect(row.submittedBy).toBe('deadline');
    expect(Number(row.score)).toBe(first!.examPoint + second!.examPoint);
    const review = expectOk<api.ReviewedAttempt>(
      await callAs(
        server(),
        api.reviewAttempt,
        { classId: o.p.classId, studentId: o.p.studentId, workId: o.p.works[QUICK]!.id, answerLogId: o.a.answerLogId },
        o.p.user,
      ),
    );
    expect(review.lateAnswers.map((x) => x.questionId).sort()).toEqual([first!.id, second!.id].sort());
    expect(review.testStudentResultVO.score).toBe(first!.examPoint + second!.examPoint);
  });

  test('each save tells when another writer last saved an answer of the attempt, so a tab reads the attempt again only then', async () => {
    const o = await openQuiz();
    const [q1, q2] = [o.q[0]!, o.q[1]!];
    const t0 = server().clock.value;
    expect((await o.save(q1, 1, ['A'], TAB_A, 0)).othersSavedAt).toBeNull();
    server().clock.set(t0 + 1_000);
    // B's first save learns of A's.
    expect((await o.save(q2, 1, ['A'], TAB_B, 0)).othersSavedAt).toBe(t0);
    server().clock.set(t0 + 2_000);
    // A's next save, of another question, learns of B's: this is how another device hears of it.
    expect((await o.save(q1, 2, ['B'], TAB_A, 1)).othersSavedAt).toBe(t0 + 1_000);
    server().clock.set(t0 + 3_000);
    expect((await o.save(q1, 3, ['C'], TAB_A, 2)).othersSavedAt).toBe(t0 + 1_000);
  });

  test('a repeat of a save kept in time, arriving late (its acknowledgement lost), is acknowledged as kept, not late', async () => {
    const o = await openQuiz();
    const started = server().clock.value;
    const single = o.q[0]!;
    await o.save(single, 4, ['A'], TAB_A, 0);
    server().clock.set(started + LIMIT_MS + SAVE_GRACE_MS + 5_000);
    expect(await o.save(single, 4, ['A'], TAB_A, 0)).toEqual({
      acked: [{ questionId: single.id, seq: 4, revision: 1 }],
      conflicts: [],
      late: [],
      othersSavedAt: null,
    });
    expect((await o.state()).lateAnswers).toEqual([]);
  });
});

describe('the deadline rule, in TypeScript and in SQL', () => {
  test.each([
    ['no limit, long after', 0, null, 3_600_000],
    ['open, at the start', 0, 0, -LIMIT_MS],
    ['open, at the deadline', 0, 0, 0],
    ['open, at the end of the grace', 0, 0, SAVE_GRACE_MS],
    ['open, a millisecond after the grace', 0, 0, SAVE_GRACE_MS + 1],
    ['open, an hour after', 0, 0, 3_600_000],
    ['submitted, before the deadline', 1, 0, -60_000],
    ['reviewed, before the deadline', 2, 0, -60_000],
  ] as const)('%s: the save takes the attempt exactly when it is not overdue (and open)', async (_, status, deadlineFromNow, at) => {
    const o = await openQuiz();
    const db = server().runtime.db;
    const deadlineAt = deadlineFromNow === null ? null : server().clock.value + deadlineFromNow;
    await db.updateTable('workAttempts').set({ status, deadlineAt }).where('id', '=', o.a.answerLogId).execute();
    const now = (deadlineAt ?? server().clock.value) + at;
    const typescript = status === 0 && !isOverdue({ status, deadlineAt }, now);
    const ref = await db
      .selectFrom('workAttempts')
      .select(['tenantId', 'classId', 'classStudentId', 'id as attemptId'])
      .where('id', '=', o.a.answerLogId)
      .executeTakeFirstOrThrow();
    const inSql = await takeAttemptWithWork(db, ref, overdueDeadlineBefore(now), o.q[0]!.id);
    expect(inSql?.takesAnswers).toBe(typescript);
  });
});

describe('the question a save answers, read with its attempt and read alone', () => {
  test('a save of one question finds it answerable exactly when the read of questions by id does (parents, parts, other papers, none)', async () => {
    // Decision 119: a save of one question reads it with the attempt; a batch of several reads them by id. Every
    // question of a paper with reading and cloze parts, a question of another paper and no question at all.
    const o = await openQuiz('第一章课后作业');
    const other = await openQuiz();
    const db = server().runtime.db;
    const ref = await db
      .selectFrom('workAttempts')
      .select(['tenantId', 'classId', 'classStudentId', 'id as attemptId'])
      .where('id', '=', o.a.answerLogId)
      .executeTakeFirstOrThrow();
    const scope = testScope(server().runtime, 'save-question-read-test', ref.tenantId);
    const ids = [...allQuestions(o.paper.questionResultVOMap).map((q) => q.id), other.q[0]!.id, 'no-such-question'];
    const answerable = [];
    for (const id of ids) {
      const read = (await takeAttemptWithWork(db, ref, overdueDeadlineBefore(server().clock.value), id))!;
      const alone = await answerableByIds(scope, read.work, [id]);
      expect(answerableRead(read.work, read.question, read.questionHasParts)).toEqual(alone);
      // A bank work's answers come with its submission: neither read finds a question to save.
      const bank = { ...read.work, sourceType: 'xskt' };
      expect(answerableRead(bank, read.question, read.questionHasParts)).toEqual(await answerableByIds(scope, bank, [id]));
      if (alone.size) answerable.push(id);
    }
    // The parents are not answerable, their parts and the other questions are; nothing of another paper is.
    expect(answerable.sort()).toEqual(o.q.map((q) => q.id).sort());
  });
});
