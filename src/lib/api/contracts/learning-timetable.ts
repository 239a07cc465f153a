import { get, post } from '../contract';
import type { ClassActivityItem } from './learning-class';

/**
 * The timetable's calls (the user's activities by date, the user's duty count) and the private
 * calendar feed. Every call but the feed itself needs the Token header and
 * answers only for the token's user, about a class that user is enrolled in, in the school of the
 * request. Times are 'YYYY-MM-DD HH:mm:ss' in China Standard Time.
 */

/** WEEK and MONTH read the given range; UNIT reads the whole class and ignores it. */
export type EvaluateType = 'WEEK' | 'MONTH' | 'UNIT';

/** One activity of the timetable: the class page's view of it, without the student's sign-in times. */
export type TimetableActivity = Omit<ClassActivityItem, 'signInTime' | 'signOutTime'>;

export interface TimetableDay {
  /** 'YYYY-MM-DD'. */
  dateKey: string;
  /** 1 unfinished (some required activity of the day is not finished), 2 finished. */
  colorStatus: 1 | 2;
  activityResultVOList: TimetableActivity[];
}

export interface TimetableData {
  optionData: TimetableDay[];
  /** Every activity of the range, earliest first. */
  activityResultVOList: TimetableActivity[];
}

export interface TimetableQuery {
  /** Required for WEEK and MONTH; both ends included; at most 100 days. */
  startTime?: string | undefined;
  endTime?: string | undefined;
  classId: string;
  /** The token's user; another user's id is refused. */
  userId: string;
  /** The class student id, when the page has it: it must be the user's. */
  studentId?: string | undefined;
  evaluateType: EvaluateType;
}

export const timetableActivities = post<TimetableQuery, TimetableData>('/teaching/anyone/classActivity/queryUserActivityListByDate');

export interface CountPair {
  totalNum: number;
  finishNum: number;
}

/** The resultMap keys of the timetable's duty count; every key is answered. */
export type TimetableDutyKey =
  | 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES'
  | 'ONLINE_VIDEO_TEACHING_STUDY_TIMES'
  | 'VIDEO_PROGRESS'
  | 'EE_LIVE_LECTURES_VIDEO_PROGRESS'
  | 'ONLINE_HOMEWORK_SUBMIT'
  | 'ONLINE_TEST_SUBMIT';

export interface TimetableDutyCount {
  /** Required activities starting in the range. */
  requiredActivityNum: number;
  /** Of those, the ones the student attended (signed in, or an online activity's lesson done by its end; decision 051). */
  finishSignActivityNum: number;
  /**
   * The student's place among the class's admitted students by the share of their own required activities of the range
   * (from their enrolment, in their period) that they finished; 0 when not ranked.
   */
  rankIndex: number;
  rankTotal: number;
  /** The duties of the class's courses whose learning window meets the range (every course for UNIT). */
  resultMap: Record<TimetableDutyKey, CountPair>;
}

export interface DutyCountQuery {
  /** Required for WEEK and MONTH; both ends included; at most 100 days. */
  beginDateTime?: string | undefined;
  endDateTime?: string | undefined;
  classId: string;
  userId: string;
  studentId?: string | undefined;
  evaluateType: EvaluateType;
}

export const timetableDutyCount = post<DutyCountQuery, TimetableDutyCount>('/teaching/anyone/classActivity/queryUserDutyCount');

export interface FeedRef {
  classId: string;
  userId: string;
}

export interface CalendarFeed {
  /** The private feed address (https or http as the site is served); `webcal://` + the same without the scheme subscribes. */
  url: string;
}

/** The student's private feed of the class, made on first use; the same address every time until reset. */
export const calendarFeed = post<FeedRef, CalendarFeed>('/teaching/anyone/calendarFeed/get');

/** A new address; the old one stops working at once. */
export const resetCalendarFeed = post<FeedRef, CalendarFeed>('/teaching/anyone/calendarFeed/reset');

/**
 * The feed itself: GET /api/calendar/<token>.ics, no login (calendar apps cannot send one). Answers
 * text/calendar; an unknown, revoked or another school's token is a 404 envelope with no detail.
 */
export const calendarFile = get<{ file: string }, string>('/calendar/:file');
