import { test, expect } from './support/fixtures';
import { KNOWN_FAVICON_404, PAGE_FAMILIES } from './support/pages';

// On a 375px phone a page that is wider than the screen zooms out or scrolls sideways, and
// elements end up under others (a tap on one hits another).
for (const family of PAGE_FAMILIES) {
  test(`${family.name}: fits the viewport width without horizontal scrolling`, async ({ page, consoleGuard }) => {
    if (family.url) consoleGuard.allowFailedResource(family.url, family.status);
    consoleGuard.allowFailedResource(KNOWN_FAVICON_404, 404); // console.spec.ts covers it
    expect(await family.open(page)).toBe(family.status);
    const viewport = page.viewportSize()!.width;
    const { scrollWidth, widest } = await page.evaluate((limit) => {
      // The outermost elements that stick out past the viewport, to say where to look.
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
    }, viewport);
    expect(scrollWidth, `page is ${scrollWidth}px wide in a ${viewport}px viewport; too wide:\n${widest.join('\n')}`).toBeLessThanOrEqual(viewport);
  });
}
