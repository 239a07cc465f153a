import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import { PAGE_FAMILIES } from './support/pages';

/**
 * One page of each family, opened once at each width and held to what every screen owes its visitors: no console
 * error or uncaught exception once its islands ran and its lazy images loaded (the console guard of every test), an
 * icon of its own that loads (without one the browser asks for /favicon.ico, which no host has: a 404 and a console
 * error on the visitor's first page), the width of the screen without sideways scrolling (on a 375 px phone a wider
 * page zooms out or scrolls, and elements end up under others: a tap on one hits another), and no serious or critical
 * axe violation.
 */
for (const family of PAGE_FAMILIES) {
  test(`${family.name}: no console error, an icon, fits the width, passes axe`, async ({ page, consoleGuard }) => {
    if (family.url) consoleGuard.allowFailedResource(family.url, family.status);
    expect(await family.open(page)).toBe(family.status);

    await expectNoSidewaysScroll(page);

    const icons = page.locator('head link[rel~="icon"]');
    expect(await icons.count(), 'no <link rel="icon"> in <head>').toBeGreaterThan(0);
    const href = await icons.first().evaluate((l: HTMLLinkElement) => l.href);
    // Fetched by the browser: Node's resolver does not know *.localhost hosts.
    expect(await page.evaluate(async (url) => (await fetch(url)).status, href), `icon ${href}`).toBe(200);

    // Let the islands run and lazy images load before judging the console and axe.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(consoleGuard.errors).toEqual([]);
    await expectNoSeriousA11yViolations(page, family.name);
  });
}
