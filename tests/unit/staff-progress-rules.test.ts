import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { creditedStudyMs } from '~/lib/learning/study-credit';
import { sortByStudy } from '~/server/learning/progress/progress.rules';

/**
 * The study time the student card and the staff progress screen share (credited time added up, a
 * negative figure counting 0), and the progress list's order: by study time, ties by enrolment id,
 * so paging through it shows every student exactly once.
 */

describe('creditedStudyMs', () => {
  test('adds the credited time of each record; nothing is 0; a negative or text figure is read as the crediting wrote it', () => {
    expect(creditedStudyMs([])).toBe(0);
    expect(creditedStudyMs([{ creditedMs: 60_000 }, { creditedMs: '30000' }, { creditedMs: -5 }])).toBe(90_000);
  });

  test('never negative, and the sum of its parts (property)', () => {
    const records = fc.array(fc.record({ creditedMs: fc.integer({ min: -1e6, max: 1e9 }) }));
    fc.assert(
      fc.property(records, records, (a, b) => {
        expect(creditedStudyMs(a)).toBeGreaterThanOrEqual(0);
        expect(creditedStudyMs([...a, ...b])).toBe(creditedStudyMs(a) + creditedStudyMs(b));
      }),
    );
  });
});

describe('sortByStudy', () => {
  const students = fc.uniqueArray(fc.record({ id: fc.stringMatching(/^[0-9]{1,6}$/), ms: fc.integer({ min: 0, max: 5 }) }), { selector: (s) => s.id });

  test('most (or least) study first, ties by id; every page of any size together is the whole class once (property)', () => {
    fc.assert(
      fc.property(students, fc.constantFrom('studyDesc' as const, 'studyAsc' as const), fc.integer({ min: 1, max: 4 }), (list, sort, size) => {
        const studied = new Map(list.map((s) => [s.id, s.ms]));
        const sorted = sortByStudy(list, studied, sort);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          if (a.ms === b.ms) expect(a.id < b.id).toBe(true);
          else expect(sort === 'studyDesc' ? a.ms > b.ms : a.ms < b.ms).toBe(true);
        }
        const pages: string[] = [];
        for (let p = 0; p * size < sorted.length; p++)
          pages.push(
            ...sortByStudy(list, studied, sort)
              .slice(p * size, (p + 1) * size)
              .map((s) => s.id),
          );
        expect(pages.sort()).toEqual(list.map((s) => s.id).sort());
      }),
    );
  });

  test('a student without a record counts 0', () => {
    expect(sortByStudy([{ id: 'b' }, { id: 'a' }], new Map([['b', 1]]), 'studyDesc').map((s) => s.id)).toEqual(['b', 'a']);
  });
});
