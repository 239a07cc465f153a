import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Compilable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { bySeq, inLessons, noLessons, whereEqual } from '../../src/server/db/clauses';

// Statements are only compiled here (the driver answers nothing): each clause must send exactly
// the SQL of the chain it stands for, which the hot paths rely on.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

const sent = (q: Compilable) => {
  const { sql, parameters } = q.compile();
  return { sql, parameters };
};

describe('whereEqual', () => {
  it('sends the where chain it replaces, in the order written, for a select, an update and a delete', () => {
    expect(
      sent(
        db
          .selectFrom('workMarks')
          .selectAll()
          .$call(whereEqual({ tenantId: 't', attemptId: 'a', questionId: 'q' })),
      ),
    ).toEqual(sent(db.selectFrom('workMarks').selectAll().where('tenantId', '=', 't').where('attemptId', '=', 'a').where('questionId', '=', 'q')));
    expect(
      sent(
        db
          .updateTable('workMarks')
          .set({ revision: 2 })
          .$call(whereEqual({ questionId: 'q', tenantId: 't' })),
      ),
    ).toEqual(sent(db.updateTable('workMarks').set({ revision: 2 }).where('questionId', '=', 'q').where('tenantId', '=', 't')));
    expect(sent(db.deleteFrom('workMarks').$call(whereEqual({ tenantId: 't' })))).toEqual(sent(db.deleteFrom('workMarks').where('tenantId', '=', 't')));
  });

  it('names aliased columns of a join', () => {
    const joined = () => db.selectFrom('classTeachers as ct').innerJoin('teachingClasses as tc', 'tc.id', 'ct.classId').select('ct.classId');
    expect(sent(joined().$call(whereEqual({ 'ct.tenantId': 't', 'tc.name': 'n' })))).toEqual(
      sent(joined().where('ct.tenantId', '=', 't').where('tc.name', '=', 'n')),
    );
  });

  it('compares a null with = (matching nothing), never widening to is null', () => {
    expect(
      sent(
        db
          .selectFrom('classStudents')
          .select('id')
          .$call(whereEqual({ periodId: null })),
      ).sql,
    ).toContain('"period_id" = $1');
  });

  it('does not compile with a column the statement lacks or a value of another type', () => {
    const marks = db.selectFrom('workMarks').selectAll();
    // @ts-expect-error attemptIdx is no column of work_marks
    marks.$call(whereEqual({ tenantId: 't', attemptIdx: 'a' }));
    // @ts-expect-error revision is a number
    marks.$call(whereEqual({ revision: 'two' }));
  });
});

describe('bySeq', () => {
  it('orders by seq, ties by id', () => {
    expect(sent(db.selectFrom('examQuestions').selectAll().$call(bySeq))).toEqual(
      sent(db.selectFrom('examQuestions').selectAll().orderBy('seq').orderBy('id')),
    );
  });

  it('does not compile on a table without seq', () => {
    // @ts-expect-error work_marks has no seq
    db.selectFrom('workMarks').selectAll().$call(bySeq);
  });
});

describe('inLessons', () => {
  const records = () => db.selectFrom('lessonRecords').selectAll().where('tenantId', '=', 't');

  it('narrows to the lessons and the course given, each only when given', () => {
    expect(sent(records().$call(inLessons({ classroomIds: ['a', 'b'], courseId: 'c' })))).toEqual(
      sent(records().where('classroomId', 'in', ['a', 'b']).where('courseId', '=', 'c')),
    );
    expect(sent(records().$call(inLessons({ courseId: 'c' })))).toEqual(sent(records().where('courseId', '=', 'c')));
    expect(sent(records().$call(inLessons({})))).toEqual(sent(records()));
  });

  it('an empty list of lessons matches nothing: the caller answers none without a statement', () => {
    expect(noLessons({ classroomIds: [] })).toBe(true);
    expect(noLessons({ classroomIds: ['a'] })).toBe(false);
    expect(noLessons({ courseId: 'c' })).toBe(false);
  });
});
