/**
 * Which saved answer the server keeps (decision 027). Answers are changed from tabs and devices
 * that do not see each other; each writer (a tab, named by a client id) numbers its own changes,
 * and names the revision of the kept answer its change was based on. A change is kept when it
 * was based on the kept answer, or when the kept answer is the same writer's earlier change (its
 * acknowledgement was lost, so its base lags behind). A writer's repeat or older change, and an
 * answer equal to the kept one, are acknowledged without a change. Anything else would silently
 * undo a change the writer never saw: it is refused as a conflict, with the kept answer, so the
 * writer shows the newer answer and says so. A writer never holds "saved" for an answer the
 * server did not keep. Pure: the service reads the kept answer, decides, then writes only if the
 * kept answer is still the one it read.
 */

export interface AnswerValue {
  content: string | null;
  optionList: readonly string[];
}

export interface KeptAnswerState {
  answer: AnswerValue;
  /** 1 for the first answer, one more for each accepted change. */
  revision: number;
  /** The writer of the kept answer ('' for a page that sends no client id). */
  clientId: string;
  /** That writer's sequence number for it. */
  seq: number;
}

export interface IncomingAnswer {
  answer: AnswerValue;
  clientId: string;
  seq: number;
  /** The revision the change was based on (0: no answer kept then); null when the page sends none. */
  baseRevision: number | null;
}

export type SaveDecision =
  /** Keep it, as this revision. */
  | { kind: 'accept'; revision: number }
  /** Already kept, or superseded by the same writer's later change: nothing changes. */
  | { kind: 'ack'; revision: number; reason: 'replay' | 'older' | 'same' }
  /** Another writer changed the answer since this change's base: the kept one stays. */
  | { kind: 'conflict'; kept: KeptAnswerState };

/** Two answers say the same: the same text (no text and empty text alike) and the same options in order. */
export function sameAnswer(a: AnswerValue, b: AnswerValue): boolean {
  return (a.content ?? '') === (b.content ?? '') && a.optionList.length === b.optionList.length && a.optionList.every((k, i) => k === b.optionList[i]);
}

export function decideSave(kept: KeptAnswerState | undefined, incoming: IncomingAnswer): SaveDecision {
  if (!kept) return { kind: 'accept', revision: 1 };
  if (kept.clientId === incoming.clientId) {
    if (incoming.seq > kept.seq) return { kind: 'accept', revision: kept.revision + 1 };
    if (incoming.seq < kept.seq) return { kind: 'ack', revision: kept.revision, reason: 'older' };
    // One writer never numbers two different answers alike: a different answer under the kept
    // number is not taken as a repeat, or it would be shown as saved while the server keeps another.
    return sameAnswer(kept.answer, incoming.answer) ? { kind: 'ack', revision: kept.revision, reason: 'replay' } : { kind: 'conflict', kept };
  }
  if (sameAnswer(kept.answer, incoming.answer)) return { kind: 'ack', revision: kept.revision, reason: 'same' };
  if (incoming.baseRevision === kept.revision) return { kind: 'accept', revision: kept.revision + 1 };
  return { kind: 'conflict', kept };
}

/**
 * Decides a batch in order: each record against the answer kept after the records before it.
 * Answers the decision of every record and the answer to keep per question (only the questions
 * whose kept answer changed).
 */
export function decideBatch<R extends IncomingAnswer & { questionId: string }>(
  kept: ReadonlyMap<string, KeptAnswerState>,
  records: readonly R[],
): { decisions: { record: R; decision: SaveDecision }[]; changed: Map<string, { record: R; state: KeptAnswerState }> } {
  const now = new Map(kept);
  const changed = new Map<string, { record: R; state: KeptAnswerState }>();
  const decisions = records.map((record) => {
    const decision = decideSave(now.get(record.questionId), record);
    if (decision.kind === 'accept') {
      const state = { answer: record.answer, revision: decision.revision, clientId: record.clientId, seq: record.seq };
      now.set(record.questionId, state);
      changed.set(record.questionId, { record, state });
    }
    return { record, decision };
  });
  return { decisions, changed };
}
