/**
 * Browser-side unit tests (jsdom) wait for what the page shows with Testing Library's findBy… and
 * waitFor. Their default of one second is shorter than a first render takes on a busy two-core CI
 * machine (a whole file's islands, msw and jsdom starting while other files run); a wait still ends
 * as soon as the page shows what it waits for, so a longer bound costs nothing when all is well.
 */
export const DOM_WAIT_MS = 5_000;

if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: DOM_WAIT_MS });
}
