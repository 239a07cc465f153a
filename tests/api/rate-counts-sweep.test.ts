import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RATE_LIMITS, RATE_SLOTS, RATE_WINDOWS, ratePeriod, rateSubject } from '~/server/limits/limits.rules';
import type { RateKind } from '~/server/limits/limits.table';
import { forgetOldWrites, logWrite } from '~/server/limits/limits.service';
import { uniqueIp } from '../setup/login';
import { DEMO, useTestServer } from '../setup/server';
import { loginAs } from '../setup/users';

/**
 * The rate limits' counts are removed by the periodic clean-up (limits/sweep.ts), not by the write
 * after them. A subject's row of a kind's window holds its latest period and the one before
 * (rate_tally, decision 127): the clean-up removes the rows whose latest period is before the last two
 * of the window (limits.rules.ts ratePeriod), which no count reads; a row a count still reads is never
 * removed. A batch at a time, until no old row is left.
 */
const server = useTestServer();
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The latest period of a user's row of a kind's window, or null when there is none. */
async function periodOf(userId: string, kind: RateKind, windowMs: number): Promise<number | null> {
  const row = await server()
    .runtime.db.selectFrom('rateTally')
    .select('period')
    .where('subject', '=', rateSubject('user', userId))
    .where('kind', '=', kind)
    .where('windowMs', '=', windowMs)
    .executeTakeFirst();
  return row ? Number(row.period) : null;
}

async function wrote(kind: RateKind, times: number[]) {
  const s = server();
  const { userId } = await loginAs(s, DEMO.id);
  const ip = uniqueIp();
  for (const now of times) await logWrite(s.runtime.db, kind, RATE_LIMITS[kind], { userId, ip, now });
  return userId;
}

describe('the rate limits clean-up', () => {
  test('removes the rows whose latest period is before the last two of each window, and only those', async () => {
    const at = server().clock.value;
    const p = ratePeriod(MINUTE, at);
    // Savers who last saved three, two and one minutes back, and one who saved long ago and now.
    const savers = await Promise.all(
      [[(p - 3) * MINUTE], [(p - 2) * MINUTE + 1], [(p - 1) * MINUTE], [(p - 3) * MINUTE, at]].map((t) => wrote('ANSWER_SAVE', t)),
    );
    // Comments two hours back and one hour back: the hour's row of the hour before stays, their minutes' rows go.
    const h = ratePeriod(HOUR, at);
    const [old, recent] = await Promise.all([wrote('COMMENT', [(h - 2) * HOUR]), wrote('COMMENT', [(h - 1) * HOUR])]);
    // A write removes nothing.
    expect(await Promise.all(savers.map((u) => periodOf(u, 'ANSWER_SAVE', MINUTE)))).toEqual([p - 3, p - 2, p - 1, p]);
    await forgetOldWrites(server().runtime.db, at);
    expect(await Promise.all(savers.map((u) => periodOf(u, 'ANSWER_SAVE', MINUTE)))).toEqual([null, null, p - 1, p]);
    expect([await periodOf(old, 'COMMENT', HOUR), await periodOf(recent, 'COMMENT', HOUR)]).toEqual([null, h - 1]);
    expect([await periodOf(old, 'COMMENT', MINUTE), await periodOf(recent, 'COMMENT', MINUTE)]).toEqual([null, null]);
  });

  test('removes every old row a batch at a time, the rows still read left', async () => {
    const s = server();
    const at = s.clock.value;
    const p = ratePeriod(MINUTE, at);
    // Seven users' old rows through batches of three: two full batches and a short one.
    const gone = await Promise.all(Array.from({ length: 7 }, (_, i) => wrote('PROGRESS', [(p - 2 - i) * MINUTE])));
    const kept = await Promise.all(Array.from({ length: 3 }, (_, i) => wrote('PROGRESS', [(p - 2 - i) * MINUTE, at])));
    expect(await forgetOldWrites(s.runtime.db, at, 3)).toBeGreaterThanOrEqual(7);
    for (const u of gone) expect(await periodOf(u, 'PROGRESS', MINUTE)).toBeNull();
    for (const u of kept) expect(await periodOf(u, 'PROGRESS', MINUTE)).toBe(p);
  });

  test('whatever the rows, windows and batch size: exactly the rows whose latest period is before the last two go', async () => {
    const s = server();
    const { userId } = await loginAs(s, DEMO.id);
    const subject = rateSubject('user', userId);
    const at = s.clock.value;
    const row = fc.record({ window: fc.constantFrom(...RATE_WINDOWS), back: fc.nat({ max: 4 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, { maxLength: 12, selector: (r) => `${r.window.kind} ${r.window.windowMs}` }),
        fc.integer({ min: 1, max: 5 }),
        async (rows, batch) => {
          await s.runtime.db.deleteFrom('rateTally').where('subject', '=', subject).execute();
          // Written straight into the table: the limits themselves are not under test here.
          for (const r of rows) {
            const { kind, windowMs } = r.window;
            await s.runtime.db
              .insertInto('rateTally')
              .values({ kind, windowMs, period: ratePeriod(windowMs, at) - r.back, subject, c0: 1, b0: 1 })
              .execute();
          }
          await forgetOldWrites(s.runtime.db, at, batch);
          const left = await s.runtime.db.selectFrom('rateTally').select(['kind', 'windowMs', 'period']).where('subject', '=', subject).execute();
          const key = (kind: string, windowMs: number, period: number) => `${kind} ${windowMs} ${period}`;
          const kept = rows.filter((r) => r.back <= 1).map((r) => key(r.window.kind, r.window.windowMs, ratePeriod(r.window.windowMs, at) - r.back));
          expect(left.map((r) => key(r.kind, r.windowMs, Number(r.period))).sort()).toEqual(kept.sort());
        },
      ),
      { numRuns: 40 },
    );
  });

  test('the table has a count for every slot, of the latest period and of the one before', async () => {
    const row = await server()
      .runtime.db.insertInto('rateTally')
      .values({ kind: 'LIKE', windowMs: MINUTE, period: 1, subject: rateSubject('user', 'slots') })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).filter((k) => /^c\d+$/.test(k))).toHaveLength(RATE_SLOTS);
    expect(Object.keys(row).filter((k) => /^b\d+$/.test(k))).toHaveLength(RATE_SLOTS);
  });
});
