import { t } from '~/lib/i18n/messages/learner';
import { remainingOfWindow } from '~/lib/learning/days';

/**
 * 剩余N天 (or 今天截止 on the end date) beside a training or learning window's dates, while the
 * window is open (src/lib/learning/days.ts decides). Nothing otherwise.
 */
interface Props {
  start: string | null | undefined;
  end: string | null | undefined;
  now?: number;
  className?: string;
}

export function Remaining({ start, end, now = Date.now(), className = '' }: Props) {
  const r = remainingOfWindow(start, end, now);
  if (!r) return null;
  return (
    <span className={`inline-block whitespace-nowrap rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ${className}`}>
      {r.kind === 'lastDay' ? t('learner.lastDay') : t('learner.remainingDays', { n: r.days })}
    </span>
  );
}
