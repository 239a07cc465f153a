import type { StaffMe, StaffCallName } from '~/lib/api/contracts/staff';
import { mayCall } from '~/lib/staff/access';
import { staffSignInUrl } from '~/lib/staff/paths';
import { meOf } from '../staff/accounts/sessions.service';

/**
 * What a staff page (src/pages/admin) needs before it renders: the signed-in person of the
 * request's school (their session cookie) and whether their role may use the screen, whose first
 * call is named. Without a session the page sends them to sign in and back.
 */
export type StaffPage = { kind: 'signIn'; location: string } | { kind: 'ok'; me: StaffMe; allowed: boolean };

export async function staffPage(locals: Pick<App.Locals, 'scope'>, url: URL, call: StaffCallName): Promise<StaffPage> {
  const s = locals.scope;
  const actor = await s.optionalStaff();
  if (!actor) return { kind: 'signIn', location: staffSignInUrl(url.pathname + url.search) };
  return { kind: 'ok', me: meOf(s, actor), allowed: mayCall(actor.account.role, call) };
}
