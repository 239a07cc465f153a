import type { Selectable } from 'kysely';

/** The classroom interaction panel's tables (migration 20261123T1420). Times are epoch ms. */

export interface ClassroomQuestionTable {
  id: string;
  tenantId: string;
  classId: string;
  classroomId: string;
  classStudentId: string;
  title: string;
  createdAt: number;
}
export type ClassroomQuestion = Selectable<ClassroomQuestionTable>;

/** A teacher's answer (teachers answer outside the portal; the demo seeds some). */
export interface ClassroomQuestionAnswerTable {
  id: string;
  tenantId: string;
  questionId: string;
  answer: string;
  teacherName: string;
  createdAt: number;
  /** The staff account that wrote it (migration 20261125T1800); null for the seeded ones. */
  accountId: string | null;
  updatedAt: number | null;
}

/** A student's kept question draft: one per student and lesson. */
export interface ClassroomQuestionDraftTable {
  id: string;
  tenantId: string;
  classStudentId: string;
  classroomId: string;
  title: string;
  updatedAt: number;
}

export interface ClassroomNoteTable {
  id: string;
  tenantId: string;
  classId: string;
  classroomId: string;
  courseId: string;
  /** The author; null for a teacher's note. */
  classStudentId: string | null;
  teacherName: string | null;
  title: string;
  notes: string;
  /** 1 shared, 0 private. */
  isShared: number;
  createdAt: number;
  updatedAt: number;
  /** Hidden by a teacher (migration 20261125T1800): when, and why; null when shown. */
  hiddenAt: number | null;
  hiddenReason: string | null;
}
export type ClassroomNote = Selectable<ClassroomNoteTable>;

export interface ClassroomCommentTable {
  id: string;
  tenantId: string;
  classId: string;
  classroomId: string;
  classStudentId: string;
  parentId: string | null;
  content: string;
  createdAt: number;
  hiddenAt: number | null;
  hiddenReason: string | null;
}

export interface ClassroomLikeTable {
  tenantId: string;
  classId: string;
  classroomId: string;
  classStudentId: string;
  createdAt: number;
}
