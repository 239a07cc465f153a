import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AnswerRecord, GivenAnswer, SavedAnswer } from '~/lib/api/contracts/exams';
import { AnswerQueue, mergeAnswers, retryDelay, type QueueOptions } from '~/lib/exams/answer-queue';
import { idbAnswerStore, memoryAnswerStore, type AnswerStore, type QueuedAnswer } from '~/lib/exams/answer-store';
import { modelServer, testLocks, testWriter, type ModelServer } from '../setup/answer-model';

/**
 * The answering screen's queue (src/lib/exams/answer-queue.ts) over the IndexedDB store
 * (src/lib/exams/answer-store.ts, idb-keyval on fake-indexeddb): every change is kept before it
 * is sent, with a sequence above anything known; a record leaves only when acknowledged with a
 * sequence at least as high; failures are retried with backoff and never drop anything; a refusal
 * stops the sending and is reported; a new page merges the server's answers with the kept ones.
 */

let dbNo = 0;
const freshStore = (): AnswerStore => idbAnswerStore(createStore(`exams-test-${++dbNo}`, 'answers'));
const A = (...optionList: string[]) => ({ content: null, optionList });
const saved = (questionId: string, answer: GivenAnswer, seq: number, revision = 1, clientId = 'other-tab-0'): SavedAnswer => ({
  questionId,
  questionAnswerVO: answer,
  seq,
  revision,
  clientId,
});
const entry = (questionId: string, answer: GivenAnswer, seq: number, clientId: string, extra: Partial<QueuedAnswer> = {}): QueuedAnswer => ({
  attemptId: 'L1',
  questionId,
  clientId,
  questionUnitId: 'P',
  workId: 'W',
  answer,
  seq,
  baseRevision: 0,
  answerTime: 0,
  ...extra,
});

interface Harness {
  queue: AnswerQueue;
  store: AnswerStore;
  writer: ReturnType<typeof testWriter>;
  sent: AnswerRecord[][];
  /** The server, keeping answers by the real acceptance rule. */
  server: ModelServer;
  retries: { ms: number; fn: () => void }[];
  mode: { kind: 'ok' | 'network' | 'refuse' | 'ignore' | 'lost-ack' };
}

function harness(store: AnswerStore = freshStore(), extra: Partial<QueueOptions> & { server?: ModelServer; writerId?: string } = {}): Harness {
  const writer = testWriter(extra.writerId ?? 'tab-one-0001');
  const h = {
    store,
    writer,
    sent: [] as AnswerRecord[][],
    server: extra.server ?? modelServer(),
    retries: [] as { ms: number; fn: () => void }[],
    mode: { kind: 'ok' as Harness['mode']['kind'] },
  } as Harness;
  h.queue = new AnswerQueue({
    store,
    attemptId: 'L1',
    writer,
    adopt: async () => true,
    send: async (records) => {
      h.sent.push(records);
      if (h.mode.kind === 'network') throw new Error('network');
      if (h.mode.kind === 'refuse') throw Object.assign(new Error('题目 q1 的选项不正确'), { refused: true });
      if (h.mode.kind === 'ignore') return { acked: [], conflicts: [], late: [], othersSavedAt: null };
      const result = h.server.save(records);
      if (h.mode.kind === 'lost-ack') throw new Error('the answer was lost on the way back');
      return result;
    },
    refusalOf: (e) => ((e as { refused?: boolean }).refused ? (e as Error).message : null),
    now: () => 1_000,
    later: (fn, ms) => {
      const entry = { ms, fn };
      h.retries.push(entry);
      return () => h.retries.splice(h.retries.indexOf(entry), 1);
    },
    ...extra,
  });
  return h;
}

describe('merging the server’s answers with the kept ones', () => {
  test('per question the newest kept record is shown unless the server has it; bases are the kept revisions', () => {
    const kept = [
      entry('q1', A('B'), 5, 'tab-one-0001'),
      entry('q2', A('C'), 2, 'tab-one-0001'),
      entry('q3', A('D'), 1, 'tab-one-0001'),
      // Two writers' records of one question: the newer one is shown, the older one is stale.
      entry('q5', A('A'), 9, 'tab-one-0001', { answerTime: 10 }),
      entry('q5', A('B'), 1, 'tab-two-0002', { answerTime: 20 }),
    ];
    const m = mergeAnswers([saved('q1', A('A'), 3, 4, 'tab-one-0001'), saved('q2', A('A'), 2, 2, 'tab-one-0001'), saved('q4', A('A'), 7, 3)], kept);
    expect(Object.fromEntries(m.answers)).toEqual({ q1: A('B'), q2: A('A'), q3: A('D'), q4: A('A'), q5: A('B') });
    expect(Object.fromEntries(m.bases)).toEqual({ q1: 4, q2: 2, q4: 3 });
    expect([...m.pending].sort()).toEqual(['q1', 'q3', 'q5']);
    expect(m.stale.map((s) => [s.questionId, s.clientId])).toEqual([
      ['q2', 'tab-one-0001'],
      ['q5', 'tab-one-0001'],
    ]);
  });
});

describe('the answer queue', () => {
  let h: Harness;
  beforeEach(() => {
    h = harness();
  });

  test('a change is kept first, numbered by its writer and based on the kept revision, sent, and dropped once acknowledged', async () => {
    h.server.kept.set('q1', { answer: A('A'), revision: 4, clientId: 'tab-one-0001', seq: 4 });
    await h.queue.load(h.server.state());
    await h.queue.change('q1', 'P1', 'W1', A('B'));
    expect(h.queue.stateOf('q1', true)).toBe('pending');
    const kept = await h.store.list('L1');
    expect(kept).toMatchObject([{ questionId: 'q1', clientId: 'tab-one-0001', seq: 5, baseRevision: 4, answer: A('B') }]);
    expect(await h.queue.flush()).toBe(true);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]![0]).toEqual({
      answerLogId: 'L1',
      id: 'W1',
      questionId: 'q1',
      questionUnitId: 'P1',
      seq: 5,
      questionAnswerVO: A('B'),
      answerTime: 1_000,
      submitTime: 1_000,
      clientId: 'tab-one-0001',
      baseRevision: 4,
    });
    expect(h.queue.baseOf('q1')).toBe(5);
    expect(await h.store.list('L1')).toEqual([]);
    expect(h.queue.stateOf('q1', true)).toBe('saved');
    expect(h.queue.stateOf('q9', false)).toBe('none');
  });

  test('quick changes get increasing sequences and the last one is what stays', async () => {
    await h.queue.load([]);
    await Promise.all([h.queue.change('q1', 'P', 'W', A('A')), h.queue.change('q1', 'P', 'W', A('B')), h.queue.change('q1', 'P', 'W', A('C'))]);
    expect(await h.store.list('L1')).toMatchObject([{ seq: 3, answer: A('C') }]);
    await h.queue.flush();
    expect(h.server.kept.get('q1')).toMatchObject({ seq: 3, answer: A('C') });
  });

  test('a change made while its older record is on the way stays kept after the older one is acknowledged, and goes in the same flush', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = freshStore();
    const acks: { questionId: string; seq: number }[][] = [];
    const server = modelServer();
    const queue = new AnswerQueue({
      store,
      attemptId: 'L1',
      writer: testWriter('tab-one-0001'),
      adopt: async () => true,
      send: async (records) => {
        if (acks.length === 0) await gate;
        const result = server.save(records);
        acks.push(result.acked.map(({ questionId, seq }) => ({ questionId, seq })));
        return result;
      },
      refusalOf: () => null,
      now: () => 0,
      later: () => () => undefined,
    });
    await queue.load([]);
    await queue.change('q1', 'P', 'W', A('A'));
    const sending = queue.flush();
    await new Promise((r) => setTimeout(r, 10));
    await queue.change('q1', 'P', 'W', A('B'));
    const second = queue.flush();
    expect(second).toBe(sending);
    release();
    expect(await sending).toBe(true);
    expect(acks).toEqual([[{ questionId: 'q1', seq: 1 }], [{ questionId: 'q1', seq: 2 }]]);
    expect(await store.list('L1')).toEqual([]);
    // The second change was based on the revision before the first's acknowledgement: kept all the same (the same writer's later change).
    expect(server.kept.get('q1')).toMatchObject({ answer: A('B'), revision: 2 });
    expect(queue.stateOf('q1', true)).toBe('saved');
  });

  test('a network failure keeps everything and retries with backoff until it goes through', async () => {
    await h.queue.load([]);
    h.mode.kind = 'network';
    await h.queue.change('q1', 'P', 'W', A('A'));
    await h.queue.change('q2', 'P', 'W', A('B'));
    expect(await h.queue.flush()).toBe(false);
    expect(h.queue.health).toEqual({ kind: 'failing', failures: 1 });
    expect(h.retries.map((r) => r.ms)).toEqual([1_000]);
    h.retries.shift()!.fn();
    await new Promise((r) => setTimeout(r, 20));
    expect(h.retries.map((r) => r.ms)).toEqual([2_000]);
    expect((await h.store.list('L1')).map((k) => k.questionId).sort()).toEqual(['q1', 'q2']);
    expect(h.queue.pendingCount).toBe(2);
    h.mode.kind = 'ok';
    expect(await h.queue.retryNow()).toBe(true);
    expect(h.retries).toEqual([]);
    expect(h.queue.health).toEqual({ kind: 'ok' });
    expect([...h.server.kept.keys()].sort()).toEqual(['q1', 'q2']);
  });

  test('the backoff grows and stays at its longest wait', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 30_000, 30_000]);
  });

  test('a refusal is kept and reported, and not retried', async () => {
    await h.queue.load([]);
    h.mode.kind = 'refuse';
    await h.queue.change('q1', 'P', 'W', A('A'));
    expect(await h.queue.flush()).toBe(false);
    expect(h.queue.health).toEqual({ kind: 'refused', message: '题目 q1 的选项不正确' });
    expect(h.retries).toEqual([]);
    expect(await h.queue.flush()).toBe(false);
    expect(h.sent).toHaveLength(1);
    expect(await h.store.list('L1')).toHaveLength(1);
  });

  test('an answer that acknowledges nothing is a failure, retried later rather than in a loop', async () => {
    await h.queue.load([]);
    h.mode.kind = 'ignore';
    await h.queue.change('q1', 'P', 'W', A('A'));
    expect(await h.queue.flush()).toBe(false);
    expect(h.sent).toHaveLength(1);
    expect(h.retries).toHaveLength(1);
  });

  test('a new page (reload) finds the kept answers, merges them over older server ones and sends them', async () => {
    await h.queue.load([]);
    h.mode.kind = 'network';
    await h.queue.change('q1', 'P', 'W', A('C'));
    await h.queue.change('q2', 'P', 'W', A('D'));
    await h.queue.flush();
    // The reloaded tab is the same writer (its id and numbering survive a reload).
    const again = harness(h.store, { writerId: h.writer.id });
    again.writer.atLeast(h.writer.seq());
    again.server.kept.set('q1', { answer: A('A'), revision: 1, clientId: 'tab-two-0002', seq: 1 });
    again.server.kept.set('q3', { answer: A('B'), revision: 4, clientId: 'tab-two-0002', seq: 4 });
    const answers = await again.queue.load(again.server.state());
    expect(Object.fromEntries(answers)).toEqual({ q1: A('C'), q2: A('D'), q3: A('B') });
    expect(again.queue.pendingCount).toBe(2);
    expect(await again.queue.flush()).toBe(true);
    expect(again.sent[0]!.map((r) => [r.questionId, r.seq, r.baseRevision]).sort()).toEqual([
      ['q1', 1, 0],
      ['q2', 2, 0],
    ]);
    // q1 was answered in another tab since this one's change was based on nothing: the kept answer stays and is shown.
    expect(again.server.kept.get('q1')).toMatchObject({ answer: A('A'), revision: 1 });
    expect([...again.queue.elsewhere]).toEqual(['q1']);
    // The next change of q3 is this writer's next number, based on the kept revision.
    await again.queue.change('q3', 'P', 'W', A('C'));
    expect(await again.store.list('L1')).toMatchObject([{ questionId: 'q3', seq: 3, baseRevision: 4 }]);
  });

  test('kept records the server already has are dropped on load', async () => {
    await h.store.put(entry('q1', A('A'), 2, 'tab-one-0001'));
    const answers = await h.queue.load([saved('q1', A('B'), 3, 3, 'tab-one-0001')]);
    expect(answers.get('q1')).toEqual(A('B'));
    expect(await h.store.list('L1')).toEqual([]);
    expect(h.queue.pendingCount).toBe(0);
  });

  test('more than one batch goes out in several calls', async () => {
    await h.queue.load([]);
    for (let i = 0; i < 120; i++) await h.queue.change(`q${i}`, 'P', 'W', A('A'));
    expect(await h.queue.flush()).toBe(true);
    expect(h.sent.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(h.server.kept.size).toBe(120);
  });

  test('attempts are kept apart; forgetting one leaves the others', async () => {
    await h.queue.load([]);
    await h.queue.change('q1', 'P', 'W', A('A'));
    await h.store.put(entry('q1', A('B'), 1, 'tab-one-0001', { attemptId: 'L2' }));
    await h.queue.forget();
    expect(await h.store.list('L1')).toEqual([]);
    expect(await h.store.list('L2')).toHaveLength(1);
    expect(h.queue.pendingCount).toBe(0);
  });

  test('the external bank’s answers are only kept (sent once with the submit)', async () => {
    const bank = harness(freshStore(), { keepOnly: true });
    await bank.queue.load([]);
    await bank.queue.change('b1', '', 'W', { content: '电压', optionList: [] });
    expect(await bank.queue.flush()).toBe(false);
    expect(bank.sent).toEqual([]);
    expect(await bank.queue.kept()).toMatchObject([{ questionId: 'b1', answer: { content: '电压' } }]);
  });

  test('a store that cannot write still sends the change from memory', async () => {
    const broken: AnswerStore = { ...memoryAnswerStore(), put: () => Promise.reject(new Error('QuotaExceededError')) };
    const b = harness(broken);
    b.server.kept.set('q1', { answer: A('A'), revision: 2, clientId: 'tab-one-0001', seq: 2 });
    await b.queue.load(b.server.state());
    await b.queue.change('q1', 'P', 'W', A('B'));
    expect(b.queue.stateOf('q1', true)).toBe('pending');
    expect(await b.queue.flush()).toBe(true);
    expect(b.server.kept.get('q1')).toMatchObject({ seq: 3, answer: A('B'), revision: 3 });
    expect(b.queue.stateOf('q1', true)).toBe('saved');
  });
});

describe('offline', () => {
  test('nothing is sent while the device knows it is offline; it is kept, and sent when it is back', async () => {
    let online = false;
    const h = harness(freshStore(), { isOnline: () => online });
    await h.queue.load([]);
    await h.queue.change('q1', 'P', 'W', A('A'));
    expect(await h.queue.flush()).toBe(false);
    expect(h.sent).toEqual([]);
    expect(h.queue.health).toEqual({ kind: 'failing', failures: 1 });
    online = true;
    expect(await h.queue.retryNow()).toBe(true);
    expect(h.server.kept.get('q1')).toMatchObject({ seq: 1 });
  });
});

describe('two tabs or devices (decision 027)', () => {
  /** Two live tabs of one browser: one IndexedDB, one server, each its own writer holding its lock. */
  function twoTabs() {
    const store = freshStore();
    const server = modelServer();
    const locks = testLocks();
    locks.take('A', 'tab-aaaa-0001');
    locks.take('B', 'tab-bbbb-0002');
    const a = harness(store, { server, writerId: 'tab-aaaa-0001', adopt: async (id) => locks.take('A', id) });
    const b = harness(store, { server, writerId: 'tab-bbbb-0002', adopt: async (id) => locks.take('B', id) });
    return { store, server, a, b };
  }

  test('A answers, B changes it, A changes it again without having seen B: the server keeps B’s, and A is told and shown it', async () => {
    const { server, a, b } = twoTabs();
    await a.queue.load([]);
    await a.queue.change('q1', 'P', 'W', A('1'));
    expect(await a.queue.flush()).toBe(true);
    await b.queue.load(server.state());
    await b.queue.change('q1', 'P', 'W', A('2'));
    expect(await b.queue.flush()).toBe(true);
    expect(b.queue.stateOf('q1', true)).toBe('saved');
    const replaced: [string, GivenAnswer][] = [];
    a.queue.onReplace((q, answer) => replaced.push([q, answer]));
    await a.queue.change('q1', 'P', 'W', A('1', '2'));
    expect(await a.queue.flush()).toBe(true);
    expect(server.kept.get('q1')).toMatchObject({ answer: A('2'), revision: 2, clientId: 'tab-bbbb-0002' });
    expect(replaced).toEqual([['q1', A('2')]]);
    expect([...a.queue.elsewhere]).toEqual(['q1']);
    expect(a.queue.stateOf('q1', true)).toBe('saved');
    // A's next change is based on B's revision: kept.
    await a.queue.change('q1', 'P', 'W', A('1'));
    expect([...a.queue.elsewhere]).toEqual([]);
    expect(await a.queue.flush()).toBe(true);
    expect(server.kept.get('q1')).toMatchObject({ answer: A('1'), revision: 3 });
  });

  test('both tabs start from nothing and answer one question differently (both at seq 1): the second is not taken for a repeat', async () => {
    const { server, a, b } = twoTabs();
    await a.queue.load([]);
    await b.queue.load([]);
    await a.queue.change('q1', 'P', 'W', A('1'));
    await b.queue.change('q1', 'P', 'W', A('2'));
    expect((await a.store.list('L1')).map((k) => [k.clientId, k.seq])).toEqual([
      ['tab-aaaa-0001', 1],
      ['tab-bbbb-0002', 1],
    ]);
    await a.queue.flush();
    await b.queue.flush();
    expect(server.kept.get('q1')).toMatchObject({ answer: A('1') });
    expect([...b.queue.elsewhere]).toEqual(['q1']);
    expect(b.queue.stateOf('q1', true)).toBe('saved');
  });

  test('a re-sync shows an answer another tab changed, and says so; a question still on its way is left alone', async () => {
    const { server, a, b } = twoTabs();
    await a.queue.load([]);
    await a.queue.change('q1', 'P', 'W', A('1'));
    await a.queue.change('q2', 'P', 'W', A('1'));
    await a.queue.flush();
    await b.queue.load(server.state());
    await b.queue.change('q1', 'P', 'W', A('2'));
    await b.queue.change('q2', 'P', 'W', A('2'));
    await b.queue.flush();
    a.mode.kind = 'network';
    await a.queue.change('q2', 'P', 'W', A('3'));
    const replaced: string[] = [];
    a.queue.onReplace((q) => replaced.push(q));
    a.queue.resync(server.state());
    expect(replaced).toEqual(['q1']);
    expect(a.queue.baseOf('q1')).toBe(2);
    expect(a.queue.stateOf('q2', true)).toBe('pending');
  });

  test('a lost acknowledgement: the repeat is acknowledged, the next change is kept (the same writer’s later change)', async () => {
    const hh = harness();
    await hh.queue.load([]);
    hh.mode.kind = 'lost-ack';
    await hh.queue.change('q1', 'P', 'W', A('1'));
    expect(await hh.queue.flush()).toBe(false);
    expect(hh.server.kept.get('q1')).toMatchObject({ revision: 1 });
    await hh.queue.change('q1', 'P', 'W', A('2'));
    hh.mode.kind = 'ok';
    expect(await hh.queue.retryNow()).toBe(true);
    expect(hh.server.kept.get('q1')).toMatchObject({ answer: A('2'), revision: 2 });
    expect(hh.queue.elsewhere.size).toBe(0);
    // The lost one repeated on its own: acknowledged, nothing changes.
    expect(hh.server.save([hh.sent[0]![0]!]).acked).toEqual([{ questionId: 'q1', seq: 1, revision: 2 }]);
  });

  test('one tab never drops or sends another live tab’s records; forgetting its own leaves the other’s', async () => {
    const { store, a, b } = twoTabs();
    await a.queue.load([]);
    await b.queue.load([]);
    b.mode.kind = 'network';
    await b.queue.change('q1', 'P', 'W', A('2'));
    await a.queue.change('q1', 'P', 'W', A('1'));
    await a.queue.change('q2', 'P', 'W', A('1'));
    expect(await a.queue.flush()).toBe(true);
    expect(a.sent.flat().map((r) => r.clientId)).toEqual(['tab-aaaa-0001', 'tab-aaaa-0001']);
    expect((await store.list('L1')).map((k) => k.clientId)).toEqual(['tab-bbbb-0002']);
    await a.queue.forget();
    expect((await store.list('L1')).map((k) => k.clientId)).toEqual(['tab-bbbb-0002']);
    expect(b.queue.stateOf('q1', true)).toBe('pending');
  });

  test('what a closed tab left is sent by the next tab and shown there; the server answers it like any change', async () => {
    const locks = testLocks();
    const store = freshStore();
    const server = modelServer();
    const closing = harness(store, { server, writerId: 'tab-gone-0003' });
    locks.take('gone', 'tab-gone-0003');
    await closing.queue.load([]);
    closing.mode.kind = 'network';
    await closing.queue.change('q1', 'P', 'W', A('4'));
    // Still open: the other tab leaves its records alone.
    const next = harness(store, { server, writerId: 'tab-next-0004', adopt: async (id) => locks.take('next', id) });
    locks.take('next', 'tab-next-0004');
    expect(Object.fromEntries(await next.queue.load([]))).toEqual({});
    expect(await next.queue.flush()).toBe(true);
    expect(next.sent).toEqual([]);
    // Closed: its lock is gone, so the next tab takes its records over.
    locks.close('gone');
    const replaced: [string, GivenAnswer][] = [];
    next.queue.onReplace((q, answer) => replaced.push([q, answer]));
    expect(await next.queue.flush()).toBe(true);
    expect(replaced).toEqual([['q1', A('4')]]);
    expect(server.kept.get('q1')).toMatchObject({ answer: A('4'), clientId: 'tab-gone-0003' });
    expect(await store.list('L1')).toEqual([]);
  });

  test('after the attempt stopped taking answers: kept late, dropped from the device, and the queue names the questions', async () => {
    const h = harness();
    await h.queue.load([]);
    await h.queue.change('q1', 'P', 'W', A('1'));
    expect(await h.queue.flush()).toBe(true);
    h.server.closed = true;
    await h.queue.change('q2', 'P', 'W', A('1'));
    await h.queue.change('q3', 'P', 'W', A('2'));
    expect(await h.queue.flush()).toBe(true);
    expect([...h.queue.late].sort()).toEqual(['q2', 'q3']);
    expect(await h.store.list('L1')).toEqual([]);
    expect(h.server.kept.has('q2')).toBe(false);
    expect(Object.fromEntries(h.server.late)).toEqual({ q2: A('1'), q3: A('2') });
  });
});

describe('saves by another tab or device (decision 052)', () => {
  test('the screen is told once each time a save answers with a newer save by another writer, never after every save', async () => {
    const told: number[] = [];
    const answers: (number | null)[] = [null, 5_000, 5_000, 7_000, 6_000];
    let i = 0;
    const model = modelServer();
    const h = harness(freshStore(), {
      server: model,
      send: async (records) => ({ ...model.save(records), othersSavedAt: answers[i++] ?? null }),
    });
    h.queue.onOthersSaved(() => told.push(i));
    await h.queue.load([]);
    for (const [n, choice] of ['A', 'B', 'C', 'D', 'A'].entries()) {
      await h.queue.change(`q${n}`, 'P', 'W', A(choice));
      await h.queue.flush();
    }
    // Told after the 2nd save (5000, new) and the 4th (7000); not for a repeat or an older time.
    expect(told).toEqual([2, 4]);
  });
});
