import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { expect, test } from 'vitest';
import type { DB } from '~/server/db/database';
import { contentsOf, countBy } from '~/server/engagement/comments.repository';
import { tallyThumbs } from '~/server/engagement/thumbs.repository';
import { pageStudents } from '~/server/learning/classes/staff-students.read-model';
import { listPeriods, pageClasses } from '~/server/learning/classes/classes.admin.repository';
import { classCourses, detachUnstudiedCourse, pageCourses } from '~/server/learning/courses/courses.admin.repository';
import { listHandedInAtWorks } from '~/server/exams/attempts/attempts.repository';
import { liveTargets, rolesOf } from '~/server/staff/audit/audit-targets.read-model';
import { revokedByEnrolments, revokedOfStudent, skillByIds, studentCertificates, trainingByIds } from '~/server/certificates/certificates.admin.repository';
import { AUDIT_TARGETS } from '~/lib/staff/roles';
import { numbersOf } from '~/server/certificates/certificates.admin.repository';
import { accountsByIds } from '~/server/staff/accounts/accounts.repository';
import { existingCategoryIds, titlesOf } from '~/server/content/content-admin.repository';
import { countCategories } from '~/server/products/products.admin.repository';
import { assetNames } from '~/server/media-library/media-library.repository';
import { tagNames } from '~/server/media/media.repository';
import { listWorkTitles } from '~/server/exams/works/works.repository';
import { findQuestions } from '~/server/exams/questions/questions.repository';
import { deleteComments } from '~/server/engagement/comments.repository';
import { findNotes, likeState } from '~/server/learning/interaction/interaction.repository';
import { workLessons } from '~/server/exams/works/staff-works.read-model';
import { participantsOf } from '~/server/learning/duties/duties.service';
import { DEMO, ON_POSTGRES, useTestServer } from '../setup/server';
import { testScope } from '../setup/scope';

/**
 * Reads of a few rows that SQLite answered from the school's index, reading every row of the school (decision 132).
 * SQLite's plans here have no statistics, as in production, where nothing analyzes the database: so the plan the test
 * database gets is the one every school gets, whatever its size. Each read is run as the portal runs it, and each of its
 * statements' plans is read with the values it was sent. A plan step matched on the school alone, `(tenant_id=?)`, reads
 * the whole school's rows of that table, and a scan of a table with no index at all reads every school's.
 * PostgreSQL plans by its statistics at scale (decision 123 reads its kept plans); these are SQLite's.
 */
const server = useTestServer();

/** Each statement `run` sends through the database it is given, with SQLite's plan for it. */
async function plansOf(run: (db: DB) => Promise<unknown>): Promise<string[]> {
  const db = server().runtime.db;
  const sent: { node: RootOperationNode; queryId: QueryId }[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await run(db.withPlugin(capture));
  const plans: string[] = [];
  for (const { node, queryId } of sent) {
    const query = db.getExecutor().compileQuery(node, queryId);
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    plans.push(`${query.sql}\n  → ${plan.rows.map((r) => r.detail).join(' | ')}`);
  }
  return plans;
}

/**
 * No step of any plan reads the school's rows of a table, or a whole table; but the table a list is of (`listed`, its
 * alias) is read by the school, which is what a list of the school's rows is.
 */
function expectNoSchoolWideStep(plans: string[], listed?: string) {
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) {
    const steps = plan.split(/ \| |\n {2}→ /).filter((step) => !(listed && step.startsWith(`SEARCH ${listed} USING`)));
    for (const step of steps) {
      expect(step, plan).not.toMatch(/\(tenant_id=\?\)/);
      expect(step, plan).not.toMatch(/^SCAN \w+/);
    }
  }
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

test.skipIf(ON_POSTGRES)('a page of comments counts its threads and replies, and finds the comments replied to, by their keys', async () => {
  // A page shows 10 threads; from three ids on, `tenant_id = ? and top_id in (…)` took the school's index of comments.
  for (const n of [1, 3, 10, 50]) {
    expectNoSchoolWideStep(await plansOf((db) => countBy(db, DEMO.id, 'topId', ids('thread', n))));
    expectNoSchoolWideStep(await plansOf((db) => countBy(db, DEMO.id, 'parentId', ids('comment', n))));
    expectNoSchoolWideStep(await plansOf((db) => contentsOf(db, DEMO.id, ids('comment', n))));
  }
});

test.skipIf(ON_POSTGRES)("an item's likes are counted from the likes' index of the item, which holds who liked it", async () => {
  for (const n of [1, 3, 10]) {
    const plans = await plansOf((db) => tallyThumbs(db, DEMO.id, 'PEOPLE_SAY', ids('item', n), 'a-user'));
    expectNoSchoolWideStep(plans);
    expect(plans.join('\n')).toMatch(/COVERING INDEX thumbs_records_object_idx/);
  }
});

test.skipIf(ON_POSTGRES)("a class's students page counts each student's records, and its periods their students, by their own keys", async () => {
  expectNoSchoolWideStep(await plansOf((db) => pageStudents(db, DEMO.id, 'a-class', {}, { offset: 0, limit: 20, order: 'desc', countTotal: false })));
  expectNoSchoolWideStep(await plansOf((db) => listPeriods(db, DEMO.id, 'a-class')));
});

test.skipIf(ON_POSTGRES)("the staff's lists of classes and courses count each row's periods, lessons and classes by their own keys", async () => {
  const page = { offset: 0, limit: 20, order: 'desc', countTotal: true } as const;
  expectNoSchoolWideStep(await plansOf((db) => pageClasses(db, DEMO.id, {}, page)), 'tc');
  expectNoSchoolWideStep(await plansOf((db) => pageCourses(db, DEMO.id, {}, page)), 'c');
});

test.skipIf(ON_POSTGRES)("a class's courses count, and a course's detaching checks, the class's records and attempts by the class's index", async () => {
  expectNoSchoolWideStep(await plansOf((db) => classCourses(db, DEMO.id, 'a-class')));
  expectNoSchoolWideStep(await plansOf((db) => detachUnstudiedCourse(db, DEMO.id, 'a-class', 'a-course')));
});

test.skipIf(ON_POSTGRES)("the marking queue reads each work's handed-in attempts from the work's index", async () => {
  for (const n of [1, 2, 10]) {
    const plans = await plansOf((db) => listHandedInAtWorks(db, DEMO.id, ids('work', n)));
    expect(plans).toHaveLength(n);
    expectNoSchoolWideStep(plans);
    for (const plan of plans) expect(plan).toMatch(/work_attempts_work_idx \(tenant_id=\? AND work_id=\?\)/);
  }
});

// Decision 135: rows by a list of ids are found by their key, the school compared on each (idsOfSchool).
test.skipIf(ON_POSTGRES)('the audit log names the things its entries are about, and the roles of who acted, by their keys', async () => {
  for (const n of [1, 3, 10, 50]) {
    const wanted = new Map(AUDIT_TARGETS.map((type) => [type, new Set(ids(type, n))]));
    expectNoSchoolWideStep(await plansOf((db) => liveTargets(db, DEMO.id, wanted)));
    expectNoSchoolWideStep(await plansOf((db) => rolesOf(db, DEMO.id, ids('account', n))));
  }
});

test.skipIf(ON_POSTGRES)("a page of certificates and a student's certificates are read by their keys, not the school's certificates", async () => {
  for (const n of [1, 3, 10, 50]) {
    expectNoSchoolWideStep(await plansOf((db) => skillByIds(db, DEMO.id, ids('skill', n))));
    expectNoSchoolWideStep(await plansOf((db) => trainingByIds(db, DEMO.id, ids('training', n))));
    expectNoSchoolWideStep(await plansOf((db) => studentCertificates(db, DEMO.id, ids('enrolment', n), '13800000000')));
    expectNoSchoolWideStep(await plansOf((db) => studentCertificates(db, DEMO.id, ids('enrolment', n))));
    expectNoSchoolWideStep(await plansOf((db) => revokedByEnrolments(db, DEMO.id, ids('enrolment', n))));
  }
  expectNoSchoolWideStep(await plansOf((db) => revokedOfStudent(db, DEMO.id, { kind: 'skill', userId: 'a-user', professionName: '电工', level: '四级' })));
  expectNoSchoolWideStep(await plansOf((db) => revokedOfStudent(db, DEMO.id, { kind: 'training', userId: 'a-user', productName: '电工' })));
});

test.skipIf(ON_POSTGRES)('the expired staff sessions and old sign-in failures are swept through their time, never by a scan', async () => {
  const db = server().runtime.db;
  for (const [table, column] of [
    ['staff_sessions', 'expires_at'],
    ['staff_sign_in_failures', 'created_at'],
  ] as const) {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan delete from ${table} where ${column} < ?`, [0]));
    expect(plan.rows.map((r) => r.detail)).toEqual([expect.stringMatching(new RegExp(`^SEARCH ${table} USING COVERING INDEX \\w+ \\(${column}<\\?\\)`))]);
  }
});

test.skipIf(ON_POSTGRES)("some of the school's rows by their ids, and a comment's delete, are found by their keys", async () => {
  for (const n of [1, 3, 10, 50]) {
    const list = (prefix: string) => ids(prefix, n);
    for (const read of [
      (db: DB) => numbersOf(db, DEMO.id, 'skill', list('skill')),
      (db: DB) => numbersOf(db, DEMO.id, 'training', list('training')),
      (db: DB) => accountsByIds(db, DEMO.id, list('account')),
      (db: DB) => titlesOf(db, 'news', DEMO.id, list('news')),
      (db: DB) => titlesOf(db, 'notices', DEMO.id, list('notice')),
      (db: DB) => existingCategoryIds(db, DEMO.id, list('category')),
      (db: DB) => countCategories(db, DEMO.id, list('category')),
      (db: DB) => assetNames(db, DEMO.id, list('asset')),
      (db: DB) => tagNames(db, DEMO.id, list('tag')),
      (db: DB) => listWorkTitles(db, DEMO.id, list('work')),
      (db: DB) => findQuestions(db, DEMO.id, list('question')),
      // No comment has these ids, nor is one in this thread: nothing is deleted.
      (db: DB) => deleteComments(db, DEMO.id, list('comment')),
      (db: DB) => deleteComments(db, DEMO.id, list('comment'), 'a-thread'),
    ]) {
      expectNoSchoolWideStep(await plansOf(read));
    }
  }
});

test.skipIf(ON_POSTGRES)("a student's notes named by id are found by their key, and a class's work lessons through the class's courses", async () => {
  // With the class named in the statement, SQLite took the class's index of notes from two ids on: every note of the class.
  for (const n of [1, 3, 10, 50]) {
    const plans = await plansOf((db) => findNotes(db, DEMO.id, 'a-class', ids('note', n)));
    expectNoSchoolWideStep(plans);
    for (const plan of plans) expect(plan).toMatch(/→ SEARCH classroom_notes USING INDEX sqlite_autoindex_classroom_notes_1 \(id=\?\)$/);
  }
  const lessons = await plansOf((db) => workLessons(db, DEMO.id, 'a-class'));
  expectNoSchoolWideStep(lessons);
  expect(lessons.join('\n')).toMatch(/→ SEARCH cc USING INDEX class_courses_class_course_uq \(class_id=\?\)/);
});

test.skipIf(ON_POSTGRES)("a class's participants are counted course by course from the class's own indexes of records, hand-ins and sign-ins", async () => {
  const db = server().runtime.db;
  const taught = await db.selectFrom('classCourses').select(['classId', 'tenantId']).where('tenantId', '=', DEMO.id).executeTakeFirstOrThrow();
  const courses = await db.selectFrom('classCourses').select('courseId').where('classId', '=', taught.classId).execute();
  const scope = testScope(server().runtime, 'participants-plan');
  const plans = (
    await plansOf((planned) => participantsOf({ ...scope, db: planned, classWideDb: planned }, { tenantId: DEMO.id, classId: taught.classId }))
  ).filter((p) => p.startsWith('select count(*)'));
  expect(plans).toHaveLength(courses.length);
  // The count reads the union's rows, kept aside: that scan is of no table.
  expectNoSchoolWideStep(plans.map((p) => p.replace(/ \| SCAN p$/, '')));
  for (const plan of plans) {
    expect(plan).toMatch(/SEARCH lesson_records USING COVERING INDEX lesson_records_class_idx \(course_id=\? AND class_id=\? AND tenant_id=\?\)/);
    expect(plan).toMatch(/SEARCH work_attempts USING COVERING INDEX work_attempts_class_idx \(class_id=\? AND tenant_id=\? AND course_id=\?/);
    expect(plan).toMatch(/SEARCH at USING COVERING INDEX activity_attendance_once_uq \(activity_id=\?\)/);
  }
});

test.skipIf(ON_POSTGRES)("a lesson's likes are counted from its index alone, and the student's own like found by its key", async () => {
  const plans = await plansOf((db) => likeState(db, DEMO.id, { classId: 'a-class', classroomId: 'a-lesson' }, 'a-student'));
  // The two subqueries' answers make the one row: that scan is of no table.
  expectNoSchoolWideStep(plans.map((p) => p.replace('→ SCAN CONSTANT ROW | ', '→ ')));
  expect(plans.join('\n')).toMatch(
    /SEARCH classroom_likes USING COVERING INDEX classroom_likes_lesson_idx \(classroom_id=\? AND tenant_id=\? AND class_id=\?\)/,
  );
  expect(plans.join('\n')).toMatch(/SEARCH classroom_likes USING INDEX sqlite_autoindex_classroom_likes_1 \(class_student_id=\? AND classroom_id=\?\)/);
});
