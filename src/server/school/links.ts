import type { Config } from '../config';

/**
 * External addresses of the app-download, promotion and organisation pages (rules in docs/api.md).
 */

type LinkConfig = Pick<Config, 'ONLINE_SCHOOL_URL'> & { APP_DOWNLOAD_URL?: string | undefined };

function withSchoolId(base: string, schoolId: string): string {
  const url = new URL(base);
  url.searchParams.set('schoolId', schoolId);
  return url.toString();
}

/** The app download address: APP_DOWNLOAD_URL (else ONLINE_SCHOOL_URL + app/download) with ?schoolId=<tenant id>. */
export function appDownloadUrl(config: LinkConfig, schoolId: string): string {
  return withSchoolId(config.APP_DOWNLOAD_URL || new URL('app/download', config.ONLINE_SCHOOL_URL).toString(), schoolId);
}

/** The organisation address of /org-qrcode: ONLINE_SCHOOL_URL + org with ?schoolId=<tenant id>. */
export function organizationUrl(config: LinkConfig, schoolId: string): string {
  return withSchoolId(new URL('org', config.ONLINE_SCHOOL_URL).toString(), schoolId);
}

/** An AMap marker link (opens the maps site; no key needed): https://uri.amap.com/marker?position=lng,lat&name=… */
export function amapMarkerUrl(longitude: number | null | undefined, latitude: number | null | undefined, name: string): string | null {
  if (typeof longitude !== 'number' || typeof latitude !== 'number' || !Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return `https://uri.amap.com/marker?position=${longitude},${latitude}&name=${encodeURIComponent(name)}`;
}

/** An AMap search link by address (opens the maps site; no key needed): https://uri.amap.com/search?keyword=… */
export function amapSearchUrl(keyword: string): string | null {
  const text = keyword.trim();
  return text ? `https://uri.amap.com/search?keyword=${encodeURIComponent(text)}` : null;
}

/**
 * The "open in map" link of a place: a marker at its coordinates when it has valid ones, else a
 * search by its address, else null. Neither needs a map key.
 */
export function placeMapUrl(place: {
  name: string;
  address: string | null | undefined;
  longitude?: number | null | undefined;
  latitude?: number | null | undefined;
}): string | null {
  return amapMarkerUrl(place.longitude, place.latitude, place.name) ?? amapSearchUrl(place.address ?? '');
}
