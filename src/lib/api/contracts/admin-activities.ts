import { get, post } from '../contract';
import type { Page } from '../../paging';

/**
 * The staff side of class activities and their attendance (/api/admin/classes/:id/activities...,
 * /attendance...): a class's teachers and the school's administrators schedule its activities
 * (online or face-to-face, required or elective, once or every week on chosen weekdays) and see
 * and correct who signed in and out. Every call is about one class and goes through the class
 * scope: a teacher reaches only the classes they are linked to, any other is "not found" (404).
 * Times in inputs are 'YYYY-MM-DD HH:mm' China Standard Time; times in answers are epoch ms.
 */

/** Which occurrences of a weekly series a change or a deletion applies to. */
export type SeriesScope = 'one' | 'following';

export interface AdminActivityQuery {
  current?: number;
  size?: number;
  /** YYYY-MM-DD: activities starting on or after this day / on or before this day. */
  from?: string;
  to?: string;
  /** 1 online, 2 face-to-face. */
  onlineType?: number;
  /** 1 required, 0 elective. */
  isRequired?: number;
}

export interface AdminActivity {
  id: string;
  name: string;
  courseId: string | null;
  courseName: string | null;
  classroomId: string | null;
  classroomName: string | null;
  onlineType: number;
  isRequired: number;
  startAt: number;
  endAt: number;
  position: string | null;
  address: string | null;
  signIn: boolean;
  signOut: boolean;
  onlineAttendance: boolean;
  /** The weekly series it belongs to, or null. */
  seriesId: string | null;
}

export interface WeeklyRepeat {
  /** 0 Sunday … 6 Saturday. */
  weekdays: number[];
  /** YYYY-MM-DD: the last day; or `count` occurrences. */
  until?: string | null;
  count?: number | null;
}

export interface ActivityInput {
  /** Absent: new activities. */
  activityId?: string;
  name: string;
  courseId?: string | null;
  classroomId?: string | null;
  onlineType: number;
  isRequired: number;
  /** 'YYYY-MM-DD HH:mm', China Standard Time. */
  start: string;
  end: string;
  position?: string | null;
  address?: string | null;
  signIn: boolean;
  signOut: boolean;
  onlineAttendance: boolean;
  /** New activities only: repeat every week ("每周重复"). */
  repeat?: WeeklyRepeat | null;
  /** An occurrence of a series: change it alone or it and the later ones (default 'one'). */
  scope?: SeriesScope;
}

export interface ActivitiesSaved {
  /** The activities made or changed, earliest first. */
  ids: string[];
  seriesId: string | null;
}

export interface ActivityDeleteInput {
  activityId: string;
  scope?: SeriesScope;
}

export interface ActivityOptions {
  courses: { id: string; name: string; lessons: { id: string; name: string }[] }[];
}

/** 0 not started yet (pending), 1 absent (缺勤: ended without a sign-in), 2 attended. */
export type AttendanceState = 0 | 1 | 2;

export interface AttendanceRow {
  /** The class student. */
  studentId: string;
  name: string;
  /** Masked: 139****5678. */
  mobile: string;
  signedInAt: number | null;
  signedOutAt: number | null;
  /** true: a teacher set that sign. */
  signInCorrected: boolean;
  signOutCorrected: boolean;
  state: AttendanceState;
}

export interface ActivityAttendance {
  activity: AdminActivity;
  rows: AttendanceRow[];
  counts: { students: number; signedIn: number; signedOut: number; absent: number };
}

export interface AttendanceCorrection {
  activityId: string;
  studentId: string;
  /** 1 sign-in, 2 sign-out. */
  type: number;
  /** 'YYYY-MM-DD HH:mm' sets the sign at that time; null (or blank) removes it. */
  signedAt: string | null;
  reason: string;
}

export const adminActivities = get<AdminActivityQuery, Page<AdminActivity>>('/admin/classes/:id/activities');
export const adminActivityOptions = get<Record<string, never>, ActivityOptions>('/admin/classes/:id/activityOptions');
export const adminActivitySave = post<ActivityInput, ActivitiesSaved>('/admin/classes/:id/activities/save');
export const adminActivityDelete = post<ActivityDeleteInput, { deleted: number }>('/admin/classes/:id/activities/delete');
export const adminAttendance = get<{ activityId: string }, ActivityAttendance>('/admin/classes/:id/attendance');
export const adminAttendanceCorrect = post<AttendanceCorrection, AttendanceRow>('/admin/classes/:id/attendance/correct');
export const adminAttendanceExport = get<{ activityId: string }, string>('/admin/classes/:id/attendance/export');
