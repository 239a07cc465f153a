import type { Scope } from '../../http/scope';
import { dutyFigures, type DutyFigures } from '~/lib/learning/duties';
import { courseParticipants, requirementBars, type RequirementBar } from '~/lib/learning/requirements';
import { attendedLessons, courseAttendeePairs } from '../attendance/attendance.service';
import { classCourses, dutyRulesOf, lessonsOf, type ClassCourseRow } from '../courses/courses.service';
import { courseLearnerPairs, lessonRecords } from '../study/study.service';
import { courseSubmitterPairs, submittedLessons } from '../../exams/attempts/handed-in.service';
import type { EnrolmentRef } from '../activities/activities.service';

/**
 * A student's duties in a class's courses (the duty statistics, the course list's counters, the
 * timetable's duty count): the course's required lessons and duty rules
 * against what the server recorded (src/lib/learning/duties.ts decides the numbers), the
 * requirements they make and how many of the class take part (src/lib/learning/requirements.ts).
 * The class page and the course page both read a course through here, so they show the same
 * figures. The callers have checked the enrolment.
 */

export interface CourseDuties {
  course: ClassCourseRow;
  rules: { dutyType: string; targetValue: number }[];
  figures: DutyFigures;
  /** What the course asks and how far the student is: the duties with a non-zero target. */
  requirements: RequirementBar[];
}

/** Each course of the class (or only the named ones), in the class's order, with the student's figures. */
export async function courseDuties(s: Scope, e: EnrolmentRef, onlyCourseIds?: readonly string[]): Promise<CourseDuties[]> {
  const courses = (await classCourses(s, e)).filter((c) => !onlyCourseIds || onlyCourseIds.includes(c.id));
  const courseIds = courses.map((c) => c.id);
  if (!courseIds.length) return [];
  const [lessons, rules, records, attended, submitted] = await Promise.all([
    lessonsOf(s, { tenantId: e.tenantId, courseIds }),
    dutyRulesOf(s, { tenantId: e.tenantId, courseIds }),
    lessonRecords(s, { tenantId: e.tenantId, classStudentId: e.classStudentId }),
    attendedLessons(s, e),
    submittedLessons(s, { tenantId: e.tenantId, classStudentId: e.classStudentId, courseId: undefined }),
  ]);
  const classRecords = records.filter((r) => r.classId === e.classId);
  return courses.map((course) => {
    const courseRules = rules
      .filter((r) => r.courseId === course.id && r.classroomId === null)
      .map((r) => ({ dutyType: r.dutyType, targetValue: r.targetValue }));
    const figures = dutyFigures({
      lessons: lessons.filter((l) => l.courseId === course.id),
      rules: courseRules,
      records: classRecords.filter((r) => r.courseId === course.id),
      attendedLessons: attended,
      submittedLessons: submitted,
    });
    return { course, rules: courseRules, figures, requirements: requirementBars(figures.resultMap) };
  });
}

/**
 * How long a class's participant counts are kept once counted (decision 070). They are the same on
 * every classmate's page and the costliest part of it (every study record, hand-in and sign-in of the
 * class); "n 人学习" may be this far behind, as on any course platform, and never ahead.
 */
export const PARTICIPANTS_KEPT_MS = 30_000;
/** Classes whose counts a process keeps at once (the oldest counted is dropped first). */
export const PARTICIPANTS_CLASSES_KEPT = 2_000;

/**
 * How many of the class take part in each of its courses (a study record, submitted work or a sign-in;
 * requirements.ts). Class-wide counts only: nobody's identity leaves this function. Counted for every course of the
 * class at once, at most once per PARTICIPANTS_KEPT_MS per class (by the request clock): the class page's courses and
 * each course page share one count (decision 130).
 */
export async function participantsOf(s: Scope, input: { tenantId: string; classId: string }): Promise<Map<string, number>> {
  return s.lookups.participants.get(`${input.tenantId}/${input.classId}`, async () => {
    const courseIds = (await classCourses(s, input)).map((c) => c.id);
    // A statement for each course (decision 136): its union makes the students distinct and only the count leaves the
    // database, where a class of 20,000 sent 160,000 pairs to be put in sets here. One statement for all the courses,
    // grouped, took PostgreSQL about twice as long: one connection sorted all the class's pairs, on disk.
    const counts = await Promise.all(
      courseIds.map(async (courseId) => {
        const of = { ...input, courseIds: [courseId] as const };
        const pairs = courseLearnerPairs(s, of).union(courseSubmitterPairs(s, of)).union(courseAttendeePairs(s, of));
        const { n } = await s.classWideDb
          .selectFrom(pairs.as('p'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return { courseId, n };
      }),
    );
    return courseParticipants(courseIds, counts);
  });
}
