import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DB } from '../../src/server/db/database';
import { makeDatabase } from '../setup/server';

/**
 * The one place rows are converted: openDatabase makes PostgreSQL answer bigint (epoch ms, counts)
 * and numeric (sums of bigint, averages) as numbers, as SQLite does, so the table types say what
 * every repository gets and no service converts a column again. Runs on the engine of
 * DATABASE_URL (SQLite by default; scripts/test-pg.sh runs it on PostgreSQL).
 */

/** An epoch-ms time past 2^31, stored as bigint. */
const EPOCH_MS = 1_764_000_000_000;

let database: Awaited<ReturnType<typeof makeDatabase>>;
let db: DB;

beforeAll(async () => {
  database = await makeDatabase();
  ({ db } = await openDatabase({ url: database.url }));
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('the database answers numbers', () => {
  test('count, sum and max over bigint, a bigint, a numeric and an average are numbers, not text', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select count(*) as n, sum(v) as total, max(v) as highest, avg(v) as mean,
             cast(${EPOCH_MS} as bigint) as at, cast(2.5 as numeric) as half
      from (select cast(1 as bigint) as v union all select cast(2 as bigint) as v) as t`.execute(db);
    expect(rows).toEqual([{ n: 2, total: 3, highest: 2, mean: 1.5, at: EPOCH_MS, half: 2.5 }]);
  });
});
