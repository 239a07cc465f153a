/**
 * The distance from the visitor to the school in the header (loaded by ./boot.ts after the
 * header's own steps, on pages whose school has a place).
 */
import { readJson, StorageKey, writeItem } from '~/lib/storage';
import { t } from '~/lib/i18n/messages/header';
import { toast } from '~/lib/toast';
import { distanceMeters, formatDistance, isValidLatLng, type LatLng } from '~/lib/format';
import { HOUR } from '~/lib/time/cst';

/** How long a located IP address is trusted, and how long to wait after the proxy could not tell. */
const IP_LOCATION_TTL_MS = 12 * HOUR;
const IP_LOCATION_RETRY_MS = HOUR;

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
export class SchoolDistance extends HTMLElement {
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
