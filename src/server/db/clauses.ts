import { type DeleteQueryBuilder, type FilterObject, type SelectQueryBuilder, sql, type UpdateQueryBuilder, type WhereInterface } from 'kysely';

/**
 * Clauses most statements share, described once. Each is a function from a statement to the same
 * statement narrowed or ordered, to apply with Kysely's `$call`, and sends exactly the SQL of the
 * chain it stands for (the hot paths' statements must not change).
 */

// biome-ignore lint/suspicious/noExplicitAny: any tables and aliases: Kysely's builders are invariant in them; the types below check each column
type Select = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: (as Select) an update or a delete of any table
type Statement = Select | UpdateQueryBuilder<any, any, any, any> | DeleteQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: the statement seen only as something to add conditions to (its columns checked by Checked)
type Narrowed = WhereInterface<any, any>;

/** The columns the statement may filter on (its tables' columns and aliases) with the values each may be compared to. */
type ColumnValues<Q> =
  Q extends SelectQueryBuilder<infer D, infer T, infer _O>
    ? FilterObject<D, T>
    : Q extends UpdateQueryBuilder<infer D, infer _U, infer T, infer _O>
      ? FilterObject<D, T>
      : Q extends DeleteQueryBuilder<infer D, infer T, infer _O>
        ? FilterObject<D, T>
        : never;

/** `unknown` when every key of V is a column of the statement Q with a value of its type; `never` (a type error where it is applied) otherwise. */
type Checked<Q, V> = V extends ColumnValues<Q> ? ([Exclude<keyof V, keyof ColumnValues<Q>>] extends [never] ? unknown : never) : never;

/**
 * The rows whose columns hold the values given: `where column = value` for each, in the order
 * written. A key that is not a column of the statement, or a value of another type, does not
 * compile. A null is compared with `=` as well (it matches nothing): `is null` stays a written
 * condition, so that a value which happens to be null never widens a statement.
 */
export const whereEqual =
  <const V extends object>(values: V) =>
  <Q extends Statement>(statement: Q & Checked<Q, V>): Q => {
    let q = statement as Narrowed;
    for (const [column, value] of Object.entries(values)) q = q.where(column, '=', value);
    return q as unknown as Q;
  };

/** `unknown` when the statement has the `tenantId` column (under the alias `A`, if given); `never` otherwise. */
type School<Q, A extends string> = `${A}tenantId` extends keyof ColumnValues<Q> ? unknown : never;
/** `unknown` when the statement has the `id` and `tenantId` columns (under the alias `A`, if given); `never` otherwise. */
type IdAndSchool<Q, A extends string> = `${A}id` extends keyof ColumnValues<Q> ? School<Q, A> : never;
/** The alias as a column's prefix: 'cs' as 'cs.', none as ''. */
type Prefix<A extends string> = A extends '' ? '' : `${A}.`;

/**
 * Rows of one school, found by another key the statement names (decision 135): `coalesce(tenant_id, '') = ?`. SQLite
 * plans with no statistics, and given `tenant_id = ?` beside a key it may take the school's index instead, and read
 * every row of the school: beside a list of about three ids or more it did. Compared as an expression, the school is
 * served by no index on either engine, and each row the key finds is kept only if it is the school's, still in the
 * statement. `alias` names the table's alias in the statement ('cs' for `cs.tenant_id`).
 */
export const ofSchoolByKey =
  <const A extends string = ''>(tenantId: string, alias?: A) =>
  <Q extends Statement>(statement: Q & School<Q, Prefix<A>>): Q =>
    schoolOnRows(statement as Narrowed, tenantId, alias) as unknown as Q;

/** The school's comparison of ofSchoolByKey, on a statement seen only as something to add conditions to. */
const schoolOnRows = (q: Narrowed, tenantId: string, alias: string | undefined) =>
  q.where(sql`coalesce(${sql.ref(alias ? `${alias}.tenantId` : 'tenantId')}, '')`, '=', tenantId);

/** Some of one school's rows by their ids: `where id in (…)`, the school as ofSchoolByKey compares it. No ids match nothing. */
export const idsOfSchool =
  <const A extends string = ''>(tenantId: string, ids: readonly string[], alias?: A) =>
  <Q extends Statement>(statement: Q & IdAndSchool<Q, Prefix<A>>): Q => {
    const q = statement as Narrowed;
    if (ids.length === 0) return q.where(sql<boolean>`1 = 0`) as unknown as Q;
    return schoolOnRows(q.where(alias ? `${alias}.id` : 'id', 'in', ids), tenantId, alias) as unknown as Q;
  };

/** `unknown` when the select has a `seq` and an `id` column to order by; `never` (a type error where it is applied) otherwise. */
type SeqAndId<Q> = 'seq' | 'id' extends keyof ColumnValues<Q> ? unknown : never;

/**
 * In the order the staff set: by `seq`, ties by `id` (`order by seq, id`), so rows with the same
 * place keep one order from page to page.
 */
export const bySeq = <Q extends Select>(select: Q & SeqAndId<Q>): Q => (select as Select).orderBy('seq').orderBy('id') as Q;

/** The lessons a learner's records or attempts are read for: some lessons by id, or one course's, or both. */
export interface LessonFilter {
  classroomIds?: readonly string[] | undefined;
  courseId?: string | undefined;
}

/** `unknown` when the statement has the `classroomId` and `courseId` columns a LessonFilter names; `never` otherwise. */
type LessonColumns<Q> = 'classroomId' | 'courseId' extends keyof ColumnValues<Q> ? unknown : never;

/**
 * The rows of the lessons given (`classroomId in …`) and of the course (`courseId = …`), each only
 * when given. An empty list of lessons matches nothing, and `in ()` is no SQL: the caller answers
 * none without asking (`noLessons`).
 */
export const inLessons =
  (f: LessonFilter) =>
  <Q extends Select>(select: Q & LessonColumns<Q>): Q => {
    let q = select as Select;
    if (f.classroomIds) q = q.where('classroomId', 'in', f.classroomIds);
    if (f.courseId) q = q.where('courseId', '=', f.courseId);
    return q as Q;
  };

/** True when the filter names an empty list of lessons: nothing matches. */
export const noLessons = (f: LessonFilter): boolean => f.classroomIds?.length === 0;

/** True when the filter names neither lessons nor a course: every row matches (one statement, printed once). */
export const allLessons = (f: LessonFilter): boolean => !f.classroomIds && !f.courseId;

/** The lessons of a filter that names some lessons and no course (one statement per number of lessons, printed once); else undefined. */
export const onlyLessons = (f: LessonFilter): readonly string[] | undefined => (f.classroomIds?.length && !f.courseId ? f.classroomIds : undefined);
