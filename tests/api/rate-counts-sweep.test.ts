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
 * after them. The clean-up removes each kind's window's periods before the last two (limits.rules.ts
 * ratePeriod): a period a count still reads is never removed; one two periods old always is. A batch
 * at a time, until no old row is left.
 */
const server = useTestServer();
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The periods of a user's rows of a kind's window, oldest first. */
async function periodsOf(userId: string, kind: RateKind, windowMs: number): Promise<number[]> {
  const rows = await server()
    .runtime.db.selectFrom('rateCount')
    .select('period')
    .where('subject', '=', rateSubject('user', userId))
    .where('kind', '=', kind)
    .where('windowMs', '=', windowMs)
    .orderBy('period')
    .execute();
  return rows.map((r) => r.period);
}

async function wrote(kind: RateKind, times: number[]) {
  const s = server();
  const { userId } = await loginAs(s, DEMO.id);
  const ip = uniqueIp();
  for (const now of times) await logWrite(s.runtime.db, kind, RATE_LIMITS[kind], { userId, ip, now });
  return userId;
}

describe('the rate limits clean-up', () => {
  test('removes the periods before the last two of each window, and only those', async () => {
    const at = server().clock.value;
    const p = ratePeriod(MINUTE, at);
    // A save of each of four minutes: the last two stay.
    const saver = await wrote('ANSWER_SAVE', [(p - 3) * MINUTE, (p - 2) * MINUTE + 1, (p - 1) * MINUTE, at]);
    // Comments of three hours: the minutes' rows of the hour before go, the hour's row of the hour before stays.
    const h = ratePeriod(HOUR, at);
    const commenter = await wrote('COMMENT', [(h - 2) * HOUR, (h - 1) * HOUR, at]);
    // A write removes nothing.
    expect(await periodsOf(saver, 'ANSWER_SAVE', MINUTE)).toEqual([p - 3, p - 2, p - 1, p]);
    await forgetOldWrites(server().runtime.db, at);
    expect(await periodsOf(saver, 'ANSWER_SAVE', MINUTE)).toEqual([p - 1, p]);
    expect(await periodsOf(commenter, 'COMMENT', HOUR)).toEqual([h - 1, h]);
    expect(await periodsOf(commenter, 'COMMENT', MINUTE)).toEqual([p]);
  });

  test('removes every old row a batch at a time, the rows of the last two periods left', async () => {
    const s = server();
    const at = s.clock.value;
    const p = ratePeriod(MINUTE, at);
    // Seven users' old rows through batches of three: two full batches and a short one.
    const users = await Promise.all(Array.from({ length: 7 }, (_, i) => wrote('PROGRESS', [(p - 2 - i) * MINUTE, at])));
    expect(await forgetOldWrites(s.runtime.db, at, 3)).toBeGreaterThanOrEqual(7);
    for (const u of users) expect(await periodsOf(u, 'PROGRESS', MINUTE)).toEqual([p]);
  });

  test('whatever the rows, windows and batch size: exactly the periods before the last two go', async () => {
    const s = server();
    const { userId } = await loginAs(s, DEMO.id);
    const subject = rateSubject('user', userId);
    const at = s.clock.value;
    const row = fc.record({ window: fc.constantFrom(...RATE_WINDOWS), back: fc.nat({ max: 4 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, { maxLength: 12, selector: (r) => `${r.window.kind} ${r.window.windowMs} ${r.back}` }),
        fc.integer({ min: 1, max: 5 }),
        async (rows, batch) => {
          await s.runtime.db.deleteFrom('rateCount').where('subject', '=', subject).execute();
          // Written straight into the table: the limits themselves are not under test here.
          for (const r of rows) {
            const { kind, windowMs } = r.window;
            await s.runtime.db
              .insertInto('rateCount')
              .values({ kind, windowMs, period: ratePeriod(windowMs, at) - r.back, subject, c0: 1 })
              .execute();
          }
          await forgetOldWrites(s.runtime.db, at, batch);
          const left = await s.runtime.db.selectFrom('rateCount').select(['kind', 'windowMs', 'period']).where('subject', '=', subject).execute();
          const key = (kind: string, windowMs: number, period: number) => `${kind} ${windowMs} ${period}`;
          const kept = rows.filter((r) => r.back <= 1).map((r) => key(r.window.kind, r.window.windowMs, ratePeriod(r.window.windowMs, at) - r.back));
          expect(left.map((r) => key(r.kind, r.windowMs, r.period)).sort()).toEqual(kept.sort());
        },
      ),
      { numRuns: 40 },
    );
  });

  test('the table has a count for every slot', async () => {
    const row = await server()
      .runtime.db.insertInto('rateCount')
      .values({ kind: 'LIKE', windowMs: MINUTE, period: 1, subject: rateSubject('user', 'slots') })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).filter((k) => /^c\d+$/.test(k))).toHaveLength(RATE_SLOTS);
  });
});
