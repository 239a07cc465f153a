import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  FinalJobFailure,
  JOB_BASE_BACKOFF_MS,
  JOB_LEASE_MS,
  JOB_MAX_BACKOFF_MS,
  JOB_STATES,
  afterFailure,
  errorText,
  retryDelayMs,
} from '~/server/jobs/jobs.rules';
import { JOB_STATES_AT_CREATION } from '~/server/db/migrations/20261125T1630_jobs';

describe('job rules', () => {
  test("the migration's CHECK lists exactly the states the code uses", () => {
    expect([...JOB_STATES_AT_CREATION].sort()).toEqual([...JOB_STATES].sort());
  });

  test('the retry delay doubles from the base and stops growing at the maximum', () => {
    expect(retryDelayMs(1)).toBe(JOB_BASE_BACKOFF_MS);
    expect(retryDelayMs(2)).toBe(2 * JOB_BASE_BACKOFF_MS);
    expect(retryDelayMs(3)).toBe(4 * JOB_BASE_BACKOFF_MS);
    expect(retryDelayMs(1000)).toBe(JOB_MAX_BACKOFF_MS);
    fc.assert(fc.property(fc.integer({ min: 1, max: 200 }), (n) => retryDelayMs(n + 1) >= retryDelayMs(n) && retryDelayMs(n) <= JOB_MAX_BACKOFF_MS));
  });

  test('a failure before the last attempt queues the job again later; the last one fails it', () => {
    expect(afterFailure(1, 3, 1000)).toEqual({ state: 'queued', runAt: 1000 + JOB_BASE_BACKOFF_MS });
    expect(afterFailure(2, 3, 1000)).toEqual({ state: 'queued', runAt: 1000 + 2 * JOB_BASE_BACKOFF_MS });
    expect(afterFailure(3, 3, 1000)).toEqual({ state: 'failed' });
    expect(afterFailure(4, 3, 1000)).toEqual({ state: 'failed' });
  });

  test('a final failure (a program the server lacks) fails at its first attempt; no retry is queued', () => {
    expect(afterFailure(1, 3, 1000, true)).toEqual({ state: 'failed' });
    expect(afterFailure(1, 3, 1000, false)).toEqual({ state: 'queued', runAt: 1000 + JOB_BASE_BACKOFF_MS });
  });

  test("an error is kept as its message, cut to the column's size", () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText('text')).toBe('text');
    expect(errorText(new Error('x'.repeat(5000)))).toHaveLength(1000);
  });

  test('a claim lasts two minutes; a final failure is an error of its own name, its message kept', () => {
    expect(JOB_LEASE_MS).toBe(2 * 60_000);
    const failure = new FinalJobFailure('ffmpeg is missing');
    expect(failure).toBeInstanceOf(Error);
    expect([failure.name, failure.message, errorText(failure)]).toEqual(['FinalJobFailure', 'ffmpeg is missing', 'ffmpeg is missing']);
  });
});
