import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { classWideReads } from '~/server/db/read-worker';
import { ON_POSTGRES, useTestServer } from '../setup/server';

/**
 * Reads of a whole class (decision 137): on SQLite the server answers them in a worker thread, on a connection of its
 * own, so that a class of 20,000's ranking does not hold every other request; on PostgreSQL they go to the pool as
 * every read does. Promises: such a read sees what the server committed before it was asked; the event loop goes on
 * while it runs (where the server's own connection holds it); it changes nothing; a failed statement says why.
 */
describe('class-wide reads', () => {
  const server = useTestServer();

  /** A statement that keeps SQLite busy for a while (a count to `n`, step by step), with nothing read from a table. */
  const busy = (n: number) => sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n}) select count(*) as n from c`;
  const STEPS = 1_500_000;

  /** Whether a timer set just before `read` fired before the read was answered. */
  async function timerFiredDuring(read: () => Promise<unknown>): Promise<boolean> {
    let fired = false;
    const timer = setTimeout(() => {
      fired = true;
    }, 0);
    // The read is asked once the timer is set; with the server's own connection the statement runs in this thread.
    await read();
    const during = fired;
    clearTimeout(timer);
    return during;
  }

  test.skipIf(ON_POSTGRES)('on SQLite a long read runs beside the event loop, where the server’s own connection holds it', async () => {
    const { db, classWideDb } = server().runtime;
    expect(classWideDb).not.toBe(db);
    expect(await timerFiredDuring(() => busy(STEPS).execute(classWideDb))).toBe(true);
    // The same statement on the server's connection: the timer waits for it (what the worker spares the requests).
    expect(await timerFiredDuring(() => busy(STEPS).execute(db))).toBe(false);
    const { rows } = await busy(STEPS).execute(classWideDb);
    expect(Number(rows[0]!.n)).toBe(STEPS);
  });

  test.skipIf(ON_POSTGRES)('a worker that cannot open its file says so once, and its reads are answered on the server’s connection', async () => {
    const { db } = server().runtime;
    const errors: Error[] = [];
    const reads = classWideReads(`${tmpdir()}/no-such-dir-${crypto.randomUUID()}/portal.sqlite`, 1_000, {
      fallback: (query) => db.executeQuery(query),
      onError: (error) => errors.push(error),
    });
    // Asked at once: some may be waiting when the worker ends, the rest asked after; each is answered.
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => sql<{ n: number }>`select ${i} as n`.execute(reads)));
    expect(answers.map((a) => Number(a.rows[0]!.n))).toEqual([0, 1, 2, 3, 4]);
    expect(errors).toHaveLength(1);
    const later = await sql<{ n: number }>`select 7 as n`.execute(reads);
    expect(Number(later.rows[0]!.n)).toBe(7);
    expect(errors).toHaveLength(1);
    await reads.destroy();
  });

  test.skipIf(!ON_POSTGRES)('on PostgreSQL a class-wide read goes to the pool', () => {
    expect(server().runtime.classWideDb).toBe(server().runtime.db);
  });

  test('a read sees what was committed just before it, and each of many asked at once gets its own answer', async () => {
    const { db, classWideDb } = server().runtime;
    const subject = `class-wide-${crypto.randomUUID()}`;
    const row = (n: number) => ({ kind: 'NOTE' as const, windowMs: 60_000, period: n, subject, c0: n });
    for (let n = 1; n <= 20; n++) {
      await db.insertInto('rateCount').values(row(n)).execute();
      // Asked at once, answered in any order of arrival: each its own statement's rows.
      const seen = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          classWideDb
            .selectFrom('rateCount')
            .select(['period', 'c0'])
            .where('subject', '=', subject)
            .where('period', '=', i + 1)
            .executeTakeFirst(),
        ),
      );
      expect(seen.map((r) => r?.c0)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    }
    await db.deleteFrom('rateCount').where('subject', '=', subject).execute();
  });

  // On PostgreSQL the class-wide reads are the pool's, which writes; the worker's connection is query-only.
  test.skipIf(ON_POSTGRES)(
    'on SQLite a statement that would write is refused and changes nothing; a failed statement says why and the next is answered',
    async () => {
      const { db, classWideDb } = server().runtime;
      const subject = `class-wide-${crypto.randomUUID()}`;
      const write = classWideDb.insertInto('rateCount').values({ kind: 'NOTE', windowMs: 60_000, period: 1, subject, c0: 1 });
      await expect(write.execute()).rejects.toThrow();
      expect(await db.selectFrom('rateCount').select('subject').where('subject', '=', subject).execute()).toEqual([]);
      await expect(sql`select * from no_such_table`.execute(classWideDb)).rejects.toThrow(/no_such_table/);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(classWideDb);
      expect(Number(rows[0]!.one)).toBe(1);
    },
  );
});
