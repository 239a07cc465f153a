import type { MapPath, PublicParamKey, RolePackVO } from '~/lib/api/contracts/platform';

/** Pure rules of the platform calls: which keys and map paths are public, IPv4 text, IP location boxes, role lists. */

/** The only parameters the public may read (the map's browser key and its security code). */
export const PUBLIC_PARAM_KEYS: readonly PublicParamKey[] = ['MapKey', 'MapSecurityJsCode'];

export function isPublicParamKey(key: string): key is PublicParamKey {
  return (PUBLIC_PARAM_KEYS as readonly string[]).includes(key);
}

/** Paths the map proxy serves, each mapped to a provider call. */
export const MAP_PATHS: readonly MapPath[] = ['location/ip'];

export function isMapPath(path: string): path is MapPath {
  return (MAP_PATHS as readonly string[]).includes(path);
}

/** Dotted-quad IPv4 text without leading zeros ('010.0.0.1' is not). */
export function isIPv4(v: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v);
  return !!m && m.slice(1).every((p) => Number(p) <= 255 && String(Number(p)) === p);
}

/** The caller's address as a public IPv4 address (an IPv4-mapped IPv6 address counts), else null. */
export function publicIPv4(ip: string): string | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv4(v4)) return null;
  const [a, b] = v4.split('.').map(Number) as [number, number];
  const special =
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168);
  return special ? null : v4;
}

/** The middle of a provider's 'lng,lat;lng,lat' box, or null when it is not a valid box. */
export function rectangleCenter(rectangle: string | null): { latitude: number; longitude: number } | null {
  if (!rectangle) return null;
  const corners = rectangle.split(';').map((c) => c.split(',').map((n) => (/^\s*-?\d+(?:\.\d+)?\s*$/.test(n) ? Number(n) : NaN)));
  if (corners.length !== 2 || corners.some((c) => c.length !== 2 || c.some((n) => !Number.isFinite(n)))) return null;
  const [[lng1, lat1], [lng2, lat2]] = corners as [[number, number], [number, number]];
  if ([lat1, lat2].some((l) => Math.abs(l) > 90) || [lng1, lng2].some((l) => Math.abs(l) > 180)) return null;
  return { latitude: (lat1 + lat2) / 2, longitude: (lng1 + lng2) / 2 };
}

/** A role pack's stored JSON as {code, name} pairs; entries without a code and unreadable JSON give nothing. */
export function parseRoles(json: string): RolePackVO['roles'] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((r): r is { code: unknown; name: unknown } => !!r && typeof r === 'object')
      .map((r) => ({ code: String(r.code ?? ''), name: String(r.name ?? '') }))
      .filter((r) => r.code !== '');
  } catch {
    return [];
  }
}
