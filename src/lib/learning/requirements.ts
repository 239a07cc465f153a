import type { CountPair, DutyType } from './duties';

/**
 * What one course asks of a student and how far they are, as the class page's course list and the
 * course page both show it, and how many of the class take part in the course. One derivation:
 * the server answers both pages' calls with these (the duties service runs them), so the two
 * screens cannot disagree about a course. Pure and browser-safe.
 */

/**
 * The requirements in the order they show, each one a duty type of the resultMap. A duty counts
 * only when its target is non-zero (a course whose test duty has target 0 does not ask for its
 * test, whatever lessons it holds), so the requirements are the resultMap's duties, never the raw
 * counts of lessons.
 */
export const REQUIREMENT_BARS = [
  ['faceTeaching', 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES'],
  ['videoProgress', 'VIDEO_PROGRESS'],
  ['liveProgress', 'EE_LIVE_LECTURES_VIDEO_PROGRESS'],
  ['studyTime', 'ONLINE_VIDEO_TEACHING_STUDY_TIMES'],
  ['homework', 'ONLINE_HOMEWORK_SUBMIT'],
  ['test', 'ONLINE_TEST_SUBMIT'],
] as const satisfies readonly (readonly [string, DutyType])[];
export type RequirementKey = (typeof REQUIREMENT_BARS)[number][0];

export interface RequirementBar {
  key: RequirementKey;
  /** What is to be reached (a count of lessons, or minutes for studyTime) and what is reached. */
  total: number;
  done: number;
}

const whole = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * One requirement per counting duty with something to reach, in REQUIREMENT_BARS order. A duty
 * whose total is 0 (a test duty in a course without a test lesson) asks nothing and is left out;
 * what is reached is never shown above what is asked.
 */
export function requirementBars(resultMap: Partial<Record<DutyType, CountPair>> | null | undefined): RequirementBar[] {
  const map = resultMap ?? {};
  const bars: RequirementBar[] = [];
  for (const [key, type] of REQUIREMENT_BARS) {
    const pair = map[type];
    const total = whole(pair?.totalNum);
    if (pair && total > 0) bars.push({ key, total, done: Math.min(total, whole(pair.finishNum)) });
  }
  return bars;
}

/** Some courses of one class: whose participants are counted (never empty: `in ()` is no SQL). */
export interface ClassCourses {
  tenantId: string;
  classId: string;
  courseIds: readonly [string, ...string[]];
}

/** How many of a class took part in one course, as the database counted them. */
export interface CourseCount {
  courseId: string | null;
  n: number | string | bigint;
}

/**
 * How many of the class take part in each course: the students who did something in it (a study
 * record of one of its lessons, submitted homework or a test, a sign-in to one of its face-to-face
 * activities), each counted once however much they did; the database counts the union of those pairs
 * (duties.service.ts participantsOf). Courses nobody began are 0, and a count of a course not asked is left out.
 */
export function courseParticipants(courseIds: readonly string[], counts: readonly CourseCount[]): Map<string, number> {
  const participants = new Map<string, number>(courseIds.map((id) => [id, 0]));
  for (const { courseId, n } of counts) if (courseId !== null && participants.has(courseId)) participants.set(courseId, Number(n));
  return participants;
}
