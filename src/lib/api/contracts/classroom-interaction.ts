import { del, post, put } from '../contract';
import type { Page } from '../../paging';
import type { NoteDataType } from '../../learning/interaction';

/**
 * The classroom interaction panel's calls: questions
 * with teacher answers and a saved draft, notes (shared, private, the teachers'), comments with
 * replies, and the lesson's like. Every call needs the Token header and names the class; the
 * token's user must be enrolled in it, a studentId must be their own class student id, and the
 * lesson (classroomId) must belong to a course the class teaches. Times are
 * 'YYYY-MM-DD HH:mm:ss' (China Standard Time). Texts are at most 100 characters.
 */

/** The lesson of the class the panel sits beside. */
export interface LessonRef {
  classId: string;
  classroomId: string;
  /** The token's user's class student id in that class. */
  studentId: string;
}

// --- Questions ------------------------------------------------------------------------------

export interface QuestionAnswer {
  answer: string;
  teacherName: string;
  createdTime: string;
}

export interface Question {
  id: string;
  title: string;
  studentId: string;
  studentName: string;
  studentAvatar: string | null;
  createdTime: string;
  /** The teachers' answers, oldest first. */
  answerList: QuestionAnswer[];
}

export const questionCount = post<LessonRef, { questionTotal: number }>('/teaching/anyone/classroomQuestion/count');

export interface QuestionPageRequest {
  current?: number;
  size?: number;
  /** studentId given: only that (the token's user's) student's questions; else the class's. */
  model: { classId: string; classroomId: string; studentId?: string | undefined };
}

export const questionPage = post<QuestionPageRequest, Page<Question>>('/teaching/anyone/classroomQuestion/page');

/** The student's saved draft for the lesson (pre-fills the drawer), or null. */
export const questionDraft = post<LessonRef, { id: string; title: string } | null>('/teaching/anyone/classroomQuestion/draft');

export interface QuestionSubmit extends LessonRef {
  courseId: string;
  classroomName?: string | undefined;
  /** Sent by the page; the server writes the enrolled student's own name and avatar. */
  studentName?: string | undefined;
  studentAvatar?: string | null | undefined;
  title: string;
  /** true (or 1): keep it as the lesson's draft (replacing the previous one); false: ask. */
  isDraft: boolean | 0 | 1;
}

/** Asks (问题已发送，请等待老师回复) or keeps a draft; answers the question's or draft's id. */
export const questionSubmit = post<QuestionSubmit, { id: string }>('/teaching/anyone/classroomQuestion/submit');

// --- Notes ----------------------------------------------------------------------------------

export interface NoteQuery extends LessonRef {
  courseId: string;
  /** 0 every note the student may see (shared ones and their own private ones), 1 their own, 3 the teachers'. */
  dataType: NoteDataType;
}

export interface Note {
  id: string;
  title: string;
  notes: string;
  /** 1 shared with the class, 0 private. */
  isShared: 0 | 1;
  /** The author's class student id; null for a teacher's note. */
  studentId: string | null;
  createdName: string;
  createdTime: string;
  /** The token's user wrote it (only then edit and delete show). */
  mine: boolean;
  /** A teacher's note. */
  teacher: boolean;
  /** Present (true) when a teacher hid the note: only its author still gets it. */
  hidden?: true;
}

export const noteCount = post<NoteQuery, { total: number }>('/teaching/anyone/notes/count');
export const noteList = post<NoteQuery, Note[]>('/teaching/anyone/notes/list');

export interface NoteWrite extends LessonRef {
  courseId: string;
  title: string;
  notes?: string | undefined;
  isShared: 0 | 1;
}

/** notes/studentNotes: POST creates (笔记添加成功). */
export const noteCreate = post<NoteWrite, { id: string }>('/teaching/anyone/notes/studentNotes');
/** PUT updates the author's note (笔记修改成功); isShared cannot change once written. */
export const noteUpdate = put<NoteWrite & { id: string }, { id: string }>('/teaching/anyone/notes/studentNotes');
/** DELETE deletes the author's notes (every id must be theirs, else nothing is deleted). */
export const noteDelete = del<{ classId: string; ids: string[] }, { deleted: number }>('/teaching/anyone/notes/studentNotes');

// --- Comments -------------------------------------------------------------------------------

export interface Comment {
  id: string;
  commentContent: string;
  /** The comment this one replies to, or null. */
  commentParent: string | null;
  commentAuthorName: string;
  commentAuthorAvatar: string | null;
  commentParentAuthorName: string | null;
  createdTime: string;
  mine: boolean;
  /** Present (true) when a teacher hid the comment: only its author still gets it. */
  hidden?: true;
}

export interface CommentPageRequest {
  current?: number;
  size?: number;
  /** infoId: the lesson (classroomId). */
  model: { infoId: string; classId: string };
}

/** The lesson's comments and replies, oldest first. */
export const commentPage = post<CommentPageRequest, Page<Comment>>('/teaching/anyone/classroomComment/page');

export interface CommentSubmit {
  classId: string;
  /** The lesson commented on (its classroomId); may be left out for a reply. */
  id?: string | undefined;
  commentContent: string;
  /** The comment replied to. */
  commentParent?: string | undefined;
}

/** Comments or replies (评论成功); answers the new comment's id. */
export const commentSubmit = post<CommentSubmit, { id: string }>('/teaching/anyone/classroomComment/submit');

// --- Likes ----------------------------------------------------------------------------------

export interface LikeState {
  isLike: boolean;
  likeTotal: number;
}

export const likeState = post<{ classroomId: string; classId: string }, LikeState>('/teaching/anyone/classroomLike/state');

export interface LikeToggle {
  /** 1: a lesson. */
  bizType: 1;
  /** The lesson (classroomId). */
  likeObjectId: string;
  /** 1 (true) like, 0 (false) take the like back; repeating a state changes nothing. */
  isThumb: boolean | 0 | 1;
  userId: string;
  classId: string;
}

export const likeToggle = post<LikeToggle, LikeState>('/teaching/anyone/classroomLike/toggle');
