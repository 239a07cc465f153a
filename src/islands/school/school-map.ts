/**
 * <school-map>: the optional interactive map above the service-point list. The server renders the
 * school and every point with address, state and a keyless "open in map" link, so the page is
 * complete without a map and shows nothing in its place. After a short delay the map key is asked
 * for (findParamMapByKey ['MapKey']); with a key the AMap script loads and the hidden map frame
 * appears. No key, a failed call, a script that does not load or does not define AMap: the frame
 * stays hidden (data-map="unavailable"). Nothing here logs to the console.
 */
import { paramMap } from '~/lib/api/contracts/platform';

interface MapPoint {
  name: string;
  latitude: number;
  longitude: number;
}

interface AMapLike {
  Map: new (el: HTMLElement, opts: Record<string, unknown>) => unknown;
  Marker: new (opts: Record<string, unknown>) => unknown;
}

const SCRIPT_TIMEOUT_MS = 10_000;

async function mapParams(): Promise<{ key: string | null; securityCode: string | null }> {
  try {
    const { send } = await import('~/lib/api/client');
    const data = await send(paramMap, ['MapKey', 'MapSecurityJsCode'], { silent: true });
    // Whatever server answers, only non-blank text is a key.
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    return { key: text(data?.MapKey), securityCode: text(data?.MapSecurityJsCode) };
  } catch {
    return { key: null, securityCode: null };
  }
}

function loadScript(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => resolve(false), SCRIPT_TIMEOUT_MS);
    script.src = src;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    script.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    document.head.appendChild(script);
  });
}

class SchoolMap extends HTMLElement {
  connectedCallback() {
    const delay = Number(this.dataset['delay'] ?? 500);
    setTimeout(() => void this.start(), Number.isFinite(delay) ? delay : 500);
  }

  unavailable() {
    this.dataset['map'] = 'unavailable';
    this.querySelector<HTMLElement>('[data-map-frame]')?.setAttribute('hidden', '');
  }

  async start() {
    try {
      const lat = Number(this.dataset['lat']);
      const lng = Number(this.dataset['lng']);
      if (!this.dataset['lat'] || !this.dataset['lng'] || !Number.isFinite(lat) || !Number.isFinite(lng)) return this.unavailable();
      const { key, securityCode } = await mapParams();
      if (!key) return this.unavailable();
      const w = window as unknown as { AMap?: AMapLike; _AMapSecurityConfig?: { securityJsCode: string } };
      if (securityCode) w._AMapSecurityConfig = { securityJsCode: securityCode };
      const loaded = w.AMap ? true : await loadScript(`https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}`);
      const AMap = w.AMap;
      const frame = this.querySelector<HTMLElement>('[data-map-frame]');
      const canvas = this.querySelector<HTMLElement>('[data-map-canvas]');
      if (!loaded || !AMap?.Map || !frame || !canvas) return this.unavailable();
      // The map needs a laid-out container: show the frame first.
      frame.hidden = false;
      const map = new AMap.Map(canvas, { zoom: Number(this.dataset['zoom'] ?? 17.2), center: [lng, lat] });
      new AMap.Marker({ map, position: [lng, lat], title: this.dataset['name'] ?? '' });
      for (const p of this.points()) new AMap.Marker({ map, position: [p.longitude, p.latitude], title: p.name });
      this.dataset['map'] = 'ready';
    } catch {
      this.unavailable();
    }
  }

  points(): MapPoint[] {
    try {
      const list: unknown = JSON.parse(this.dataset['points'] ?? '[]');
      return Array.isArray(list) ? list.filter((p): p is MapPoint => !!p && typeof p.latitude === 'number' && typeof p.longitude === 'number') : [];
    } catch {
      return [];
    }
  }
}

if (!customElements.get('school-map')) customElements.define('school-map', SchoolMap);
