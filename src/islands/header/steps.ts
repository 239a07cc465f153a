/**
 * The steps every page of the school's site runs in the browser, with or without the site's header
 * (the login and registration pages have none): the chosen school's tenant id, the visitor
 * identity, the chosen school on links, the message the previous page left, a login handed over by
 * a `token` parameter, and the phone preview's protocol.
 */
import { $loggedIn, $session, dropLogin, ensureVisitor, setToken, setUser } from '~/lib/stores/session';
import { publicConfig } from '~/lib/config';
import { keepSchoolInLinks } from '~/lib/navigation';
import { StorageKey, writeItem } from '~/lib/storage';
import { showFlash } from '~/lib/toast';
import { PREVIEW_LOGIN_INFO, PREVIEW_LOGOUT } from '~/lib/preview-protocol';

async function navigationSteps(): Promise<void> {
  const cfg = publicConfig();
  // The page's school: the one chosen with ?schoolId= (which every link of the page keeps), else the host's.
  if (cfg.tenantId) writeItem(StorageKey.tenantId, cfg.tenantId);
  writeItem(StorageKey.partner, cfg.partner ? '1' : null);
  ensureVisitor();
  keepSchoolInLinks();
  showFlash();
  const url = new URL(location.href);
  const param = url.searchParams.get('token');
  if (!param) return;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  try {
    // The API client is loaded only when a link carries a token.
    const [{ send }, { decodeTokenParam, userInfo }] = await Promise.all([import('~/lib/api/client'), import('~/lib/api/contracts/identity')]);
    const { token } = await send(decodeTokenParam, { token: param }, { silent: true });
    setToken(token);
    // Logged in means a token and a user: fetch who the token belongs to. A token the server no
    // longer accepts is cleared by the client, which sends the visitor to login.
    setUser(await send(userInfo, {}, { silent: true }));
  } catch {
    // An unreadable token parameter leaves the visitor as a visitor.
  }
}

/**
 * Inside the home page's phone preview (a same-origin frame): follow the parent's protocol. The
 * parent's "logout" means it has nobody logged in: forget a stale login here, but keep the
 * visitor identity the frame shares with the parent (a real logout makes a new one).
 */
function previewChild(): void {
  if (window.parent === window) return;
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    if ((event.data as { type?: string } | null)?.type === PREVIEW_LOGOUT) dropLogin();
  });
  $loggedIn.subscribe((loggedIn) => {
    if (!loggedIn) return;
    const { token, user } = $session.get();
    window.parent.postMessage({ type: PREVIEW_LOGIN_INFO, token, userInfo: user }, location.origin);
  });
}

void navigationSteps();
previewChild();
