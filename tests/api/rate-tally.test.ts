import { expect, test } from 'vitest';
import { countWrite, uncountWrite, type CountedWrite } from '~/server/limits/limits.repository';
import { rateSubject } from '~/server/limits/limits.rules';
import { newId } from '~/server/ids';
import { useTestServer } from '../setup/server';

/**
 * A subject's row of rate_tally through periods (decision 127): a count answers the latest period's writes and the
 * period before's from its slot on, as limits.rules.ts countedFrom counts; a later period moves the row on; a write an
 * instance counts after another began the next period is kept in its own period, and answered with both periods whole.
 * tests/api/limits-account-share.test.ts holds generated writes to the rule; this file walks the row's cases one by one.
 */
const server = useTestServer();
const MINUTE = 60_000;

test("a row through its periods: the same, the next, two on, and a write of the period before the row's", async () => {
  const db = server().runtime.db;
  const subject = rateSubject('user', newId(server().clock.value));
  const P = 1_000;
  const at = (period: number, slot: number): CountedWrite => ({ kind: 'LIKE', windowMs: MINUTE, period, slot, subject });
  const counts = async (w: CountedWrite, times = 1) => {
    const made: number[] = [];
    for (let i = 0; i < times; i++) made.push(await countWrite(db, w));
    return made;
  };
  // Four writes in the period's first slot, two in its last.
  expect(await counts(at(P, 0), 4)).toEqual([1, 2, 3, 4]);
  expect(await counts(at(P, 11), 2)).toEqual([5, 6]);
  // The next period: in its first slot all of the period before counts, in its last slot only the period before's last.
  expect(await counts(at(P + 1, 0))).toEqual([7]);
  expect(await counts(at(P + 1, 11))).toEqual([1 + 1 + 2]);
  // A write of period P counted now: kept in P's last slot, answered with P whole (six and itself) and P + 1's two.
  expect(await counts(at(P, 11))).toEqual([7 + 2]);
  // The next period's count sees it in P's last slot: P + 1's three, P's last slot's three.
  expect(await counts(at(P + 1, 11))).toEqual([3 + 3]);
  // Taken back (refused), it no longer counts: P + 1's four, P's last slot's two.
  await uncountWrite(db, at(P, 11));
  expect(await counts(at(P + 1, 11))).toEqual([4 + 2]);
  // Two periods on, nothing before counts.
  expect(await counts(at(P + 3, 0))).toEqual([1]);
  // A write taken back in the latest period, never below zero.
  await uncountWrite(db, at(P + 3, 0));
  await uncountWrite(db, at(P + 3, 0));
  expect(await counts(at(P + 3, 5))).toEqual([1]);
});
