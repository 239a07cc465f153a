import { post } from '../contract';
import type { SignType } from '../../learning/sign';

/**
 * The face-to-face classroom's calls and attendance: the
 * attendance of an activity, signing in and out, the online classroom's auto sign-in, the offline
 * classroom's detail and the activity's highlights. Every call needs the Token header and answers
 * only about the token's user's own enrolment in the class: `studentId` is the class student id
 * (the class detail's studentId); `userId`, when given, must be the token's user (403 otherwise).
 * The activity, course and lesson must belong to the class (404 otherwise). Times are
 * 'YYYY-MM-DD HH:mm:ss' in China Standard Time, or null.
 */

export interface ActivityRef {
  activityId: string;
  classId: string;
  studentId: string;
  /** The activity's lesson and course; when given they must be the activity's. */
  classroomId?: string | undefined;
  courseId?: string | undefined;
  userId?: string | undefined;
}

/** The student's attendance of one activity. */
export interface Attendance {
  activityId: string;
  classStartTime: string;
  classEndTime: string;
  /** 1: the activity uses sign-in / sign-out. */
  signIn: 0 | 1;
  signOut: 0 | 1;
  /** 1: an online activity signs the student in on entry. */
  onlineAttendance: 0 | 1;
  /** 1: signed in / out already. */
  isSignIn: 0 | 1;
  isSignOut: 0 | 1;
  signInTime: string | null;
  signOutTime: string | null;
}

export const attendanceInfo = post<ActivityRef, Attendance>('/teaching/anyone/classroomAttendance/info');

export interface SignRequest extends ActivityRef {
  /** SIGN_IN or SIGN_OUT. */
  type: SignType;
  /** The browser's location, both or neither (degrees). */
  lat?: number | null | undefined;
  lon?: number | null | undefined;
}

/**
 * Records the sign once; the answer is the attendance after it. A repeat (also two at the same
 * moment) is refused with 不允许重复考勤签到 and changes nothing; signing out before signing in,
 * a sign the activity does not use and signing in after the class has ended are refused too.
 */
export const signAttendance = post<SignRequest, Attendance>('/teaching/anyone/classroomAttendance/sign');

export interface AutoSignRequest {
  activityId: string;
  classId: string;
  courseId?: string | undefined;
  studentId: string;
  /** Always 1 (sign in). */
  type?: 1 | undefined;
  userId?: string | undefined;
}

export interface AutoSignResult {
  /** true when this call signed the student in (show 本课堂已开启自动签到，您已签到成功). */
  signed: boolean;
  attendance: Attendance;
}

/**
 * Signs the student in on entering an online activity with online attendance on. Idempotent:
 * already signed in (or the class has ended) answers signed false, never an error. An activity
 * without online attendance is refused.
 */
export const autoSignIn = post<AutoSignRequest, AutoSignResult>('/teaching/anyone/classroomAttendance/autoSignIn');

export interface OfflineClassroomRequest {
  classroomId: string;
  classId: string;
  courseId: string;
  studentId: string;
  /** The activity the page was opened from: its times and place are the class's. */
  activityId?: string | undefined;
  userId?: string | undefined;
}

export interface OfflinePoint {
  /** 1, 2, 3… in the teacher's order. */
  seq: number;
  pointDesc: string;
}

export interface OfflineTeacher {
  teacherName: string;
  teacherAvatar: string | null;
  /** The first is the lead teacher (主讲老师), the others assistants (助教). */
  lead: boolean;
}

/** A face-to-face lesson. */
export interface OfflineClassroom {
  classroomId: string;
  classroomName: string;
  courseId: string;
  courseName: string;
  /** 1 required, else elective (the activity's when opened from one, else the lesson's). */
  isRequired: number;
  /** Before-class notes, or null. */
  desc: string | null;
  points: OfflinePoint[];
  teacherList: OfflineTeacher[];
  position: string | null;
  address: string | null;
  classStartTime: string | null;
  classEndTime: string | null;
}

export const offlineClassroomDetail = post<OfflineClassroomRequest, OfflineClassroom>('/teaching/anyone/offlineClassroom/detail');

export interface HighlightsRequest {
  /** The activity. */
  bizId: string;
  classId: string;
  courseId: string;
  studentId: string;
  userId?: string | undefined;
}

export interface Titbit {
  id: string;
  fileType: 'VIDEO' | 'IMAGE';
  url: string;
  titbitName: string;
  /** A video's poster image, or null. */
  cover: string | null;
}

export interface Highlights {
  courseId: string;
  titbits: Titbit[];
}

/** The activity's classroom highlights (课堂花絮), in the school's order. */
export const classroomHighlights = post<HighlightsRequest, Highlights>('/teaching/anyone/offlineClassroom/highlights');
