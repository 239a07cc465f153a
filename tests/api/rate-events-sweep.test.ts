import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { KIND_KEEP_MS, RATE_KEEP_MS, RATE_LIMITS, ratePeriod } from '~/server/limits/limits.rules';
import type { RateKind } from '~/server/limits/limits.table';
import { forgetOldWrites, logWrite } from '~/server/limits/limits.service';
import { uniqueIp } from '../setup/login';
import { DEMO, useTestServer } from '../setup/server';
import { loginAs } from '../setup/users';

/**
 * The writes the rate limits log are removed by the periodic clean-up (limits/sweep.ts), not by the
 * write after them. The clean-up removes whole periods of a kind (limits.rules.ts ratePeriod): those
 * before the last two. A write still inside its kind's longest window is never removed; one two
 * windows old always is. A batch at a time, until no old row is left.
 */
const server = useTestServer();

async function logged(kind: RateKind, times: number[]) {
  const s = server();
  const { userId } = await loginAs(s, DEMO.id);
  const ip = uniqueIp();
  for (const now of times) await logWrite(s.runtime.db, kind, RATE_LIMITS[kind], { userId, ip, now });
  return async () =>
    (await s.runtime.db.selectFrom('rateLog').select('createdAt').where('userId', '=', userId).orderBy('createdAt').execute()).map((r) => r.createdAt);
}

/** The first moment of the period `at` falls in. */
const periodStart = (kind: RateKind, at: number) => ratePeriod(kind, at) * KIND_KEEP_MS[kind];

describe('the rate limits clean-up', () => {
  test('removes the periods before the last two of each kind, and only those', async () => {
    const at = server().clock.value;
    const keep = KIND_KEEP_MS.ANSWER_SAVE;
    const previous = periodStart('ANSWER_SAVE', at) - keep;
    const save = await logged('ANSWER_SAVE', [previous - 1, previous, at - keep, at]);
    // A comment of two minutes ago is in its hour's period or the one before: it stays.
    const comment = await logged('COMMENT', [periodStart('COMMENT', at) - KIND_KEEP_MS.COMMENT - 1, at - 2 * keep, at]);
    // The write itself removes nothing.
    expect(await save()).toHaveLength(4);
    expect(await comment()).toHaveLength(3);
    await forgetOldWrites(server().runtime.db, at);
    expect(await save()).toEqual([previous, at - keep, at]);
    expect(await comment()).toEqual([at - 2 * keep, at]);
  });

  test('removes every old row a batch at a time, the rows of the last two periods left', async () => {
    const at = server().clock.value;
    const old = periodStart('PROGRESS', at) - KIND_KEEP_MS.PROGRESS - 1;
    // Seven old rows through batches of three: two full batches and a short one.
    const progress = await logged('PROGRESS', [...Array.from({ length: 7 }, (_, i) => old - i), at]);
    expect(await forgetOldWrites(server().runtime.db, at, 3)).toBeGreaterThanOrEqual(7);
    expect(await progress()).toEqual([at]);
  });

  test('whatever the writes, kinds and batch size: nothing still counting goes, nothing two windows old stays', async () => {
    const s = server();
    const { userId } = await loginAs(s, DEMO.id);
    const ip = uniqueIp();
    const kinds = Object.keys(KIND_KEEP_MS) as RateKind[];
    const at = s.clock.value;
    // Ages about each kind's windows and periods, their edges included.
    const edges = Object.values(KIND_KEEP_MS).flatMap((keep) => [keep - 1, keep, keep + 1, 2 * keep - 1, 2 * keep, 2 * keep + 1]);
    const age = fc.oneof(fc.integer({ min: 0, max: 3 * RATE_KEEP_MS }), fc.constantFrom(...edges));
    const writes = fc.array(fc.record({ kind: fc.constantFrom(...kinds), age }), { maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(writes, fc.integer({ min: 1, max: 5 }), async (list, batch) => {
        await s.runtime.db.deleteFrom('rateLog').where('userId', '=', userId).execute();
        // Written straight into the log: the limits themselves are not under test here.
        for (const w of list) {
          const createdAt = at - w.age;
          await s.runtime.db
            .insertInto('rateLog')
            .values({ kind: w.kind, period: ratePeriod(w.kind, createdAt), userId, ip, createdAt, overShare: 0 })
            .execute();
        }
        await forgetOldWrites(s.runtime.db, at, batch);
        const left = (await s.runtime.db.selectFrom('rateLog').select(['kind', 'createdAt']).where('userId', '=', userId).execute()).map(
          (r) => `${r.kind} ${r.createdAt}`,
        );
        const key = (w: { kind: RateKind; age: number }) => `${w.kind} ${at - w.age}`;
        for (const w of list) {
          if (w.age < KIND_KEEP_MS[w.kind]) expect(left).toContain(key(w));
          if (w.age >= 2 * KIND_KEEP_MS[w.kind]) expect(left).not.toContain(key(w));
        }
        // Exactly the periods before the last two go.
        const kept = list.filter((w) => ratePeriod(w.kind, at - w.age) >= ratePeriod(w.kind, at) - 1).map(key);
        expect(left.sort()).toEqual(kept.sort());
      }),
      { numRuns: 40 },
    );
  });
});
