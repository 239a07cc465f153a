import type { MapPath, PublicParamKey, RolePackVO } from '~/lib/api/contracts/platform';

/** Pure rules of the platform calls: which keys and map paths are public, IPv4 text, role lists. */

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
