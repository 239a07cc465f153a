import type { AstroGlobal } from 'astro';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { mayCall } from '~/lib/staff/access';
import { staffSignInUrl } from '~/lib/staff/paths';
import { staffScreen, type GatedScreen } from '~/lib/staff/screens';
import { t, type MessageKey } from '../i18n';
import { meOf } from '../staff/accounts/sessions.service';
import { dashboardCounts } from '../staff/dashboard/dashboard.service';
import type { DashboardCounts } from '~/lib/api/contracts/admin-dashboard';

/**
 * What a staff page (src/pages/admin) needs before it renders: its screen's name, the signed-in
 * person of the request's school (their session cookie) and whether their role may use the screen.
 * The screen is the one declared at the page's route (src/lib/staff/screens.ts), so a page names
 * neither its gate nor its title itself. The answers every staff page gives the same way are
 * given here: without a session, the redirect to sign in and back (a Response the page returns);
 * a role that may not use the screen, the status 403 (the layout says why instead of the island).
 * What waits for the person (the dashboard's counts) is counted here once, for the navigation's
 * badges and the dashboard's cards.
 */
export interface StaffPage {
  me: StaffMe;
  allowed: boolean;
  title: MessageKey;
  counts: DashboardCounts;
  /** AdminLayout's props: the page's name, who is signed in, whether the island is shown, the navigation's counts. */
  layout: { name: string; me: StaffMe; allowed: boolean; counts: DashboardCounts };
}

/** The part of a page's `Astro` the gate reads and answers through. */
export type StaffPageContext = Pick<AstroGlobal, 'locals' | 'url' | 'routePattern' | 'response' | 'redirect'>;

/** The redirect status of a page that sends a person to sign in (they come back after). */
const SIGN_IN_REDIRECT = 302;
const FORBIDDEN = 403;

/** The declared screen at a route that a signed-in person opens; a page with none is a programming error the unit test catches. */
export function gatedScreen(route: string): GatedScreen {
  const screen = staffScreen(route);
  if (!screen || screen.call === null) throw new Error(`No gated staff screen is declared at ${route} (src/lib/staff/screens.ts)`);
  return screen as GatedScreen;
}

/**
 * The gate of the staff page `astro` renders. A Response is the page's whole answer (the page
 * returns it): the sign-in redirect, or with `forbidden: 'text'` (a frame's page, not a screen of
 * its own) a plain-text 403. Otherwise a refused role's page answers 403 and shows the layout's reason.
 */
export async function staffPage(astro: StaffPageContext, options: { forbidden?: 'layout' | 'text' } = {}): Promise<StaffPage | Response> {
  const screen = gatedScreen(astro.routePattern);
  const s = astro.locals.scope;
  const actor = await s.optionalStaff();
  if (!actor) return astro.redirect(staffSignInUrl(astro.url.pathname + astro.url.search), SIGN_IN_REDIRECT);
  const allowed = mayCall(actor.account.role, screen.call);
  if (!allowed) {
    if (options.forbidden === 'text')
      return new Response(t('staff.forbidden'), { status: FORBIDDEN, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    astro.response.status = FORBIDDEN;
  }
  const me = meOf(s, actor);
  const counts = await dashboardCounts(s, actor);
  return { me, allowed, title: screen.title, counts, layout: { name: t(screen.title), me, allowed, counts } };
}
