import { test as base, expect, type ConsoleMessage, type Frame, type Page, type Locator } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { DEMO_ORIGIN } from './env';

export { expect };

interface ConsoleGuard {
  /** Console errors and uncaught page errors seen so far in this test. */
  readonly errors: readonly string[];
  /**
   * Chromium logs "Failed to load resource: ... 404" for a document that is meant to answer 404
   * (empty-state detail, unknown school). Allow exactly that message for exactly that URL
   * (a path is taken relative to the demo site).
   */
  allowFailedResource(url: string | URL, status: number): void;
  /**
   * Chromium logs "Failed to load resource: net::ERR_INTERNET_DISCONNECTED" for each request made
   * while a test has cut the network (context.setOffline). Allow exactly that for that URL.
   */
  allowOfflineRequest(url: string | URL): void;
}

/**
 * Every test fails if the page logged a console error or threw an uncaught error, whatever the
 * test itself checked.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: ((m: ConsoleMessage) => boolean)[] = [];
      page.on('console', (m) => {
        if (m.type() !== 'error' || allowed.some((allow) => allow(m))) return;
        const where = m.location().url;
        errors.push(`console.error: ${m.text()}${where ? ` (at ${where})` : ''} on ${page.url()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.name}: ${e.message} on ${page.url()}`));
      // Every page runs under its Content-Security-Policy: a violation fails the test.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
        );
      });
      await use({
        errors,
        allowFailedResource(url, status) {
          const href = new URL(url, DEMO_ORIGIN).href;
          allowed.push((m) => m.location().url === href && m.text().includes(`Failed to load resource: the server responded with a status of ${status}`));
        },
        allowOfflineRequest(url) {
          const href = new URL(url, DEMO_ORIGIN).href;
          allowed.push((m) => m.location().url === href && m.text() === 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
        },
      });
      expect(errors, 'the page logged console errors or threw').toEqual([]);
    },
    { auto: true },
  ],
});

/** The site's main navigation (主导航). */
export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: '主导航' });

/** The news items of a news list page: list items in <main> that carry a title heading. */
export const newsItems = (page: Page): Locator =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });

/** The titles of the news items on the current list page, as shown (a video item starts with '视频'). */
export async function newsTitles(page: Page): Promise<string[]> {
  const titles = await newsItems(page).getByRole('heading', { level: 2 }).allInnerTexts();
  return titles.map((t) => t.replace(/\s+/g, ' ').trim());
}

export const pagination = (page: Page): Locator => page.getByRole('navigation', { name: '分页' });

/**
 * Walks a paginated list from the current page with '下一页' until it is no longer a link and
 * returns every page's visible <main> text.
 */
export async function walkPages(page: Page, maxPages = 50): Promise<string[]> {
  const texts: string[] = [];
  for (let i = 0; i < maxPages; i++) {
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not a DOM node's property
    texts.push(await page.getByRole('main').innerText());
    const next = pagination(page).getByRole('link', { name: '下一页' });
    if ((await next.count()) === 0) return texts;
    const before = page.url();
    await next.click();
    await expect(page).not.toHaveURL(before);
  }
  throw new Error(`more than ${maxPages} pages: is '下一页' stuck?`);
}

/**
 * axe-core's script with the settings of a check: results are asked only of frames of the page's origin (the school
 * and phone previews); a frame of another origin (a school's document viewer) is that site's page and is not checked.
 * The minified build: `axe.source` is the readable one, 1.5 MB against 0.65 MB, and a page compiled it in 0.47 s of
 * the browser's CPU against 0.33 s for the same checks.
 */
const AXE_MINIFIED = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_SCRIPT = `${AXE_MINIFIED};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/** How long a child frame may take to take axe's script before it is left out of the check (a frame still loading). */
const AXE_FRAME_INJECT_MS = 1_000;

/**
 * The page's child frames axe asks for their part: of the page's origin, or a document of no origin of its own
 * (about:blank, srcdoc).
 */
function childFramesAxeReaches(page: Page): Frame[] {
  const origin = new URL(page.url()).origin;
  return page.frames().filter((frame) => {
    if (frame === page.mainFrame()) return false;
    const url = frame.url();
    return !/^https?:/.test(url) || new URL(url).origin === origin;
  });
}

/** Puts axe into a child frame; one that cannot take it in time (detached, still loading) is left out. */
async function injectAxeInFrame(frame: Frame): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, AXE_FRAME_INJECT_MS);
  });
  try {
    await Promise.race([frame.evaluate(AXE_SCRIPT), late]);
  } catch {
    // A frame that went away while the check began has nothing left to check.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs axe on the page and fails on serious or critical violations, listing rule, impact,
 * elements and axe's own summary of how to fix each one.
 * Axe's script goes once into the page and each of its frames of the same origin, and axe runs from the page, which
 * asks those frames for their part; only violations are detailed (passing elements are not listed). That is what
 * @axe-core/playwright's legacy mode does, without its second copy of the script in the page and its copies in frames
 * axe never asks (docs/decisions/089).
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // The page itself takes the script however long a busy machine needs to compile it; a failure there fails the check.
  await page.evaluate(AXE_SCRIPT);
  for (const frame of childFramesAxeReaches(page)) await injectAxeInFrame(frame);
  const options: axe.RunOptions = { resultTypes: ['violations'] };
  const results: axe.AxeResults = await page.evaluate((o) => (window as unknown as { axe: typeof axe }).axe.run(document, o), options);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({
      target: n.target.join(' '),
      html: n.html.length > 200 ? `${n.html.slice(0, 200)}…` : n.html,
      fix: n.failureSummary?.replace(/\s+/g, ' ').trim(),
    })),
  }));
  expect(report, `serious/critical axe violations on ${label} (${page.url()}):\n${JSON.stringify(report, null, 2)}`).toEqual([]);
}

/**
 * The page is no wider than the device: nothing makes the user scroll sideways (375 px phones).
 * Measured against the device's width, not window.innerWidth: a phone browser (isMobile) widens its
 * layout viewport to fit a page that is too wide, and innerWidth then grows with the page.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? (await page.evaluate(() => window.innerWidth));
  const { scrollWidth, widest } = await page.evaluate((limit) => {
    // The outermost elements that stick out past the screen, to say where to look.
    // (An element inside a scroll container that itself fits, such as the main navigation, is fine.)
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= limit + 1) return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > limit + 1 && !clipped(e));
    const outermost = wide.filter((e) => !wide.some((o) => o !== e && o.contains(e)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      widest: outermost.slice(0, 5).map((e) => `${e.outerHTML.slice(0, 160)}… (right edge ${Math.round(e.getBoundingClientRect().right)}px)`),
    };
  }, width);
  expect(scrollWidth, `page is ${scrollWidth}px wide on a ${width}px screen; too wide:\n${widest.join('\n')}`).toBeLessThanOrEqual(width);
}

/** The element is wholly on the screen's width (not cut at either side). */
export async function expectWithinScreenWidth(page: Page, locator: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const box = (await locator.boundingBox())!;
  expect(box.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `right edge on a ${width}px screen`).toBeLessThanOrEqual(width);
}

/**
 * Waits until the island holding `locator` has hydrated (Astro drops the island's `ssr` attribute;
 * client:visible islands first need to be scrolled into view),
 * so that a click reaches React and not the server-rendered placeholder.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  // client:visible islands hydrate once in view.
  await locator.scrollIntoViewIfNeeded();
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
  return locator;
}

/**
 * Holds back every request matching `url` until the returned function is called (a script still
 * loading, an answer still on its way); they then go on as usual.
 */
export async function holdBack(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * A file for a file picker (setInputFiles by path), written under the running test's output
 * directory rather than in /tmp: Playwright empties its output at the start of each run, and a
 * failed test's file stays beside its trace until then.
 */
export function fileToPick(name: string, bytes: Buffer | string): string {
  const path = test.info().outputPath(name);
  writeFileSync(path, bytes);
  return path;
}
