import type { DB } from '../db/database';
import { AppError } from '../errors';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import { authenticate } from '../identity/identity.service';
import * as tenants from '../tenant/tenant.service';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { cstDayNumber } from '~/lib/time/cst';
import type { IpLocation, MapPath, PublicParamKey, RolePackVO, VisitResult } from '~/lib/api/contracts/platform';
import * as repo from './platform.repository';
import { parseRoles, publicIPv4 } from './platform.rules';

/** Parameters, the school's browse count and visits, role packs and the map proxy. */

/** {key: value or null} for each asked key: the school's value, else the global one, else null. */
export async function findParamMap(s: Scope, keys: readonly PublicParamKey[]): Promise<Partial<Record<PublicParamKey, string | null>>> {
  const tenant = await s.tenant();
  const unique = [...new Set(keys)];
  const rows = await repo.findParameters(s.db, tenant.id, unique);
  const result: Partial<Record<PublicParamKey, string | null>> = {};
  for (const key of unique) {
    const own = rows.find((r) => r.paramKey === key && r.tenantId === tenant.id);
    const global = rows.find((r) => r.paramKey === key && r.tenantId === null);
    result[key] = (own ?? global)?.paramValue ?? null;
  }
  return result;
}

/** Sets a parameter of a school, or the global value when tenantId is null (seeds, operators, tests). */
export function setParameter(db: DB, tenantId: string | null, key: string, value: string | null, now: number) {
  return repo.setParameter(db, tenantId, key, value, now, newId(now));
}

/** Visits one IP address may add to one school's count per day (more are answered, not counted). */
export const VISITS_PER_IP_PER_DAY = 50;

async function browseCountOf(s: Scope, tenantId: string): Promise<number> {
  const count = await tenants.schoolBrowseCount(s.db, tenantId);
  if (count === null) throw AppError.notFound();
  return count;
}

/** The school's browse count, for a logged-in user of the school. */
export async function schoolBrowseCount(s: Scope): Promise<number> {
  await s.user();
  return browseCountOf(s, (await s.tenant()).id);
}

/**
 * Counts a visitor's first visit of the (China Standard Time) day into schools.browse_count.
 * The visit row's primary key decides, so several instances count a visitor once.
 */
export async function recordVisit(s: Scope, visitorId: string): Promise<VisitResult> {
  const tenant = await s.tenant();
  const day = cstDayNumber(s.now);
  let counted = false;
  if ((await repo.countIpVisits(s.db, tenant.id, day, s.ip)) < VISITS_PER_IP_PER_DAY) {
    counted = await repo.insertVisit(s.db, tenant.id, { day, visitorId, ip: s.ip, createdAt: s.now });
    if (counted) await tenants.countSchoolVisit(s.db, tenant.id);
  }
  return { counted, browseCount: await browseCountOf(s, tenant.id) };
}

/** The role pack of the named school (else the request's), for a user of that very school. */
export async function rolePackOf(s: Scope, tenantId?: string): Promise<RolePackVO> {
  const tenant = await s.tenant(tenantId);
  // The token must belong to the school asked for (40009 otherwise), not only to the host's.
  await authenticate(s.db, s.headers.token, tenant.id, s.now);
  const row = await repo.findRolePack(s.db, tenant.id);
  if (!row) throw AppError.notFound();
  return { id: row.id, name: row.name, tenantId: row.tenantId, roles: parseRoles(row.roles) };
}

const UNKNOWN_PLACE: IpLocation = { province: null, city: null, adcode: null, rectangle: null, latitude: null, longitude: null };

/**
 * Proxies an allow-listed call to the map provider. Never throws anything but an AppError:
 * 定位服务未配置 without a provider, 定位服务暂不可用 on any provider failure.
 */
export async function mapProxy(s: Scope, path: MapPath, data: { ip?: string | undefined }): Promise<IpLocation> {
  await s.tenant();
  const provider = s.providers.map;
  if (!provider) throw new AppError(ErrorCode.UNAVAILABLE, t('platform.mapNotConfigured'));
  try {
    switch (path) {
      case 'location/ip': {
        // Without data.ip the caller is located; a private or IPv6 caller address cannot be, and
        // asking the provider without one would locate this server instead.
        const ip = data.ip ?? publicIPv4(s.ip);
        if (!ip) return UNKNOWN_PLACE;
        return await provider.ipLocation(ip);
      }
    }
  } catch (error) {
    s.logger.warn('map proxy failed', { requestId: s.requestId, path, error: error instanceof Error ? error.message : String(error) });
    throw new AppError(ErrorCode.UNAVAILABLE, t('platform.mapUnavailable'));
  }
}
