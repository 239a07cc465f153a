import { describe, expect, it } from 'vitest';
import { createTtlCache } from '~/server/ttl-cache';

describe('createTtlCache', () => {
  it('loads once within the lifetime and again after it', async () => {
    let at = 1_000;
    let loads = 0;
    const cache = createTtlCache<number>(5_000, 10, () => at);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    at += 4_999;
    expect(await cache.get('a', load)).toBe(1);
    at += 1;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('a clock set back makes what was loaded at a later reading stale', async () => {
    let at = 10_000;
    let loads = 0;
    const cache = createTtlCache<number>(5_000, 10, () => at);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    at -= 1;
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = createTtlCache<string>(5_000);
    expect(await cache.get('huaxia.localhost|', async () => 'huaxia')).toBe('huaxia');
    expect(await cache.get('localhost|', async () => 'demo')).toBe('demo');
    expect(await cache.get('huaxia.localhost|', async () => 'other')).toBe('huaxia');
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = createTtlCache<number>(5_000);
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
  });

  it('forgets a failed load', async () => {
    const cache = createTtlCache<number>(5_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('stays within its size', async () => {
    let loads = 0;
    const cache = createTtlCache<number>(60_000, 2);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(4);
  });
  it('remembers only the values it is told to keep; a value it forgets is still shared by the misses that asked meanwhile', async () => {
    let loads = 0;
    const cache = createTtlCache<string | null>(5_000, 10, Date.now, (v) => v !== null);
    const missing = () => new Promise<string | null>((resolve) => setTimeout(() => resolve(loads++ === 0 ? null : 'found'), 5));
    const [a, b] = await Promise.all([cache.get('new.example', missing), cache.get('new.example', missing)]);
    expect([a, b, loads]).toEqual([null, null, 1]);
    expect(await cache.get('new.example', missing)).toBe('found');
    expect(await cache.get('new.example', missing)).toBe('found');
    expect(loads).toBe(2);
  });
});
