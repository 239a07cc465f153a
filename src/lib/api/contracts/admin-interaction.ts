import { get, post } from '../contract';
import type { Page } from '../../paging';

/**
 * The teachers' inbox (/api/admin/questions..., /api/admin/interaction...): the questions students
 * asked in the classroom panel of the classes a staff member reaches (administrators: every class of
 * the school; a teacher: the classes they are linked to), newest first; answering and editing an
 * answer (it shows in the student's panel under the teacher's name); hiding and showing a student's
 * note or comment with a reason (audited). A class or question outside the person's classes is
 * "not found". Times are epoch ms.
 */

export const INBOX_STATUSES = ['unanswered', 'answered'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const POST_KINDS = ['note', 'comment'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** The longest answer a teacher may write, and the longest reason for hiding. */
export const ANSWER_MAX = 500;
export const HIDE_REASON_MAX = 200;

export interface InboxQuery {
  current?: number;
  size?: number;
  status?: InboxStatus;
  classId?: string;
  /** A lesson of that class. */
  classroomId?: string;
  /** Part of the question or of the student's name. */
  keyword?: string;
}

export interface InboxAnswer {
  id: string;
  answer: string;
  teacherName: string;
  createdAt: number;
  updatedAt: number | null;
  /** The signed-in person may edit it (its author, or an administrator). */
  mayEdit: boolean;
}

export interface InboxQuestion {
  id: string;
  title: string;
  studentName: string;
  classId: string;
  className: string;
  classroomId: string;
  lessonName: string;
  courseName: string;
  createdAt: number;
  /** Oldest first, as the student's panel shows them. */
  answers: InboxAnswer[];
}

export interface InboxLesson {
  id: string;
  name: string;
  courseName: string;
}

export interface InboxPostQuery {
  kind: PostKind;
  current?: number;
  size?: number;
  classId?: string;
  classroomId?: string;
  /** 1: only hidden ones, 0: only shown ones. */
  hidden?: number;
}

/** A student's shared note or comment (private notes are the student's own and never listed). */
export interface InboxPost {
  id: string;
  kind: PostKind;
  /** The note's title and text, or the comment's text. */
  text: string;
  authorName: string;
  className: string;
  lessonName: string;
  createdAt: number;
  hiddenAt: number | null;
  hiddenReason: string | null;
}

export interface HideInput {
  kind: PostKind;
  id: string;
  hidden: boolean;
  /** Why (required when hiding or showing again: the audit log keeps it). */
  reason: string;
}

export const adminQuestions = get<InboxQuery, Page<InboxQuestion>>('/admin/questions');
export const adminQuestionsUnanswered = get<Record<string, never>, { count: number }>('/admin/questions/unanswered');
export const adminQuestionLessons = get<{ classId: string }, InboxLesson[]>('/admin/questions/lessons');
export const adminQuestionAnswer = post<{ questionId: string; answer: string }, InboxQuestion>('/admin/questions/answer');
export const adminQuestionAnswerEdit = post<{ answerId: string; answer: string }, InboxQuestion>('/admin/questions/answer/edit');
export const adminInteractionPosts = get<InboxPostQuery, Page<InboxPost>>('/admin/interaction/posts');
export const adminInteractionVisibility = post<HideInput, InboxPost>('/admin/interaction/visibility');
