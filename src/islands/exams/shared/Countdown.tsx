import { t } from '~/lib/i18n/messages/exams';
import { clockText, COUNTDOWN_SIZE, remainingRatio } from '~/lib/exams/countdown';

const STROKE = 10;

/** The circular countdown: mm:ss in the middle, the ring is the time left over the whole. */
export function Countdown({ remaining, total }: { remaining: number; total: number | null }) {
  const r = (COUNTDOWN_SIZE - STROKE) / 2;
  const length = 2 * Math.PI * r;
  const ratio = remainingRatio(remaining, total);
  const low = remaining <= 60;
  const text = clockText(remaining);
  return (
    <div role="timer" aria-label={`${t('exams.countdown')} ${text}`} className="relative mx-auto" style={{ width: COUNTDOWN_SIZE, height: COUNTDOWN_SIZE }}>
      <svg width={COUNTDOWN_SIZE} height={COUNTDOWN_SIZE} viewBox={`0 0 ${COUNTDOWN_SIZE} ${COUNTDOWN_SIZE}`} aria-hidden="true" className="-rotate-90">
        <circle cx={COUNTDOWN_SIZE / 2} cy={COUNTDOWN_SIZE / 2} r={r} fill="none" stroke="#e2e8f0" strokeWidth={STROKE} />
        <circle
          cx={COUNTDOWN_SIZE / 2}
          cy={COUNTDOWN_SIZE / 2}
          r={r}
          fill="none"
          stroke={low ? '#dc2626' : 'var(--color-brand, #2563eb)'}
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={length}
          strokeDashoffset={length * (1 - ratio)}
        />
      </svg>
      <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-xs text-slate-600">{t('exams.countdown')}</span>
        <span className={`font-mono text-2xl font-semibold ${low ? 'text-red-700' : 'text-ink'}`}>{text}</span>
      </div>
    </div>
  );
}

/** The same time as one line, for the phone's header (the circle shows on wide screens only, so one timer is there at a time). */
export function CountdownLine({ remaining }: { remaining: number }) {
  const text = clockText(remaining);
  return (
    <span role="timer" aria-label={`${t('exams.countdown')} ${text}`} className={`font-mono text-sm ${remaining <= 60 ? 'text-red-700' : 'text-slate-700'}`}>
      {t('exams.countdown')} {text}
    </span>
  );
}
