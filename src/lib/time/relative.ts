import { t } from '../i18n/messages/format';
import { DAY, HOUR, MINUTE, SECOND, formatDate } from './cst';

/** Pure and browser-safe; on its own so the publish times' script ships nothing else of src/lib/format.ts. */

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
