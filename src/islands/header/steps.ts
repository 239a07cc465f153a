/**
 * The steps every page of the school's site runs in the browser, with or without the site's header
 * (the login and registration pages have none): the chosen school's tenant id, the visitor
 * identity, the chosen school on links, the message the previous page left, a login handed over by
 * a `token` parameter, and the phone preview's protocol. What only some visits need loads only for
 * them (./session-steps.ts: a `token` parameter, the preview, a school chosen in the address).
 */
import { publicConfig } from '~/lib/config';
import { StorageKey, visitorIdentity, writeItem } from '~/lib/storage';
import { showFlash } from '~/lib/toast';
import { PREVIEW_LOGOUT } from '~/lib/preview-protocol';

/** The `token` parameter the page was opened with (a login another app hands over), taken out of the address. */
function takeTokenParam(): string | null {
  const url = new URL(location.href);
  const param = url.searchParams.get('token');
  if (!param) return null;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return param;
}

const handedOver = takeTokenParam();

/** True while a login handed over by the address is being made (the header's user menu shows it). */
export const loginHandedOver = handedOver !== null;

/** Inside the home page's phone preview (a same-origin frame), which follows the parent's protocol. */
const framed = window.parent !== window;
const sessionSteps = () => import('./session-steps');

const cfg = publicConfig();
// The page's school: the one chosen with ?schoolId= (which every link of the page keeps), else the host's.
if (cfg.tenantId) writeItem(StorageKey.tenantId, cfg.tenantId);
writeItem(StorageKey.partner, cfg.partner ? '1' : null);
showFlash();
// Links that islands render keep the school chosen in the address (the server's links have it already).
const schoolChosen = /[?&]schoolId=/.test(location.search);
// A visitor identity per browser, made once, on the first visit.
visitorIdentity();
if (handedOver !== null || framed || schoolChosen) void sessionSteps().then((m) => m.run(handedOver, framed, schoolChosen));
if (framed) {
  // The parent's "logout" means it has nobody logged in: forget a stale login here, but keep the
  // visitor identity the frame shares with the parent (a real logout makes a new one).
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    if ((event.data as { type?: string } | null)?.type === PREVIEW_LOGOUT) void sessionSteps().then((m) => m.forgetLogin());
  });
}
