import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { KIND_KEEP_MS, RATE_KEEP_MS, RATE_LIMITS } from '~/server/limits/limits.rules';
import type { RateKind } from '~/server/limits/limits.table';
import { forgetOldWrites, logWrite } from '~/server/limits/limits.service';
import { uniqueIp } from '../setup/login';
import { DEMO, useTestServer } from '../setup/server';
import { loginAs } from '../setup/users';

/**
 * The writes the rate limits log are removed by the periodic clean-up (limits/sweep.ts), not by the
 * write after them: a write older than its kind's longest window goes, one within it stays and still
 * counts. The clean-up removes a batch at a time, until no old row is left.
 */
const server = useTestServer();

async function logged(kind: RateKind, times: number[]) {
  const s = server();
  const { userId } = await loginAs(s, DEMO.id);
  const ip = uniqueIp();
  for (const now of times) await logWrite(s.runtime.db, kind, RATE_LIMITS[kind], { userId, ip, now });
  const mine = async () =>
    (await s.runtime.db.selectFrom('rateEvents').select('createdAt').where('userId', '=', userId).orderBy('createdAt').execute()).map((r) => r.createdAt);
  return mine;
}

describe('the rate limits clean-up', () => {
  test('removes the logged writes no window of their kind counts any more, and only those', async () => {
    const at = server().clock.value;
    const save = await logged('ANSWER_SAVE', [at - KIND_KEEP_MS.ANSWER_SAVE - 1, at - KIND_KEEP_MS.ANSWER_SAVE, at - KIND_KEEP_MS.ANSWER_SAVE + 1, at]);
    // A comment a minute and a moment old still counts for the hour's limit.
    const comment = await logged('COMMENT', [at - KIND_KEEP_MS.COMMENT - 1, at - KIND_KEEP_MS.ANSWER_SAVE - 1, at]);
    // The write itself removes nothing.
    expect(await save()).toHaveLength(4);
    expect(await comment()).toHaveLength(3);
    await forgetOldWrites(server().runtime.db, at);
    expect(await save()).toEqual([at - KIND_KEEP_MS.ANSWER_SAVE + 1, at]);
    expect(await comment()).toEqual([at - KIND_KEEP_MS.ANSWER_SAVE - 1, at]);
  });

  test('removes every old row a batch at a time, the rows within the window left', async () => {
    const at = server().clock.value;
    const old = at - KIND_KEEP_MS.PROGRESS - 1;
    // Seven old rows through batches of three: two full batches and a short one.
    const progress = await logged('PROGRESS', [...Array.from({ length: 7 }, (_, i) => old - i), at]);
    expect(await forgetOldWrites(server().runtime.db, at, 3)).toBeGreaterThanOrEqual(7);
    expect(await progress()).toEqual([at]);
  });

  test("whatever the writes, kinds and batch size, exactly the rows out of their kind's window go", async () => {
    const s = server();
    const { userId } = await loginAs(s, DEMO.id);
    const ip = uniqueIp();
    const kinds = Object.keys(KIND_KEEP_MS) as RateKind[];
    const at = s.clock.value;
    // Ages about each kind's windows, their edges included.
    const edges = Object.values(KIND_KEEP_MS).flatMap((keep) => [keep - 1, keep, keep + 1]);
    const age = fc.oneof(fc.integer({ min: 0, max: 2 * RATE_KEEP_MS }), fc.constantFrom(...edges));
    const writes = fc.array(fc.record({ kind: fc.constantFrom(...kinds), age }), { maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(writes, fc.integer({ min: 1, max: 5 }), async (list, batch) => {
        await s.runtime.db.deleteFrom('rateEvents').where('userId', '=', userId).execute();
        // Written straight into the log: the limits themselves are not under test here.
        for (const w of list)
          await s.runtime.db
            .insertInto('rateEvents')
            .values({ kind: w.kind, userId, ip, createdAt: at - w.age, overShare: 0 })
            .execute();
        await forgetOldWrites(s.runtime.db, at, batch);
        const left = await s.runtime.db.selectFrom('rateEvents').select(['kind', 'createdAt']).where('userId', '=', userId).execute();
        const kept = list.filter((w) => w.age < KIND_KEEP_MS[w.kind]).map((w) => `${w.kind} ${at - w.age}`);
        expect(left.map((r) => `${r.kind} ${r.createdAt}`).sort()).toEqual(kept.sort());
      }),
      { numRuns: 40 },
    );
  });
});
