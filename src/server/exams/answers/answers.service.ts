import type { Scope } from '../../http/scope';
import type { GivenAnswer, SavedAnswer } from '~/lib/api/contracts/exams';
import * as repo from './answers.repository';

/**
 * The answers kept for an attempt: per question, the one with the highest sequence the device
 * sent. The attempts sub-domain decides whether an attempt takes answers; this one only keeps
 * them, so a repeat or an older answer never replaces a newer one.
 */

export interface AnswerInput {
  questionId: string;
  content: string | null;
  optionList: readonly string[];
  seq: number;
  /** The device's clock (kept, never trusted for time). */
  answeredAt: number;
}

export interface KeptAnswer extends SavedAnswer {
  answeredAt: number;
  savedAt: number;
}

function keys(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps a batch of answers of one attempt; per question only the highest sequence matters. */
export async function keepAnswers(s: Scope, input: { tenantId: string; attemptId: string; answers: readonly AnswerInput[] }): Promise<void> {
  const highest = new Map<string, AnswerInput>();
  for (const a of input.answers) {
    const seen = highest.get(a.questionId);
    if (!seen || seen.seq < a.seq) highest.set(a.questionId, a);
  }
  await repo.upsertAnswers(
    s.db,
    input.tenantId,
    [...highest.values()].map((a) => ({
      attemptId: input.attemptId,
      questionId: a.questionId,
      content: a.content,
      optionKeys: JSON.stringify([...a.optionList]),
      seq: a.seq,
      answeredAt: a.answeredAt,
      savedAt: s.now,
    })),
  );
}

/** The kept answers of an attempt. */
export async function keptAnswers(s: Scope, input: { tenantId: string; attemptId: string }): Promise<KeptAnswer[]> {
  return (await repo.listAnswers(s.db, input.tenantId, input.attemptId)).map((r) => ({
    questionId: r.questionId,
    questionAnswerVO: { content: r.content, optionList: keys(r.optionKeys) },
    seq: Number(r.seq),
    answeredAt: Number(r.answeredAt),
    savedAt: Number(r.savedAt),
  }));
}

/** The kept answers by question id, as scoring reads them. */
export function byQuestion(answers: readonly KeptAnswer[]): Map<string, GivenAnswer> {
  return new Map(answers.map((a) => [a.questionId, a.questionAnswerVO]));
}
