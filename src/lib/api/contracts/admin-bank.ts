import { get, post } from '../contract';
import type { Page } from '../../paging';
import type { Paper, QuestionType } from './exams';
import type { AttemptPolicy } from '../../exams/attempt-policy';

/**
 * The staff side of homework and tests (decision 048): the school's question bank
 * (/api/admin/questions...), papers built from it (/api/admin/papers...) and the works of a
 * class's homework and test lessons (/api/admin/classes/:id/works...). Teachers and
 * administrators; a teacher changes the questions and papers they made (administrators any), and
 * reaches the works of their classes only (the class scope: any other class is "not found").
 * Times in answers are epoch ms; a close time in an input is 'YYYY-MM-DD HH:mm' China Standard Time.
 */

export interface AdminQuestionOption {
  key: string;
  value: string;
}

/** A question as the bank (or a paper) holds it, with its key. */
export interface AdminQuestion {
  id: string;
  questionType: QuestionType;
  category: string | null;
  /** The stem (sanitised HTML); fill-in blanks are '____'. */
  trunk: string;
  options: AdminQuestionOption[];
  /** The right options' keys. */
  answerOptions: string[];
  /** Fill in the blank: each blank's answer. */
  blanks: string[];
  /** Short answer: the reference answer. */
  reference: string | null;
  explanation: string | null;
  /** Its points; reading and cloze: the sum of their sub-questions'. */
  examPoint: number;
  subs: AdminQuestion[];
  updatedAt: number;
  /** The signed-in person may change or delete it (who made it, or an administrator). */
  mayEdit: boolean;
}

export interface AdminQuestionQuery {
  current?: number;
  size?: number;
  /** Part of the stem. */
  keyword?: string;
  questionType?: number;
  category?: string;
}

export interface QuestionDraftInput {
  questionType: number;
  trunk: string;
  options?: AdminQuestionOption[];
  answerOptions?: string[];
  blanks?: string[];
  reference?: string | null;
  explanation?: string | null;
  examPoint?: number;
  subs?: QuestionDraftInput[];
}

export interface QuestionInput extends QuestionDraftInput {
  /** Absent: a new question. */
  questionId?: string;
  category?: string | null;
}

export interface QuestionImportInput {
  /** The file's text (the screen decodes UTF-8 with or without BOM, or GBK). */
  csv: string;
  /** false: a dry run that only reports. */
  apply: boolean;
}

export interface QuestionImportRow {
  line: number;
  /** The lines of a reading or cloze question's sub-questions. */
  subLines: number[];
  typeText: string;
  stem: string;
  outcome: 'added' | 'exists' | 'refused';
  reason?: string;
  message?: string;
}

export interface QuestionImportReport {
  applied: boolean;
  rows: QuestionImportRow[];
  counts: { added: number; exists: number; refused: number };
}

/** A paper's question: the paper's own copy, with the bank question it came from. */
export interface AdminPaperQuestion extends AdminQuestion {
  sourceId: string | null;
}

export interface AdminPaperGroup {
  /** null: the questions in no group (papers made before groups). */
  id: string | null;
  title: string;
  points: number;
  questions: AdminPaperQuestion[];
}

export interface AdminPaperSummary {
  id: string;
  title: string;
  english: boolean;
  /** Minutes; null: no limit. */
  unitTime: number | null;
  questionCount: number;
  /** Computed on the server: the sum of every question's points. */
  totalPoints: number;
  /** Works answered on it: the paper is not deleted while any. */
  workCount: number;
  /** Attempts on it: its questions are then fixed (copy it to change them). */
  attemptCount: number;
  updatedAt: number;
  mayEdit: boolean;
}

export interface AdminPaper extends AdminPaperSummary {
  groups: AdminPaperGroup[];
}

export interface AdminPaperQuery {
  current?: number;
  size?: number;
  title?: string;
}

export interface PaperInput {
  /** Absent: a new paper. */
  paperId?: string;
  title: string;
  english: boolean;
  unitTime?: number | null;
  /** The groups in order; a group left out is deleted (refused while it has questions). */
  groups: { id?: string; title: string }[];
}

/** A work of a class's lesson with its attempt policy. */
export interface AdminWork extends AttemptPolicy {
  id: string;
  classId: string;
  courseId: string;
  classroomId: string;
  kind: 'homework' | 'test';
  /** 'paper' a paper of the school; 'xskt' the external bank's paper. */
  source: 'paper' | 'xskt';
  paperId: string | null;
  paperTitle: string | null;
  externalPaperId: string | null;
  title: string;
  description: string | null;
  unitTime: number | null;
  manualGrading: boolean;
  partialMultiple: boolean;
  /** Attempts started: the paper, the kind of marking and the time limit are then fixed. */
  attempts: number;
}

/** A homework or test lesson of one of the class's courses, with its work if it has one. */
export interface AdminWorkLesson {
  classroomId: string;
  lessonName: string;
  courseId: string;
  courseName: string;
  kind: 'homework' | 'test';
  work: AdminWork | null;
}

/** A work as its form sends it: the attempt policy with the close time as typed. */
export interface WorkInput extends Omit<AttemptPolicy, 'closesAt'> {
  /** Absent: the lesson's new work. */
  workId?: string;
  classroomId: string;
  source: 'paper' | 'xskt';
  paperId?: string | null;
  externalPaperId?: string | null;
  title: string;
  description?: string | null;
  unitTime?: number | null;
  manualGrading: boolean;
  partialMultiple: boolean;
  /** 'YYYY-MM-DD HH:mm' China Standard Time; blank: never closes. */
  closesAt?: string | null;
}

/** A quick test (快速出题): a new work of a lesson with its questions written with it (at most BANK_LIMITS.quickQuestions). */
export interface QuickWorkInput extends Omit<WorkInput, 'workId' | 'source' | 'paperId' | 'externalPaperId'> {
  questions: QuestionDraftInput[];
}

export const bankQuestions = get<AdminQuestionQuery, Page<AdminQuestion>>('/admin/bank/questions');
export const bankCategories = get<Record<string, never>, string[]>('/admin/bank/questions/categories');
export const bankQuestionGet = get<Record<string, never>, AdminQuestion>('/admin/bank/questions/:id');
export const bankQuestionSave = post<QuestionInput, AdminQuestion>('/admin/bank/questions/save');
export const bankQuestionDelete = post<Record<string, never>, null>('/admin/bank/questions/:id/delete');
export const bankQuestionImport = post<QuestionImportInput, QuestionImportReport>('/admin/bank/questions/import');
export const bankPapers = get<AdminPaperQuery, Page<AdminPaperSummary>>('/admin/bank/papers');
export const bankPaperGet = get<Record<string, never>, AdminPaper>('/admin/bank/papers/:id');
export const bankPaperSave = post<PaperInput, AdminPaper>('/admin/bank/papers/save');
export const bankPaperDelete = post<Record<string, never>, null>('/admin/bank/papers/:id/delete');
export const bankPaperCopy = post<Record<string, never>, AdminPaper>('/admin/bank/papers/:id/copy');
export const bankPaperQuestionsAdd = post<{ groupId: string; questionIds: string[] }, AdminPaper>('/admin/bank/papers/:id/questions/add');
export const bankPaperQuestionPoints = post<{ questionId: string; examPoint: number }, AdminPaper>('/admin/bank/papers/:id/questions/points');
export const bankPaperQuestionMove = post<{ questionId: string; direction?: 'up' | 'down'; groupId?: string }, AdminPaper>(
  '/admin/bank/papers/:id/questions/move',
);
export const bankPaperQuestionRemove = post<{ questionId: string }, AdminPaper>('/admin/bank/papers/:id/questions/remove');
/** Replaces the paper's copy of a question with the bank question's current version (Moodle's "use the latest version"). */
export const bankPaperQuestionRefresh = post<{ questionId: string }, AdminPaper>('/admin/bank/papers/:id/questions/refresh');
export const bankPaperPreview = get<Record<string, never>, Paper>('/admin/bank/papers/:id/preview');
export const adminClassWorks = get<Record<string, never>, AdminWorkLesson[]>('/admin/classes/:id/works');
export const adminWorkSave = post<WorkInput, AdminWorkLesson[]>('/admin/classes/:id/works/save');
export const adminWorkQuick = post<QuickWorkInput, AdminWorkLesson[]>('/admin/classes/:id/works/quick');
export const adminWorkDelete = post<{ workId: string }, AdminWorkLesson[]>('/admin/classes/:id/works/delete');
