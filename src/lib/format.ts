import { t } from './i18n/messages/format';
import { DAY, HOUR, MINUTE, SECOND, formatDate } from './time/cst';

export { formatDate, formatDateTime, parseDateTime } from './time/cst';

/** Pure formatting rules shared by server rendering and islands. */

/**
 * Relative publish time.
 * - under a minute: 'N秒前' ('刚刚' for 0 or a future time)
 * - under an hour: 'N分钟前'; under a day: 'N小时前'
 * - from 1 day up to 3 days: 'N天前'
 * - more than 3 days up to 30 days: the date without the year, 'MM-DD'
 * - more than 30 days: the full date 'YYYY-MM-DD'
 */
export function relativeTime(ms: number, now: number): string {
  const diff = now - ms;
  if (diff <= 0) return t('time.justNow');
  if (diff < MINUTE) return t('time.secondsAgo', { n: Math.max(1, Math.floor(diff / SECOND)) });
  if (diff < HOUR) return t('time.minutesAgo', { n: Math.floor(diff / MINUTE) });
  if (diff < DAY) return t('time.hoursAgo', { n: Math.floor(diff / HOUR) });
  if (diff <= 3 * DAY) return t('time.daysAgo', { n: Math.floor(diff / DAY) });
  if (diff > 30 * DAY) return formatDate(ms);
  return formatDate(ms).slice(5);
}

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
