import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AnswerRecord } from '~/lib/api/contracts/exams';
import { AnswerQueue, mergeAnswers, retryDelay, type QueueOptions } from '~/lib/exams/answer-queue';
import { idbAnswerStore, memoryAnswerStore, type AnswerStore } from '~/lib/exams/answer-store';

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

interface Harness {
  queue: AnswerQueue;
  store: AnswerStore;
  sent: AnswerRecord[][];
  /** The server's kept answers: the highest sequence per question. */
  server: Map<string, AnswerRecord>;
  retries: { ms: number; fn: () => void }[];
  mode: { kind: 'ok' | 'network' | 'refuse' | 'ignore' };
}

function harness(store: AnswerStore = freshStore(), extra: Partial<QueueOptions> = {}): Harness {
  const h = { store, sent: [] as AnswerRecord[][], server: new Map<string, AnswerRecord>(), retries: [] as { ms: number; fn: () => void }[], mode: { kind: 'ok' as Harness['mode']['kind'] } } as Harness;
  h.queue = new AnswerQueue({
    store,
    attemptId: 'L1',
    send: async (records) => {
      h.sent.push(records);
      if (h.mode.kind === 'network') throw new Error('network');
      if (h.mode.kind === 'refuse') throw Object.assign(new Error('已超过答题截止时间，答案未保存'), { refused: true });
      if (h.mode.kind === 'ignore') return [];
      for (const r of records) if ((h.server.get(r.questionId)?.seq ?? 0) < r.seq) h.server.set(r.questionId, r);
      return records.map((r) => ({ questionId: r.questionId, seq: r.seq }));
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
  test('per question the higher sequence wins; a tie is the server’s; kept ones the server has are stale', () => {
    const kept = [
      { attemptId: 'L1', questionId: 'q1', questionUnitId: 'p', workId: 'w', answer: A('B'), seq: 5, answerTime: 0 },
      { attemptId: 'L1', questionId: 'q2', questionUnitId: 'p', workId: 'w', answer: A('C'), seq: 2, answerTime: 0 },
      { attemptId: 'L1', questionId: 'q3', questionUnitId: 'p', workId: 'w', answer: A('D'), seq: 1, answerTime: 0 },
    ];
    const m = mergeAnswers(
      [
        { questionId: 'q1', questionAnswerVO: A('A'), seq: 3 },
        { questionId: 'q2', questionAnswerVO: A('A'), seq: 2 },
        { questionId: 'q4', questionAnswerVO: A('A'), seq: 7 },
      ],
      kept,
    );
    expect(Object.fromEntries(m.answers)).toEqual({ q1: A('B'), q2: A('A'), q3: A('D'), q4: A('A') });
    expect(Object.fromEntries(m.seqs)).toEqual({ q1: 5, q2: 2, q3: 1, q4: 7 });
    expect([...m.pending].sort()).toEqual(['q1', 'q3']);
    expect(m.stale.map((s) => s.questionId)).toEqual(['q2']);
  });
});

describe('the answer queue', () => {
  let h: Harness;
  beforeEach(() => {
    h = harness();
  });

  test('a change is kept first, numbered above the server’s sequence, sent, and dropped once acknowledged', async () => {
    await h.queue.load([{ questionId: 'q1', questionAnswerVO: A('A'), seq: 4 }]);
    await h.queue.change('q1', 'P1', 'W1', A('B'));
    expect(h.queue.stateOf('q1', true)).toBe('pending');
    const kept = await h.store.list('L1');
    expect(kept).toMatchObject([{ questionId: 'q1', seq: 5, answer: A('B') }]);
    expect(await h.queue.flush()).toBe(true);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]![0]).toMatchObject({ answerLogId: 'L1', id: 'W1', questionId: 'q1', questionUnitId: 'P1', seq: 5, questionAnswerVO: A('B'), answerTime: 1_000, submitTime: 1_000 });
    expect(await h.store.list('L1')).toEqual([]);
    expect(h.queue.stateOf('q1', true)).toBe('saved');
    expect(h.queue.stateOf('q9', false)).toBe('none');
  });

  test('quick changes get increasing sequences and the last one is what stays', async () => {
    await h.queue.load([]);
    await Promise.all([h.queue.change('q1', 'P', 'W', A('A')), h.queue.change('q1', 'P', 'W', A('B')), h.queue.change('q1', 'P', 'W', A('C'))]);
    expect(await h.store.list('L1')).toMatchObject([{ seq: 3, answer: A('C') }]);
    await h.queue.flush();
    expect(h.server.get('q1')).toMatchObject({ seq: 3, questionAnswerVO: A('C') });
  });

  test('a change made while its older record is on the way stays kept after the older one is acknowledged, and goes in the same flush', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = freshStore();
    const acks: { questionId: string; seq: number }[][] = [];
    const queue = new AnswerQueue({
      store,
      attemptId: 'L1',
      send: async (records) => {
        const ack = records.map((r) => ({ questionId: r.questionId, seq: r.seq }));
        if (acks.length === 0) await gate;
        acks.push(ack);
        return ack;
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
    expect([...h.server.keys()].sort()).toEqual(['q1', 'q2']);
  });

  test('the backoff grows and stays at its longest wait', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 30_000, 30_000]);
  });

  test('a refusal is kept and reported, and not retried', async () => {
    await h.queue.load([]);
    h.mode.kind = 'refuse';
    await h.queue.change('q1', 'P', 'W', A('A'));
    expect(await h.queue.flush()).toBe(false);
    expect(h.queue.health).toEqual({ kind: 'refused', message: '已超过答题截止时间，答案未保存' });
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
    const again = harness(h.store);
    const answers = await again.queue.load([
      { questionId: 'q1', questionAnswerVO: A('A'), seq: 0 },
      { questionId: 'q3', questionAnswerVO: A('B'), seq: 4 },
    ]);
    expect(Object.fromEntries(answers)).toEqual({ q1: A('C'), q2: A('D'), q3: A('B') });
    expect(again.queue.pendingCount).toBe(2);
    expect(await again.queue.flush()).toBe(true);
    expect(again.sent[0]!.map((r) => [r.questionId, r.seq]).sort()).toEqual([
      ['q1', 1],
      ['q2', 1],
    ]);
    // The next change of q3 goes above the server's sequence.
    await again.queue.change('q3', 'P', 'W', A('C'));
    expect(await again.store.list('L1')).toMatchObject([{ questionId: 'q3', seq: 5 }]);
  });

  test('kept records the server already has are dropped on load', async () => {
    await h.store.put({ attemptId: 'L1', questionId: 'q1', questionUnitId: 'P', workId: 'W', answer: A('A'), answerTime: 0 }, 2);
    const answers = await h.queue.load([{ questionId: 'q1', questionAnswerVO: A('B'), seq: 3 }]);
    expect(answers.get('q1')).toEqual(A('B'));
    expect(await h.store.list('L1')).toEqual([]);
    expect(h.queue.pendingCount).toBe(0);
  });

  test('more than one batch goes out in several calls', async () => {
    await h.queue.load([]);
    for (let i = 0; i < 120; i++) await h.queue.change(`q${i}`, 'P', 'W', A('A'));
    expect(await h.queue.flush()).toBe(true);
    expect(h.sent.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(h.server.size).toBe(120);
  });

  test('attempts are kept apart; forgetting one leaves the others', async () => {
    await h.queue.load([]);
    await h.queue.change('q1', 'P', 'W', A('A'));
    await h.store.put({ attemptId: 'L2', questionId: 'q1', questionUnitId: 'P', workId: 'W', answer: A('B'), answerTime: 0 }, 0);
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
    await b.queue.load([{ questionId: 'q1', questionAnswerVO: A('A'), seq: 2 }]);
    await b.queue.change('q1', 'P', 'W', A('B'));
    expect(b.queue.stateOf('q1', true)).toBe('pending');
    expect(await b.queue.flush()).toBe(true);
    expect(b.server.get('q1')).toMatchObject({ seq: 3, questionAnswerVO: A('B') });
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
    expect(h.server.get('q1')).toMatchObject({ seq: 1 });
  });
});
