import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { AnswerRecord, GivenAnswer } from '~/lib/api/contracts/exams';
import { AnswerQueue } from '~/lib/exams/answer-queue';
import { memoryAnswerStore } from '~/lib/exams/answer-store';
import { decideBatch, decideSave, sameAnswer, type KeptAnswerState } from '~/server/exams/answers/answers.rules';
import { modelServer, testWriter } from '../setup/answer-model';

/**
 * Which saved answer the server keeps (src/server/exams/answers/answers.rules.ts; decision 027):
 * every case of the rule, then a property over generated interleavings of two or three tabs with
 * lost acknowledgements, repeats and reordering, run with the real answering queue
 * (src/lib/exams/answer-queue.ts) against a server deciding by the rule.
 */

const A = (...optionList: string[]): GivenAnswer => ({ content: null, optionList });
const kept = (answer: GivenAnswer, revision: number, clientId: string, seq: number): KeptAnswerState => ({ answer, revision, clientId, seq });
const change = (answer: GivenAnswer, clientId: string, seq: number, baseRevision: number | null) => ({ answer, clientId, seq, baseRevision });

describe('sameAnswer', () => {
  const T = (content: string | null, ...optionList: string[]): GivenAnswer => ({ content, optionList });
  // Rule: two answers are the same when their text is the same (no text and empty text alike) and they choose
  // the same options in the same order; anything else is a different answer.
  test.each([
    [T(null), T(''), true],
    [T('电压|电流'), T('电压|电流'), true],
    [T(null, 'A', 'C'), T('', 'A', 'C'), true],
    [T('电压'), T('电流'), false],
    [T('x', 'A'), T('y', 'A'), false],
    [T(null, 'A'), T(null, 'A', 'B'), false],
    [T(null, 'A', 'B'), T(null, 'A'), false],
    [T(null, 'A', 'B'), T(null, 'A', 'C'), false],
    [T(null, 'A', 'B'), T(null, 'B', 'A'), false],
  ])('%j vs %j: %s', (a, b, same) => {
    expect(sameAnswer(a, b)).toBe(same);
    expect(sameAnswer(b, a)).toBe(same);
  });
});

describe('decideSave', () => {
  test('the first answer of a question is kept as revision 1, whatever its base', () => {
    expect(decideSave(undefined, change(A('A'), 'tab-a', 1, 0))).toEqual({ kind: 'accept', revision: 1 });
    expect(decideSave(undefined, change(A('A'), 'tab-a', 7, null))).toEqual({ kind: 'accept', revision: 1 });
  });

  test('a change based on the kept revision is kept, from any writer', () => {
    expect(decideSave(kept(A('A'), 3, 'tab-a', 5), change(A('B'), 'tab-b', 1, 3))).toEqual({ kind: 'accept', revision: 4 });
  });

  test('a change based on an older revision, by another writer, is a conflict with the kept answer', () => {
    const k = kept(A('A'), 3, 'tab-a', 5);
    expect(decideSave(k, change(A('B'), 'tab-b', 9, 2))).toEqual({ kind: 'conflict', kept: k });
    expect(decideSave(k, change(A('B'), 'tab-b', 9, null))).toEqual({ kind: 'conflict', kept: k });
    // A base from the future is no better than an old one.
    expect(decideSave(k, change(A('B'), 'tab-b', 9, 4))).toEqual({ kind: 'conflict', kept: k });
  });

  test('the same writer’s later change is kept even on an old base (its acknowledgement was lost)', () => {
    expect(decideSave(kept(A('A'), 3, 'tab-a', 5), change(A('B'), 'tab-a', 6, 1))).toEqual({ kind: 'accept', revision: 4 });
  });

  test('a repeat, or an older change of the same writer, is acknowledged without a change', () => {
    const k = kept(A('A'), 3, 'tab-a', 5);
    expect(decideSave(k, change(A('A'), 'tab-a', 5, 2))).toEqual({ kind: 'ack', revision: 3, reason: 'replay' });
    expect(decideSave(k, change(A('C'), 'tab-a', 4, 2))).toEqual({ kind: 'ack', revision: 3, reason: 'older' });
  });

  test('the same sequence with different content is never taken for a repeat', () => {
    const k = kept(A('A'), 3, 'tab-a', 5);
    expect(decideSave(k, change(A('B'), 'tab-a', 5, 3))).toEqual({ kind: 'conflict', kept: k });
    expect(decideSave(k, change({ content: 'A', optionList: [] }, 'tab-a', 5, 3))).toEqual({ kind: 'conflict', kept: k });
    // Two tabs both at seq 1: the second is not a repeat of the first.
    expect(decideSave(kept(A('1'), 1, 'tab-a', 1), change(A('2'), 'tab-b', 1, 0)).kind).toBe('conflict');
  });

  test('the kept answer sent again by anyone is acknowledged (no text and empty text alike)', () => {
    expect(decideSave(kept({ content: null, optionList: ['A'] }, 2, 'tab-a', 5), change({ content: '', optionList: ['A'] }, 'tab-b', 1, 0))).toEqual({
      kind: 'ack',
      revision: 2,
      reason: 'same',
    });
    expect(decideSave(kept(A('A', 'B'), 2, 'tab-a', 5), change(A('B', 'A'), 'tab-b', 1, 0)).kind).toBe('conflict');
  });

  test("a page loaded before decision 027 (writer '', no base) keeps its rule: its higher sequence wins over its lower one", () => {
    const k = kept(A('A'), 1, '', 3);
    expect(decideSave(k, change(A('B'), '', 4, null))).toEqual({ kind: 'accept', revision: 2 });
    expect(decideSave(k, change(A('B'), '', 2, null))).toEqual({ kind: 'ack', revision: 1, reason: 'older' });
  });

  test('a batch is decided in order, each record against what the ones before it left', () => {
    const { decisions, changed } = decideBatch(new Map(), [
      { questionId: 'q1', ...change(A('A'), 'tab-a', 1, 0) },
      { questionId: 'q1', ...change(A('B'), 'tab-a', 2, 0) },
      { questionId: 'q1', ...change(A('C'), 'tab-b', 1, 0) },
    ]);
    expect(decisions.map((d) => d.decision.kind)).toEqual(['accept', 'accept', 'conflict']);
    expect(changed.get('q1')!.state).toEqual(kept(A('B'), 2, 'tab-a', 2));
  });
});

/**
 * The property: tabs change answers, send (one send at a time per tab, as the queue does),
 * lose acknowledgements, repeat records, re-read the server, in any interleaving. Then:
 * - the server's kept answer is always the last one it accepted;
 * - a tab that shows a question as saved shows exactly the answer the server kept at the
 *   revision the tab knows (it never holds "saved" for an answer the server did not keep);
 * - at the end, after every tab has sent everything and re-read the server, every tab shows the
 *   kept answer as saved, and each tab's last change is either kept or the tab was told it was
 *   changed elsewhere.
 */
type Step =
  | { kind: 'change'; tab: number; question: number; option: number }
  | { kind: 'flush'; tab: number; lostAck: boolean }
  | { kind: 'repeat'; tab: number }
  | { kind: 'resync'; tab: number };

const QUESTIONS = ['q1', 'q2'];
const OPTIONS = ['A', 'B', 'C'];

function stepArb(tabs: number): fc.Arbitrary<Step> {
  const tab = fc.integer({ min: 0, max: tabs - 1 });
  return fc.oneof(
    fc.record({
      kind: fc.constant('change' as const),
      tab,
      question: fc.integer({ min: 0, max: QUESTIONS.length - 1 }),
      option: fc.integer({ min: 0, max: OPTIONS.length - 1 }),
    }),
    fc.record({ kind: fc.constant('flush' as const), tab, lostAck: fc.boolean() }),
    fc.record({ kind: fc.constant('repeat' as const), tab }),
    fc.record({ kind: fc.constant('resync' as const), tab }),
  );
}

interface Tab {
  queue: AnswerQueue;
  shown: Map<string, GivenAnswer>;
  sent: AnswerRecord[][];
  lostAck: boolean;
  /** Per question: the tab's last change and whether it was told of a change elsewhere since. */
  last: Map<string, { answer: GivenAnswer; told: boolean }>;
}

async function runScenario(tabCount: number, steps: Step[]): Promise<void> {
  const server = modelServer();
  const answerAt = (questionId: string, revision: number) => server.history.find((h) => h.questionId === questionId && h.revision === revision)?.answer;
  const tabs: Tab[] = [];
  for (let i = 0; i < tabCount; i++) {
    const tab: Tab = { queue: undefined as unknown as AnswerQueue, shown: new Map(), sent: [], lostAck: false, last: new Map() };
    tab.queue = new AnswerQueue({
      store: memoryAnswerStore(),
      attemptId: 'L1',
      writer: testWriter(`tab-${i}-writer`),
      adopt: async () => false,
      send: async (records) => {
        tab.sent.push(records);
        const result = server.save(records);
        if (tab.lostAck) throw new Error('lost on the way back');
        return result;
      },
      refusalOf: () => null,
      now: () => 0,
      later: () => () => undefined,
    });
    tab.queue.onReplace((q, answer, why) => {
      tab.shown.set(q, answer);
      if (why === 'elsewhere') tab.last.set(q, { answer: tab.last.get(q)?.answer ?? answer, told: true });
    });
    for (const [q, a] of await tab.queue.load(server.state())) tab.shown.set(q, a);
    tabs.push(tab);
  }

  const check = () => {
    // The kept answer is the last one accepted.
    for (const q of QUESTIONS) {
      const lastAccepted = [...server.history].reverse().find((h) => h.questionId === q);
      expect(server.kept.get(q)?.answer).toEqual(lastAccepted?.answer);
    }
    // Saved means: the answer kept at the revision this tab knows.
    for (const tab of tabs)
      for (const q of QUESTIONS) {
        const shown = tab.shown.get(q);
        if (!shown || tab.queue.stateOf(q, true) !== 'saved') continue;
        expect(answerAt(q, tab.queue.baseOf(q)), `saved ${q}`).toEqual(shown);
      }
  };

  for (const step of steps) {
    const tab = tabs[step.tab]!;
    if (step.kind === 'change') {
      const q = QUESTIONS[step.question]!;
      const answer = A(OPTIONS[step.option]!);
      tab.shown.set(q, answer);
      tab.last.set(q, { answer, told: false });
      await tab.queue.change(q, 'P', 'W', answer);
    } else if (step.kind === 'flush') {
      tab.lostAck = step.lostAck;
      await tab.queue.flush();
      tab.lostAck = false;
    } else if (step.kind === 'repeat') {
      // A record this tab sent before arrives again (a retry the network duplicated, or delayed).
      const earlier = tab.sent[tab.sent.length - 1];
      if (earlier) server.save(earlier);
    } else tab.queue.resync(server.state());
    check();
  }

  // The end: every tab sends what it has and re-reads the server.
  for (const tab of tabs) expect(await tab.queue.retryNow()).toBe(true);
  for (const tab of tabs) tab.queue.resync(server.state());
  check();
  for (const tab of tabs)
    for (const q of QUESTIONS) {
      const k = server.kept.get(q);
      if (!k) continue;
      expect(tab.shown.get(q)).toEqual(k.answer);
      expect(tab.queue.stateOf(q, true)).toBe('saved');
      const last = tab.last.get(q);
      // The tab's last change is what the server keeps, or the tab was told another change replaced it.
      if (last)
        expect(last.told || JSON.stringify(last.answer) === JSON.stringify(k.answer), `${q}: ${JSON.stringify(last)} vs ${JSON.stringify(k)}`).toBe(true);
    }
}

describe('two or three tabs in any interleaving, with lost acknowledgements and repeats', () => {
  test.each([2, 3])('%i tabs', async (tabCount) => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb(tabCount), { minLength: 1, maxLength: 40 }), (steps) => runScenario(tabCount, steps)),
      { numRuns: 300 },
    );
  });
});
