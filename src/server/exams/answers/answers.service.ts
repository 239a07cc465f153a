import type { Scope } from '../../http/scope';
import type { GivenAnswer, LateAnswer, SaveAnswersResult, SavedAnswer } from '~/lib/api/contracts/exams';
import type { WorkAnswer } from './answers.table';
import { decideBatch, decideSave, type IncomingAnswer, type KeptAnswerState } from './answers.rules';
import * as repo from './answers.repository';

/**
 * The answers kept for an attempt (decision 027): per question the one answer scoring reads, with
 * its revision and writer, and apart from them the answers that came too late. The attempts
 * sub-domain decides whether an attempt still takes answers; this one decides, by
 * answers.rules.ts, which change is kept, and writes it only while the kept answer is still the
 * one the decision read, so two instances deciding at once cannot both win.
 */

export interface AnswerInput {
  questionId: string;
  content: string | null;
  optionList: readonly string[];
  /** The writer ('' for a page that sends none) and its sequence number. */
  clientId: string;
  seq: number;
  /** The revision the change was based on; null when the page sends none. */
  baseRevision: number | null;
  /** The device's clock (kept, never trusted for time). */
  answeredAt: number;
}

export interface KeptAnswer extends SavedAnswer {
  answeredAt: number;
  savedAt: number;
}

/** Writers that are not tabs: the external bank's answers, kept once with its marking. */
export const BANK_WRITER = 'bank';
/** Decisions are made again this often when another writer changed an answer in between. */
const MAX_ROUNDS = 5;

function keys(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

const stateOf = (r: WorkAnswer): KeptAnswerState => ({
  answer: { content: r.content, optionList: keys(r.optionKeys) },
  revision: r.revision,
  clientId: r.clientId,
  seq: r.seq,
});
const incomingOf = (a: AnswerInput): IncomingAnswer & { questionId: string; input: AnswerInput } => ({
  questionId: a.questionId,
  answer: { content: a.content, optionList: a.optionList },
  clientId: a.clientId,
  seq: a.seq,
  baseRevision: a.baseRevision,
  input: a,
});

/** The kept answers of the records' questions, by question, as read for a save (with the others' last save elsewhere). */
interface KeptForSave {
  rows: Map<string, WorkAnswer>;
  states: Map<string, KeptAnswerState>;
  othersElsewhereAt: number | null;
}

async function keptForSave(s: Scope, tenantId: string, attemptId: string, records: readonly { questionId: string; clientId: string }[]): Promise<KeptForSave> {
  const questionIds = [...new Set(records.map((r) => r.questionId))];
  const writers = [...new Set(records.map((r) => r.clientId))];
  const read = await repo.keptAnswersOf(s.db, tenantId, attemptId, questionIds, writers);
  const rows = new Map(read.answers.map((r) => [r.questionId, r]));
  return { rows, states: new Map([...rows].map(([q, r]) => [q, stateOf(r)])), othersElsewhereAt: read.othersElsewhereAt };
}

/**
 * When an answer of the attempt was last kept from a writer other than the save's, once the save has written
 * (decision 052): the last one of the other questions, or of the save's own questions the save did not write, as the
 * read before the writes found them (the save holds its attempt: no other save comes between, decision 119).
 */
function othersSavedAfter(read: KeptForSave, writers: ReadonlySet<string>, written: ReadonlySet<string>): number | null {
  let last = read.othersElsewhereAt;
  for (const [questionId, r] of read.rows) {
    if (written.has(questionId) || writers.has(r.clientId)) continue;
    if (last === null || r.savedAt > last) last = r.savedAt;
  }
  return last;
}

/**
 * Saves a batch of answers of an attempt that still takes answers, in the order given: each record
 * is decided against the answer kept after the ones before it. Answers per record: kept (or
 * already kept, or superseded by the writer's own later change) with the kept revision, or a
 * conflict with the kept answer.
 */
export async function keepAnswers(s: Scope, input: { tenantId: string; attemptId: string; answers: readonly AnswerInput[] }): Promise<SaveAnswersResult> {
  const records = input.answers.map(incomingOf);
  for (let round = 1; ; round++) {
    const read = await keptForSave(s, input.tenantId, input.attemptId, records);
    const kept = read.states;
    const { decisions, changed } = decideBatch(kept, records);
    const lost = new Set<string>();
    const written = new Set<string>();
    for (const [questionId, { record, state }] of changed) {
      const row = {
        attemptId: input.attemptId,
        questionId,
        content: record.input.content,
        optionKeys: JSON.stringify([...record.input.optionList]),
        seq: state.seq,
        revision: state.revision,
        clientId: state.clientId,
        answeredAt: record.input.answeredAt,
        savedAt: s.now,
      };
      const before = kept.get(questionId);
      const stored = before
        ? await repo.replaceAnswerIf(s.db, input.tenantId, row, before.revision)
        : await repo.insertAnswerIfAbsent(s.db, input.tenantId, row);
      (stored ? written : lost).add(questionId);
    }
    // Another writer got in between the read and a write: decide again on what is kept now (the
    // writes that went through are then repeats of the kept answer and change nothing). Should
    // that go on, the records of those questions are left unanswered: the device sends them again.
    if (lost.size && round < MAX_ROUNDS) continue;
    const writers = new Set(records.map((r) => r.clientId));
    const othersSavedAt = othersSavedAfter(read, writers, written);
    const result: SaveAnswersResult = { acked: [], conflicts: [], late: [], othersSavedAt };
    for (const { record, decision } of decisions) {
      if (lost.has(record.questionId)) continue;
      if (decision.kind === 'conflict') {
        const { answer, revision } = decision.kept;
        const questionAnswerVO = { content: answer.content, optionList: [...answer.optionList] };
        result.conflicts.push({ questionId: record.questionId, seq: record.seq, revision, questionAnswerVO });
      } else result.acked.push({ questionId: record.questionId, seq: record.seq, revision: decision.revision });
    }
    return result;
  }
}

/**
 * Saves a batch that arrived after the attempt stopped taking answers: a record the kept answer
 * already is (a repeat whose acknowledgement was lost, an older change, the same answer) is
 * acknowledged as kept; any other is kept as a late answer, never scored and never replacing the
 * scored one.
 */
export async function keepLateAnswers(s: Scope, input: { tenantId: string; attemptId: string; answers: readonly AnswerInput[] }): Promise<SaveAnswersResult> {
  const kept = (await keptForSave(s, input.tenantId, input.attemptId, input.answers)).states;
  // The attempt takes no more answers: nothing another writer does can change what this tab shows.
  const result: SaveAnswersResult = { acked: [], conflicts: [], late: [], othersSavedAt: null };
  for (const a of input.answers) {
    const decision = decideSave(kept.get(a.questionId), incomingOf(a));
    if (decision.kind === 'ack') {
      result.acked.push({ questionId: a.questionId, seq: a.seq, revision: decision.revision });
      continue;
    }
    await repo.keepLateAnswer(s.db, input.tenantId, {
      attemptId: input.attemptId,
      questionId: a.questionId,
      clientId: a.clientId,
      seq: a.seq,
      content: a.content,
      optionKeys: JSON.stringify([...a.optionList]),
      answeredAt: a.answeredAt,
      savedAt: s.now,
    });
    result.late.push({ questionId: a.questionId, seq: a.seq });
  }
  return result;
}

/** Keeps the external bank's answers once, with its marking (the attempt was just taken for it). */
export async function keepBankAnswers(
  s: Scope,
  input: { tenantId: string; attemptId: string; answers: readonly { questionId: string; content: string | null; optionList: readonly string[] }[] },
): Promise<void> {
  for (const a of input.answers) {
    await repo.insertAnswerIfAbsent(s.db, input.tenantId, {
      attemptId: input.attemptId,
      questionId: a.questionId,
      content: a.content,
      optionKeys: JSON.stringify([...a.optionList]),
      seq: 1,
      revision: 1,
      clientId: BANK_WRITER,
      answeredAt: s.now,
      savedAt: s.now,
    });
  }
}

/** A stored answer (kept or late) as the pages read it: the question and what was given. */
const givenOf = (r: Pick<WorkAnswer, 'questionId' | 'content' | 'optionKeys'>) => ({
  questionId: r.questionId,
  questionAnswerVO: { content: r.content, optionList: keys(r.optionKeys) },
});

/** The kept answers of an attempt. */
export async function keptAnswers(s: Scope, input: { tenantId: string; attemptId: string }): Promise<KeptAnswer[]> {
  return (await repo.listAnswers(s.db, input.tenantId, input.attemptId)).map((r) => ({
    ...givenOf(r),
    seq: r.seq,
    revision: r.revision,
    clientId: r.clientId,
    answeredAt: r.answeredAt,
    savedAt: r.savedAt,
  }));
}

/** The late answers of an attempt (shown with it, never scored). */
export async function lateAnswers(s: Scope, input: { tenantId: string; attemptId: string }): Promise<LateAnswer[]> {
  return (await repo.listLateAnswers(s.db, input.tenantId, input.attemptId)).map((r) => ({ ...givenOf(r), savedAt: r.savedAt }));
}

/** The kept answers by question id, as scoring reads them. */
export function byQuestion(answers: readonly KeptAnswer[]): Map<string, GivenAnswer> {
  return new Map(answers.map((a) => [a.questionId, a.questionAnswerVO]));
}
