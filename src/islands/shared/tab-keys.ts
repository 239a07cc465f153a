/** The index ← or → moves to in a row of `count` tabs (wrapping round), or null for any other key. */
export function arrowIndex(count: number, index: number, key: string): number | null {
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  return step ? (index + step + count) % count : null;
}

/**
 * The tab a key moves to in a tab list (the ARIA tabs pattern): → the next, ← the previous (both
 * wrapping round), Home the first, End the last; undefined for any other key.
 */
export function tabByKey<T>(tabs: readonly T[], current: T, key: string): T | undefined {
  if (key === 'Home') return tabs[0];
  if (key === 'End') return tabs[tabs.length - 1];
  const i = arrowIndex(tabs.length, tabs.indexOf(current), key);
  return i === null ? undefined : tabs[i];
}
