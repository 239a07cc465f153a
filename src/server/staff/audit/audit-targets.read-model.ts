import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { idsOfSchool } from '../../db/clauses';
import { isStaffRole, type AuditTarget, type StaffRole } from '~/lib/staff/roles';

/**
 * The things audit entries are about, as they are now: each one's name and whether it still exists,
 * read when the log is shown (a rename shows; a deleted thing has no row). A read model of the
 * audit log: it reads the owning domains' tables by id only, one statement per kind of thing, so a
 * page of entries costs one query per kind it mentions, never one per entry.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = [
  'staffAccounts',
  'staffInvitations',
  'news',
  'notices',
  'newsCategories',
  'products',
  'productOperationCategories',
  'commonQuestions',
  'hotMajors',
  'materialPosters',
  'coupons',
  'materialCategories',
  'materials',
  'teachingClasses',
  'classPeriods',
  'courses',
  'examPapers',
  'works',
  'skillCertificates',
  'trainingCertificates',
  'workAttempts',
  'classStudents',
  'users',
  'userTenants',
] as const;

/**
 * A thing that still exists: its name now, and what it is shown under (an attempt's work, a period's
 * class, a class student's user: their 学员管理 page; else null).
 */
export interface LiveTarget {
  id: string;
  name: string;
  parent: string | null;
}

type Lookup = (db: DB, tenantId: string, ids: string[]) => Promise<LiveTarget[]>;

/** A thing shown on its own. */
const NO_PARENT = sql<string | null>`null`.as('parent');

/** ' · ' between a certificate's holder and its title, a student and the work they answered. */
const JOIN = ' · ';

const LOOKUPS: Partial<Record<AuditTarget, Lookup>> = {
  account: (db, tenantId, ids) => db.selectFrom('staffAccounts').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  invitation: (db, tenantId, ids) => db.selectFrom('staffInvitations').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  news: (db, tenantId, ids) => db.selectFrom('news').select(['id', 'title as name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  notice: (db, tenantId, ids) => db.selectFrom('notices').select(['id', 'title as name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  newsCategory: (db, tenantId, ids) => db.selectFrom('newsCategories').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  product: (db, tenantId, ids) => db.selectFrom('products').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  productCategory: (db, tenantId, ids) =>
    db.selectFrom('productOperationCategories').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  question: (db, tenantId, ids) => db.selectFrom('commonQuestions').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  hotMajor: (db, tenantId, ids) => db.selectFrom('hotMajors').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  banner: (db, tenantId, ids) => db.selectFrom('materialPosters').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  coupon: (db, tenantId, ids) => db.selectFrom('coupons').select(['id', 'title as name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  albumCategory: (db, tenantId, ids) =>
    db.selectFrom('materialCategories').select(['id', 'categoryName as name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  material: (db, tenantId, ids) => db.selectFrom('materials').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  teachingClass: (db, tenantId, ids) => db.selectFrom('teachingClasses').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  classPeriod: (db, tenantId, ids) => db.selectFrom('classPeriods').select(['id', 'name', 'classId as parent']).$call(idsOfSchool(tenantId, ids)).execute(),
  classStudent: async (db, tenantId, ids) => {
    const rows = await db
      .selectFrom('classStudents as cs')
      .innerJoin('users as u', 'u.id', 'cs.userId')
      .select(['cs.id', 'cs.userId as parent', 'u.realName', 'u.nickName'])
      .$call(idsOfSchool(tenantId, ids, 'cs'))
      .execute();
    return rows.map((r) => ({ id: r.id, parent: r.parent, name: r.realName || r.nickName || '' }));
  },
  // A student of the school: the user, while bound to the school (学员管理 shows no other).
  schoolStudent: async (db, tenantId, ids) => {
    const rows = await db
      .selectFrom('userTenants as ut')
      .innerJoin('users as u', 'u.id', 'ut.userId')
      .select(['u.id', 'u.realName', 'u.nickName'])
      .where('ut.tenantId', '=', tenantId)
      .where('ut.userId', 'in', ids)
      .execute();
    return rows.map((r) => ({ id: r.id, parent: null, name: r.realName || r.nickName || '' }));
  },
  course: (db, tenantId, ids) => db.selectFrom('courses').select(['id', 'name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  examPaper: (db, tenantId, ids) => db.selectFrom('examPapers').select(['id', 'title as name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  work: (db, tenantId, ids) => db.selectFrom('works').select(['id', 'title as name', NO_PARENT]).$call(idsOfSchool(tenantId, ids)).execute(),
  skillCert: (db, tenantId, ids) =>
    db
      .selectFrom('skillCertificates')
      .select(['id', sql<string>`name || ${JOIN} || profession_name`.as('name'), NO_PARENT])
      .$call(idsOfSchool(tenantId, ids))
      .execute(),
  trainingCert: (db, tenantId, ids) =>
    db
      .selectFrom('trainingCertificates')
      .select(['id', sql<string>`student_name || ${JOIN} || product_name`.as('name'), NO_PARENT])
      .$call(idsOfSchool(tenantId, ids))
      .execute(),
  workAttempt: async (db, tenantId, ids) => {
    const rows = await db
      .selectFrom('workAttempts as a')
      .innerJoin('classStudents as cs', (j) => j.onRef('cs.id', '=', 'a.classStudentId').onRef('cs.tenantId', '=', 'a.tenantId'))
      .innerJoin('users as u', 'u.id', 'cs.userId')
      .leftJoin('works as w', (j) => j.onRef('w.id', '=', 'a.workId').onRef('w.tenantId', '=', 'a.tenantId'))
      .select(['a.id', 'a.workId as parent', 'u.realName', 'u.nickName', 'w.title'])
      .$call(idsOfSchool(tenantId, ids, 'a'))
      .execute();
    return rows.map((r) => ({ id: r.id, parent: r.parent, name: [r.realName || r.nickName || '', r.title ?? ''].filter(Boolean).join(JOIN) }));
  },
};

/** The things of the given kinds and ids that still exist, by kind and id: one query per kind asked for. */
export async function liveTargets(db: DB, tenantId: string, wanted: ReadonlyMap<AuditTarget, ReadonlySet<string>>): Promise<Map<string, LiveTarget>> {
  const found = new Map<string, LiveTarget>();
  for (const [type, ids] of wanted) {
    const lookup = LOOKUPS[type];
    if (!lookup || ids.size === 0) continue;
    for (const row of await lookup(db, tenantId, [...ids])) found.set(targetKey(type, row.id), row);
  }
  return found;
}

/** A thing's key in what liveTargets answers. */
export const targetKey = (type: AuditTarget, id: string) => `${type}:${id}`;

/** The roles of the accounts that acted, by id (an account no longer there has none): one query. */
export async function rolesOf(db: DB, tenantId: string, ids: string[]): Promise<Map<string, StaffRole>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('staffAccounts').select(['id', 'role']).$call(idsOfSchool(tenantId, ids)).execute();
  return new Map(rows.flatMap((r) => (isStaffRole(r.role) ? [[r.id, r.role] as const] : [])));
}
