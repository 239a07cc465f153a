// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { urlOf } from '~/lib/api/contract';
import { saveAnswers, type AnswerRecord, type SavedAnswer } from '~/lib/api/contracts/exams';

vi.mock('~/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/navigation')>()),
  navigateTo: vi.fn(),
}));

const { ApiError, send, tryAgainAfter } = await import('~/lib/api/client');
const { AnswerQueue, MAX_RETRY_AFTER_MS } = await import('~/lib/exams/answer-queue');
const { memoryAnswerStore } = await import('~/lib/exams/answer-store');
const { answerChannel } = await import('~/lib/exams/answer-broadcast');

/**
 * The answering page's save queue against the real API client and a fake API (issue 27 item 10,
 * decision 052): a save answered "too many requests" (the server's envelope code 429, or a
 * proxy's HTTP 429 with Retry-After) is no refusal: the answer stays 待上传 and goes again by
 * itself after the backoff, or after the wait the server asked for, never longer than the bound.
 * The clock is vitest's; nothing waits for real time. And the tabs of one browser tell each
 * other what the server kept.
 */

const API = 'http://api.test';
const SAVE = `${API}${urlOf(saveAnswers)}`;
const server = setupServer();
/** What the fake API answers to each save, in turn (then success). */
let answers: (() => Response)[] = [];
let saves: AnswerRecord[][] = [];

const acked = (records: AnswerRecord[]) =>
  HttpResponse.json({
    code: 0,
    message: 'ok',
    data: { acked: records.map((r) => ({ questionId: r.questionId, seq: r.seq, revision: 1 })), conflicts: [], late: [], othersSavedAt: null },
  });
const envelope429 = () => HttpResponse.json({ code: 429, message: '答案保存过于频繁，请稍后再试', data: null });
const http429 = (retryAfter?: string) => () =>
  HttpResponse.json({ code: 429, message: 'too many' }, { status: 429, headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter } });

beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  answers = [];
  saves = [];
  localStorage.clear();
  const config = JSON.stringify({ apiBase: API, tenantId: 't-1', partner: false, loginPath: '/login' });
  document.head.innerHTML = `<script type="application/json" id="portal-config">${config}</script>`;
  server.use(
    http.post(SAVE, async ({ request }) => {
      const body = (await request.json()) as { answers: AnswerRecord[] };
      saves.push(body.answers);
      return (answers.shift() ?? (() => acked(body.answers)))();
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});

/** A queue as the answering page makes it: the real client, its refusal rule, and timers of vitest's clock. */
function pageQueue() {
  let seq = 0;
  return new AnswerQueue({
    store: memoryAnswerStore(),
    attemptId: 'L1',
    writer: {
      id: 'tab-a',
      next: () => ++seq,
      atLeast: (n) => {
        seq = Math.max(seq, n);
      },
    },
    adopt: async () => true,
    send: (records) => send(saveAnswers, { classId: 'c', studentId: 's', answers: records }, { silent: true }),
    refusalOf: (e) => (e instanceof ApiError && e.code !== null ? e.message : null),
    tryAgainAfter,
    now: () => Date.now(),
    later: (fn, ms) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
  });
}

/** Lets the fake API and the queue finish what is on its way, without moving vitest's clock. */
async function settle(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

/** One answer given and its first send answered; resolves with the queue. */
async function answerOnce() {
  const queue = pageQueue();
  await queue.change('q1', 'P', 'W', { content: null, optionList: ['A'] });
  expect(await queue.flush()).toBe(false);
  return queue;
}

describe('a save answered 429 is retried by itself', () => {
  it('the envelope’s 429: not a refusal; 待上传 until the retry after the first backoff step (1 s) is kept', async () => {
    answers = [envelope429];
    const queue = await answerOnce();
    expect(queue.health).toEqual({ kind: 'failing', failures: 1 });
    expect(queue.stateOf('q1', true)).toBe('pending');
    await vi.advanceTimersByTimeAsync(999);
    expect(saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(queue.stateOf('q1', true)).toBe('saved'));
    expect(saves).toHaveLength(2);
    expect(queue.health).toEqual({ kind: 'ok' });
  });

  it('HTTP 429 with Retry-After: 7 waits the 7 s the server asked for, not the 1 s backoff', async () => {
    answers = [http429('7')];
    const queue = await answerOnce();
    await vi.advanceTimersByTimeAsync(6_999);
    expect(saves).toHaveLength(1);
    expect(queue.stateOf('q1', true)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(queue.stateOf('q1', true)).toBe('saved'));
    expect(saves).toHaveLength(2);
  });

  it('a Retry-After of an hour is bounded: the retry comes after MAX_RETRY_AFTER_MS', async () => {
    answers = [http429('3600')];
    const queue = await answerOnce();
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS - 1);
    expect(saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(queue.stateOf('q1', true)).toBe('saved'));
  });

  it('429 after 429 without Retry-After: the waits grow 1 s, 2 s, 4 s; the answer is never dropped', async () => {
    answers = [http429(), http429(), http429()];
    const queue = await answerOnce();
    for (const [wait, count] of [
      [1_000, 2],
      [2_000, 3],
      [4_000, 4],
    ] as const) {
      // The previous 429 has been taken in: its retry is scheduled.
      await settle(() => queue.health.kind === 'failing' && queue.health.failures === count - 1);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(saves).toHaveLength(count - 1);
      await vi.advanceTimersByTimeAsync(1);
      await settle(() => saves.length === count);
    }
    await vi.waitFor(() => expect(queue.stateOf('q1', true)).toBe('saved'));
    expect(saves.every((b) => b[0]!.questionAnswerVO.optionList[0] === 'A')).toBe(true);
  });

  it('a refusal (bad input) still stops the sending and is reported', async () => {
    answers = [() => HttpResponse.json({ code: 400, message: '题目 q1 的选项不正确', data: null })];
    const queue = await answerOnce();
    expect(queue.health).toEqual({ kind: 'refused', message: '题目 q1 的选项不正确' });
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS);
    expect(saves).toHaveLength(1);
  });
});

describe('the tabs of one browser', () => {
  it('tell each other what the server kept; a tab ignores its own news', async () => {
    vi.useRealTimers();
    const heardByB: SavedAnswer[][] = [];
    const heardByA: SavedAnswer[][] = [];
    const a = answerChannel('L1', 'tab-a', (x) => heardByA.push(x));
    const b = answerChannel('L1', 'tab-b', (x) => heardByB.push(x));
    const other = answerChannel('L2', 'tab-c', () => heardByB.push([]));
    try {
      const kept: SavedAnswer = { questionId: 'q1', questionAnswerVO: { content: null, optionList: ['2'] }, seq: 3, revision: 4, clientId: 'tab-a' };
      a.tell([kept]);
      await vi.waitFor(() => expect(heardByB).toEqual([[kept]]));
      expect(heardByA).toEqual([]);
    } finally {
      a.close();
      b.close();
      other.close();
    }
  });
});
