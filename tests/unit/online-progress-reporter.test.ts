import { beforeEach, describe, expect, test, vi } from 'vitest';

/**
 * The browser's progress reporter (src/islands/learner/classroom/progress-reporter.ts): a report
 * stays in local storage until the server answers for it, reports made meanwhile merge into one
 * (latest seq and position, watched time summed), an unsent report is sent again on the next visit,
 * the network coming back sends it at once, and leaving the page sends the player's last report
 * (merged with anything pending) with keepalive, forgetting it only once an answer is read.
 */

const sent: Record<string, unknown>[] = [];
const kept: Record<string, unknown>[] = [];
let answer: (body: Record<string, unknown>) => Promise<unknown> = async () => ({});

vi.mock('~/lib/api/client', () => ({
  send: (_call: unknown, body: Record<string, unknown>, opts?: { keepalive?: boolean }) => {
    (opts?.keepalive ? kept : sent).push(body);
    return answer(body);
  },
}));

const store = new Map<string, string>();
const localStorageStub = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
};
vi.stubGlobal('localStorage', localStorageStub);

const { ProgressReporter, resendPending } = await import('~/islands/learner/classroom/progress-reporter');

const ref = { classroomId: 'L1', courseId: 'C1', classId: 'K1', studentId: 'S1' };
const ok = (body: Record<string, unknown>) =>
  Promise.resolve({
    seq: body['seq'],
    applied: true,
    learnProcess: 1,
    lastStudyTime: body['positionMs'],
    furthestTime: 0,
    learningDuration: 0,
    finished: false,
    targetPercent: 80,
    lastStudyAt: null,
  });
const flush = () => new Promise((r) => setTimeout(r, 0));
const pending = () => [...store.keys()].filter((k) => k.startsWith('dcs.studyReport.'));

beforeEach(() => {
  store.clear();
  sent.length = 0;
  kept.length = 0;
  answer = ok;
});

describe('ProgressReporter', () => {
  test('numbers reports after the stored seq and forgets them once acknowledged', async () => {
    const r = new ProgressReporter(ref, 7);
    r.report(10_000, 10_000);
    await flush();
    expect(sent).toEqual([{ ...ref, seq: 8, positionMs: 10_000, watchedMs: 10_000, sought: false, client: 'Web' }]);
    expect(pending()).toEqual([]);
  });

  test('reports made while one travels merge; the acknowledged part is subtracted', async () => {
    let release!: () => void;
    answer = (body) => new Promise((resolve) => (release = () => resolve(ok(body))));
    const r = new ProgressReporter(ref, 0);
    r.report(10_000, 10_000);
    r.report(20_000, 10_000);
    r.report(25_000, 5_000);
    expect(sent).toHaveLength(1);
    answer = ok;
    release();
    await flush();
    await flush();
    expect(sent[1]).toMatchObject({ seq: 3, positionMs: 25_000, watchedMs: 15_000 });
    expect(pending()).toEqual([]);
  });

  test('a failed send keeps the report; the next visit sends it, merged, before anything else', async () => {
    answer = () => Promise.reject(new Error('offline'));
    const r = new ProgressReporter(ref, 2);
    r.report(10_000, 10_000);
    await flush();
    r.report(20_000, 10_000);
    await flush();
    expect(pending()).toHaveLength(1);
    // Leaving with nothing new: what is stored goes out with keepalive, and stays stored while no answer comes.
    r.leave(null);
    await flush();
    expect(kept).toEqual([{ ...ref, seq: 4, positionMs: 20_000, watchedMs: 20_000, sought: false, client: 'Web' }]);
    expect(pending()).toHaveLength(1);
    answer = ok;
    sent.length = 0;
    await resendPending('S1');
    expect(sent).toEqual([{ ...ref, seq: 4, positionMs: 20_000, watchedMs: 20_000, sought: false, client: 'Web' }]);
    expect(pending()).toEqual([]);
    // Another student's pending reports are not theirs to send.
    store.set('dcs.studyReport.S2.L1', JSON.stringify({ ref: { ...ref, studentId: 'S2' }, seq: 1, positionMs: 0, watchedMs: 0 }));
    await resendPending('S1');
    expect(sent).toHaveLength(1);
  });

  test('when the network is back, the stored report goes out at once, merged; nothing stored, nothing sent', async () => {
    answer = () => Promise.reject(new Error('offline'));
    const r = new ProgressReporter(ref, 0);
    r.report(4_000, 4_000);
    await flush();
    r.report(9_000, 5_000);
    await flush();
    expect(pending()).toHaveLength(1);
    answer = ok;
    sent.length = 0;
    r.retry();
    await flush();
    expect(sent).toEqual([{ ...ref, seq: 2, positionMs: 9_000, watchedMs: 9_000, sought: false, client: 'Web' }]);
    expect(pending()).toEqual([]);
    r.retry();
    await flush();
    expect(sent).toHaveLength(1);
  });

  test('a new reporter continues after a stored pending seq', () => {
    store.set('dcs.studyReport.S1.L1', JSON.stringify({ ref, seq: 9, positionMs: 1, watchedMs: 1 }));
    answer = () => new Promise(() => undefined);
    const r = new ProgressReporter(ref, 3);
    r.report(2, 1);
    expect(sent[0]).toMatchObject({ seq: 10, watchedMs: 2 });
  });

  test('leaving sends the player’s last report (what was watched since the previous one) with keepalive; an answer clears it', async () => {
    const r = new ProgressReporter(ref, 5);
    r.report(10_000, 10_000);
    await flush();
    expect(pending()).toEqual([]);
    // 7 s watched since that report, then the breadcrumb is clicked: nothing else would carry those 7 s.
    r.leave({ positionMs: 17_000, watchedMs: 7_000, sought: false });
    expect(kept).toEqual([{ ...ref, seq: 7, positionMs: 17_000, watchedMs: 7_000, sought: false, client: 'Web' }]);
    await flush();
    // The page lived on (it was only hidden): the answer was read, nothing waits for the next visit.
    expect(pending()).toEqual([]);
    // Nothing new and nothing stored: nothing is sent.
    r.leave(null);
    await flush();
    expect(kept).toHaveLength(1);
  });

  test('leaving while a report travels waits for its answer, so the same watched time is never in two reports at once', async () => {
    let release!: () => void;
    answer = (body) => new Promise((resolve) => (release = () => resolve(ok(body))));
    const r = new ProgressReporter(ref, 0);
    r.report(10_000, 10_000);
    r.leave({ positionMs: 13_000, watchedMs: 3_000, sought: false });
    expect(kept).toEqual([]);
    answer = ok;
    release();
    await flush();
    await flush();
    expect(sent).toEqual([
      { ...ref, seq: 1, positionMs: 10_000, watchedMs: 10_000, sought: false, client: 'Web' },
      { ...ref, seq: 2, positionMs: 13_000, watchedMs: 3_000, sought: false, client: 'Web' },
    ]);
    expect(pending()).toEqual([]);
  });

  test('a seek marks the merged report sought until it is acknowledged', async () => {
    answer = () => Promise.reject(new Error('offline'));
    const r = new ProgressReporter(ref, 0);
    r.report(60_000, 0, true);
    await flush();
    r.report(65_000, 5_000, false);
    await flush();
    expect(JSON.parse(store.get(pending()[0]!)!)).toMatchObject({ seq: 2, positionMs: 65_000, watchedMs: 5_000, sought: true });
    answer = ok;
    sent.length = 0;
    r.retry();
    await flush();
    expect(sent).toEqual([{ ...ref, seq: 2, positionMs: 65_000, watchedMs: 5_000, sought: true, client: 'Web' }]);
    r.report(70_000, 5_000);
    await flush();
    expect(sent[1]).toMatchObject({ seq: 3, sought: false });
  });
});
