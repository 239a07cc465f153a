/**
 * Previous and next in the online classroom: the neighbour of the current
 * item in its list, or which end was reached ('Already the first one' / 'Already the last one').
 * Course mode steps through the course's lessons, activity mode through the class's activities.
 * Pure and browser-safe.
 */
export type Step<T> = { kind: 'item'; item: T } | { kind: 'first' } | { kind: 'last' };

/**
 * The item `step` places from `index`. An index outside the list (the current item is not in it)
 * has no neighbour, so it answers the end the step was heading for.
 */
export function stepFrom<T>(list: readonly T[], index: number, step: -1 | 1): Step<T> {
  const end = step < 0 ? ({ kind: 'first' } as const) : ({ kind: 'last' } as const);
  if (!Number.isInteger(index) || index < 0 || index >= list.length) return end;
  const next = index + step;
  return next >= 0 && next < list.length ? { kind: 'item', item: list[next]! } : end;
}
