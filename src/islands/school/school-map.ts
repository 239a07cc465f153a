/**
 * <school-map>: the service-point map. The server renders the address link, the status line and
 * (beside this element) the service-point list, so the page is complete without a map. After a
 * short delay the map key is asked for (findParamMapByKey ['MapKey']); with a key the AMap script
 * loads and the map replaces nothing but the placeholder. No key, a failed call, a script that does
 * not load or does not define AMap: the status says the map is unavailable and everything else
 * stays. Nothing here logs to the console.
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

  status(text: string | undefined) {
    const el = this.querySelector<HTMLElement>('[data-map-status]');
    if (el && text) el.textContent = text;
  }

  unavailable() {
    this.dataset['map'] = 'unavailable';
    this.status(this.dataset['unavailableLabel']);
  }

  async start() {
    try {
      const lat = Number(this.dataset['lat']);
      const lng = Number(this.dataset['lng']);
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) return this.unavailable();
      const { key, securityCode } = await mapParams();
      if (!key) return this.unavailable();
      const w = window as unknown as { AMap?: AMapLike; _AMapSecurityConfig?: { securityJsCode: string } };
      if (securityCode) w._AMapSecurityConfig = { securityJsCode: securityCode };
      const loaded = w.AMap ? true : await loadScript(`https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}`);
      const AMap = w.AMap;
      const canvas = this.querySelector<HTMLElement>('[data-map-canvas]');
      if (!loaded || !AMap?.Map || !canvas) return this.unavailable();
      canvas.hidden = false;
      const map = new AMap.Map(canvas, { zoom: Number(this.dataset['zoom'] ?? 17.2), center: [lng, lat] });
      new AMap.Marker({ map, position: [lng, lat], title: this.dataset['name'] ?? '' });
      for (const p of this.points()) new AMap.Marker({ map, position: [p.longitude, p.latitude], title: p.name });
      this.dataset['map'] = 'ready';
      this.querySelector<HTMLElement>('[data-map-placeholder]')?.setAttribute('hidden', '');
    } catch {
      this.unavailable();
    }
  }

  points(): MapPoint[] {
    try {
      const list: unknown = JSON.parse(this.dataset['points'] ?? '[]');
      return Array.isArray(list)
        ? list.filter((p): p is MapPoint => !!p && typeof p.latitude === 'number' && typeof p.longitude === 'number')
        : [];
    } catch {
      return [];
    }
  }
}

if (!customElements.get('school-map')) customElements.define('school-map', SchoolMap);
