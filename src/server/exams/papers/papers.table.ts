import type { Selectable } from 'kysely';

/** Migration 20261123T1500_exams. Times are epoch ms. */

export interface ExamPaperTable {
  id: string;
  tenantId: string;
  title: string;
  /** 1: an English paper (its questions go in englishQuestionResultVOMap). */
  english: number;
  createdAt: number;
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
}
export type ExamQuestion = Selectable<ExamQuestionTable>;
