import type { AnswerRecord, GivenAnswer, SaveAnswersResult, SavedAnswer } from '~/lib/api/contracts/exams';
import type { Writer } from '~/lib/exams/answer-writer';
import { decideBatch, decideSave, type KeptAnswerState } from '~/server/exams/answers/answers.rules';

/**
 * A server and tabs for the answering queue's tests, without a database: the server keeps answers
 * by the pure rule the real one decides with (src/server/exams/answers/answers.rules.ts), so the
 * queue's tests and property meet the real acceptance rule; the writers and their locks stand for
 * the tabs of one browser (src/lib/exams/answer-writer.ts).
 */

export interface ModelServer {
  kept: Map<string, KeptAnswerState>;
  late: Map<string, GivenAnswer>;
  /** Every answer the server accepted, in order. */
  history: { questionId: string; answer: GivenAnswer; revision: number; clientId: string }[];
  /** Saves after this are late (the attempt stopped taking answers). */
  closed: boolean;
  save(records: readonly AnswerRecord[]): SaveAnswersResult;
  state(): SavedAnswer[];
}

const given = (a: { content: string | null; optionList: readonly string[] }): GivenAnswer => ({ content: a.content, optionList: [...a.optionList] });

export function modelServer(): ModelServer {
  const server: ModelServer = {
    kept: new Map(),
    late: new Map(),
    history: [],
    closed: false,
    save(records) {
      const incoming = records.map((r) => ({
        questionId: r.questionId,
        answer: r.questionAnswerVO,
        clientId: r.clientId ?? '',
        seq: r.seq,
        baseRevision: r.baseRevision ?? null,
      }));
      const result: SaveAnswersResult = { acked: [], conflicts: [], late: [], othersSavedAt: null };
      if (server.closed) {
        for (const r of incoming) {
          const d = decideSave(server.kept.get(r.questionId), r);
          if (d.kind === 'ack') result.acked.push({ questionId: r.questionId, seq: r.seq, revision: d.revision });
          else {
            server.late.set(r.questionId, given(r.answer));
            result.late.push({ questionId: r.questionId, seq: r.seq });
          }
        }
        return result;
      }
      const { decisions } = decideBatch(server.kept, incoming);
      for (const { record, decision } of decisions) {
        if (decision.kind === 'accept') {
          server.kept.set(record.questionId, { answer: given(record.answer), revision: decision.revision, clientId: record.clientId, seq: record.seq });
          server.history.push({ questionId: record.questionId, answer: given(record.answer), revision: decision.revision, clientId: record.clientId });
        }
        if (decision.kind === 'conflict') {
          const k = decision.kept;
          result.conflicts.push({ questionId: record.questionId, seq: record.seq, revision: k.revision, questionAnswerVO: given(k.answer) });
        } else result.acked.push({ questionId: record.questionId, seq: record.seq, revision: decision.revision });
      }
      return result;
    },
    state() {
      return [...server.kept].map(([questionId, k]) => ({
        questionId,
        questionAnswerVO: given(k.answer),
        seq: k.seq,
        revision: k.revision,
        clientId: k.clientId,
      }));
    },
  };
  return server;
}

/** A writer as a tab has it (sequence numbers in memory). */
export function testWriter(id: string, from = 0): Writer & { seq: () => number } {
  let seq = from;
  return {
    id,
    next: () => ++seq,
    atLeast: (n) => {
      seq = Math.max(seq, n);
    },
    seq: () => seq,
  };
}

/** The browser's Web Locks, as far as writers use them: a live tab holds its writer's lock until it is closed. */
export function testLocks() {
  const held = new Map<string, string>();
  return {
    /** Tab `tab` takes the lock of writer `clientId` if nobody holds it. */
    take: (tab: string, clientId: string) => {
      const by = held.get(clientId);
      if (by !== undefined && by !== tab) return false;
      held.set(clientId, tab);
      return true;
    },
    /** The tab is closed: its locks go. */
    close: (tab: string) => {
      for (const [k, v] of held) if (v === tab) held.delete(k);
    },
  };
}
