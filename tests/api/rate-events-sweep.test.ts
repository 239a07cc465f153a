import { describe, expect, test } from 'vitest';
import { RATE_KEEP_MS, RATE_LIMITS } from '~/server/limits/limits.rules';
import { forgetOldWrites, logWrite } from '~/server/limits/limits.service';
import { uniqueIp } from '../setup/login';
import { DEMO, useTestServer } from '../setup/server';
import { loginAs } from '../setup/users';

/**
 * The writes the rate limits log are removed by the periodic clean-up (limits/sweep.ts), not by the
 * write after them: a write older than the longest window goes, one within it stays and still counts.
 */
const server = useTestServer();

describe('the rate limits clean-up', () => {
  test('removes the logged writes no window counts any more, and only those', async () => {
    const s = server();
    const { userId } = await loginAs(s, DEMO.id);
    const ip = uniqueIp();
    const at = s.clock.value;
    const write = (now: number) => logWrite(s.runtime.db, 'PROGRESS', RATE_LIMITS.PROGRESS, { userId, ip, now });
    await write(at - RATE_KEEP_MS - 1);
    await write(at - RATE_KEEP_MS + 1);
    await write(at);
    const mine = () => s.runtime.db.selectFrom('rateEvents').select('createdAt').where('userId', '=', userId).orderBy('createdAt').execute();
    // The write itself removes nothing.
    expect(await mine()).toHaveLength(3);
    await forgetOldWrites(s.runtime.db, at);
    expect((await mine()).map((r) => r.createdAt)).toEqual([at - RATE_KEEP_MS + 1, at]);
  });
});
