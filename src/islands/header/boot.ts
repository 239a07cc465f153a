/**
 * The header's islands, framework-free to keep public pages light: the navigation steps that run
 * in the browser (token parameter, tenant id, visitor identity), the user menu and the distance.
 */
import { $loggedIn, $session, clearSession, ensureVisitor, setToken } from '~/lib/stores/session';
import { confirmLogout } from '~/lib/logout';
import { publicConfig } from '~/lib/config';
import { readJson, StorageKey, writeItem } from '~/lib/storage';
import { t } from '~/lib/i18n/messages/header';
import { showFlash } from '~/lib/toast';
import { distanceMeters, formatDistance, isValidLatLng, type LatLng } from '~/lib/format';
import { PREVIEW_LOGIN_INFO, PREVIEW_LOGOUT } from '~/lib/preview-protocol';

async function navigationSteps(): Promise<void> {
  const cfg = publicConfig();
  if (cfg.tenantId) writeItem(StorageKey.tenantId, cfg.tenantId);
  writeItem(StorageKey.partner, cfg.partner ? '1' : null);
  ensureVisitor();
  showFlash();
  const url = new URL(location.href);
  const param = url.searchParams.get('token');
  if (!param) return;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  try {
    // The API client is loaded only when a link carries a token.
    const [{ send }, { decodeTokenParam }] = await Promise.all([import('~/lib/api/client'), import('~/lib/api/contracts/identity')]);
    const { token } = await send(decodeTokenParam, { token: param }, { silent: true });
    setToken(token);
  } catch {
    // An unreadable token parameter leaves the visitor as a visitor.
  }
}

class UserMenu extends HTMLElement {
  #off: (() => void) | undefined;

  connectedCallback() {
    this.#off = $loggedIn.subscribe(() => this.render());
  }

  disconnectedCallback() {
    this.#off?.();
  }

  render() {
    const loginPath = this.dataset['loginPath'] ?? '/login';
    if (!$loggedIn.get()) {
      const a = document.createElement('a');
      a.href = `${loginPath}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
      a.className = 'hover:text-brand';
      a.textContent = t('header.registerLogin');
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
    const center = document.createElement('a');
    center.href = this.dataset['centerUrl'] ?? '#';
    center.target = '_blank';
    center.rel = 'noopener noreferrer';
    center.className = 'ml-3 hover:text-brand';
    center.textContent = t('header.personalCenter');
    const out = document.createElement('button');
    out.type = 'button';
    out.className = 'ml-3 hover:text-brand';
    out.textContent = t('header.logout');
    out.addEventListener('click', () => void confirmLogout());
    this.replaceChildren(who, center, out);
  }
}

class SchoolDistance extends HTMLElement {
  connectedCallback() {
    const school = { latitude: Number(this.dataset['lat']), longitude: Number(this.dataset['lng']) };
    if (!this.dataset['lat'] || !isValidLatLng(school)) return;
    const show = (me: LatLng) => {
      this.textContent = t('header.distance', { d: formatDistance(distanceMeters(me, school)) });
    };
    const stored = readJson<LatLng>(StorageKey.location);
    if (isValidLatLng(stored)) return show(stored);
    // Only use the position when the visitor already allowed it: never prompt on page load.
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((p) => {
        if (p.state !== 'granted') return;
        navigator.geolocation.getCurrentPosition(({ coords }) => {
          const me = { latitude: coords.latitude, longitude: coords.longitude };
          writeItem(StorageKey.location, JSON.stringify(me));
          show(me);
        });
      })
      .catch(() => undefined);
  }
}

/** Inside the home page's phone preview (a same-origin frame): follow the parent's protocol. */
function previewChild(): void {
  if (window.parent === window) return;
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    if ((event.data as { type?: string } | null)?.type === PREVIEW_LOGOUT) clearSession();
  });
  $loggedIn.subscribe((loggedIn) => {
    if (!loggedIn) return;
    const { token, user } = $session.get();
    window.parent.postMessage({ type: PREVIEW_LOGIN_INFO, token, userInfo: user }, location.origin);
  });
}

if (!customElements.get('user-menu')) customElements.define('user-menu', UserMenu);
if (!customElements.get('school-distance')) customElements.define('school-distance', SchoolDistance);
void navigationSteps();
previewChild();
