import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cstTime } from '../../src/server/http/cst-time';
import { parseDateTime } from '../../src/lib/time/cst';

const MESSAGE = '时间不对';
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

const issuesOf = (r: z.ZodSafeParseResult<unknown>) => (r.success ? [] : r.error.issues.map((i) => i.message));

describe('cstTime', () => {
  const anyTime = z.string().transform(cstTime(MESSAGE));
  const dayOnly = z.string().transform(cstTime(MESSAGE, DAY_SHAPE));

  it('reads China Standard Time text as epoch ms', () => {
    expect(anyTime.parse('2026-03-01 08:30:00')).toBe(parseDateTime('2026-03-01 08:30:00'));
    expect(dayOnly.parse('2026-03-01')).toBe(parseDateTime('2026-03-01'));
  });

  it('refuses a time that does not exist or is not a time, with the field message only', () => {
    expect(issuesOf(anyTime.safeParse('2026-02-31 08:00:00'))).toEqual([MESSAGE]);
    expect(issuesOf(anyTime.safeParse('tomorrow'))).toEqual([MESSAGE]);
  });

  it('refuses a real time of another shape than the field asks for', () => {
    expect(issuesOf(dayOnly.safeParse('2026-03-01 08:30'))).toEqual([MESSAGE]);
  });
});
