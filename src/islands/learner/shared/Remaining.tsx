import { REMAINING_CLASS, remainingText } from './remaining';

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
  const text = remainingText(start, end, now);
  if (!text) return null;
  return <span className={`${REMAINING_CLASS} ${className}`}>{text}</span>;
}
