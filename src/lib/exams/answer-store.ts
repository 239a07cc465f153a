import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { GivenAnswer } from '../api/contracts/exams';

/**
 * Where the answering screen keeps every answer before the server has acknowledged it (issue 13,
 * "no answer lost"): IndexedDB through idb-keyval, so a reload, a closed tab or a browser restart
 * finds them again. Every tab of the browser shares the database, so each record is keyed by the
 * attempt, the question and the writer (the tab's client id, decision 027): a tab writes and
 * drops only its own records (and those of a closed tab it took over), never another live tab's.
 * A write never replaces a record of the same key with a higher sequence, and a drop removes a
 * record only up to the acknowledged sequence: both read and write in one transaction.
 */

export interface QueuedAnswer {
  attemptId: string;
  questionId: string;
  /** The writer: the tab's client id ('' for a record kept before decision 027). */
  clientId: string;
  /** The question's paper id (the record's questionUnitId). */
  questionUnitId: string;
  workId: string;
  answer: GivenAnswer;
  /** The writer's sequence number. */
  seq: number;
  /** The revision of the kept answer the change was based on; null for a record kept before decision 027. */
  baseRevision: number | null;
  /** When it was given, on the device's clock (epoch ms; kept, never trusted for time). */
  answerTime: number;
}

/** Which record: the attempt, the question and the writer. */
export interface AnswerKey {
  questionId: string;
  clientId: string;
  seq: number;
}

export interface AnswerStore {
  /** Keeps the record unless one of the same key with a higher sequence is kept; resolves with what is kept. */
  put(entry: QueuedAnswer): Promise<QueuedAnswer>;
  /** The attempt's records, of every writer. */
  list(attemptId: string): Promise<QueuedAnswer[]>;
  /** Every record of every attempt (answers left from earlier attempts). */
  listAll(): Promise<QueuedAnswer[]>;
  /** Drops each record whose sequence is at most the given one (a newer change stays). */
  drop(attemptId: string, keys: readonly AnswerKey[]): Promise<void>;
  /** Drops the attempt's records of these writers (it was submitted: this tab has nothing left to send). */
  clear(attemptId: string, clientIds: readonly string[]): Promise<void>;
}

const DB_NAME = 'dcs-exams';
const STORE_NAME = 'answers';
/** The writer of records kept before decision 027 (keyed by attempt and question only). */
export const LEGACY_WRITER = '';

const keyOf = (attemptId: string, questionId: string, clientId: string): IDBValidKey =>
  clientId === LEGACY_WRITER ? [attemptId, questionId] : [attemptId, questionId, clientId];
/** Every key of an attempt: arrays compare item by item, and no string sorts after [] (an array). */
const rangeOf = (attemptId: string) => IDBKeyRange.bound([attemptId], [attemptId, []]);

/** A stored record, with what records kept before decision 027 lack filled in. */
function recordOf(v: unknown): QueuedAnswer | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as Partial<QueuedAnswer>;
  if (typeof r.attemptId !== 'string' || typeof r.questionId !== 'string' || typeof r.seq !== 'number' || !r.answer) return null;
  return {
    attemptId: r.attemptId,
    questionId: r.questionId,
    clientId: typeof r.clientId === 'string' ? r.clientId : LEGACY_WRITER,
    questionUnitId: r.questionUnitId ?? '',
    workId: r.workId ?? '',
    answer: r.answer,
    seq: r.seq,
    baseRevision: typeof r.baseRevision === 'number' ? r.baseRevision : null,
    answerTime: typeof r.answerTime === 'number' ? r.answerTime : 0,
  };
}
const records = (all: unknown[]) => all.map(recordOf).filter((r): r is QueuedAnswer => r !== null);

/** The IndexedDB store of this browser (one database for every attempt of every student). */
export function idbAnswerStore(use: UseStore = createStore(DB_NAME, STORE_NAME)): AnswerStore {
  return {
    put: (entry) =>
      use('readwrite', async (store) => {
        const key = keyOf(entry.attemptId, entry.questionId, entry.clientId);
        const stored = recordOf(await promisifyRequest<unknown>(store.get(key)));
        if (stored && stored.seq >= entry.seq) return stored;
        store.put(entry, key);
        await promisifyRequest(store.transaction);
        return entry;
      }),
    list: (attemptId) => use('readonly', (store) => promisifyRequest<unknown[]>(store.getAll(rangeOf(attemptId)))).then(records),
    listAll: () => use('readonly', (store) => promisifyRequest<unknown[]>(store.getAll())).then(records),
    drop: (attemptId, keys) =>
      use('readwrite', async (store) => {
        for (const k of keys) {
          const key = keyOf(attemptId, k.questionId, k.clientId);
          const stored = recordOf(await promisifyRequest<unknown>(store.get(key)));
          if (stored && stored.seq <= k.seq) store.delete(key);
        }
        await promisifyRequest(store.transaction);
      }),
    clear: (attemptId, clientIds) =>
      use('readwrite', async (store) => {
        const mine = new Set(clientIds);
        for (const r of records(await promisifyRequest<unknown[]>(store.getAll(rangeOf(attemptId))))) {
          if (mine.has(r.clientId)) store.delete(keyOf(attemptId, r.questionId, r.clientId));
        }
        await promisifyRequest(store.transaction);
      }),
  };
}

/**
 * A store in memory, for a browser where IndexedDB cannot be opened (some private modes): the
 * answers still go to the server, they only do not outlive the page.
 */
export function memoryAnswerStore(): AnswerStore {
  const kept = new Map<string, QueuedAnswer>();
  const k = (attemptId: string, questionId: string, clientId: string) => JSON.stringify([attemptId, questionId, clientId]);
  return {
    async put(entry) {
      const key = k(entry.attemptId, entry.questionId, entry.clientId);
      const stored = kept.get(key);
      if (stored && stored.seq >= entry.seq) return stored;
      kept.set(key, { ...entry });
      return entry;
    },
    async list(attemptId) {
      return [...kept.values()].filter((v) => v.attemptId === attemptId);
    },
    async listAll() {
      return [...kept.values()];
    },
    async drop(attemptId, keys) {
      for (const a of keys) {
        const key = k(attemptId, a.questionId, a.clientId);
        const v = kept.get(key);
        if (v && v.seq <= a.seq) kept.delete(key);
      }
    },
    async clear(attemptId, clientIds) {
      for (const [key, v] of kept) if (v.attemptId === attemptId && clientIds.includes(v.clientId)) kept.delete(key);
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
