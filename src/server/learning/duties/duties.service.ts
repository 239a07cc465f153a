import type { Scope } from '../../http/scope';
import { dutyFigures, type DutyFigures } from '~/lib/learning/duties';
import { attendedLessons } from '../attendance/attendance.service';
import { classCourses, dutyRulesOf, lessonsOf, type ClassCourseRow } from '../courses/courses.service';
import { lessonRecords } from '../study/study.service';
import { submittedLessons } from '../works/works.service';

/**
 * A student's duties in a class's courses (learner-area.md section 3: duty statistics, the course
 * list's counters, the timetable's duty count): the course's required lessons and duty rules
 * against what the server recorded (src/lib/learning/duties.ts decides the numbers). The callers
 * have checked the enrolment.
 */

export interface EnrolmentRef {
  tenantId: string;
  classId: string;
  classStudentId: string;
}

export interface CourseDuties {
  course: ClassCourseRow;
  rules: { dutyType: string; targetValue: number }[];
  figures: DutyFigures;
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
    const courseRules = rules.filter((r) => r.courseId === course.id && r.classroomId === null).map((r) => ({ dutyType: r.dutyType, targetValue: r.targetValue }));
    return {
      course,
      rules: courseRules,
      figures: dutyFigures({
        lessons: lessons.filter((l) => l.courseId === course.id),
        rules: courseRules,
        records: classRecords.filter((r) => r.courseId === course.id),
        attendedLessons: attended,
        submittedLessons: submitted,
      }),
    };
  });
}
