import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __statusTexts?: string[];
  }
}

/**
 * Records every text a status message (role="status") shows on the page's documents from now on,
 * each once in the order first shown, and returns how to read them on the current document.
 *
 * A notice that shows for a few seconds is seen the moment the page shows it (a DOM mutation
 * observer), however long the test's machine takes to look: a busy machine can let such a
 * notice come and go between two looks of a waiting assertion. What the page showed is the
 * same either way; only when the test looked changes.
 */
export async function recordStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.__statusTexts = seen;
    const look = () => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => window.__statusTexts ?? []);
}
