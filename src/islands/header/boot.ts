/**
 * The header's islands, framework-free to keep public pages light: the navigation steps that run
 * in the browser (token parameter, tenant id, visitor identity, the chosen school on links), the
 * user menu; the distance (./distance.ts) loads after them, logout's code when its button is used.
 */
import { $loggedIn, $session, dropLogin, ensureVisitor, setToken, setUser } from '~/lib/stores/session';
import { publicConfig } from '~/lib/config';
import { LEARNER_HOME_PATH, keepSchoolInLinks, loginUrl } from '~/lib/navigation';
import { StorageKey, writeItem } from '~/lib/storage';
import { t } from '~/lib/i18n/messages/header';
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

/** Logout's code (its dialog and call) loads when its button is about to be used: pointed at, focused or pressed. */
const loadLogout = () => import('~/lib/logout');

const PARTNER_BUTTON = 'inline-flex items-center rounded border border-brand px-3 py-1.5 text-brand hover:bg-brand-soft';

class UserMenu extends HTMLElement {
  #off: (() => void) | undefined;

  connectedCallback() {
    this.#off = $loggedIn.subscribe(() => this.render());
  }

  disconnectedCallback() {
    this.#off?.();
  }

  /** The partner header's variant: bordered buttons like its neighbours, 用户登录 for visitors. */
  get #partner(): boolean {
    return this.dataset['variant'] === 'partner';
  }

  render() {
    if (!$loggedIn.get()) {
      const a = document.createElement('a');
      a.href = loginUrl();
      a.className = this.#partner ? PARTNER_BUTTON : 'hover:text-brand';
      a.textContent = this.#partner ? t('header.userLogin') : t('header.registerLogin');
      this.replaceChildren(a);
      return;
    }
    const user = $session.get().user;
    const name = user?.realName || user?.nickName || user?.mobile || '';
    const who = document.createElement('span');
    who.textContent = `${name} `;
    const tag = document.createElement('span');
    tag.className = 'rounded bg-brand-soft px-1 text-brand-dark';
    tag.textContent = t('header.student');
    who.appendChild(tag);
    const out = document.createElement('button');
    out.type = 'button';
    out.textContent = t('header.logout');
    out.addEventListener('pointerenter', () => void loadLogout(), { once: true });
    out.addEventListener('focus', () => void loadLogout(), { once: true });
    out.addEventListener('click', () => void loadLogout().then((m) => m.confirmLogout()));
    if (this.#partner) {
      out.className = PARTNER_BUTTON;
      this.replaceChildren(who, out);
      return;
    }
    out.className = 'ml-3 hover:text-brand';
    // 个人中心: the learner area, the portal's own page (the server names it: src/server/school/links.ts).
    const center = document.createElement('a');
    center.href = this.dataset['centerUrl'] || LEARNER_HOME_PATH;
    center.className = 'ml-3 hover:text-brand';
    center.textContent = t('header.personalCenter');
    this.replaceChildren(who, center, out);
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

if (!customElements.get('user-menu')) customElements.define('user-menu', UserMenu);
// The distance is secondary information: its code loads after the header's own steps, and only
// where the school has a place to measure from.
if (!customElements.get('school-distance') && document.querySelector('school-distance:not([data-lat=""])')) {
  void import('./distance').then(({ SchoolDistance }) => {
    if (!customElements.get('school-distance')) customElements.define('school-distance', SchoolDistance);
  });
}
void navigationSteps();
previewChild();
