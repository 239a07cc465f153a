import { send } from '~/lib/api/client';
import { reportProgress, type LessonRef, type ProgressReportAnswer } from '~/lib/api/contracts/classroom-online';

/**
 * The browser side of study progress that cannot be lost: every
 * report is first kept in local storage, merged per lesson (the latest seq and position, the
 * watched time summed since the last acknowledged report, sought if any merged report was), and
 * removed only when the server answers for it. A report that cannot be sent (network lost, tab
 * closed) is sent again on the next visit, before the lesson is opened again: the server credits
 * it against the real time since the last report it accepted, so no credited time is lost and
 * none is invented. Leaving the page (or hiding it) sends the last report with fetch keepalive,
 * which outlives the page and still carries the Token header (sendBeacon cannot).
 */

const PREFIX = 'dcs.studyReport.';

export interface PendingReport {
  ref: LessonRef;
  seq: number;
  positionMs: number;
  watchedMs: number;
  /** Some merged report moved the position on purpose: the server may move the resume point back. */
  sought?: boolean;
}

const keyOf = (ref: LessonRef) => `${PREFIX}${ref.studentId}.${ref.classroomId}`;

function read(key: string): PendingReport | null {
  try {
    const raw = localStorage.getItem(key);
    const v = raw ? (JSON.parse(raw) as PendingReport) : null;
    return v && typeof v.seq === 'number' && v.ref && typeof v.ref.classroomId === 'string' ? v : null;
  } catch {
    return null;
  }
}

function write(key: string, value: PendingReport | null): void {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or blocked: the report is still sent now.
  }
}

const body = (p: PendingReport) => ({
  ...p.ref,
  seq: p.seq,
  positionMs: Math.max(0, Math.round(p.positionMs)),
  watchedMs: Math.max(0, Math.round(p.watchedMs)),
  sought: p.sought === true,
  client: 'Web' as const,
});

/**
 * Sends what is pending for one stored key; the answer when the server answered for it.
 * `keepalive`: the page is being left or hidden, the request must outlive it.
 */
async function deliver(key: string, keepalive = false): Promise<ProgressReportAnswer | null> {
  const sent = read(key);
  if (!sent) return null;
  try {
    const answer = await send(reportProgress, body(sent), { silent: true, keepalive });
    const now = read(key);
    // Reports added while this one travelled stay, minus the watched time just acknowledged.
    if (!now || now.seq <= sent.seq || now.seq <= answer.seq) write(key, null);
    else write(key, { ...now, watchedMs: Math.max(0, now.watchedMs - sent.watchedMs) });
    return answer;
  } catch {
    return null;
  }
}

/** Sends every report left from earlier visits (each lesson's merged report once). */
export async function resendPending(studentId: string): Promise<void> {
  const keys: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(`${PREFIX}${studentId}.`)) keys.push(k);
    }
  } catch {
    return;
  }
  for (const k of keys) await deliver(k);
}

/** One lesson's reporter: numbers the reports, keeps them until acknowledged, sends one at a time. */
export class ProgressReporter {
  private seq: number;
  private readonly key: string;
  private inFlight: Promise<unknown> | null = null;
  private again = false;
  /** Called with each answer (the credited state). */
  onAnswer: ((a: ProgressReportAnswer) => void) | null = null;

  constructor(
    private readonly ref: LessonRef,
    storedSeq: number,
  ) {
    this.key = keyOf(ref);
    this.seq = Math.max(storedSeq, read(this.key)?.seq ?? 0);
  }

  /** A report of the position and the time watched since the previous one; `sought`: the student moved there on purpose. */
  report(positionMs: number, watchedMs: number, sought = false): void {
    this.keep(positionMs, watchedMs, sought);
    this.flush();
  }

  /** Merges a report into the stored one, numbered after every report before it. */
  private keep(positionMs: number, watchedMs: number, sought: boolean): void {
    this.seq += 1;
    const pending = read(this.key);
    write(this.key, {
      ref: this.ref,
      seq: this.seq,
      positionMs,
      watchedMs: (pending?.watchedMs ?? 0) + Math.max(0, watchedMs),
      ...(sought || pending?.sought ? { sought: true } : {}),
    });
  }

  private flush(keepalive = false): void {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = deliver(this.key, keepalive).then((answer) => {
      this.inFlight = null;
      if (answer) {
        this.seq = Math.max(this.seq, answer.seq);
        this.onAnswer?.(answer);
      }
      if (this.again) {
        this.again = false;
        if (read(this.key)) this.flush();
      }
    });
  }

  /** The network is back: what is still stored goes out now, not only with the next report or visit. */
  retry(): void {
    if (read(this.key)) this.flush();
  }

  /**
   * The page is being left or hidden: the player's last report (what was watched since the
   * previous one, if anything) is merged in and what is stored goes out now with keepalive. It
   * stays stored until an answer is read: if the page lives on, the answer clears it as usual;
   * if not, the next visit sends it again first (a repeat the server ignores). While another
   * report travels it waits for that one's answer (or the next visit), so the same watched time
   * is never sent in two reports at once.
   */
  leave(last?: { positionMs: number; watchedMs: number; sought: boolean } | null): void {
    if (last) this.keep(last.positionMs, last.watchedMs, last.sought);
    if (read(this.key)) this.flush(true);
  }
}
