import { test, expect } from './support/fixtures';
import { KNOWN_FAVICON_404, PAGE_FAMILIES } from './support/pages';

for (const family of PAGE_FAMILIES) {
  test(`${family.name}: no console errors or uncaught exceptions`, async ({ page, consoleGuard }) => {
    if (family.url) consoleGuard.allowFailedResource(family.url, family.status);
    consoleGuard.allowFailedResource(KNOWN_FAVICON_404, 404); // the icon test below covers it
    expect(await family.open(page)).toBe(family.status);
    // Let the islands run and lazy images load before judging.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(consoleGuard.errors).toEqual([]);
  });

  // Without a declared icon the browser asks for /favicon.ico, which no host has: a 404 and a
  // console error on the visitor's first page.
  test(`${family.name}: declares an icon that loads @desktop-only`, async ({ page, consoleGuard }) => {
    if (family.url) consoleGuard.allowFailedResource(family.url, family.status);
    consoleGuard.allowFailedResource(KNOWN_FAVICON_404, 404); // this test asserts it directly
    expect(await family.open(page)).toBe(family.status);
    const icons = page.locator('head link[rel~="icon"]');
    expect(await icons.count(), 'no <link rel="icon"> in <head>').toBeGreaterThan(0);
    const href = await icons.first().evaluate((l: HTMLLinkElement) => l.href);
    // Fetched by the browser: Node's resolver does not know *.localhost hosts.
    const status = await page.evaluate(async (url) => (await fetch(url)).status, href);
    expect(status, `icon ${href}`).toBe(200);
  });
}
