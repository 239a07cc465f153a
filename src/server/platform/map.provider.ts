import type { Config } from '../config';
import type { IpLocation } from '~/lib/api/contracts/platform';
import { rectangleCenter } from './platform.rules';

/**
 * IP location through the map provider's web service (AMap's /v3/ip). The key stays on the
 * server (MAP_WEB_SERVICE_KEY); without it there is no provider and the proxy says so. A provider
 * throws on any failure (network, timeout, HTTP status, provider status); the map proxy turns
 * that into a clear refusal.
 */
export interface MapProvider {
  ipLocation(ip: string): Promise<IpLocation>;
}

const TIMEOUT_MS = 3_000;

/** AMap answers [] instead of a text for unknown values. */
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function createAmapProvider(baseUrl: string, key: string, fetchImpl: typeof fetch = fetch): MapProvider {
  return {
    async ipLocation(ip) {
      const url = new URL('/v3/ip', baseUrl);
      url.searchParams.set('key', key);
      url.searchParams.set('ip', ip);
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`map provider answered HTTP ${res.status}`);
      const body = (await res.json()) as Record<string, unknown>;
      if (String(body['status']) !== '1') throw new Error(`map provider status ${String(body['status'])}: ${String(body['info'])}`);
      const rectangle = text(body['rectangle']);
      const center = rectangleCenter(rectangle);
      return {
        province: text(body['province']),
        city: text(body['city']),
        adcode: text(body['adcode']),
        rectangle,
        latitude: center?.latitude ?? null,
        longitude: center?.longitude ?? null,
      };
    },
  };
}

/** The AMap provider, or null when MAP_WEB_SERVICE_KEY is not configured. */
export function createMapProvider(config: Pick<Config, 'MAP_WEB_SERVICE_KEY' | 'MAP_WEB_SERVICE_URL'>): MapProvider | null {
  const key = config.MAP_WEB_SERVICE_KEY;
  return key ? createAmapProvider(config.MAP_WEB_SERVICE_URL, key) : null;
}
