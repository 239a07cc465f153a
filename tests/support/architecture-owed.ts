/**
 * What the structure still owes its rules (tests/support/architecture.ts): each table use of
 * another domain not yet moved to its owner or to a read model, and the directories still in a
 * circle. The architecture test asserts these lists exactly, so a new violation fails and a mended
 * one must leave the list; the lists only shrink, and empty they go.
 */

/** `<file> reads|writes <table>`: a table of another domain in the file's SQL. */
export const OWED_TABLE_USES: readonly string[] = [
  'src/server/exams/attempts/attempts.repository.ts reads workAttempts',
  'src/server/exams/attempts/attempts.repository.ts writes workAttempts',
  'src/server/exams/attempts/results.repository.ts reads works',
  'src/server/exams/attempts/results.repository.ts reads workAttempts',
  'src/server/exams/marking/marking.repository.ts reads teachingClasses',
  'src/server/exams/marking/marking.repository.ts reads works',
  'src/server/exams/marking/marking.repository.ts reads workAttempts',
  'src/server/exams/marking/marking.repository.ts writes workAttempts',
  'src/server/exams/papers/papers.admin.repository.ts reads works',
  'src/server/exams/papers/papers.admin.repository.ts reads workAttempts',
  'src/server/exams/works/works.admin.repository.ts reads courses',
  'src/server/exams/works/works.admin.repository.ts reads classCourses',
  'src/server/exams/works/works.admin.repository.ts reads classrooms',
  'src/server/exams/works/works.admin.repository.ts reads examPapers',
  'src/server/exams/works/works.admin.repository.ts reads workAttempts',
  'src/server/learning/courses/courses.admin.repository.ts reads teachingClasses',
  'src/server/learning/courses/courses.admin.repository.ts reads works',
  'src/server/learning/courses/courses.admin.repository.ts reads workAttempts',
  'src/server/learning/courses/courses.admin.repository.ts writes works',
  'src/server/learning/works/works.repository.ts reads works',
  'src/server/media-library/media-library.repository.ts reads classrooms',
  'src/server/media-library/media-library.repository.ts reads storedFiles',
  'src/server/platform/platform.repository.ts reads schools',
  'src/server/platform/platform.repository.ts writes schools',
  'src/server/products/products.admin.repository.ts reads hotMajors',
  'src/server/products/products.admin.repository.ts writes hotMajors',
];

/** The members of each circle of directories (a domain, another folder, or a file of src/server). */
export const OWED_DIRECTORY_CYCLES: readonly string[] = [
  'captcha, content, db, engagement, exams/attempts, exams/papers, exams/questions, exams/works, http, identity, jobs, leads, learning/activities, learning/classes, learning/courses, login, media, media-library, pages, products, school, sms, staff, staff/accounts, staff/audit, storage, tenant',
];
