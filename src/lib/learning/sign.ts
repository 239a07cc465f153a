/**
 * Signing in (type 1) and out (type 2) of a class activity (learner-area.md sections 4, 5 and 8):
 * which sign the server refuses, and why. Pure; the attendance service applies it before it
 * records a sign, and the unique index on activity_attendance (activity, class student, type)
 * still decides a race between two requests that both passed it.
 */

import { startOfCstDay } from '../time/cst';

export const SIGN_IN = 1;
export const SIGN_OUT = 2;
export type SignType = typeof SIGN_IN | typeof SIGN_OUT;

/** Why a sign is refused; null when it may be recorded. */
export type SignRefusal = 'signInNotUsed' | 'signOutNotUsed' | 'duplicate' | 'signInFirst' | 'signInNotOpen' | 'signInClosed';

export interface SignState {
  /** The activity's flags: 1 when the student signs in / signs out. */
  signIn: number;
  signOut: number;
  startAt: number;
  endAt: number;
  signedInAt: number | null | undefined;
  signedOutAt: number | null | undefined;
}

/**
 * - a sign the activity does not use: refused;
 * - each sign once: a second one is a duplicate;
 * - sign-out only after the sign-in;
 * - sign-in opens on the day of the class (China Standard Time), not days ahead;
 * - no sign-in after the activity has ended (it is missed then; the end instant still counts as
 *   during the activity, as in attendance.ts). Signing out late stays allowed: the student was
 *   there and forgot.
 */
export function signRefusal(type: SignType, a: SignState, now: number): SignRefusal | null {
  if (type === SIGN_IN) {
    if (a.signIn !== 1) return 'signInNotUsed';
    if (a.signedInAt != null) return 'duplicate';
    if (now < startOfCstDay(a.startAt)) return 'signInNotOpen';
    if (now > a.endAt) return 'signInClosed';
    return null;
  }
  if (a.signOut !== 1) return 'signOutNotUsed';
  if (a.signedOutAt != null) return 'duplicate';
  if (a.signedInAt == null) return 'signInFirst';
  return null;
}

/** Whether an online activity signs the student in on entry: online, with online attendance and sign-in on. */
export function autoSignApplies(a: { onlineType: number; onlineAttendance: number; signIn: number }): boolean {
  return a.onlineType === 1 && a.onlineAttendance === 1 && a.signIn === 1;
}

/** A location is given whole (both coordinates) or not at all, inside the coordinate ranges. */
export function validLocation(lat: number | null | undefined, lon: number | null | undefined): boolean {
  if (lat == null && lon == null) return true;
  if (lat == null || lon == null) return false;
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
