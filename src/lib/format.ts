import { t } from './i18n/messages/format';

export { formatDate, formatDateTime, parseDateTime } from './time/cst';
export { relativeTime } from './time/relative';

/** Pure formatting rules shared by server rendering and islands. */

/** Header view count: '50万+' above 500000, '10万+' above 100000, otherwise the number. */
export function formatViewCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  if (count > 500000) return t('header.views500k');
  if (count > 100000) return t('header.views100k');
  return String(Math.floor(count));
}

export const EARTH_RADIUS_KM = 6378.137;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine, earth radius 6378.137 km). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Under 1 km in whole metres ('850m'), otherwise kilometres with two decimals ('12.35km'). */
export function formatDistance(meters: number): string {
  if (!Number.isFinite(meters) || meters < 0) return '';
  const whole = Math.round(meters);
  if (whole < 1000) return t('header.m', { n: whole });
  return t('header.km', { n: (meters / 1000).toFixed(2) });
}

export function isValidLatLng(v: Partial<LatLng> | null | undefined): v is LatLng {
  return !!v && typeof v.latitude === 'number' && typeof v.longitude === 'number' && Math.abs(v.latitude) <= 90 && Math.abs(v.longitude) <= 180;
}
