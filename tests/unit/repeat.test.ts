import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from '../../src/server/repeat';

const INTERVAL_MS = 1_000;

afterEach(() => {
  vi.useRealTimers();
});

/** A run that stays pending until released, counting how often it started. */
function heldRun() {
  let release: () => void = () => undefined;
  let started = 0;
  const run = () => {
    started++;
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  return { run, started: () => started, release: () => release() };
}

describe('repeatEvery', () => {
  it('runs on every tick, skips ticks while a run is still going, and runs again once it ends', async () => {
    vi.useFakeTimers();
    const held = heldRun();
    const stop = repeatEvery(INTERVAL_MS, held.run, () => undefined);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(held.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS * 3);
    expect(held.started()).toBe(1);
    held.release();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(held.started()).toBe(2);
    stop();
  });

  it('hands a failed run to its handler and runs again on the next tick', async () => {
    vi.useFakeTimers();
    const failure = new Error('sweep failed');
    const failed: unknown[] = [];
    let runs = 0;
    const stop = repeatEvery(
      INTERVAL_MS,
      async () => {
        runs++;
        throw failure;
      },
      (error) => failed.push(error),
    );
    await vi.advanceTimersByTimeAsync(INTERVAL_MS * 2);
    expect(runs).toBe(2);
    expect(failed).toEqual([failure, failure]);
    stop();
  });

  it('stops when told: no run after the stop', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const stop = repeatEvery(
      INTERVAL_MS,
      async () => {
        runs++;
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    stop();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS * 5);
    expect(runs).toBe(1);
  });
});
