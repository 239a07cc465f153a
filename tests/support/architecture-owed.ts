/**
 * What the structure still owes its rules (tests/support/architecture.ts): each table use of
 * another domain not yet moved to its owner or to a read model, and the directories still in a
 * circle. The architecture test asserts these lists exactly, so a new violation fails and a mended
 * one must leave the list; the lists only shrink, and empty they go.
 */

/** `<file> reads|writes <table>`: a table of another domain in the file's SQL. */
export const OWED_TABLE_USES: readonly string[] = [
  'src/server/learning/activities/activities.admin.repository.ts reads courses',
  'src/server/learning/activities/activities.admin.repository.ts reads classrooms',
  'src/server/learning/activities/activities.repository.ts reads workAttempts',
  'src/server/learning/activities/activities.repository.ts reads classStudents',
  'src/server/learning/activities/activities.repository.ts reads lessonRecords',
  'src/server/learning/activities/activities.repository.ts reads courses',
  'src/server/learning/activities/activities.repository.ts reads classrooms',
  'src/server/learning/activities/activities.repository.ts reads activityAttendance',
  'src/server/learning/activities/activities.repository.ts reads users',
  'src/server/learning/activities/activities.repository.ts reads classPeriods',
  'src/server/learning/activities/activities.repository.ts reads classStudentPeriods',
  'src/server/learning/attendance/attendance.admin.repository.ts reads lessonRecords',
  'src/server/learning/attendance/attendance.admin.repository.ts reads classrooms',
  'src/server/learning/attendance/attendance.admin.repository.ts reads classActivities',
  'src/server/learning/attendance/attendance.admin.repository.ts reads users',
  'src/server/learning/attendance/attendance.admin.repository.ts reads classStudents',
  'src/server/learning/attendance/attendance.repository.ts reads classActivities',
  'src/server/learning/classes/classes.admin.repository.ts reads lessonRecords',
  'src/server/learning/classes/classes.admin.repository.ts reads workAttempts',
  'src/server/learning/classes/classes.admin.repository.ts reads activityAttendance',
  'src/server/learning/classes/classes.admin.repository.ts reads users',
  'src/server/learning/courses/courses.admin.repository.ts reads classTeachers',
  'src/server/learning/courses/courses.admin.repository.ts reads lessonRecords',
  'src/server/learning/courses/courses.admin.repository.ts reads workAttempts',
  'src/server/learning/courses/courses.admin.repository.ts reads activityAttendance',
  'src/server/learning/courses/courses.admin.repository.ts reads classActivities',
  'src/server/learning/courses/courses.admin.repository.ts reads classroomTeachers',
  'src/server/learning/courses/courses.admin.repository.ts writes classroomTeachers',
  'src/server/learning/courses/courses.admin.repository.ts reads offlineClassrooms',
  'src/server/learning/courses/courses.admin.repository.ts reads classroomPoints',
  'src/server/learning/courses/courses.admin.repository.ts writes offlineClassrooms',
  'src/server/learning/courses/courses.admin.repository.ts writes classroomPoints',
  'src/server/learning/interaction/interaction.admin.repository.ts reads courses',
  'src/server/learning/interaction/interaction.admin.repository.ts reads classrooms',
  'src/server/learning/interaction/interaction.admin.repository.ts reads teachingClasses',
  'src/server/learning/interaction/interaction.admin.repository.ts reads users',
  'src/server/learning/interaction/interaction.admin.repository.ts reads classStudents',
  'src/server/learning/interaction/interaction.repository.ts reads users',
  'src/server/learning/interaction/interaction.repository.ts reads classStudents',
  'src/server/learning/timetable/timetable.repository.ts reads workAttempts',
  'src/server/learning/timetable/timetable.repository.ts reads classStudents',
  'src/server/learning/timetable/timetable.repository.ts reads lessonRecords',
  'src/server/learning/timetable/timetable.repository.ts reads activityAttendance',
  'src/server/learning/timetable/timetable.repository.ts reads classrooms',
  'src/server/learning/timetable/timetable.repository.ts reads classActivities',
  'src/server/learning/timetable/timetable.repository.ts reads teachingClasses',
];

/** The members of each circle of directories (a domain, another folder, or a file of src/server). */
export const OWED_DIRECTORY_CYCLES: readonly (readonly string[])[] = [
  ['exams/attempts', 'exams/papers', 'exams/works', 'learning/activities', 'learning/classes', 'learning/courses'],
];
