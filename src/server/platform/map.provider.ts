import type { Runtime } from '../http/context';

/**
 * IP location through the map provider's web service (AMap's /v3/ip). The key stays on the
 * server (MAP_WEB_SERVICE_KEY); without it there is no provider and the proxy says so. A provider
 * throws on any failure (network, timeout, HTTP status, provider status); the route turns that
 * into a clear envelope.
 */
export interface IpLocation {
  province: string | null;
  city: string | null;
  adcode: string | null;
  /** 'lng,lat;lng,lat' of the city's bounding box, as the provider gives it. */
  rectangle: string | null;
}

export interface MapProvider {
  ipLocation(ip: string | null): Promise<IpLocation>;
}

const TIMEOUT_MS = 3_000;

/** AMap answers [] instead of a text for unknown values. */
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function createAmapProvider(baseUrl: string, key: string, fetchImpl: typeof fetch = fetch): MapProvider {
  return {
    async ipLocation(ip) {
      const url = new URL('/v3/ip', baseUrl);
      url.searchParams.set('key', key);
      if (ip) url.searchParams.set('ip', ip);
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`map provider answered HTTP ${res.status}`);
      const body = (await res.json()) as Record<string, unknown>;
      if (String(body['status']) !== '1') throw new Error(`map provider status ${String(body['status'])}: ${String(body['info'])}`);
      return { province: text(body['province']), city: text(body['city']), adcode: text(body['adcode']), rectangle: text(body['rectangle']) };
    },
  };
}

const providers = new WeakMap<Runtime, MapProvider>();

/** The runtime's map provider, or null when MAP_WEB_SERVICE_KEY is not configured. */
export function mapProviderOf(runtime: Runtime): MapProvider | null {
  const key = runtime.config.MAP_WEB_SERVICE_KEY;
  if (!key) return null;
  let provider = providers.get(runtime);
  if (!provider) {
    provider = createAmapProvider(runtime.config.MAP_WEB_SERVICE_URL, key);
    providers.set(runtime, provider);
  }
  return provider;
}
