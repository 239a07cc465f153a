import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAFF_SCREENS, classLinkScreens, countedScreens, dashboardScreens, navScreens, staffScreen } from '~/lib/staff/screens';
import { STAFF_ROLE, STAFF_ROLES } from '~/lib/staff/roles';
import { mayCall } from '~/lib/staff/access';

/**
 * The staff screens are declared once (src/lib/staff/screens.ts): every page under src/pages/admin
 * is declared at its route, takes its gate and its name from there, and the navigation, the
 * dashboard and a class's links show a role only the screens whose gate lets it in.
 */
const pagesDir = fileURLToPath(new URL('../../src/pages/admin', import.meta.url));

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? astroFiles(join(dir, e.name)) : e.name.endsWith('.astro') ? [join(dir, e.name)] : [],
  );
}

/** The route Astro gives a page file: /admin/news for news/index.astro. */
const routeOf = (file: string) => `/admin/${relative(pagesDir, file).replace(/\.astro$/, '')}`.replace(/\/index$/, '').replace(/\/$/, '');

const pages = astroFiles(pagesDir).map((file) => ({ file, route: routeOf(file), source: readFileSync(file, 'utf8') }));

describe('the staff screens', () => {
  it('declare every page under src/pages/admin at its route, and no screen without a page', () => {
    const routes = pages.map((p) => p.route).sort();
    expect(routes.filter((r) => !staffScreen(r))).toEqual([]);
    expect(STAFF_SCREENS.map((s) => s.path).sort()).toEqual(routes);
  });

  it('declare each path once, and a parent that is itself a declared screen', () => {
    const paths = STAFF_SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const s of STAFF_SCREENS) if ('parent' in s) expect(paths).toContain(s.parent);
  });

  it('are gated by the declaration: a page that checks a session passes its route, never a call of its own', () => {
    for (const p of pages) {
      const screen = staffScreen(p.route);
      if (screen?.call === null) {
        expect(p.source, p.route).not.toContain('staffPage(');
        continue;
      }
      // The page hands its whole Astro to the gate, which reads the route and answers the redirect and the 403.
      expect(p.source, p.route).toMatch(/staffPage\(Astro(, \{ forbidden: 'text' \})?\);\nif \(page instanceof Response\) return page;/);
    }
  });

  it('show a role in the navigation, the dashboard and a class exactly the screens it may open', () => {
    for (const role of STAFF_ROLES) {
      const mayOpen = (s: { call: Parameters<typeof mayCall>[1] }) => mayCall(role, s.call);
      expect(navScreens(role).every(mayOpen)).toBe(true);
      expect(dashboardScreens(role).every(mayOpen)).toBe(true);
      expect(classLinkScreens(role).every(mayOpen)).toBe(true);
      const topLevel = STAFF_SCREENS.filter((s) => s.call !== null && !('parent' in s) && mayCall(role, s.call)).map((s) => s.path);
      expect(navScreens(role).map((s) => s.path)).toEqual(topLevel);
    }
  });

  it("give the dashboard a card for every screen of a role's navigation but the dashboard itself, each with its line", () => {
    for (const role of STAFF_ROLES) {
      const nav = navScreens(role).map((s) => s.path);
      expect(dashboardScreens(role).map((s) => s.path)).toEqual(nav.filter((p) => p !== '/admin'));
      for (const s of dashboardScreens(role)) expect(s.hint, s.path).toMatch(/^admin\.dashboard\./);
    }
  });

  it('count new leads, waiting marking and failed jobs, each for the roles that may open its screen', () => {
    expect(countedScreens(STAFF_ROLE.admin).map((s) => [s.path, s.count])).toEqual([
      ['/admin/leads', 'leads'],
      ['/admin/marking', 'marking'],
      ['/admin/jobs', 'jobs'],
    ]);
    expect(countedScreens(STAFF_ROLE.editor).map((s) => s.count)).toEqual(['leads']);
    expect(countedScreens(STAFF_ROLE.teacher).map((s) => s.count)).toEqual(['marking']);
  });

  it('keep opened-from screens and pages for people not signed in out of the navigation', () => {
    const nav = navScreens(STAFF_ROLE.admin).map((s) => s.path);
    expect(nav).toContain('/admin/accounts');
    expect(nav).not.toContain('/admin/news/edit');
    expect(nav).not.toContain('/admin/login');
    expect(classLinkScreens(STAFF_ROLE.editor)).toEqual([]);
    expect(classLinkScreens(STAFF_ROLE.teacher).map((s) => s.path)).toEqual(['/admin/activities', '/admin/inbox', '/admin/progress', '/admin/works']);
  });
});
