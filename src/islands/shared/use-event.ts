import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function whose identity never changes but that always runs with the latest render's values:
 * for timers, listeners and effects set up once (the countdown, re-syncs) that must not be torn
 * down and set up again on every render, yet must not run with stale values either.
 */
export function useEvent<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  // Updated before any effect of the same commit runs, never during render.
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
