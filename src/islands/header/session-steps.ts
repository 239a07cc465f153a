/**
 * The site's steps (./steps.ts) that need the session store or the links' helper, loaded only when
 * one is due: a login handed over by a `token` parameter, inside the home page's phone preview the
 * parent's protocol (a login made in the frame is told to the parent), and the school chosen in the
 * address kept on the links islands render.
 */
import { $loggedIn, $session, dropLogin, ensureVisitor, setToken, setUser } from '~/lib/stores/session';
import { keepSchoolInLinks } from '~/lib/navigation';
import { PREVIEW_LOGIN_INFO } from '~/lib/preview-protocol';

export async function run(handedOver: string | null, framed: boolean, schoolChosen: boolean): Promise<void> {
  ensureVisitor();
  if (schoolChosen) keepSchoolInLinks();
  if (framed) {
    $loggedIn.subscribe((loggedIn) => {
      if (!loggedIn) return;
      const { token, user } = $session.get();
      window.parent.postMessage({ type: PREVIEW_LOGIN_INFO, token, userInfo: user }, location.origin);
    });
  }
  if (handedOver === null) return;
  try {
    // The API client is loaded only when a link carries a token.
    const [{ send }, { decodeTokenParam, userInfo }] = await Promise.all([import('~/lib/api/client'), import('~/lib/api/contracts/identity')]);
    const { token } = await send(decodeTokenParam, { token: handedOver }, { silent: true });
    setToken(token);
    // Logged in means a token and a user: fetch who the token belongs to. A token the server no
    // longer accepts is cleared by the client, which sends the visitor to login.
    setUser(await send(userInfo, {}, { silent: true }));
  } catch {
    // An unreadable token parameter leaves the visitor as a visitor.
  }
}

/** The preview's parent has nobody logged in: the frame forgets a stale login and keeps its visitor. */
export const forgetLogin = dropLogin;
