import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '~/server/db/database';
import { pageFrom } from '~/server/db/paging';
import { LONGEST_PREPARED_LIST, byShape, prepared, preparedIn, preparedPage } from '~/server/db/prepared';
import { CamelCaseRows, SnakeCaseSqliteDialect } from '~/server/db/snake-case';

/**
 * A statement printed once and run with new values (src/server/db/prepared.ts) answers exactly what
 * the same statement built anew for each run answers, on a real SQLite database through the portal's
 * own dialect; it is built once (a statement with a list: once for each length of the list); and a
 * value that would not be a bound value is refused.
 */

type Any = any;
let raw: SQLite.Database;
let db: DB;

beforeAll(() => {
  raw = new SQLite(':memory:');
  raw.exec('create table rate_events (id text primary key, kind text, user_id text, ip text, created_at bigint, over_share integer)');
  db = new Kysely<Any>({ dialect: new SnakeCaseSqliteDialect({ database: raw }), plugins: [new CamelCaseRows()] }) as unknown as DB;
});
afterAll(() => raw.close());

const anew = (d: DB, kind: string, userId: string, since: number) =>
  (d as unknown as Kysely<Any>)
    .selectFrom('rateEvents')
    .select(['id', 'createdAt', 'overShare'])
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('overShare', '=', 1)
    .where('createdAt', '>', since)
    .orderBy('id');

describe('prepared statements', () => {
  it('answer what the statement built anew answers, for any rows and values, and are built once', async () => {
    let builds = 0;
    const events = prepared(3, (d: DB, kind: string, userId: string, since: number) => {
      builds++;
      return anew(d, kind, userId, since);
    });
    const insert = prepared(6, (d: DB, id: string, kind: string, userId: string, ip: string, createdAt: number, overShare: number) =>
      (d as unknown as Kysely<Any>).insertInto('rateEvents').values({ id, kind, userId, ip, createdAt, overShare }),
    );
    const user = fc.constantFrom('u1', 'u2', 'u3');
    const kind = fc.constantFrom('SAVE', 'PROGRESS');
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), kind, user, fc.integer({ min: 0, max: 100 }), fc.constantFrom(0, 1)), {
          selector: (r) => r[0],
          maxLength: 15,
        }),
        kind,
        user,
        fc.integer({ min: -1, max: 101 }),
        async (rows, k, u, since) => {
          raw.exec('delete from rate_events');
          for (const [id, rk, ru, at, share] of rows) expect(await insert.run(db, id, rk, ru, '127.0.0.1', at, share)).toBe(1);
          expect(await events.all(db, k, u, since)).toEqual(await anew(db, k, u, since).execute());
          expect(await events.first(db, k, u, since)).toEqual(await anew(db, k, u, since).executeTakeFirst());
        },
      ),
      { numRuns: 150 },
    );
    expect(builds).toBe(1);
  });

  it('with a list: answers what the statement built anew answers, for any list, and is built once per length', async () => {
    const lengths: number[] = [];
    const anewIn = (d: DB, kind: string, userIds: readonly string[]) =>
      (d as unknown as Kysely<Any>).selectFrom('rateEvents').select(['id', 'userId']).where('kind', '=', kind).where('userId', 'in', userIds).orderBy('id');
    const byUsers = preparedIn(2, (d: DB, kind: string, userIds: readonly string[]) => {
      lengths.push(userIds.length);
      return anewIn(d, kind, userIds);
    });
    raw.exec('delete from rate_events');
    for (let i = 0; i < 90; i++) {
      raw.prepare("insert into rate_events values (?, ?, ?, '', 1, 0)").run(`e${String(i).padStart(2, '0')}`, i % 3 ? 'SAVE' : 'PROGRESS', `u${i % 80}`);
    }
    const user = fc.integer({ min: 0, max: 85 }).map((i) => `u${i}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('SAVE', 'PROGRESS'), fc.array(user, { minLength: 1, maxLength: LONGEST_PREPARED_LIST + 6 }), async (kind, users) => {
        expect(await byUsers.all(db, kind, users)).toEqual(await anewIn(db, kind, users).execute());
      }),
      { numRuns: 200 },
    );
    // Each length up to the longest was built once (with placeholders); a longer list anew on each call.
    const printedLengths = lengths.filter((n) => n <= LONGEST_PREPARED_LIST);
    expect(new Set(printedLengths).size).toBe(printedLengths.length);
  });

  it('with a list: refuses a list value written into the statement text', async () => {
    const inText = preparedIn(1, (d: DB, ids: readonly string[]) =>
      (d as unknown as Kysely<Any>)
        .selectFrom('rateEvents')
        .selectAll()
        .where(sql<boolean>`${sql.raw(`id in ('${ids.join("','")}')`)}`),
    );
    await expect(inText.all(db, ['a', 'b'])).rejects.toThrow(/not a bound value/);
  });

  it('runs inside a transaction on the transaction', async () => {
    const insert = prepared(1, (d: DB, id: string) =>
      (d as unknown as Kysely<Any>).insertInto('rateEvents').values({ id, kind: 'SAVE', userId: 'u', ip: '', createdAt: 1, overShare: 0 }),
    );
    raw.exec('delete from rate_events');
    await expect(
      db.transaction().execute(async (trx) => {
        await insert.run(trx as unknown as DB, 'in-trx');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(raw.prepare('select count(*) n from rate_events').get()).toEqual({ n: 0 });
  });

  it('refuses a value written into the statement text, and a value not used', async () => {
    const inText = prepared(1, (d: DB, kind: string) =>
      (d as unknown as Kysely<Any>)
        .selectFrom('rateEvents')
        .selectAll()
        .where(sql<boolean>`${sql.raw(`kind = '${kind}'`)}`),
    );
    await expect(inText.all(db, 'SAVE')).rejects.toThrow(/not a bound value/);
    const unused = prepared(2, (d: DB, kind: string, _userId: string) =>
      (d as unknown as Kysely<Any>).selectFrom('rateEvents').selectAll().where('kind', '=', kind),
    );
    await expect(unused.all(db, 'SAVE', 'u1')).rejects.toThrow(/value 1 is not a bound value/);
  });

  it('a page answers what pageFrom answers for any rows, window, order and count wish, each shape printed once', async () => {
    const forms: string[] = [];
    const filtered = (d: DB, kind: string) => (d as unknown as Kysely<Any>).selectFrom('rateEvents').where('kind', '=', kind);
    const rows = (d: DB, kind: string, order: 'asc' | 'desc') => filtered(d, kind).select(['id', 'createdAt']).orderBy('createdAt', order).orderBy('id');
    const page = byShape((order: 'asc' | 'desc') => {
      forms.push(order);
      return preparedPage(1, (d, kind: string) => rows(d, kind, order), filtered);
    });
    const kind = fc.constantFrom('SAVE', 'PROGRESS');
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), kind, fc.integer({ min: 0, max: 9 })), { selector: (r) => r[0], maxLength: 12 }),
        kind,
        fc.record({
          offset: fc.nat(14),
          limit: fc.integer({ min: 1, max: 5 }),
          order: fc.constantFrom('asc' as const, 'desc' as const),
          countTotal: fc.boolean(),
        }),
        async (events, k, w) => {
          raw.exec('delete from rate_events');
          const insert = raw.prepare("insert into rate_events values (?, ?, 'u', '', ?, 0)");
          for (const [id, ek, at] of events) insert.run(id, ek, at);
          expect(await page(w.order)(db, w, k)).toEqual(await pageFrom(w, rows(db, k, w.order), filtered(db, k)));
        },
      ),
      { numRuns: 150 },
    );
    expect(forms.sort()).toEqual(['asc', 'desc']);
  });
});
