/**
 * The end of a played lesson and where the player starts it again. Pure and browser-safe: the
 * credit rule (study-credit.ts) and the player (LessonPlayer) use the same end.
 *
 * Decision (issue 27): a point within the last second of a lesson is its end. A player stops a
 * little short of the end (its time updates come about every 250 ms and the last frame is never
 * reported exactly), so a student who stopped 0.5 s before the end has watched it all: the lesson
 * counts as learned to 100%, and the player starts it from the beginning for watching it again.
 * That restart is the player's choice, not the student's: it never moves the recorded resume
 * point back, and nothing recorded (progress, finished, credited time) ever goes down.
 */

/** How far before the end a point still counts as the end. */
export const END_MARGIN_MS = 1_000;
/** The margin is never more than this share of the lesson, so a short clip is not learned by its first second. */
export const END_MARGIN_MAX_SHARE = 0.01;
/** A resume point under a second is the beginning: no seek and no notice (it would say 00:00). */
export const RESUME_MIN_MS = 1_000;

/** The margin of a lesson of this length (ms): END_MARGIN_MS, at most END_MARGIN_MAX_SHARE of it; 0 without a length. */
export function endMargin(lengthMs: number): number {
  if (!(lengthMs > 0) || !Number.isFinite(lengthMs)) return 0;
  return Math.min(END_MARGIN_MS, Math.floor(lengthMs * END_MARGIN_MAX_SHARE));
}

/** The point is the lesson's end, or within its margin of it (or past it). A lesson without a length has no end to reach. */
export function atEnd(pointMs: number, lengthMs: number): boolean {
  if (!(lengthMs > 0) || !Number.isFinite(pointMs)) return false;
  return pointMs >= lengthMs - endMargin(lengthMs);
}

/**
 * Where the player starts a lesson it resumes at `resumeMs`, once the media's length is known:
 * - 'beginning': nothing to resume (under RESUME_MIN_MS);
 * - 'resume': seek there and say so;
 * - 'again': the point is the end (atEnd) or the media's length is unknown: start from the
 *   beginning without seeking, for watching again. Not the student's seek, so the server keeps
 *   the recorded point.
 */
export type PlaybackStart = { kind: 'beginning' } | { kind: 'resume'; ms: number } | { kind: 'again' };

export function playbackStart(resumeMs: number, durationMs: number): PlaybackStart {
  if (!Number.isFinite(resumeMs) || resumeMs < RESUME_MIN_MS) return { kind: 'beginning' };
  if (!Number.isFinite(durationMs) || !(durationMs > 0) || atEnd(resumeMs, durationMs)) return { kind: 'again' };
  return { kind: 'resume', ms: Math.floor(resumeMs) };
}
