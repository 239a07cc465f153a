import { t } from '~/lib/i18n/messages/learner';
import { remainingOfWindow } from '~/lib/learning/days';

/** 剩余N天, or 今天截止 on the end date, while the window is open (src/lib/learning/days.ts decides); else null. */
export function remainingText(start: string | null | undefined, end: string | null | undefined, now: number): string | null {
  const r = remainingOfWindow(start, end, now);
  if (!r) return null;
  return r.kind === 'lastDay' ? t('learner.lastDay') : t('learner.remainingDays', { n: r.days });
}

/** The remaining days' badge. */
export const REMAINING_CLASS = 'inline-block whitespace-nowrap rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800';
