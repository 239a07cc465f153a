import type { AnswerRecord, GivenAnswer, SaveAnswersResult, SavedAnswer } from '../api/contracts/exams';
import { MINUTE } from '~/lib/time/cst';
import type { AnswerStore, QueuedAnswer } from './answer-store';
import type { Writer } from './answer-writer';

/**
 * The answering screen's queue (issue 13 "no answer lost", issue 19; decision 027). Every change
 * of an answer is kept in the store first, numbered by this tab's writer and based on the
 * revision of the kept answer the tab last heard of, then sent with saveAnswers. A record leaves
 * the store when the server has answered it:
 * - acknowledged: kept (now or already); the kept revision becomes the base of the next change;
 * - conflict: another tab or device changed the answer since; the tab shows the kept answer
 *   instead and says so (a question is never shown as saved with an answer the server did not keep);
 * - late: it arrived after the attempt stopped taking answers; kept apart, not scored, and the tab
 *   says which questions.
 * A send that fails on the way, or that the server answers with "not now" (429, 503), is retried
 * with backoff (at least the Retry-After it named, at most MAX_RETRY_AFTER_MS) and never dropped; a
 * refusal (bad input) is kept and reported, not retried forever. What the server kept is told to the
 * screen (onKept), which tells the attempt's other tabs. The records a closed tab left for the attempt are sent
 * by this one once no live tab is their writer (adoptWriter); a live tab's are never touched.
 */

/** Waits between retries after failures in a row (the last one repeats). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
/** Records per saveAnswers call. */
export const BATCH_SIZE = 50;

export const retryDelay = (failures: number) => RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;
/** The longest wait a server's Retry-After may impose: the answers must not sit on the device for longer in one go. */
export const MAX_RETRY_AFTER_MS = MINUTE;

/**
 * The wait before the next try after `failures` failures in a row: the backoff, or longer when the
 * server asked for it (Retry-After), never longer than MAX_RETRY_AFTER_MS.
 */
export const nextTryIn = (failures: number, askedMs: number | null = null): number =>
  Math.min(Math.max(retryDelay(failures), askedMs ?? 0), MAX_RETRY_AFTER_MS);

/** How a question's answer stands: on the server, only on this device, or not given. */
export type SaveState = 'saved' | 'pending' | 'none';

/** Why the queue replaced the answer the screen shows. */
export type ReplaceReason = 'elsewhere' | 'adopted';

export interface Merged {
  answers: Map<string, GivenAnswer>;
  /** The revision of the kept answer per question (the base of the next change). */
  bases: Map<string, number>;
  /** Questions with a record on this device not yet on the server. */
  pending: Set<string>;
  /** Records the server already has (or that a newer record of this device replaces): they can go. */
  stale: QueuedAnswer[];
}

/**
 * Per question the newest record (the later time it was given, then the later sequence); every
 * other record of the question is pushed to `stale`, in the order the records came.
 */
function newestPerQuestion(records: Iterable<QueuedAnswer>, stale: QueuedAnswer[]): Map<string, QueuedAnswer> {
  const newest = new Map<string, QueuedAnswer>();
  for (const k of records) {
    const seen = newest.get(k.questionId);
    if (!seen) newest.set(k.questionId, k);
    else if (seen.answerTime < k.answerTime || (seen.answerTime === k.answerTime && seen.seq < k.seq)) {
      stale.push(seen);
      newest.set(k.questionId, k);
    } else stale.push(k);
  }
  return newest;
}

/**
 * The server's answers and the records this tab sends: per question the newest record (by the
 * time it was given) is shown, unless the server already has it (the kept answer is that
 * writer's, with that sequence or a later one). Older records of the same question are stale:
 * sending them after the newest would be taken for a change the newest never saw.
 */
export function mergeAnswers(server: readonly SavedAnswer[], kept: readonly QueuedAnswer[]): Merged {
  const answers = new Map<string, GivenAnswer>();
  const bases = new Map<string, number>();
  const pending = new Set<string>();
  const stale: QueuedAnswer[] = [];
  const onServer = new Map(server.map((s) => [s.questionId, s]));
  for (const s of server) {
    answers.set(s.questionId, s.questionAnswerVO);
    bases.set(s.questionId, s.revision);
  }
  function* notOnServer() {
    for (const k of kept) {
      const s = onServer.get(k.questionId);
      if (s && s.clientId === k.clientId && s.seq >= k.seq) stale.push(k);
      else yield k;
    }
  }
  for (const k of newestPerQuestion(notOnServer(), stale).values()) {
    answers.set(k.questionId, k.answer);
    pending.add(k.questionId);
  }
  return { answers, bases, pending, stale };
}

/** The record saveAnswers carries for a kept answer. */
export function recordOf(k: QueuedAnswer, answerLogId: string, sentAt: number): AnswerRecord {
  return {
    answerLogId,
    id: k.workId,
    questionId: k.questionId,
    questionUnitId: k.questionUnitId,
    questionAnswerVO: k.answer,
    seq: k.seq,
    answerTime: k.answerTime,
    submitTime: sentAt,
    ...(k.clientId ? { clientId: k.clientId } : {}),
    ...(k.baseRevision !== null ? { baseRevision: k.baseRevision } : {}),
  };
}

/** Where the queue stands, for the banner: all sent, failing (retrying), or refused by the server. */
export type QueueHealth = { kind: 'ok' } | { kind: 'failing'; failures: number } | { kind: 'refused'; message: string };

export interface QueueOptions {
  store: AnswerStore;
  attemptId: string;
  /** This tab's writer. */
  writer: Writer;
  /** May this tab send what another writer left (no live tab is that writer)? */
  adopt: (clientId: string) => Promise<boolean>;
  /** Sends a batch; resolves with the server's answer per record. */
  send: (records: AnswerRecord[]) => Promise<SaveAnswersResult>;
  /** The server's refusal message when the error is one (not a network failure), else null. */
  refusalOf: (error: unknown) => string | null;
  /**
   * The server said "not now" (rate limited, unavailable): the wait it asked for in ms (0: none
   * named); null otherwise. Such an answer is retried with the backoff, never taken for a refusal.
   */
  tryAgainAfter?: (error: unknown) => number | null;
  /** The device clock, for the record times only. */
  now: () => number;
  /** Runs `fn` later; returns a cancel. */
  later: (fn: () => void, ms: number) => () => void;
  /** Sending is not retried on its own (the external bank: answers go once, with the submit). */
  keepOnly?: boolean;
  /** False when the device knows it is offline: nothing is sent until it is back (the screen calls retryNow then). */
  isOnline?: () => boolean;
}

const keyOf = (k: { questionId: string; clientId: string }) => `${k.clientId}\u0000${k.questionId}`;

export class AnswerQueue {
  /** The revision of the kept answer each question's next change is based on. */
  private readonly bases = new Map<string, number>();
  /** The answer the screen shows per question. */
  private readonly shown = new Map<string, GivenAnswer>();
  private readonly pending = new Set<string>();
  /** Writers whose records this tab sends: itself and closed tabs it took over. */
  private readonly owned = new Set<string>();
  /** Questions whose answer was replaced by a change made in another tab or on another device. */
  private readonly elsewhereSet = new Set<string>();
  /** Questions whose answer reached the server after the attempt stopped taking answers. */
  private readonly lateSet = new Set<string>();
  private running: Promise<boolean> | null = null;
  /** A flush was asked for while one ran: it runs once more before it ends. */
  private again = false;
  private failures = 0;
  private refusal: string | null = null;
  private cancelRetry: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly replacers = new Set<(questionId: string, answer: GivenAnswer, why: ReplaceReason) => void>();
  private readonly keepers = new Set<(answers: SavedAnswer[]) => void>();
  private readonly othersListeners = new Set<() => void>();
  /** The latest save by another tab or device the server told of (decision 052). */
  private othersSavedAt: number | null = null;
  /** Writes to the store still on their way, per question. */
  private readonly writes = new Map<string, number>();
  /** Changes the store could not keep (full, or closed by the browser): sent from memory, per question. */
  private readonly unstored = new Map<string, QueuedAnswer>();

  constructor(private readonly o: QueueOptions) {
    this.owned.add(o.writer.id);
  }

  /** Called whenever the pending set, the health or the notices change. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Called when the queue replaces the answer the screen shows (the screen shows the new one). */
  onReplace(fn: (questionId: string, answer: GivenAnswer, why: ReplaceReason) => void): () => void {
    this.replacers.add(fn);
    return () => this.replacers.delete(fn);
  }

  /**
   * Called with the answers the server has just kept from this tab (with their new revisions): the
   * screen tells the attempt's other tabs at once (decision 052).
   */
  onKept(fn: (answers: SavedAnswer[]) => void): () => void {
    this.keepers.add(fn);
    return () => this.keepers.delete(fn);
  }

  /**
   * Called when a save's answer tells of a save by another tab or device newer than any heard of
   * before: the screen reads the attempt again, once, instead of after every save.
   */
  onOthersSaved(fn: () => void): () => void {
    this.othersListeners.add(fn);
    return () => this.othersListeners.delete(fn);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  private replace(questionId: string, answer: GivenAnswer, why: ReplaceReason): void {
    this.shown.set(questionId, answer);
    if (why === 'elsewhere') this.elsewhereSet.add(questionId);
    for (const fn of this.replacers) fn(questionId, answer, why);
  }

  /** The records this tab may send: its own and those of writers it took over (asked again each time: a live tab may close). */
  private async sendable(all: readonly QueuedAnswer[]): Promise<QueuedAnswer[]> {
    for (const clientId of new Set(all.map((k) => k.clientId))) {
      if (!this.owned.has(clientId) && (await this.o.adopt(clientId).catch(() => false))) this.owned.add(clientId);
    }
    return all.filter((k) => this.owned.has(k.clientId));
  }

  /** Merges the server's answers with the records this tab sends; records the server already has are dropped. */
  async load(server: readonly SavedAnswer[]): Promise<Map<string, GivenAnswer>> {
    for (const s of server) if (s.clientId === this.o.writer.id) this.o.writer.atLeast(s.seq);
    const kept = await this.sendable(await this.o.store.list(this.o.attemptId));
    const m = mergeAnswers(server, kept);
    for (const [q, r] of m.bases) this.bases.set(q, r);
    for (const [q, a] of m.answers) this.shown.set(q, a);
    for (const q of m.pending) this.pending.add(q);
    if (m.stale.length) await this.o.store.drop(this.o.attemptId, m.stale).catch(() => undefined);
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

  /** Questions replaced by a change made elsewhere, until the student changes them again. */
  get elsewhere(): ReadonlySet<string> {
    return this.elsewhereSet;
  }

  /** Questions whose answer arrived after the attempt stopped taking answers. */
  get late(): ReadonlySet<string> {
    return this.lateSet;
  }

  get health(): QueueHealth {
    if (this.refusal) return { kind: 'refused', message: this.refusal };
    if (this.failures > 0) return { kind: 'failing', failures: this.failures };
    return { kind: 'ok' };
  }

  /** The revision a change of the question would be based on now. */
  baseOf(questionId: string): number {
    return this.bases.get(questionId) ?? 0;
  }

  /** Keeps a changed answer (first in the store, then it is sent). */
  async change(questionId: string, questionUnitId: string, workId: string, answer: GivenAnswer): Promise<void> {
    // Numbered and based at once, so two quick changes never share a number.
    const entry: QueuedAnswer = {
      attemptId: this.o.attemptId,
      questionId,
      clientId: this.o.writer.id,
      questionUnitId,
      workId,
      answer,
      seq: this.o.writer.next(),
      baseRevision: this.baseOf(questionId),
      answerTime: this.o.now(),
    };
    this.shown.set(questionId, answer);
    this.elsewhereSet.delete(questionId);
    this.pending.add(questionId);
    this.writes.set(questionId, (this.writes.get(questionId) ?? 0) + 1);
    this.changed();
    try {
      // A record another writer left for this question is older than this change: it goes.
      const others = (await this.o.store.list(this.o.attemptId)).filter(
        (k) => k.questionId === questionId && k.clientId !== entry.clientId && this.owned.has(k.clientId),
      );
      if (others.length) await this.o.store.drop(this.o.attemptId, others);
      await this.o.store.put(entry);
      if ((this.unstored.get(questionId)?.seq ?? -1) < entry.seq) this.unstored.delete(questionId);
    } catch {
      if ((this.unstored.get(questionId)?.seq ?? -1) < entry.seq) this.unstored.set(questionId, entry);
    } finally {
      const n = (this.writes.get(questionId) ?? 1) - 1;
      if (n > 0) this.writes.set(questionId, n);
      else this.writes.delete(questionId);
      this.pending.add(questionId);
      this.changed();
    }
  }

  /**
   * The records this tab sends: per question the newest (by the time it was given) of its own and
   * of the writers it took over; older ones go (sent after the newest, they would be taken for a
   * change the newest never saw). A newest record another writer left is what the screen shows.
   */
  async kept(): Promise<QueuedAnswer[]> {
    const stored = await this.sendable(await this.o.store.list(this.o.attemptId).catch(() => [] as QueuedAnswer[]));
    const byKey = new Map<string, QueuedAnswer>();
    for (const k of [...stored, ...this.unstored.values()]) {
      // A change of this tab still being stored is newer than anything another writer left for its question.
      if (k.clientId !== this.o.writer.id && this.writes.has(k.questionId)) continue;
      const seen = byKey.get(keyOf(k));
      if (!seen || seen.seq < k.seq) byKey.set(keyOf(k), k);
    }
    const stale: QueuedAnswer[] = [];
    const newest = newestPerQuestion(byKey.values(), stale);
    if (stale.length) {
      await this.o.store.drop(this.o.attemptId, stale).catch(() => undefined);
      for (const k of stale) if (this.unstored.get(k.questionId) === k) this.unstored.delete(k.questionId);
    }
    for (const k of newest.values()) {
      if (k.clientId !== this.o.writer.id && !sameGiven(this.shown.get(k.questionId), k.answer)) this.replace(k.questionId, k.answer, 'adopted');
    }
    return [...newest.values()];
  }

  /** Forgets this tab's records of the attempt (after a successful submit); another live tab's stay. */
  async forget(): Promise<void> {
    this.cancelRetry?.();
    this.unstored.clear();
    await this.o.store.clear(this.o.attemptId, [...this.owned]).catch(() => undefined);
    this.pending.clear();
    this.changed();
  }

  /**
   * Sends everything kept; resolves true when nothing is left unanswered. One send at a time:
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

  /**
   * The server's answers read again (the tab came back, the minute's re-sync): a question with
   * nothing waiting here whose kept answer is newer than the one shown shows the kept one, and
   * says it was changed elsewhere when it differs.
   */
  resync(server: readonly SavedAnswer[]): void {
    let any = false;
    for (const s of server) {
      if (this.pending.has(s.questionId) || this.writes.has(s.questionId)) continue;
      if (s.revision <= this.baseOf(s.questionId)) continue;
      this.bases.set(s.questionId, s.revision);
      if (!sameGiven(this.shown.get(s.questionId), s.questionAnswerVO)) this.replace(s.questionId, s.questionAnswerVO, 'elsewhere');
      any = true;
    }
    if (any) this.changed();
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
      let result: SaveAnswersResult;
      try {
        result = await this.o.send(batch.map((k) => recordOf(k, this.o.attemptId, sentAt)));
      } catch (error) {
        // "Not now" (429, 503) is no refusal: the records wait and go again after the backoff, or the wait the server asked for.
        const asked = this.o.tryAgainAfter?.(error) ?? null;
        const refusal = asked === null ? this.o.refusalOf(error) : null;
        if (refusal) {
          this.refusal = refusal;
          this.changed();
        } else this.failed(asked);
        return false;
      }
      const progressed = await this.answered(batch, result);
      this.failures = 0;
      const left = await this.kept();
      this.syncPending(left);
      this.changed();
      if (left.length === 0 && !this.again) return true;
      if (!progressed) {
        // The server answered without taking any of them: treat as a failure, so it is retried later and not in a loop.
        this.failed();
        return false;
      }
    }
  }

  /** Applies the server's answer to a batch (one record per question); true when it answered at least one record. */
  private async answered(batch: readonly QueuedAnswer[], result: SaveAnswersResult): Promise<boolean> {
    const sentOf = (questionId: string, seq: number) => batch.find((b) => b.questionId === questionId && b.seq === seq);
    const drops: { questionId: string; clientId: string; seq: number }[] = [];
    const kept: SavedAnswer[] = [];
    let progressed = false;
    for (const a of result.acked) {
      const sent = sentOf(a.questionId, a.seq);
      if (!sent) continue;
      progressed = true;
      drops.push(sent);
      this.bases.set(a.questionId, Math.max(this.baseOf(a.questionId), a.revision));
      kept.push({ questionId: a.questionId, questionAnswerVO: sent.answer, seq: sent.seq, revision: a.revision, clientId: sent.clientId });
    }
    for (const l of result.late) {
      const sent = sentOf(l.questionId, l.seq);
      if (!sent) continue;
      progressed = true;
      drops.push(sent);
      this.lateSet.add(l.questionId);
    }
    for (const c of result.conflicts) {
      const sent = sentOf(c.questionId, c.seq);
      if (!sent) continue;
      progressed = true;
      drops.push(sent);
      if (c.revision < this.baseOf(c.questionId)) continue;
      // The kept answer is newer than every change this tab has of the question: they all go, and
      // the screen shows the kept answer (a change still being stored is answered in its turn).
      this.bases.set(c.questionId, c.revision);
      for (const k of await this.o.store.list(this.o.attemptId).catch(() => [] as QueuedAnswer[]))
        if (k.questionId === c.questionId && this.owned.has(k.clientId)) drops.push(k);
      const u = this.unstored.get(c.questionId);
      if (u) drops.push(u);
      this.replace(c.questionId, c.questionAnswerVO, 'elsewhere');
    }
    await this.o.store.drop(this.o.attemptId, drops).catch(() => undefined);
    for (const d of drops) {
      const u = this.unstored.get(d.questionId);
      if (u && u.clientId === d.clientId && u.seq <= d.seq) this.unstored.delete(d.questionId);
    }
    if (kept.length) for (const fn of this.keepers) fn(kept);
    const others = result.othersSavedAt ?? null;
    if (others !== null && (this.othersSavedAt === null || others > this.othersSavedAt)) {
      this.othersSavedAt = others;
      for (const fn of this.othersListeners) fn();
    }
    return progressed;
  }

  /** A send that did not get through: tried again after the backoff (or the longer wait the server asked for, bounded). */
  private failed(askedMs: number | null = null): void {
    this.failures += 1;
    this.cancelRetry?.();
    this.cancelRetry = this.o.later(() => void this.flush(), nextTryIn(this.failures, askedMs));
    this.changed();
  }

  private syncPending(kept: readonly QueuedAnswer[]): void {
    const now = new Set(kept.map((k) => k.questionId));
    // A change not yet in the store (its write still on the way) stays pending.
    for (const q of this.pending) if (!now.has(q) && !this.writes.has(q)) this.pending.delete(q);
    for (const q of now) this.pending.add(q);
  }
}

/** Two answers say the same (no text and empty text alike). */
export function sameGiven(a: GivenAnswer | null | undefined, b: GivenAnswer | null | undefined): boolean {
  const norm = (x: GivenAnswer | null | undefined) => JSON.stringify([x?.content ?? '', x?.optionList ?? []]);
  return norm(a) === norm(b);
}
