import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { GivenAnswer } from '../api/contracts/exams';

/**
 * Where the answering screen keeps every answer before the server has acknowledged it (issue 13,
 * "no answer lost"): IndexedDB through idb-keyval, one record per attempt and question, so a
 * reload, a closed tab or a browser restart finds them again. Writes that depend on what is
 * stored (the next sequence number, dropping an acknowledged record) read and write in one
 * transaction, so two tabs of the same attempt cannot undo each other.
 */

export interface QueuedAnswer {
  attemptId: string;
  questionId: string;
  /** The question's paper id (the record's questionUnitId). */
  questionUnitId: string;
  workId: string;
  answer: GivenAnswer;
  /** Per attempt and question; the highest wins on the server. */
  seq: number;
  /** When it was given, on the device's clock (epoch ms; kept, never trusted for time). */
  answerTime: number;
}

export type NewAnswer = Omit<QueuedAnswer, 'seq'>;

export interface AnswerStore {
  /** Keeps the answer with a sequence above both `floor` and the one stored; resolves with what was kept. */
  put(entry: NewAnswer, floor: number): Promise<QueuedAnswer>;
  /** The attempt's kept answers. */
  list(attemptId: string): Promise<QueuedAnswer[]>;
  /** Drops each record whose sequence is at most the acknowledged one (a newer change stays). */
  drop(attemptId: string, acked: readonly { questionId: string; seq: number }[]): Promise<void>;
  /** Forgets the attempt (it was submitted: nothing kept can be saved any more). */
  clear(attemptId: string): Promise<void>;
}

const DB_NAME = 'dcs-exams';
const STORE_NAME = 'answers';

const keyOf = (attemptId: string, questionId: string): IDBValidKey => [attemptId, questionId];
/** Every key of an attempt: arrays compare item by item, and no string sorts after [] (an array). */
const rangeOf = (attemptId: string) => IDBKeyRange.bound([attemptId], [attemptId, []]);

const isQueued = (v: unknown): v is QueuedAnswer =>
  !!v && typeof v === 'object' && typeof (v as QueuedAnswer).questionId === 'string' && typeof (v as QueuedAnswer).seq === 'number';

/** The IndexedDB store of this browser (one database for every attempt of every student). */
export function idbAnswerStore(use: UseStore = createStore(DB_NAME, STORE_NAME)): AnswerStore {
  return {
    put: (entry, floor) =>
      use('readwrite', async (store) => {
        const key = keyOf(entry.attemptId, entry.questionId);
        const stored = await promisifyRequest<unknown>(store.get(key));
        const seq = Math.max(floor, isQueued(stored) ? stored.seq : 0) + 1;
        const kept: QueuedAnswer = { ...entry, seq };
        store.put(kept, key);
        await promisifyRequest(store.transaction);
        return kept;
      }),
    list: (attemptId) => use('readonly', (store) => promisifyRequest<unknown[]>(store.getAll(rangeOf(attemptId)))).then((all) => all.filter(isQueued)),
    drop: (attemptId, acked) =>
      use('readwrite', async (store) => {
        for (const a of acked) {
          const key = keyOf(attemptId, a.questionId);
          const stored = await promisifyRequest<unknown>(store.get(key));
          if (isQueued(stored) && stored.seq <= a.seq) store.delete(key);
        }
        await promisifyRequest(store.transaction);
      }),
    clear: (attemptId) =>
      use('readwrite', (store) => {
        store.delete(rangeOf(attemptId));
        return promisifyRequest(store.transaction);
      }),
  };
}

/**
 * A store in memory, for a browser where IndexedDB cannot be opened (some private modes): the
 * answers still go to the server, they only do not outlive the page.
 */
export function memoryAnswerStore(): AnswerStore {
  const kept = new Map<string, QueuedAnswer>();
  const k = (attemptId: string, questionId: string) => JSON.stringify([attemptId, questionId]);
  return {
    async put(entry, floor) {
      const seq = Math.max(floor, kept.get(k(entry.attemptId, entry.questionId))?.seq ?? 0) + 1;
      const v = { ...entry, seq };
      kept.set(k(entry.attemptId, entry.questionId), v);
      return v;
    },
    async list(attemptId) {
      return [...kept.values()].filter((v) => v.attemptId === attemptId);
    },
    async drop(attemptId, acked) {
      for (const a of acked) {
        const v = kept.get(k(attemptId, a.questionId));
        if (v && v.seq <= a.seq) kept.delete(k(attemptId, a.questionId));
      }
    },
    async clear(attemptId) {
      for (const [key, v] of kept) if (v.attemptId === attemptId) kept.delete(key);
    },
  };
}

/** The browser's store: IndexedDB when it opens, else memory. */
export async function openAnswerStore(): Promise<AnswerStore> {
  try {
    if (typeof indexedDB === 'undefined') return memoryAnswerStore();
    const store = idbAnswerStore();
    await store.list('');
    return store;
  } catch {
    return memoryAnswerStore();
  }
}
