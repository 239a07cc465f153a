/**
 * A small bounded cache whose entries live a few seconds. For read-mostly lookups every page
 * makes (the tenant of a host, the school header): losing it or reading a few-seconds-old value
 * is harmless, so it may live in process memory. Concurrent misses for one key share one load.
 * A change that must show at once clears it (src/server/runtime.ts subscribes it to page changes).
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

/**
 * `keep` says which loaded values are remembered: the others are shared only by the requests that
 * asked while they loaded (the tenant look-up forgets "no such school", so a school opened by
 * another process, e.g. `npm run school:create`, answers at once).
 */
export function createTtlCache<V>(ttlMs: number, maxEntries = 1000, now: () => number = Date.now, keep: (value: V) => boolean = () => true): TtlCache<V> {
  const entries = new Map<string, { value: Promise<V>; loadedAt: number; expires: number }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      const at = now();
      // A clock set back (a corrected system clock, a test's) makes an entry from its "future" stale.
      if (hit && hit.expires > at && hit.loadedAt <= at) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      const entry = { value, loadedAt: at, expires: at + ttlMs };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      // A failed load is not remembered.
      value.then((v) => {
        if (!keep(v)) forget();
      }, forget);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
