import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { IMPORTED_ONCE, ORIGINAL, REPLACEMENT, rewritePageImport } from '../../scripts/page-modules.mjs';

/**
 * Each page's module imported once per process (scripts/page-modules.mjs, decision 096): the
 * installed Astro still has the line the build replaces, and the memo the build adds imports a page
 * once however many requests ask at once, hands every request the same module, and tries again
 * after a failed import.
 */

const PRODUCTION = createRequire(import.meta.url)
  .resolve('astro/package.json')
  .replace(/package\.json$/, 'dist/core/environment/production.js');

type Load = () => Promise<object>;
const importedOnce = () => new Function(`${IMPORTED_ONCE}\nreturn importedOnce;`)() as (load: Load) => Promise<object>;

describe('page modules imported once', () => {
  test("the installed Astro's module has the page import the build replaces, and only it changes", () => {
    const source = readFileSync(PRODUCTION, 'utf8');
    const rewritten = rewritePageImport(source);
    expect(rewritten).toContain(REPLACEMENT);
    expect(rewritten).not.toContain(ORIGINAL);
    expect(rewritten).toBe(source.replace(ORIGINAL, REPLACEMENT) + IMPORTED_ONCE);
  });

  test('a module without that line, or with it twice, stops the build', () => {
    expect(() => rewritePageImport('async function getModuleForRoute() { return import("./x.mjs"); }')).toThrow(/no longer has/);
    expect(() => rewritePageImport(`${ORIGINAL}\n${ORIGINAL}`)).toThrow(/no longer has/);
  });

  test('whatever the failures and however many requests at once: one import per try, the same module for all, a failure tried again', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Each round: how many requests ask at once, and whether the import tried in that round fails.
        fc.array(fc.record({ requests: fc.integer({ min: 1, max: 6 }), fails: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        async (rounds) => {
          const once = importedOnce();
          const page = { default: 'page' };
          let tries = 0;
          let failing = false;
          const load: Load = () => {
            tries++;
            return failing ? Promise.reject(new Error(`import ${tries} failed`)) : Promise.resolve(page);
          };
          let loaded = false;
          for (const round of rounds) {
            failing = round.fails;
            const before = tries;
            const answers = await Promise.allSettled(Array.from({ length: round.requests }, () => once(load)));
            // Once a page is imported, no request imports it again, whatever the later imports would do.
            expect(tries - before).toBe(loaded ? 0 : 1);
            const expected = loaded || !round.fails ? 'fulfilled' : 'rejected';
            for (const answer of answers) {
              expect(answer.status).toBe(expected);
              if (answer.status === 'fulfilled') expect(answer.value).toBe(page);
            }
            // Every request of a round shares the one try: the same error too.
            if (expected === 'rejected') expect(new Set(answers.map((a) => (a as PromiseRejectedResult).reason)).size).toBe(1);
            loaded ||= !round.fails;
            // The dropped failure is gone before the next round (its clean-up runs on the rejection).
            await Promise.resolve();
          }
        },
      ),
    );
  });
});
