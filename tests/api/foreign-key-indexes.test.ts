import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { openDatabase, type DB } from '~/server/db/database';
import { makeDatabase, ON_POSTGRES } from '../setup/server';

/**
 * Every foreign key's child columns lead an index (decisions 133 and 134). Both engines look a deleted row's children up
 * by the child columns alone, to check the key or to cascade the delete; without an index that begins with them the
 * look-up scans every school's rows of the child table, and on SQLite it does so while it holds the one writer (a class
 * nobody had joined took 219 ms to delete beside a class of 20,001). Runs on the engine of DATABASE_URL, on the schema
 * the migrations make.
 */

/**
 * Parents the portal never deletes, so their children are never looked up by them: an account is disabled, not deleted.
 * A school's rows go with the school, which only the demo's reset deletes (its key, tenant_id, is not checked here).
 */
const NEVER_DELETED = { users: 'users', staff_accounts: 'staffAccounts' } as const;

interface ForeignKey {
  table: string;
  columns: string[];
  parent: string;
}
interface Index {
  table: string;
  name: string;
  columns: string[];
}

let database: Awaited<ReturnType<typeof makeDatabase>>;
let db: DB;

beforeAll(async () => {
  database = await makeDatabase(undefined, inject('databaseTemplates')?.migrated);
  ({ db } = await openDatabase({ url: database.url, poolSize: 1 }));
  if (!inject('databaseTemplates')) {
    const { migrateToLatest } = await import('~/server/db/database');
    await migrateToLatest(db);
  }
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** The schema's foreign keys and its whole (not partial) indexes, primary keys included, with their columns in order. */
async function schema(): Promise<{ keys: ForeignKey[]; indexes: Index[] }> {
  if (ON_POSTGRES) {
    const columnsOf = (relation: string, numbers: string) => sql`array_to_string(array(
      select a.attname from unnest(${sql.raw(numbers)}) with ordinality k(n, o)
      join pg_attribute a on a.attrelid = ${sql.raw(relation)} and a.attnum = k.n order by k.o), ',')`;
    const keys = await sql<{ table: string; columns: string; parent: string }>`
      select t.relname as "table", ${columnsOf('c.conrelid', 'c.conkey')} as columns, p.relname as parent
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class p on p.oid = c.confrelid
      where c.contype = 'f' and t.relnamespace = current_schema()::regnamespace`.execute(db);
    const indexes = await sql<{ table: string; name: string; columns: string }>`
      select t.relname as "table", i.relname as name, ${columnsOf('x.indrelid', 'x.indkey::int2[]')} as columns
      from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      where x.indpred is null and t.relnamespace = current_schema()::regnamespace`.execute(db);
    return {
      keys: keys.rows.map((k) => ({ ...k, columns: k.columns.split(',') })),
      indexes: indexes.rows.map((i) => ({ ...i, columns: i.columns.split(',') })),
    };
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(db);
  const keys = new Map<string, ForeignKey>();
  const indexes: Index[] = [];
  for (const { name: table } of tables.rows) {
    const fks = await sql<{
      id: number;
      table: string;
      from: string;
    }>`select id, "table", "from" from pragma_foreign_key_list(${table}) order by id, seq`.execute(db);
    for (const fk of fks.rows) {
      const key = keys.get(`${table}#${fk.id}`) ?? { table, columns: [], parent: fk.table };
      key.columns.push(fk.from);
      keys.set(`${table}#${fk.id}`, key);
    }
    const list = await sql<{ name: string; partial: number }>`select name, partial from pragma_index_list(${table})`.execute(db);
    for (const index of list.rows.filter((i) => !i.partial)) {
      const columns = await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      indexes.push({ table, name: index.name, columns: columns.rows.map((c) => c.name) });
    }
  }
  return { keys: [...keys.values()], indexes };
}

/** Whether an index begins with the key's columns, in any order: an equality on each of them then reads only its rows. */
const leads = (index: Index, key: ForeignKey) =>
  index.table === key.table && key.columns.every((column) => index.columns.slice(0, key.columns.length).includes(column));

test("every foreign key of a parent the portal deletes has an index that begins with the key's columns", async () => {
  const { keys, indexes } = await schema();
  // The schema has its keys and indexes: a query that read none would pass anything.
  expect(keys.length).toBeGreaterThan(50);
  expect(indexes.length).toBeGreaterThan(keys.length);
  const checked = keys.filter((key) => !(key.columns.length === 1 && key.columns[0] === 'tenant_id') && !(key.parent in NEVER_DELETED));
  expect(checked.length).toBeGreaterThan(50);
  const unindexed = checked.filter((key) => !indexes.some((index) => leads(index, key)));
  expect(unindexed.map((key) => `${key.table}(${key.columns.join(', ')}) → ${key.parent}`)).toEqual([]);
});

test('the parents taken as never deleted are deleted nowhere in the portal', () => {
  const root = join(import.meta.dirname, '../../src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|astro)$/.test(f));
  expect(files.length).toBeGreaterThan(100);
  for (const [table, name] of Object.entries(NEVER_DELETED)) {
    const deletes = new RegExp(`deleteFrom\\(\\s*'${name}|delete\\s+from\\s+"?${table}\\b`, 'i');
    expect(
      files.filter((f) => deletes.test(readFileSync(join(root, f), 'utf8'))),
      table,
    ).toEqual([]);
  }
});

// SQLite shows the look-ups of a delete's foreign keys in its plan: each parent the portal deletes, deleted by its key,
// finds every child table's rows through an index (decision 133 read the lesson's, enrolment's, activity's, chapter's
// and paper's; decision 134 every parent's).
test.skipIf(ON_POSTGRES)("deleting any row the portal deletes finds each child table's rows through an index, never a scan", async () => {
  const { keys } = await schema();
  const parents = [...new Set(keys.filter((key) => !(key.parent in NEVER_DELETED) && key.parent !== 'tenants').map((key) => key.parent))];
  expect(parents).toEqual(
    expect.arrayContaining(['teaching_classes', 'courses', 'classrooms', 'class_students', 'class_activities', 'course_chapters', 'exam_papers']),
  );
  for (const parent of parents) {
    const plan = await sql<{ detail: string }>`explain query plan delete from ${sql.table(parent)} where id = ${'an-id'}`.execute(db);
    const steps = plan.rows.map((r) => r.detail);
    expect(steps.length, parent).toBeGreaterThan(1);
    expect(
      steps.filter((step) => step.startsWith('SCAN')),
      parent,
    ).toEqual([]);
  }
});
