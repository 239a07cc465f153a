import fc from 'fast-check';
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import { CHOICE_QUESTION_TYPES } from '~/lib/api/contracts/exams';
import { REVEAL, REVEAL_LIST, SCORE_RULES, startRefusal, stillAnswering, type AttemptPolicy } from '~/lib/exams/attempt-policy';
import { SAVE_GRACE_MS } from '~/server/exams/attempts/deadline.rules';
import { expectOk } from '../setup/api';
import { callAs, examPlace, leaves, newStudentPlace, record, seededQuestions, setPolicy, type ExamPlace } from '../setup/exams';
import { useTestServer } from '../setup/server';

/**
 * What each attempt reveals (issue 27 item 7, decision 052). The scripted attack: submit, read
 * everything the calls answer about the attempt (result, review, logs, standing, state), change
 * the answers the answers said were wrong (or, with only a total, one answer at a time and compare
 * the totals), submit again. Under the default homework policy it learns no key; and whatever the
 * policy, no response carries a key or a question's right or wrong while the student may still
 * answer, nor a total after each attempt when the attempts are unlimited.
 */

const server = useTestServer();
let demo: ExamPlace;

const HOMEWORK = '第二章课后作业';
const MOCK_EXAM = '第一次模拟考试';
const QUIZ = '随堂小测';

const call = <Req>(c: Call<Req, unknown>, body: unknown, who: ExamPlace) => callAs(server(), c, body, who.user);
const ok = async <T>(c: Call<unknown, T>, body: unknown, who: ExamPlace): Promise<T> => expectOk<T>(await call(c, body, who));
const me = (who: ExamPlace) => ({ classId: who.classId, studentId: who.studentId });
const workOf = (title: string) => demo.works[title]!;

/** Everything the student's calls answer about one handed-in attempt. */
interface Seen {
  result: api.SubmitResult;
  review: api.ReviewedAttempt;
  logs: api.AttemptLog[];
  standing: api.WorkStanding;
  state: api.AttemptState;
}

/** One attempt with the given choices (question id → option keys): started, saved, handed in, and every call about it read. */
async function attempt(title: string, who: ExamPlace, choices: ReadonlyMap<string, string[]>): Promise<Seen> {
  const workId = workOf(title).id;
  const paper = await ok<api.Paper>(api.paper, { ...me(who), workId }, who);
  const a = await ok<api.AttemptState>(api.startAttempt, { ...me(who), workId }, who);
  const records = leaves(paper)
    .filter((q) => choices.has(q.id))
    .map((q, i) => record({ workId, answerLogId: a.answerLogId }, q, i + 1, { optionList: choices.get(q.id)! }));
  if (records.length) await ok(api.saveAnswers, { ...me(who), answers: records }, who);
  const result =
    workOf(title).kind === 'homework'
      ? await ok<api.SubmitResult>(api.submitHomework, { ...me(who), studentWorkId: workId, answerLogId: a.answerLogId }, who)
      : await ok<api.SubmitResult>(api.submitTest, { ...me(who), testId: workId, answerLogId: a.answerLogId }, who);
  const ref = { ...me(who), workId };
  return {
    result,
    review: await ok<api.ReviewedAttempt>(api.reviewAttempt, { ...ref, answerLogId: a.answerLogId }, who),
    logs: await ok<api.AttemptLog[]>(api.attemptLogs, ref, who),
    standing: await ok<api.WorkStanding>(api.workStanding, ref, who),
    state: await ok<api.AttemptState>(api.attemptState, { ...me(who), answerLogId: a.answerLogId }, who),
  };
}

/** What a response gives away: keys (right answers, option flags, explanations) and each question's right or wrong. */
function giveaways(seen: Seen, title: string): string[] {
  const found: string[] = [];
  const text = JSON.stringify(seen);
  for (const q of Object.values(seen.review.questionUnitCAResultVO.questionResultVOMap).flatMap((l) => l ?? [])) {
    for (const x of [q, ...q.readQuestionList]) {
      if (x.questionAnswerVO !== null) found.push(`key of ${x.id}`);
      if (x.questionContentVO.optionList.some((o) => 'answer' in o)) found.push(`option flags of ${x.id}`);
    }
  }
  for (const s of seededQuestions(title).values()) if (s.explanation && text.includes(s.explanation)) found.push(`explanation of ${s.ref}`);
  if (seen.review.results.length) found.push('right or wrong per question');
  if (/"correct":/.test(text)) found.push('a "correct" field');
  return found;
}

/** The totals a response carries (the result, the review, the logs, the counted score). */
const totalsOf = (seen: Seen) =>
  [seen.result.score, seen.review.testStudentResultVO.score, seen.standing.countedScore, ...seen.logs.map((l) => l.score)].filter((x) => x !== null);

/**
 * The attacker: per choice question the options still possible. Right or wrong per question narrows
 * them at once; a key settles them; with only a total, one question changes per attempt and the
 * total's change says whether the old or the new answer was right.
 */
class Attacker {
  readonly candidates = new Map<string, string[]>();
  readonly known = new Map<string, string[]>();
  private lastTotal: number | null = null;
  private probe: { id: string; from: string; to: string } | null = null;

  constructor(paper: api.Paper) {
    for (const q of leaves(paper)) {
      if (CHOICE_QUESTION_TYPES.includes(q.questionType))
        this.candidates.set(
          q.id,
          q.questionContentVO.optionList.map((o) => o.key),
        );
    }
  }

  choices(): Map<string, string[]> {
    const m = new Map<string, string[]>();
    for (const [id, list] of this.candidates) m.set(id, this.known.get(id) ?? [list[0]!]);
    if (this.probe) m.set(this.probe.id, [this.probe.to]);
    return m;
  }

  learn(seen: Seen, asked: ReadonlyMap<string, string[]>): void {
    for (const q of Object.values(seen.review.questionUnitCAResultVO.questionResultVOMap).flatMap((l) => l ?? [])) {
      if (q.questionAnswerVO?.optionList.length) this.known.set(q.id, q.questionAnswerVO.optionList);
      const flagged = q.questionContentVO.optionList.filter((o) => o.answer).map((o) => o.key);
      if (flagged.length) this.known.set(q.id, flagged);
    }
    for (const r of seen.review.results) {
      const chosen = asked.get(r.questionId);
      if (!chosen || r.correct === null) continue;
      if (r.correct) this.known.set(r.questionId, chosen);
      else
        this.candidates.set(
          r.questionId,
          (this.candidates.get(r.questionId) ?? []).filter((k) => !(chosen.length === 1 && k === chosen[0])),
        );
    }
    const total = seen.result.score;
    if (this.probe && total !== null && this.lastTotal !== null) {
      if (total > this.lastTotal) this.known.set(this.probe.id, [this.probe.to]);
      else if (total < this.lastTotal) this.known.set(this.probe.id, [this.probe.from]);
      else
        this.candidates.set(
          this.probe.id,
          (this.candidates.get(this.probe.id) ?? []).filter((k) => k !== this.probe!.from && k !== this.probe!.to),
        );
    }
    if (total !== null) this.lastTotal = total;
    // The next probe: the first question not yet known with an option left to try.
    const open = [...this.candidates].find(([id, list]) => !this.known.has(id) && list.length > 1);
    this.probe = open ? { id: open[0], from: open[1][0]!, to: open[1][1]! } : null;
  }
}

beforeAll(async () => {
  demo = await examPlace(server());
});

describe('the scripted attack: submit, read the review, adjust, resubmit', () => {
  test('the default homework policy (unlimited attempts, keys at the close): eight attempts learn no key, no right or wrong, no total', async () => {
    const who = await newStudentPlace(server());
    const paper = await ok<api.Paper>(api.paper, { ...me(who), workId: workOf(HOMEWORK).id }, who);
    const attacker = new Attacker(paper);
    for (let i = 0; i < 8; i++) {
      const asked = attacker.choices();
      const seen = await attempt(HOMEWORK, who, asked);
      expect(giveaways(seen, HOMEWORK)).toEqual([]);
      expect(totalsOf(seen)).toEqual([]);
      // The seeded homework keeps the default practice policy.
      expect(seen.standing.policy).toMatchObject({ maxAttempts: null, marksShown: REVEAL.AFTER_SUBMIT, keysShown: REVEAL.AFTER_CLOSE });
      attacker.learn(seen, asked);
    }
    expect([...attacker.known.keys()]).toEqual([]);
    // The scores are kept for the teacher; the student only learns them at the close.
    const rows = await server().runtime.db.selectFrom('workAttempts').select('score').where('classStudentId', '=', who.studentId).execute();
    expect(rows.filter((r) => r.score !== null)).toHaveLength(8);
  });

  test('two attempts with marks on submit: the first attempt shows its total only; the keys and right or wrong come after the last', async () => {
    const who = await newStudentPlace(server());
    const paper = await ok<api.Paper>(api.paper, { ...me(who), workId: workOf(MOCK_EXAM).id }, who);
    const attacker = new Attacker(paper);
    const asked = attacker.choices();
    const first = await attempt(MOCK_EXAM, who, asked);
    expect(giveaways(first, MOCK_EXAM)).toEqual([]);
    expect(first.result.score).not.toBeNull();
    attacker.learn(first, asked);
    expect([...attacker.known.keys()]).toEqual([]);
    const last = await attempt(MOCK_EXAM, who, attacker.choices());
    // Nothing can be answered any more: now the review explains every question.
    expect(giveaways(last, MOCK_EXAM)).toContain('right or wrong per question');
    expect(last.review.visibility).toEqual({ marks: { shown: true }, questionMarks: { shown: true }, keys: { shown: true } });
  });
});

describe('whatever the policy, nothing shows before its moment', () => {
  const policies = fc.record({
    maxAttempts: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    scoreRule: fc.constantFrom(SCORE_RULES.HIGHEST, SCORE_RULES.LAST),
    marksShown: fc.constantFrom(...REVEAL_LIST),
    keysShown: fc.constantFrom(...REVEAL_LIST),
    // Closed already, closing later, or never.
    closesIn: fc.option(fc.constantFrom(-SAVE_GRACE_MS - 1, 3_600_000), { nil: null }),
  });

  // Forty runs of up to three attempts each against the real database: more than the default 20 s on a busy machine.
  test('no response carries a key or a question’s right or wrong while another attempt may start; no total after each of unlimited attempts', async () => {
    // The seeded works' policies, given back at the end: other tests read these works as seeded.
    const seeded = await server()
      .runtime.db.selectFrom('works')
      .select(['id', 'maxAttempts', 'scoreRule', 'marksShown', 'keysShown', 'closesAt'])
      .where('id', 'in', [workOf(QUIZ).id, workOf(HOMEWORK).id])
      .execute();
    onTestFinished(async () => {
      for (const { id, ...policy } of seeded) await server().runtime.db.updateTable('works').set(policy).where('id', '=', id).execute();
    });
    await fc.assert(
      fc.asyncProperty(policies, fc.integer({ min: 1, max: 3 }), fc.constantFrom(QUIZ, HOMEWORK), async (p, tries, title) => {
        const now = server().clock.value;
        const policy: AttemptPolicy = {
          maxAttempts: p.maxAttempts,
          scoreRule: p.scoreRule,
          marksShown: p.marksShown,
          keysShown: p.keysShown,
          closesAt: p.closesIn === null ? null : now + p.closesIn,
        };
        await setPolicy(server(), workOf(title).id, policy);
        const who = await newStudentPlace(server());
        const paper = await ok<api.Paper>(api.paper, { ...me(who), workId: workOf(title).id }, who);
        const attacker = new Attacker(paper);
        let used = 0;
        for (; used < tries && startRefusal(policy, used, now) === null; used++) {
          const asked = attacker.choices();
          const seen = await attempt(title, who, asked);
          const standing = { used: used + 1, open: false, now, graceMs: SAVE_GRACE_MS };
          if (stillAnswering(policy, standing)) {
            expect(giveaways(seen, title)).toEqual([]);
            if (policy.maxAttempts === null) expect(totalsOf(seen)).toEqual([]);
          }
          if (policy.keysShown === REVEAL.NEVER) expect(giveaways(seen, title).filter((g) => g.startsWith('key') || g.startsWith('option'))).toEqual([]);
          attacker.learn(seen, asked);
        }
        // With unlimited attempts it learns nothing it could still use. (With limited ones a total after each attempt may give
        // away one comparison per attempt: bounded, and accepted by decision 052.)
        if (policy.maxAttempts === null && attacker.known.size) expect(startRefusal(policy, used, now)).not.toBeNull();
      }),
      { numRuns: 40 },
    );
  });
});
