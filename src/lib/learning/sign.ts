/**
 * Signing in (type 1) and out (type 2) of a class activity (decision 029): which sign the server
 * refuses, and why. Pure; the attendance service applies it
 * before it records a sign (the auto sign-in on entering an online classroom too), and the unique
 * index on activity_attendance (activity, class student, type) still decides a race between two
 * requests that both passed it.
 */

import { MINUTE, cstDayNumber, formatDateTime } from '../time/cst';
import { ONLINE_TYPE } from './codes';

export const SIGN_IN = 1;
export const SIGN_OUT = 2;
export type SignType = typeof SIGN_IN | typeof SIGN_OUT;

/** Sign-in opens this long before the class starts: students arrive early and sign in at the door. */
export const SIGN_IN_OPENS_BEFORE_MS = 30 * MINUTE;
/** Sign-out stays open this long after the class ends: a class that runs over, a student who forgot. */
export const SIGN_OUT_CLOSES_AFTER_MS = 60 * MINUTE;

/** Why a sign is refused; null when it may be recorded. */
export type SignRefusal =
  | 'signInNotUsed'
  | 'signOutNotUsed'
  | 'duplicate'
  | 'signInFirst'
  | 'signInNotOpen'
  | 'signInClosed'
  | 'signOutNotOpen'
  | 'signOutClosed';

export interface SignState {
  /** The activity's flags: 1 when the student signs in / signs out. */
  signIn: number;
  signOut: number;
  startAt: number;
  endAt: number;
  signedInAt: number | null | undefined;
  signedOutAt: number | null | undefined;
}

/** The instants a sign is accepted between, both included. */
export interface SignWindow {
  opensAt: number;
  closesAt: number;
}

/**
 * When each sign is accepted, so that a sign proves presence at the class:
 * - sign-in from SIGN_IN_OPENS_BEFORE_MS before the start until the end (the end instant still
 *   counts as during the activity, as in attendance.ts; after it the activity is missed);
 * - sign-out from the start (nobody leaves a class that has not begun) until
 *   SIGN_OUT_CLOSES_AFTER_MS after the end. The time of each sign is kept, so the school sees
 *   who left early.
 */
export function signWindow(type: SignType, a: { startAt: number; endAt: number }): SignWindow {
  return type === SIGN_IN
    ? { opensAt: a.startAt - SIGN_IN_OPENS_BEFORE_MS, closesAt: a.endAt }
    : { opensAt: a.startAt, closesAt: a.endAt + SIGN_OUT_CLOSES_AFTER_MS };
}

/**
 * - a sign the activity does not use: refused;
 * - each sign once: a second one is a duplicate;
 * - sign-out only after the sign-in;
 * - each only inside its window (signWindow): before it "not open yet", after it "closed".
 */
export function signRefusal(type: SignType, a: SignState, now: number): SignRefusal | null {
  const window = signWindow(type, a);
  if (type === SIGN_IN) {
    if (a.signIn !== 1) return 'signInNotUsed';
    if (a.signedInAt != null) return 'duplicate';
    if (now < window.opensAt) return 'signInNotOpen';
    if (now > window.closesAt) return 'signInClosed';
    return null;
  }
  if (a.signOut !== 1) return 'signOutNotUsed';
  if (a.signedOutAt != null) return 'duplicate';
  if (a.signedInAt == null) return 'signInFirst';
  if (now < window.opensAt) return 'signOutNotOpen';
  if (now > window.closesAt) return 'signOutClosed';
  return null;
}

/** When a window opens, as a refusal names it: "HH:mm" on the day of `now` (CST), else "M月D日 HH:mm". */
export function opensAtText(opensAt: number, now: number): string {
  const [date, time] = formatDateTime(opensAt).split(' ') as [string, string];
  const hm = time.slice(0, 5);
  if (cstDayNumber(opensAt) === cstDayNumber(now)) return hm;
  const [, month, day] = date.split('-');
  return `${Number(month)}月${Number(day)}日 ${hm}`;
}

/** Whether an online activity signs the student in on entry: online, with online attendance and sign-in on. */
export function autoSignApplies(a: { onlineType: number; onlineAttendance: number; signIn: number }): boolean {
  return a.onlineType === ONLINE_TYPE.ONLINE && a.onlineAttendance === 1 && a.signIn === 1;
}

/** A location is given whole (both coordinates) or not at all, inside the coordinate ranges. */
export function validLocation(lat: number | null | undefined, lon: number | null | undefined): boolean {
  if (lat == null && lon == null) return true;
  if (lat == null || lon == null) return false;
  // NaN and the infinities fail the range tests too.
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
