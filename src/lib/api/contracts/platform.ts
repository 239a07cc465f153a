import { get, post } from '../contract';

/** Public parameters, the map proxy, the school's browse count and visits, role packs. */

/** The only parameters the public may read (the map's browser key and its security code). */
export type PublicParamKey = 'MapKey' | 'MapSecurityJsCode';

/** Paths the map proxy serves. */
export type MapPath = 'location/ip';

export interface IpLocation {
  province: string | null;
  city: string | null;
  adcode: string | null;
  /** 'lng,lat;lng,lat' of the city's bounding box, as the provider gives it. */
  rectangle: string | null;
  /** The middle of that box: where the visitor roughly is (null when unknown). */
  latitude: number | null;
  longitude: number | null;
}

export interface VisitResult {
  /** Whether this visit was counted (a visitor's first of the China Standard Time day). */
  counted: boolean;
  browseCount: number;
}

export interface RolePackVO {
  id: string;
  name: string;
  tenantId: string;
  roles: { code: string; name: string }[];
}

/** The body is the list of keys; the answer has each key, null when it has no value. */
export const paramMap = post<PublicParamKey[], Partial<Record<PublicParamKey, string | null>>>('/oauth/anyUser/parameter/findParamMapByKey');
/** data.ip: the address to locate; without it the caller's own (unknown when that is not a public IPv4 address). */
export const mapProxy = post<{ path: MapPath; data?: { ip?: string } | null }, IpLocation>('/system/anyTenant/mapProxy');
export const schoolBrowseCount = get<Record<string, never>, number>('/search/anyBiz/performanceStat/querySchoolBrowseCount');
export const visit = post<{ visitorId: string }, VisitResult>('/search/anyUser/performanceStat/visit');
export const rolePack = get<{ tenantId?: string }, RolePackVO>('/base/anyBiz/baseRolePack/getByTenantId');
