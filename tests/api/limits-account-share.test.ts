import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { ErrorCode } from '~/lib/envelope';
import { AppError } from '~/server/errors';
import { RATE_KEEP_MS, countedFrom, ratePeriod, rateSubject, type RateLimit } from '~/server/limits/limits.rules';
import { logWrite } from '~/server/limits/limits.service';
import { uniqueIp } from '../setup/login';
import { slotTotal } from '../setup/rate-counts';
import { DEMO, useTestServer } from '../setup/server';
import { loginAs } from '../setup/users';

/**
 * An address's limit counts only the writes beyond each account's own share (limits.service.ts,
 * decision 063): a school taking a test behind one address is never refused for its address, and a
 * script with many tokens there still is. Attacked with generated sequences of writes by several
 * accounts from several addresses over time, against a real database, with limits small enough to
 * meet in a few writes. Counts are kept by slot (decision 097): a count at a moment holds the writes
 * from countedFrom on. The invariants, after every write:
 * - each write is accepted or refused exactly as counting the accepted writes since countedFrom says;
 * - an account has at most the user's limit of accepted writes in any window;
 * - an address has at most its limit plus one share per account that wrote there, in any window;
 * - a write within its account's share (and the user's limit) is always accepted: the address never
 *   refuses a real student.
 */
const server = useTestServer();
const WINDOW_MS = 60_000;
const USER_MAX = 6;
const ADDRESS_MAX = 8;
const SHARE = 2;
const ACCOUNTS = 6;
const ADDRESSES = 2;
const LIMITS: readonly RateLimit[] = [
  { by: 'user', windowMs: WINDOW_MS, max: USER_MAX, message: 'limits.tooManyAnswerSaves', accountShare: 0 },
  { by: 'ip', windowMs: WINDOW_MS, max: ADDRESS_MAX, message: 'limits.tooManyFromAddress', accountShare: SHARE },
];

let accounts: string[] = [];
/** Every run starts past everything the runs before it logged. */
let start = 0;

beforeAll(async () => {
  accounts = await Promise.all(Array.from({ length: ACCOUNTS }, async () => (await loginAs(server(), DEMO.id)).userId));
  start = server().clock.value;
});

interface Accepted {
  account: number;
  address: number;
  at: number;
  /** Beyond its account's share: it counts against its address. */
  overShare: boolean;
}

const within = (list: Accepted[], at: number) => list.filter((w) => w.at > at - WINDOW_MS && w.at <= at);

/** What the limiter must answer, from the writes it accepted before: the rules counted by hand. */
function expected(accepted: Accepted[], account: number, address: number, at: number): { ok: boolean; overShare: boolean } {
  const counted = accepted.filter((w) => w.at >= countedFrom(WINDOW_MS, at));
  const mine = counted.filter((w) => w.account === account).length + 1;
  if (mine > USER_MAX) return { ok: false, overShare: false };
  if (mine <= SHARE) return { ok: true, overShare: false };
  const there = counted.filter((w) => w.address === address && w.overShare).length + 1;
  return { ok: there <= ADDRESS_MAX, overShare: true };
}

async function write(account: number, ip: string, at: number): Promise<boolean> {
  try {
    await logWrite(server().runtime.db, 'ANSWER_SAVE', LIMITS, { userId: accounts[account]!, ip, now: at });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.TOO_MANY_REQUESTS) return false;
    throw error;
  }
}

describe("an address's limit beyond each account's share", () => {
  test('generated writes of several accounts from several addresses keep every invariant', async () => {
    const step = fc.record({
      account: fc.nat({ max: ACCOUNTS - 1 }),
      address: fc.nat({ max: ADDRESSES - 1 }),
      // Mostly writes close together (a limit is met in a few), now and then a window passing.
      advanceMs: fc.oneof(
        { arbitrary: fc.constant(0), weight: 3 },
        { arbitrary: fc.nat({ max: 1_000 }), weight: 3 },
        { arbitrary: fc.nat({ max: WINDOW_MS }), weight: 1 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 80 }), async (steps) => {
        start += RATE_KEEP_MS + WINDOW_MS;
        const ips = Array.from({ length: ADDRESSES }, () => uniqueIp());
        const accepted: Accepted[] = [];
        let at = start;
        for (const s of steps) {
          at += s.advanceMs;
          const before = within(accepted, at);
          const mine = before.filter((w) => w.account === s.account).length;
          const counted = accepted.filter((w) => w.account === s.account && w.at >= countedFrom(WINDOW_MS, at)).length;
          const model = expected(accepted, s.account, s.address, at);
          const ok = await write(s.account, ips[s.address]!, at);
          expect(ok).toBe(model.ok);
          if (ok) accepted.push({ account: s.account, address: s.address, at, overShare: model.overShare });
          // Within the account's share over the time counted (a window and at most a slot): never refused.
          if (counted < SHARE) expect(ok).toBe(true);
          // Within its share over the last window alone: refused only while the slot before it still counts.
          if (mine < SHARE && !ok) expect(counted).toBeGreaterThanOrEqual(SHARE);
          const now = within(accepted, at);
          expect(now.filter((w) => w.account === s.account).length).toBeLessThanOrEqual(USER_MAX);
          const there = now.filter((w) => w.address === s.address);
          expect(there.length).toBeLessThanOrEqual(ADDRESS_MAX + SHARE * new Set(there.map((w) => w.account)).size);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('a burst at one instant: accounts within their share all pass; accounts flooding stop at the address', async () => {
    start += RATE_KEEP_MS + WINDOW_MS;
    const ip = uniqueIp();
    const school = await Promise.all(Array.from({ length: ACCOUNTS * SHARE }, (_, i) => write(i % ACCOUNTS, ip, start)));
    expect(school.every(Boolean)).toBe(true);

    start += RATE_KEEP_MS + WINDOW_MS;
    const flood = await Promise.all(Array.from({ length: ACCOUNTS * USER_MAX }, (_, i) => write(i % ACCOUNTS, ip, start)));
    // Concurrent writes may all be refused together, never accepted past a limit.
    expect(flood.filter(Boolean).length).toBeLessThanOrEqual(ADDRESS_MAX + SHARE * ACCOUNTS);
    // What was refused counts nothing: each account's count is its accepted writes, and the address's
    // holds at least those beyond each account's share and no more than its limit.
    const db = server().runtime.db;
    const countOf = async (subject: string) => {
      const row = await db
        .selectFrom('rateCount')
        .selectAll()
        .where('kind', '=', 'ANSWER_SAVE')
        .where('windowMs', '=', WINDOW_MS)
        .where('period', '=', ratePeriod(WINDOW_MS, start))
        .where('subject', '=', subject)
        .executeTakeFirst();
      return slotTotal(row);
    };
    let beyondShares = 0;
    for (let a = 0; a < ACCOUNTS; a++) {
      const mine = flood.filter((ok, i) => ok && i % ACCOUNTS === a).length;
      expect(await countOf(rateSubject('user', accounts[a]!))).toBe(mine);
      beyondShares += Math.max(0, mine - SHARE);
    }
    const address = await countOf(rateSubject('ip', ip));
    expect(address).toBeGreaterThanOrEqual(beyondShares);
    expect(address).toBeLessThanOrEqual(Math.min(ADDRESS_MAX, flood.filter(Boolean).length));
  });
});
