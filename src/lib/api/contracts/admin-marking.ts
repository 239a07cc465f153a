import { get, post } from '../contract';
import type { AttemptStatus, GivenAnswer, QuestionType, WorkKind } from './exams';
import type { MarkingState } from '../../exams/marking';

/**
 * Marking handed-in homework and tests (/api/admin/marking/..., decision 047): teachers of the
 * class and administrators. The queue of works waiting for a teacher, one work's attempts and
 * questions, one attempt ("by student") or one question across the students ("by question"), a
 * mark per question (score from 0 to the question's points in halves, optional comment), the
 * release to the student, and the work's scores as a CSV file. A class, work, attempt or question
 * the person does not reach is "not found".
 */

export type { MarkingState };

export interface MarkingQueueQuery {
  /** Only this class's works (blank: every class in reach). */
  classId?: string;
  /** Only this work. */
  workId?: string;
}

/** A homework or test that a teacher marks (manually graded, or with a short answer), with its attempts' counts. */
export interface MarkingWorkSummary {
  workId: string;
  title: string;
  kind: WorkKind;
  classId: string;
  className: string;
  manualGrading: boolean;
  /** Questions needing a hand mark in each attempt (short answers). */
  handQuestions: number;
  /** Handed in, a question still without a mark. */
  waiting: number;
  /** Every question needing a mark has one; not yet released. */
  marked: number;
  released: number;
}

/** A question (or sub-question) as the marker sees it: with its key or reference answer. */
export interface MarkingQuestion {
  id: string;
  /** The reading or cloze question it belongs to, or null. */
  parentId: string | null;
  /** '3' or '5(2)': its number on the paper (sub-questions after their parent's). */
  label: string;
  questionType: QuestionType;
  /** The stem (HTML, sanitised); a sub-question's parent stem comes first. */
  trunk: string;
  examPoint: number;
  options: { key: string; value: string }[];
  /** The right options. */
  answerOptions: string[];
  /** Fill-in: the blanks joined with '|'; short answer: the reference answer. */
  answerContent: string | null;
  explanation: string | null;
  /** The automatic scoring cannot mark it: a teacher must before release. */
  needsHand: boolean;
}

export interface MarkingAttemptRow {
  attemptId: string;
  /** The enrolment's id. */
  studentId: string;
  name: string;
  /** Full for administrators and the head teacher, masked for other teachers. */
  mobile: string;
  attemptNo: number;
  status: AttemptStatus;
  submittedAt: number | null;
  state: MarkingState;
  /** The total with the marks given so far (null while a question waits for a mark). */
  total: number | null;
  /** The score the student sees (released only). */
  score: number | null;
}

export interface MarkingWork {
  work: MarkingWorkSummary;
  questions: MarkingQuestion[];
  /** Handed-in attempts, by student then attempt number. */
  attempts: MarkingAttemptRow[];
}

export interface QuestionMark {
  questionId: string;
  answer: GivenAnswer | null;
  /** The automatic score (null: a short answer, which only a teacher marks). */
  auto: number | null;
  /** The score that counts now: the teacher's, else the automatic one. */
  score: number | null;
  /** The teacher's mark, or null. */
  mark: { score: number; comment: string | null; revision: number; markedBy: string; markedAt: number } | null;
}

export interface MarkingAttempt {
  attempt: MarkingAttemptRow;
  /** One per question and sub-question the student answers, in paper order. */
  marks: QuestionMark[];
}

export interface MarkingQuestionAnswers {
  question: MarkingQuestion;
  answers: { attempt: MarkingAttemptRow; mark: QuestionMark }[];
}

export interface MarkInput {
  attemptId: string;
  questionId: string;
  score: number;
  /** Blank: no comment. */
  comment: string;
  /** The mark's revision the teacher saw (0: there was none); a different one now is refused. */
  revision: number;
}

export const adminMarkingQueue = get<MarkingQueueQuery, MarkingWorkSummary[]>('/admin/marking/queue');
export const adminMarkingWork = get<{ workId: string }, MarkingWork>('/admin/marking/work');
export const adminMarkingAttempt = get<{ attemptId: string }, MarkingAttempt>('/admin/marking/attempt');
export const adminMarkingQuestion = get<{ workId: string; questionId: string }, MarkingQuestionAnswers>('/admin/marking/question');
export const adminMarkingSave = post<MarkInput, MarkingAttempt>('/admin/marking/mark');
export const adminMarkingRelease = post<{ attemptId: string }, MarkingAttempt>('/admin/marking/release');
/** Releases every attempt of the work whose marking is complete; answers how many this call released. */
export const adminMarkingReleaseAll = post<{ workId: string }, { released: number }>('/admin/marking/release-all');
/** The work's scores as a CSV file (UTF-8 with BOM): one row per student of the class. */
export const adminMarkingExport = get<{ workId: string }, string>('/admin/marking/export');
