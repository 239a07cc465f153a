import type { AnswerRecord, GivenAnswer, SavedAnswer } from '../api/contracts/exams';
import type { AnswerStore, QueuedAnswer } from './answer-store';

/**
 * The answering screen's queue (issue 13, "no answer lost"): every change of an answer is kept in
 * the store first, with a per-question sequence number above anything the server or this device
 * has used, then sent with saveAnswers. A record leaves the store only when the server has
 * acknowledged a sequence at least as high; a send that fails on the way is retried with backoff
 * and never dropped; a refusal (the deadline passed, the attempt is already submitted) is kept
 * and reported, not retried forever.
 */

/** Waits between retries after failures in a row (the last one repeats). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
/** Records per saveAnswers call. */
export const BATCH_SIZE = 50;

export const retryDelay = (failures: number) => RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;

/** How a question's answer stands: on the server, only on this device, or not given. */
export type SaveState = 'saved' | 'pending' | 'none';

export interface Merged {
  answers: Map<string, GivenAnswer>;
  /** The highest sequence known per question (the next change goes above it). */
  seqs: Map<string, number>;
  /** Questions with a kept record newer than the server's answer. */
  pending: Set<string>;
  /** Kept records the server already has a newer (or the same) answer for: they can go. */
  stale: QueuedAnswer[];
}

/** The server's answers and the kept ones: per question the higher sequence wins (a tie is the server's). */
export function mergeAnswers(server: readonly SavedAnswer[], kept: readonly QueuedAnswer[]): Merged {
  const answers = new Map<string, GivenAnswer>();
  const seqs = new Map<string, number>();
  const pending = new Set<string>();
  const stale: QueuedAnswer[] = [];
  for (const s of server) {
    if ((seqs.get(s.questionId) ?? -1) >= s.seq) continue;
    answers.set(s.questionId, s.questionAnswerVO);
    seqs.set(s.questionId, s.seq);
  }
  for (const k of kept) {
    if ((seqs.get(k.questionId) ?? -1) >= k.seq) {
      stale.push(k);
      continue;
    }
    answers.set(k.questionId, k.answer);
    seqs.set(k.questionId, k.seq);
    pending.add(k.questionId);
  }
  return { answers, seqs, pending, stale };
}

/** The record saveAnswers carries for a kept answer. */
export function recordOf(k: QueuedAnswer, answerLogId: string, sentAt: number): AnswerRecord {
  return { answerLogId, id: k.workId, questionId: k.questionId, questionUnitId: k.questionUnitId, questionAnswerVO: k.answer, seq: k.seq, answerTime: k.answerTime, submitTime: sentAt };
}

/** Where the queue stands, for the banner: all sent, sending, failing (retrying), or refused by the server. */
export type QueueHealth = { kind: 'ok' } | { kind: 'failing'; failures: number } | { kind: 'refused'; message: string };

export interface QueueOptions {
  store: AnswerStore;
  attemptId: string;
  /** Sends a batch; resolves with what the server acknowledged. */
  send: (records: AnswerRecord[]) => Promise<{ questionId: string; seq: number }[]>;
  /** The server's refusal message when the error is one (not a network failure), else null. */
  refusalOf: (error: unknown) => string | null;
  /** The device clock, for the record times only. */
  now: () => number;
  /** Runs `fn` later; returns a cancel. */
  later: (fn: () => void, ms: number) => () => void;
  /** Sending is not retried on its own (the external bank: answers go once, with the submit). */
  keepOnly?: boolean;
  /** False when the device knows it is offline: nothing is sent until it is back (the screen calls retryNow then). */
  isOnline?: () => boolean;
}

export class AnswerQueue {
  private readonly seqs = new Map<string, number>();
  private readonly pending = new Set<string>();
  private running: Promise<boolean> | null = null;
  /** A flush was asked for while one ran: it runs once more before it ends. */
  private again = false;
  private failures = 0;
  private refusal: string | null = null;
  private cancelRetry: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  /** Writes to the store still on their way, per question. */
  private readonly writes = new Map<string, number>();
  /** Changes the store could not keep (full, or closed by the browser): sent from memory. */
  private readonly unstored = new Map<string, QueuedAnswer>();

  constructor(private readonly o: QueueOptions) {}

  /** Called whenever the pending set or the health changes. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  /** Merges the server's answers with the kept ones; kept ones the server already has are dropped. */
  async load(server: readonly SavedAnswer[]): Promise<Map<string, GivenAnswer>> {
    const kept = await this.o.store.list(this.o.attemptId);
    const m = mergeAnswers(server, kept);
    for (const [q, seq] of m.seqs) this.seqs.set(q, seq);
    for (const q of m.pending) this.pending.add(q);
    if (m.stale.length) await this.o.store.drop(this.o.attemptId, m.stale.map((s) => ({ questionId: s.questionId, seq: s.seq })));
    this.changed();
    return m.answers;
  }

  stateOf(questionId: string, given: boolean): SaveState {
    if (this.pending.has(questionId)) return 'pending';
    return given ? 'saved' : 'none';
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get health(): QueueHealth {
    if (this.refusal) return { kind: 'refused', message: this.refusal };
    if (this.failures > 0) return { kind: 'failing', failures: this.failures };
    return { kind: 'ok' };
  }

  /** Keeps a changed answer (first in the store, then it is sent). */
  async change(questionId: string, questionUnitId: string, workId: string, answer: GivenAnswer): Promise<void> {
    const floor = this.seqs.get(questionId) ?? 0;
    // The sequence is taken at once so that two quick changes never share one.
    this.seqs.set(questionId, floor + 1);
    this.pending.add(questionId);
    this.writes.set(questionId, (this.writes.get(questionId) ?? 0) + 1);
    this.changed();
    const entry = { attemptId: this.o.attemptId, questionId, questionUnitId, workId, answer, answerTime: this.o.now() };
    try {
      const kept = await this.o.store.put(entry, floor);
      this.seqs.set(questionId, Math.max(this.seqs.get(questionId) ?? 0, kept.seq));
      this.unstored.delete(questionId);
    } catch {
      const seq = Math.max(this.seqs.get(questionId) ?? 0, floor + 1);
      this.seqs.set(questionId, seq);
      this.unstored.set(questionId, { ...entry, seq });
    } finally {
      const n = (this.writes.get(questionId) ?? 1) - 1;
      if (n > 0) this.writes.set(questionId, n);
      else this.writes.delete(questionId);
      this.pending.add(questionId);
      this.changed();
    }
  }

  /** The kept answers (the external bank's are sent from here in one batch at submit). */
  async kept(): Promise<QueuedAnswer[]> {
    const stored = await this.o.store.list(this.o.attemptId).catch(() => [] as QueuedAnswer[]);
    const byQuestion = new Map(stored.map((k) => [k.questionId, k]));
    for (const u of this.unstored.values()) if ((byQuestion.get(u.questionId)?.seq ?? -1) < u.seq) byQuestion.set(u.questionId, u);
    return [...byQuestion.values()];
  }

  /** Forgets the attempt's kept answers (after a successful submit). */
  async forget(): Promise<void> {
    this.cancelRetry?.();
    this.unstored.clear();
    await this.o.store.clear(this.o.attemptId).catch(() => undefined);
    this.pending.clear();
    this.changed();
  }

  /**
   * Sends everything kept; resolves true when nothing is left unacknowledged. One send at a time:
   * a call while one runs waits for it (and what changed meanwhile goes in the same run).
   */
  flush(): Promise<boolean> {
    if (this.o.keepOnly) return Promise.resolve(this.pending.size === 0);
    if (this.refusal) return Promise.resolve(false);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Sends again now (the network came back), forgetting the backoff. */
  retryNow(): Promise<boolean> {
    return this.flush();
  }

  private async run(): Promise<boolean> {
    for (;;) {
      this.again = false;
      const kept = await this.kept();
      this.syncPending(kept);
      if (kept.length === 0) {
        if (this.again) continue;
        return true;
      }
      if (this.o.isOnline && !this.o.isOnline()) {
        this.failed();
        return false;
      }
      const batch = kept.slice(0, BATCH_SIZE);
      const sentAt = this.o.now();
      let acked: { questionId: string; seq: number }[];
      try {
        acked = await this.o.send(batch.map((k) => recordOf(k, this.o.attemptId, sentAt)));
      } catch (error) {
        const refusal = this.o.refusalOf(error);
        if (refusal) {
          this.refusal = refusal;
          this.changed();
        } else this.failed();
        return false;
      }
      for (const a of acked) this.seqs.set(a.questionId, Math.max(this.seqs.get(a.questionId) ?? 0, a.seq));
      await this.o.store.drop(this.o.attemptId, acked).catch(() => undefined);
      for (const a of acked) if ((this.unstored.get(a.questionId)?.seq ?? Infinity) <= a.seq) this.unstored.delete(a.questionId);
      this.failures = 0;
      const left = await this.kept();
      this.syncPending(left);
      this.changed();
      const progressed = acked.some((a) => batch.some((b) => b.questionId === a.questionId && b.seq <= a.seq));
      if (left.length === 0 && !this.again) return true;
      if (!progressed) {
        // The server answered without taking any of them: treat as a failure, so it is retried later and not in a loop.
        this.failed();
        return false;
      }
    }
  }

  /** A send that did not get through: tried again after the backoff. */
  private failed(): void {
    this.failures += 1;
    this.cancelRetry = this.o.later(() => void this.flush(), retryDelay(this.failures));
    this.changed();
  }

  private syncPending(kept: readonly QueuedAnswer[]): void {
    const now = new Set(kept.map((k) => k.questionId));
    // A change not yet in the store (its write still on the way) stays pending.
    for (const q of this.pending) if (!now.has(q) && !this.writes.has(q)) this.pending.delete(q);
    for (const q of now) this.pending.add(q);
  }
}
