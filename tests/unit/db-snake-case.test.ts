import fc from 'fast-check';
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type Compilable,
  type Dialect,
  type QueryResult,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { CamelCaseRows, SQLITE_PARAMETER, SnakeCasePostgresDialect, SnakeCaseSqliteDialect } from '../../src/server/db/snake-case';

/**
 * The portal's compilers write identifiers in snake_case as they print them (src/server/db/snake-case.ts)
 * instead of CamelCasePlugin renaming each statement's tree first. Both ways run here on the same
 * statements, for both databases: the SQL and the parameters must be the same, and rows come back in
 * camelCase the same way. Statements are only compiled (the driver answers nothing).
 */

type Any = any;

function pluginDb(kind: 'sqlite' | 'postgres'): Kysely<Any> {
  const dialect: Dialect = {
    createAdapter: () => (kind === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => (kind === 'sqlite' ? new SqliteIntrospector(k) : new PostgresIntrospector(k)),
    createQueryCompiler: () => (kind === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
  };
  return new Kysely<Any>({ dialect, plugins: [new CamelCasePlugin()] });
}

function compilerDb(kind: 'sqlite' | 'postgres'): Kysely<Any> {
  const own = kind === 'sqlite' ? new SnakeCaseSqliteDialect({ database: {} as never }) : new SnakeCasePostgresDialect({ pool: {} as never });
  const dialect: Dialect = {
    createAdapter: () => own.createAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => own.createIntrospector(k),
    createQueryCompiler: () => own.createQueryCompiler(),
  };
  return new Kysely<Any>({ dialect, plugins: [new CamelCaseRows()] });
}

const sent = (q: Compilable) => {
  const { sql: text, parameters } = q.compile();
  return { text, parameters };
};

/** What CamelCasePlugin's statement becomes in the portal: on SQLite every bound value is written `+?` (decision 070). */
const asPortal = (kind: 'sqlite' | 'postgres', q: { text: string; parameters: readonly unknown[] }) =>
  kind === 'sqlite' ? { ...q, text: q.text.replaceAll('?', SQLITE_PARAMETER) } : q;

/** Statements of every shape the portal writes: aliases, joins, subqueries, references, raw fragments, writes, schema. */
const shapes: ((db: Kysely<Any>) => Compilable)[] = [
  (db) => db.selectFrom('workAnswers').selectAll().where('attemptId', '=', 'a').where('questionId', 'in', ['q1', 'q2']).orderBy('savedAt', 'desc'),
  (db) =>
    db
      .selectFrom('classStudents as cs')
      .innerJoin('teachingClasses as tc', (j) => j.onRef('tc.id', '=', 'cs.classId').onRef('tc.tenantId', '=', 'cs.tenantId'))
      .leftJoin('classPeriods as p', 'p.id', 'cs.periodId')
      .select(['cs.id as studentId', 'tc.name as className', 'p.startAt', (eb) => eb.fn.countAll().as('studentCount')])
      .where('cs.userId', '=', 'u')
      .groupBy(['cs.id', 'tc.name'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .limit(10)
      .offset(5),
  (db) =>
    db
      .selectFrom('classActivities as a')
      .leftJoin(
        db
          .selectFrom('workAttempts')
          .select(['classroomId', (eb) => eb.fn.min('submittedAt').as('firstSubmittedAt')])
          .where('classStudentId', '=', 's')
          .groupBy('classroomId')
          .as('wa'),
        (j) => j.onRef('wa.classroomId', '=', 'a.classroomId'),
      )
      .select(['a.id', 'wa.firstSubmittedAt', sql<number>`case when ${sql.ref('a.endAt')} < ${1} then 1 else 0 end`.as('isOver')])
      .where((eb) =>
        eb.or([eb('a.isRequired', '=', 1), eb.exists(eb.selectFrom('lessonRecords as lr').select('lr.id').whereRef('lr.classroomId', '=', 'a.classroomId'))]),
      ),
  (db) =>
    db
      .with('recent', (w) => w.selectFrom('rateCount').select(['subject', 'windowMs']).where('windowMs', '>', 0))
      .selectFrom('recent')
      .select((eb) => eb.fn.count('subject').distinct().as('n')),
  (db) =>
    db
      .insertInto('workAnswers')
      .values({ attemptId: 'a', questionId: 'q', optionKeys: '[]', savedAt: 1 })
      .onConflict((oc) => oc.columns(['attemptId', 'questionId']).doUpdateSet({ savedAt: (eb: Any) => eb.ref('excluded.savedAt') }))
      .returning(['attemptId', 'savedAt as keptAt']),
  (db) =>
    db
      .updateTable('workAttempts')
      .set({ lastSavedAt: 2, answeredCount: sql`${sql.ref('answeredCount')} + 1` })
      .where('id', '=', 'x')
      .where('deadlineAt', 'is', null),
  (db) => db.deleteFrom('rateCount').where('windowMs', '<=', 3).where(sql.ref('rateCount.kind'), '=', 'SAVE'),
  (db) => db.selectFrom(sql.table('studyClocks').as('sc')).select(sql.id('sc', 'clockAt').as('clockAt')),
  (db) => db.schema.createIndex('lesson_records_class_idx').on('lesson_records').columns(['tenant_id', 'class_id', 'course_id']),
  (db) =>
    db.schema
      .createTable('mediaUploads')
      .addColumn('uploadId', 'text', (c) => c.primaryKey())
      .addColumn('createdAt', 'bigint', (c) => c.notNull()),
];

describe('identifiers in snake_case, written by the compiler', () => {
  for (const kind of ['sqlite', 'postgres'] as const) {
    it(`${kind}: every shape of statement is sent exactly as CamelCasePlugin sends it`, () => {
      const [a, b] = [pluginDb(kind), compilerDb(kind)];
      for (const shape of shapes) expect(sent(shape(b))).toEqual(asPortal(kind, sent(shape(a))));
    });

    it(`${kind}: any identifier, in any place, is renamed the same way`, () => {
      const [a, b] = [pluginDb(kind), compilerDb(kind)];
      const name = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,20}$/);
      fc.assert(
        fc.property(name, name, name, (table, column, alias) => {
          const q = (db: Kysely<Any>) =>
            db
              .selectFrom(`${table} as t`)
              .select([`t.${column}`, `t.${column} as ${alias}`])
              .where(`t.${column}`, '=', 1)
              .orderBy(`t.${column}`);
          expect(sent(q(b))).toEqual(asPortal(kind, sent(q(a))));
        }),
      );
    });
  }

  it('rows come back in camelCase as they did', async () => {
    const result: QueryResult<Record<string, unknown>> = { rows: [{ class_student_id: 's', saved_at: 1, option_keys: '[]' }] };
    const args = { result, queryId: { queryId: 'q' } };
    expect(await new CamelCaseRows().transformResult(args)).toEqual(await new CamelCasePlugin().transformResult(args));
    expect((await new CamelCaseRows().transformResult(args)).rows).toEqual([{ classStudentId: 's', savedAt: 1, optionKeys: '[]' }]);
  });
});

/**
 * `+?` is the same value as `?` with the same (no) affinity: the same statement finds the same rows
 * either way, whatever the values and the columns' types. Run on a real SQLite database with the
 * comparisons the portal writes (=, <>, <, >=, in, is, like, limit), values of every kind against
 * text, integer, real and untyped columns.
 */
describe('a bound value written +? on SQLite', () => {
  it('finds exactly the rows a bare ? finds', () => {
    const db = new SQLite(':memory:');
    try {
      db.exec('create table t (id integer primary key, s varchar(20), n bigint, r real, u)');
      db.exec('create index t_s on t (s, n)');
      const value = fc.oneof(
        fc.integer({ min: -5, max: 5 }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.constantFrom('1', '2', '-3', '1.5', 'a', 'b', '', '01', 'A%', '%'),
        fc.constant(null),
      );
      const insert = db.prepare('insert into t (s, n, r, u) values (?, ?, ?, ?)');
      fc.assert(
        fc.property(
          fc.array(fc.tuple(value, value, value, value), { maxLength: 12 }),
          fc.constantFrom('s', 'n', 'r', 'u'),
          fc.constantFrom('= ?', '<> ?', '< ?', '>= ?', 'in (?, ?)', 'is ?', 'like ?', '= ? or 1 order by id limit ?'),
          value,
          value,
          (rows, column, test, a, b) => {
            db.exec('delete from t');
            for (const row of rows) insert.run(...row.map((v) => (typeof v === 'boolean' ? Number(v) : v)));
            const order = (q: string) => (q.includes('limit') ? q : `${q} order by id`);
            const where = order(`select id from t where ${column} ${test}`);
            const args = test.includes('limit') ? [a, 3] : test.startsWith('in') ? [a, b] : [a];
            const bare = db.prepare(where).all(...args);
            const plus = db.prepare(where.replaceAll('?', SQLITE_PARAMETER)).all(...args);
            // a join as the portal writes them (the case the plan is kept for)
            const joined = order(`select t.id from t join t as o on o.id = t.id where t.${column} ${test}`).replace('order by id', 'order by t.id');
            expect(plus).toEqual(bare);
            expect(db.prepare(joined.replaceAll('?', SQLITE_PARAMETER)).all(...args)).toEqual(db.prepare(joined).all(...args));
          },
        ),
        { numRuns: 400 },
      );
    } finally {
      db.close();
    }
  });
});
