import { describe, expect, it } from 'vitest';
import { ID_PATTERN, newId } from '~/server/ids';

describe('newId', () => {
  it('is 26 digits: the millisecond, then 13 random digits, and passes the id pattern', () => {
    const id = newId(1_763_800_000_000);
    expect(id).toMatch(/^1763800000000\d{13}$/);
    expect(ID_PATTERN.test(id)).toBe(true);
  });

  it('stays unique for a burst made in one millisecond (a seed, a clock held still)', () => {
    const ids = Array.from({ length: 20_000 }, () => newId(1_763_800_000_000));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts by creation time as text', () => {
    const earlier = newId(1_763_800_000_000);
    const later = newId(1_763_800_000_001);
    expect([later, earlier].sort()).toEqual([earlier, later]);
  });
});
