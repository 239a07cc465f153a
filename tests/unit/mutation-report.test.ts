import { describe, expect, test } from 'vitest';
import { BEGIN, END, duration, originalText, reportMarkdown, survivors, tally, withReport } from '../../scripts/mutation-report.mjs';

/** How scripts/mutation-report.mjs reads a StrykerJS report and explains its surviving mutants (docs/mutation.md). */

const SOURCE = ['export function f(a, b) {', '  if (a <= 0) return 0;', '  if (b <= 0) return 0;', '  return a + b;', '}'].join('\n');
const at = (line: number, from: number, to: number, endLine = line) => ({ start: { line, column: from }, end: { line: endLine, column: to } });
const mutant = (status: string, line: number, replacement: string, from = 7, to = 13) => ({
  id: `${line}-${status}-${replacement}`,
  mutatorName: 'EqualityOperator',
  replacement,
  location: at(line, from, to),
  status,
});
const report = (mutants: ReturnType<typeof mutant>[], source = SOURCE) => ({
  schemaVersion: '2',
  thresholds: { high: 90, low: 80 },
  files: { 'src/f.ts': { language: 'typescript', source, mutants } },
});

describe('the mutated code and the counts', () => {
  test('the original text is the span a mutant replaced, over one line or several', () => {
    expect(originalText(SOURCE, at(2, 7, 13))).toBe('a <= 0');
    expect(originalText(SOURCE, at(1, 25, 2, 5))).toBe('{\n  if (a <= 0) return 0;\n  if (b <= 0) return 0;\n  return a + b;\n}');
  });

  test("the score is Stryker's: killed and timed out over every mutant but errors", () => {
    const t = tally([
      mutant('Killed', 2, 'a < 0'),
      mutant('Timeout', 2, 'a > 0'),
      mutant('Survived', 3, 'b < 0'),
      mutant('NoCoverage', 4, 'x'),
      mutant('RuntimeError', 4, 'y'),
    ]);
    expect(t).toEqual({ mutants: 5, killed: 1, timeout: 1, survived: 1, noCoverage: 1, errors: 1, score: 50 });
    expect(tally([]).score).toBe(100);
  });

  test('a duration is shown in minutes and seconds', () => {
    expect(duration(284_400)).toBe('4 min 44 s');
    expect(duration(59_400)).toBe('59 s');
  });
});

describe('each survivor and its reason', () => {
  const entry = { file: 'src/f.ts', original: 'a  <=  0', replacement: 'a < 0', reason: 'a of 0 gives 0 either way' };

  test('a reason is found by module, original and replacement (spacing folded), whatever the line', () => {
    const moved = ['', '', SOURCE].join('\n');
    const { list, stale } = survivors(report([mutant('Survived', 4, 'a < 0')], moved), [entry]);
    expect(list).toEqual([expect.objectContaining({ file: 'src/f.ts', line: 4, original: 'a <= 0', replacement: 'a < 0', reason: entry.reason })]);
    expect(stale).toEqual([]);
  });

  test('a survivor no entry explains has no reason; an entry no survivor matches is stale; killed mutants are not listed', () => {
    const other = { ...entry, replacement: 'a >= 0' };
    const { list, stale } = survivors(report([mutant('Survived', 3, 'b < 0'), mutant('Killed', 2, 'a < 0')]), [entry, other]);
    expect(list).toEqual([expect.objectContaining({ line: 3, original: 'b <= 0', reason: null })]);
    expect(stale).toEqual([entry, other]);
    // Not covered by any test counts as surviving too.
    expect(survivors(report([mutant('NoCoverage', 2, 'a < 0')]), [entry]).list[0]).toMatchObject({ status: 'NoCoverage', reason: entry.reason });
  });

  test("'within' tells apart the same mutation on two lines", () => {
    const twice = ['x(a <= 0);', 'y(a <= 0);'].join('\n');
    const onY = { ...entry, within: 'y(' };
    const { list } = survivors(report([mutant('Survived', 1, 'a < 0', 3, 9), mutant('Survived', 2, 'a < 0', 3, 9)], twice), [onY]);
    expect(list.map((s: { line: number; reason: string | null }) => [s.line, s.reason])).toEqual([
      [1, null],
      [2, entry.reason],
    ]);
  });

  test('the page lists the score per module and every survivor, an unexplained one as such', () => {
    const md = reportMarkdown(report([mutant('Killed', 2, 'a < 0'), mutant('Survived', 3, 'b < 0')]), [], new Date(Date.UTC(2026, 10, 29, 3, 4)));
    expect(md).toContain('Last full run: 2026-11-29 03:04 UTC, 1 modules, 2 mutants.');
    expect(md).toContain('| src/f.ts | 50.00 | 2 | 1 | 0 | 1 | 0 | 0 |');
    expect(md).toContain('### Surviving mutants (1, 1 unexplained)');
    expect(md).toContain('- `src/f.ts:3` `b <= 0` → `b < 0`: **unexplained**');
  });

  test('only the part between the markers is rewritten', () => {
    const doc = `# Intro\n\nhand-written\n\n${BEGIN}\n\nold\n\n${END}\n\nafter\n`;
    expect(withReport(doc, 'new\n')).toBe(`# Intro\n\nhand-written\n\n${BEGIN}\n\nnew\n\n${END}\n\nafter\n`);
    expect(() => withReport('# no markers\n', 'new\n')).toThrow(/no/);
  });
});
