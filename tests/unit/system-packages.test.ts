import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BENCH_PACKAGES, missingPrograms, SYSTEM_PACKAGES } from '../../scripts/system-packages.mjs';

/**
 * What is still missing after apt-get is looked up in the tests' packages and the benchmarks' alike: the
 * Lighthouse benchmark's Chromium once failed here, after installing it, on a look-up in the tests' list alone.
 */
describe('the programs still missing', () => {
  const every = { ...SYSTEM_PACKAGES, ...BENCH_PACKAGES } as Record<string, string[]>;

  test.each(Object.keys(every))('%s: its programs that are not on this machine', (name) => {
    expect(missingPrograms([name])).toEqual(every[name]!.filter((program) => !existsSync(program)));
  });

  test('a package of the benchmarks and one of the tests together', () => {
    expect(missingPrograms(['chromium', 'ffmpeg'])).toEqual([...BENCH_PACKAGES.chromium, ...SYSTEM_PACKAGES.ffmpeg].filter((program) => !existsSync(program)));
  });
});
