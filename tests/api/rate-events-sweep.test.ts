import { describe, expect, test } from 'vitest';
import { KIND_KEEP_MS, RATE_LIMITS } from '~/server/limits/limits.rules';
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
});
