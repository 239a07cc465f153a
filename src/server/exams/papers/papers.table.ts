import type { Selectable } from 'kysely';

/** Migration 20261123T1500_exams. Times are epoch ms. */

export interface ExamPaperTable {
  id: string;
  tenantId: string;
  title: string;
  /** 1: an English paper (its questions go in englishQuestionResultVOMap). */
  english: number;
  createdAt: number;
  /** Migration 20261128T0620_question_bank (decision 048): minutes, null no limit (a new work starts with it). */
  unitTime: number | null;
  /** The staff account that made it (null: the seed). */
  createdBy: string | null;
  updatedAt: number | null;
}
export type ExamPaper = Selectable<ExamPaperTable>;

/** A question of a paper, or (parentId set) a sub-question of a reading (11) or cloze (13) question. */
export interface ExamQuestionTable {
  id: string;
  tenantId: string;
  paperId: string;
  parentId: string | null;
  /** 1 single, 2 multiple, 3 true/false, 4 fill in the blank, 6 short answer, 11 reading, 13 cloze. */
  questionType: number;
  seq: number;
  /** The stem (HTML); fill-in blanks are marked '____' in order. */
  trunk: string;
  examPoint: number;
  markStatus: number | null;
  /** JSON [{key, value}]. */
  options: string;
  /** JSON [key]: the right options. */
  answerOptions: string;
  /** Fill in the blank: the blanks joined with '|'; short answer: the reference answer. */
  answerContent: string | null;
  /** The explanation (HTML). */
  explanation: string | null;
  blankCount: number | null;
  createdAt: number;
  /** Migration 20261128T0620_question_bank: the paper's group it is in (top-level questions; null: none, as the seed's). */
  groupId: string | null;
  /** The bank question it was copied from (the paper keeps its own copy). */
  sourceId: string | null;
}
export type ExamQuestion = Selectable<ExamQuestionTable>;

/** Migration 20261128T0620_question_bank: a paper's group (一、单项选择题 …), in order. */
export interface ExamPaperGroupTable {
  id: string;
  tenantId: string;
  paperId: string;
  title: string;
  seq: number;
  createdAt: number;
}
export type ExamPaperGroup = Selectable<ExamPaperGroupTable>;
