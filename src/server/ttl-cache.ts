/**
 * A small bounded cache whose entries live a few seconds. For read-mostly lookups every page
 * makes (the tenant of a host, the school header): losing it or reading a few-seconds-old value
 * is harmless, so it may live in process memory. Concurrent misses for one key share one load.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createTtlCache<V>(ttlMs: number, maxEntries = 1000, now: () => number = Date.now): TtlCache<V> {
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      const at = now();
      if (hit && hit.expires > at) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { value, expires: at + ttlMs });
      // A failed load is not remembered.
      value.catch(() => entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
