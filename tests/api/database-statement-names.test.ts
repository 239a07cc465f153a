import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DB } from '~/server/db/database';
import { prepared } from '~/server/db/prepared';
import { isStaleStatement } from '~/server/db/statement-names';
import { makeDatabase, ON_POSTGRES } from '../setup/server';

/**
 * On PostgreSQL the statements printed once are prepared on the server under a name, once per connection
 * (decision 118), and no other statement is. A named statement that went stale under a running process (a rolling
 * upgrade's migration added a column to a table it reads whole) is prepared again: at once outside a transaction;
 * inside one, the transaction fails as the server aborted it, and the next use runs.
 */

describe.skipIf(!ON_POSTGRES)('statements prepared on the server by name', () => {
  let made: { url: string; drop: () => Promise<void> };
  let db: DB;
  // One connection: what the test asks of pg_prepared_statements is that connection's own.
  beforeAll(async () => {
    made = await makeDatabase();
    ({ db } = await openDatabase({ url: made.url, poolSize: 1 }));
    // Each test its own table and statement (the tests run in any order on the one connection).
    for (const table of [sql`named_probe`, sql`stale_probe`]) {
      await sql`create table ${table} (id integer primary key, a text)`.execute(db);
      await sql`insert into ${table} (id, a) values (1, 'one'), (2, 'two')`.execute(db);
    }
  });
  afterAll(async () => {
    await db?.destroy();
    await made?.drop();
  });

  // The tables are the test's own: added to the schema's types for these statements.
  type Probe = { id: number; a: string; b?: string; c?: string };
  const probeOf = (table: 'namedProbe' | 'staleProbe') =>
    prepared(1, (d: DB, id: number) => d.withTables<{ namedProbe: Probe; staleProbe: Probe }>().selectFrom(table).selectAll().where('id', '=', id));
  const preparedNow = async () =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(db)).rows;

  test('a statement printed once is prepared once under its name and run by it; any other statement is not', async () => {
    const probe = probeOf('namedProbe');
    const before = (await preparedNow()).length;
    expect((await probe.first(db, 1))?.a).toBe('one');
    expect((await probe.first(db, 2))?.a).toBe('two');
    const after = await preparedNow();
    const mine = after.filter((p) => p.statement.includes('named_probe'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^portal_\d+$/);
    expect(after.length).toBe(before + 1);
    // A statement built for its call is sent as before, without a name.
    await sql`select a from named_probe where id = ${1}`.execute(db);
    expect((await preparedNow()).length).toBe(before + 1);
  });

  test('stale after a column is added: prepared again at once outside a transaction; inside one the transaction fails once', async () => {
    const probe = probeOf('staleProbe');
    expect((await probe.first(db, 1))?.a).toBe('one');
    await sql`alter table stale_probe add column b text default 'bee'`.execute(db);
    // Outside a transaction: answered, with the new column.
    expect(await probe.first(db, 1)).toEqual({ id: 1, a: 'one', b: 'bee' });

    await sql`alter table stale_probe add column c text default 'sea'`.execute(db);
    const failed = await db
      .transaction()
      .execute(async (trx) => probe.first(trx, 2))
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '0A000' });
    // The API answers it as "not now" (503), which the answering page and the player send again.
    expect(isStaleStatement(failed)).toBe(true);
    expect(isStaleStatement(new Error('another failure'))).toBe(false);
    // The next transaction prepares it anew.
    expect(await db.transaction().execute(async (trx) => probe.first(trx, 2))).toEqual({ id: 2, a: 'two', b: 'bee', c: 'sea' });
    // Each later change too: every new name is new on the connection.
    for (const column of ['d', 'e', 'f']) {
      await sql`alter table stale_probe add column ${sql.raw(column)} text default 'x'`.execute(db);
      expect(await probe.first(db, 1)).toMatchObject({ id: 1, [column]: 'x' });
    }
  });
});
