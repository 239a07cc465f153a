import { t } from '~/lib/i18n/messages/admin-courses';
import { formatDateTime } from '~/lib/time/cst';
import { toast } from '~/lib/toast';

/** Labels and helpers the course screens share. */

export const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
export const natureLabel = (n: number) => t(`courses.nature.${n === 0 || n === 1 ? n : 2}` as 'courses.nature.0');
export const typeLabel = (n: number) => t(`courses.type.${n}` as 'courses.type.1');
export const dutyLabel = (type: string) => t(`courses.duty.${type}` as 'courses.duty.VIDEO_PROGRESS');
/** 'YYYY-MM-DD HH:mm' of a time, as the lesson form takes it. */
export const minuteText = (ms: number | null) => (ms === null ? '' : formatDateTime(ms).slice(0, 16));
export const durationText = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
