import type { DB } from '../db/database';
import { AppError } from '../errors';
import { newId } from '../ids';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/lib/i18n';
import { cstDayNumber } from '~/lib/time/cst';
import * as repo from './platform.repository';
import type { MapProvider, IpLocation } from './map.provider';

/** Parameters, the school's browse count and visits, role packs and the map proxy. */

/** The only parameters the public may read (the map's browser key and its security code). */
export const PUBLIC_PARAM_KEYS = ['MapKey', 'MapSecurityJsCode'] as const;
export type PublicParamKey = (typeof PUBLIC_PARAM_KEYS)[number];

export function isPublicParamKey(key: string): key is PublicParamKey {
  return (PUBLIC_PARAM_KEYS as readonly string[]).includes(key);
}

/** {key: value or null} for each asked key: the tenant's value, else the global one, else null. */
export async function findParamMap(db: DB, tenantId: string, keys: readonly PublicParamKey[]): Promise<Record<string, string | null>> {
  const unique = [...new Set(keys)];
  const rows = await repo.findParameters(db, tenantId, unique);
  const result: Record<string, string | null> = {};
  for (const key of unique) {
    const own = rows.find((r) => r.paramKey === key && r.tenantId === tenantId);
    const global = rows.find((r) => r.paramKey === key && r.tenantId === null);
    result[key] = (own ?? global)?.paramValue ?? null;
  }
  return result;
}

export function setParameter(db: DB, tenantId: string | null, key: string, value: string | null, now: number) {
  return repo.setParameter(db, tenantId, key, value, now, newId(now));
}

/** Visits one IP address may add to one school's count per day (more are answered, not counted). */
export const VISITS_PER_IP_PER_DAY = 50;

export async function schoolBrowseCount(db: DB, tenantId: string): Promise<number> {
  const count = await repo.findSchoolBrowseCount(db, tenantId);
  if (count === null) throw AppError.notFound();
  return count;
}

/**
 * Counts a visitor's first visit of the (China Standard Time) day into schools.browse_count.
 * The visit row's primary key decides, so several instances count a visitor once.
 */
export async function recordVisit(db: DB, a: { tenantId: string; visitorId: string; ip: string; now: number }) {
  const day = cstDayNumber(a.now);
  let counted = false;
  if ((await repo.countIpVisits(db, a.tenantId, day, a.ip)) < VISITS_PER_IP_PER_DAY) {
    counted = await repo.insertVisit(db, a.tenantId, { day, visitorId: a.visitorId, ip: a.ip, createdAt: a.now });
    if (counted) await repo.incrementSchoolBrowseCount(db, a.tenantId);
  }
  return { counted, browseCount: await schoolBrowseCount(db, a.tenantId) };
}

export interface RolePackVO {
  id: string;
  name: string;
  tenantId: string;
  roles: { code: string; name: string }[];
}

export async function rolePackOf(db: DB, tenantId: string): Promise<RolePackVO> {
  const row = await repo.findRolePack(db, tenantId);
  if (!row) throw AppError.notFound();
  let roles: RolePackVO['roles'] = [];
  try {
    const parsed: unknown = JSON.parse(row.roles);
    if (Array.isArray(parsed)) {
      roles = parsed
        .filter((r): r is { code: unknown; name: unknown } => !!r && typeof r === 'object')
        .map((r) => ({ code: String(r.code ?? ''), name: String(r.name ?? '') }))
        .filter((r) => r.code !== '');
    }
  } catch {
    roles = [];
  }
  return { id: row.id, name: row.name, tenantId: row.tenantId, roles };
}

/** Paths the map proxy serves, each mapped to a provider call. */
export const MAP_PATHS = ['location/ip'] as const;
export type MapPath = (typeof MAP_PATHS)[number];

/**
 * Proxies an allow-listed call to the map provider. Never throws anything but an AppError:
 * 定位服务未配置 without a provider, 定位服务暂不可用 on any provider failure.
 */
export async function mapProxy(
  provider: MapProvider | null,
  path: MapPath,
  data: { ip?: string | undefined },
  requestIp: string,
  log: (fields: Record<string, unknown>) => void,
): Promise<IpLocation> {
  if (!provider) throw new AppError(ErrorCode.UNAVAILABLE, t('platform.mapNotConfigured'));
  try {
    switch (path) {
      case 'location/ip':
        return await provider.ipLocation(data.ip ?? (isIPv4(requestIp) ? requestIp : null));
    }
  } catch (error) {
    log({ path, error: error instanceof Error ? error.message : String(error) });
    throw new AppError(ErrorCode.UNAVAILABLE, t('platform.mapUnavailable'));
  }
}

export function isIPv4(v: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v);
  return !!m && m.slice(1).every((p) => Number(p) <= 255 && String(Number(p)) === p);
}
