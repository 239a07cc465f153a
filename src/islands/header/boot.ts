/**
 * The header's islands, framework-free to keep public pages light: the navigation steps that run
 * in the browser (token parameter, tenant id, visitor identity, the chosen school on links), the
 * user menu and the distance.
 */
import { $loggedIn, $session, dropLogin, ensureVisitor, setToken, setUser } from '~/lib/stores/session';
import { confirmLogout } from '~/lib/logout';
import { publicConfig } from '~/lib/config';
import { keepSchoolInLinks, loginUrl } from '~/lib/navigation';
import { readJson, StorageKey, writeItem } from '~/lib/storage';
import { t } from '~/lib/i18n/messages/header';
import { showFlash, toast } from '~/lib/toast';
import { distanceMeters, formatDistance, isValidLatLng, type LatLng } from '~/lib/format';
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
    out.addEventListener('click', () => void confirmLogout());
    if (this.#partner) {
      out.className = PARTNER_BUTTON;
      this.replaceChildren(who, out);
      return;
    }
    out.className = 'ml-3 hover:text-brand';
    const center = document.createElement('a');
    center.href = this.dataset['centerUrl'] ?? '#';
    center.target = '_blank';
    center.rel = 'noopener noreferrer';
    center.className = 'ml-3 hover:text-brand';
    center.textContent = t('header.personalCenter');
    this.replaceChildren(who, center, out);
  }
}

/** How long a located IP address is trusted, and how long to wait after the proxy could not tell. */
const IP_LOCATION_TTL_MS = 12 * 3_600_000;
const IP_LOCATION_RETRY_MS = 3_600_000;

interface StoredIpLocation {
  at: number;
  latitude?: number | null;
  longitude?: number | null;
}

/** The stored place as a point a distance can be measured from (fields that are not numbers become absent). */
function pointOf(p: StoredIpLocation): Partial<LatLng> {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return { latitude: num(p.latitude), longitude: num(p.longitude) };
}

/**
 * The distance from the visitor to the school, beside the address (which the server renders and
 * which is always shown). Precise when the visitor let the browser tell their position (before,
 * or now with the 精确定位 button); otherwise estimated from the city of their IP address (the map
 * proxy), marked 约; nothing when neither is known. The browser is asked for the position only
 * when the visitor presses the button (or had already allowed it): never a prompt on page load.
 */
class SchoolDistance extends HTMLElement {
  #school: LatLng | null = null;
  #text = document.createElement('span');
  #button: HTMLButtonElement | null = null;

  connectedCallback() {
    const school = { latitude: Number(this.dataset['lat']), longitude: Number(this.dataset['lng']) };
    if (this.#school || !this.dataset['lat'] || !this.dataset['lng'] || !isValidLatLng(school)) return;
    this.#school = school;
    this.replaceChildren(this.#text);
    const precise = readJson<LatLng>(StorageKey.location);
    if (isValidLatLng(precise)) return this.#show(precise, false);
    this.#offerPrecise();
    void this.#fromAllowedDevice().then((allowed) => {
      if (!allowed) void this.#fromIp();
    });
  }

  #show(me: LatLng, approximate: boolean) {
    const d = formatDistance(distanceMeters(me, this.#school!));
    this.#text.textContent = t(approximate ? 'header.distanceApprox' : 'header.distance', { d });
    if (approximate) this.#text.title = t('header.distanceApproxHint');
    else this.#text.removeAttribute('title');
  }

  #offerPrecise() {
    // Browsers give the position only to secure pages (https, localhost).
    if (!window.isSecureContext || !('geolocation' in navigator)) return;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ml-1 rounded border border-brand/40 px-1.5 leading-5 text-brand hover:bg-brand-soft disabled:opacity-60';
    b.textContent = t('header.locate');
    b.title = t('header.locateHint');
    b.addEventListener('click', () => this.#locate());
    this.#button = b;
    this.append(b);
  }

  #precise(me: LatLng) {
    writeItem(StorageKey.location, JSON.stringify(me));
    this.#show(me, false);
    this.#button?.remove();
    this.#button = null;
  }

  /** The visitor asked: the browser may prompt now. */
  #locate() {
    const b = this.#button;
    if (!b) return;
    b.disabled = true;
    b.textContent = t('header.locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => this.#precise({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => {
        b.disabled = false;
        b.textContent = t('header.locate');
        toast(error.code === error.PERMISSION_DENIED ? t('header.locateDenied') : t('header.locateFailed'), 'warning', 5000);
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  }

  /** True when the visitor had already allowed location: then the position is read without a prompt. */
  async #fromAllowedDevice(): Promise<boolean> {
    try {
      const permission = await navigator.permissions?.query({ name: 'geolocation' });
      if (permission?.state !== 'granted') return false;
    } catch {
      return false;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => this.#precise({ latitude: coords.latitude, longitude: coords.longitude }),
      () => void this.#fromIp(),
    );
    return true;
  }

  async #fromIp() {
    const stored = readJson<StoredIpLocation>(StorageKey.ipLocation);
    const now = Date.now();
    if (stored && typeof stored.at === 'number' && stored.at <= now) {
      const known = pointOf(stored);
      if (isValidLatLng(known)) {
        if (now - stored.at < IP_LOCATION_TTL_MS) return this.#show(known, true);
      } else if (now - stored.at < IP_LOCATION_RETRY_MS) return;
    }
    let found: StoredIpLocation = { at: now };
    try {
      // The API client is loaded only when the IP has to be located (once per IP_LOCATION_TTL_MS).
      const [{ send }, { mapProxy }] = await Promise.all([import('~/lib/api/client'), import('~/lib/api/contracts/platform')]);
      const place = await send(mapProxy, { path: 'location/ip', data: {} }, { silent: true });
      found = { at: now, latitude: place.latitude, longitude: place.longitude };
    } catch {
      // No map service configured, or it is down: the address stays without a distance.
    }
    writeItem(StorageKey.ipLocation, JSON.stringify(found));
    const me = pointOf(found);
    // A precise position may have arrived meanwhile (the button); it wins.
    if (isValidLatLng(me) && !isValidLatLng(readJson<LatLng>(StorageKey.location))) this.#show(me, true);
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
if (!customElements.get('school-distance')) customElements.define('school-distance', SchoolDistance);
void navigationSteps();
previewChild();
