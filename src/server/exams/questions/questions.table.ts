import type { Selectable } from 'kysely';

/** Migration 20261128T0620_question_bank (decision 048). Times are epoch ms. */

/** A question of the school's bank, or (parentId set) a sub-question of a reading (11) or cloze (13) question. */
export interface BankQuestionTable {
  id: string;
  tenantId: string;
  parentId: string | null;
  /** QUESTION_TYPE: 1 single, 2 multiple, 3 true/false, 4 fill in the blank, 6 short answer, 11 reading, 13 cloze. */
  questionType: number;
  seq: number;
  category: string | null;
  /** The stem (sanitised HTML); fill-in blanks are marked '____' in order, as the answering page reads them. */
  trunk: string;
  examPoint: number;
  /** JSON [{key, value}]. */
  options: string;
  /** JSON [key]: the right options. */
  answerOptions: string;
  /** Fill in the blank: the blanks joined with '|'; short answer: the reference answer. */
  answerContent: string | null;
  /** The explanation (sanitised HTML). */
  explanation: string | null;
  blankCount: number | null;
  /** Top-level questions: a hash of the content, unique in the school (null for sub-questions). */
  fingerprint: string | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}
export type BankQuestion = Selectable<BankQuestionTable>;
