import { test, expect, expectNoSeriousA11yViolations } from './support/fixtures';
import { KNOWN_FAVICON_404, PAGE_FAMILIES } from './support/pages';

for (const family of PAGE_FAMILIES) {
  test(`${family.name}: no serious or critical axe violations`, async ({ page, consoleGuard }) => {
    if (family.url) consoleGuard.allowFailedResource(family.url, family.status);
    consoleGuard.allowFailedResource(KNOWN_FAVICON_404, 404); // console.spec.ts covers it
    expect(await family.open(page)).toBe(family.status);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, family.name);
  });
}
