import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { TimetableActivity, TimetableDutyCount } from '~/lib/api/contracts/learning-timetable';
import { groupByStartDate, hoverCardSide } from '~/lib/learning/calendar';
import { ONLINE_TYPE } from '~/lib/learning/codes';
import { isRequired, shownAttendance, type AttendanceStatus } from '~/lib/learning/labels';
import { rankOf } from '~/lib/learning/rank';
import { timetableTargetState, unfinishedCount, type TargetState } from '~/lib/learning/targets';
import { targetBars, type TargetBarKey } from '~/lib/learning/timetable';
import { percentText } from '~/lib/learning/progress';
import { cutTime } from '~/lib/learning/display';
import { parseDateTime } from '~/lib/time/cst';
import { t } from '~/lib/i18n/messages/timetable';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { TitledSection } from '../shared/TitledSection';
import type { Load } from '../shared/use-load';
import { EVENT_COLOURS } from './colours';

/** The event a card is shown for, and its element on the grid. */
export interface HoverTarget {
  activity: TimetableActivity;
  el: HTMLElement;
}

/** 星期日 … 星期六 (0 Sunday … 6 Saturday). */
export const weekday = (n: number) => t(`timetable.weekday${n}` as 'timetable.weekday0');
/** A day's name, '11月23日 星期一', from its 'YYYY-MM-DD' and its weekday (0 Sunday … 6 Saturday). */
export function dayTitle(date: string, weekdayNumber: number): string {
  const [, month, day] = date.split('-').map(Number);
  return t('timetable.dayTitle', { month: month!, day: day!, weekday: weekday(weekdayNumber) });
}
/** 'HH:mm' of a 'YYYY-MM-DD HH:mm:ss' time. */
export const clock = (time: string) => cutTime(time).slice(11);
const STATUS: Record<AttendanceStatus, string> = {
  pending: t('timetable.statusPending'),
  missed: t('timetable.statusMissed'),
  attended: t('timetable.statusAttended'),
};
const STATUS_LOOK: Record<AttendanceStatus, string> = {
  pending: 'bg-sky-50 text-sky-800',
  missed: 'bg-red-50 text-red-700',
  attended: 'bg-emerald-50 text-emerald-800',
};
const place = (a: TimetableActivity) =>
  [a.position, a.address].filter(Boolean).join(' ') || (a.onlineType === ONLINE_TYPE.OFFLINE ? '' : t('timetable.online'));

/** Online / face-to-face, with the event colours. */
export function Legend() {
  return (
    <ul aria-label={t('timetable.legend')} className="mb-3 flex flex-wrap gap-4 text-sm text-slate-700">
      {(['online', 'offline'] as const).map((kind) => (
        <li key={kind} className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: EVENT_COLOURS[kind] }} />
          {t(kind === 'online' ? 'timetable.online' : 'timetable.offline')}
        </li>
      ))}
    </ul>
  );
}

function Tags({ a }: { a: TimetableActivity }) {
  const status = shownAttendance(a);
  return (
    <span className="flex flex-wrap gap-1 text-xs">
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{t(isRequired(a.isRequired) ? 'timetable.required' : 'timetable.elective')}</span>
      <span
        className="rounded px-1.5 py-0.5 text-white"
        style={{ backgroundColor: a.onlineType === ONLINE_TYPE.OFFLINE ? EVENT_COLOURS.offline : EVENT_COLOURS.online }}
      >
        {t(a.onlineType === ONLINE_TYPE.OFFLINE ? 'timetable.offline' : 'timetable.online')}
      </span>
      {status && <span className={`rounded px-1.5 py-0.5 ${STATUS_LOOK[status]}`}>{STATUS[status]}</span>}
    </span>
  );
}

/** The All view: activities grouped by start day, with the weekday ('11月23日 星期一'). */
export function ActivityList({ activities, hrefOf }: { activities: TimetableActivity[]; hrefOf: (a: TimetableActivity) => string }) {
  const groups = groupByStartDate(activities, (a) => parseDateTime(a.startTime));
  return (
    <div className="space-y-5">
      {groups.map((g) => {
        const title = dayTitle(g.date, g.weekday);
        return (
          <section key={g.date} aria-label={title}>
            <h2 className="mb-2 text-base font-semibold">{title}</h2>
            <DayItems activities={g.items} hrefOf={hrefOf} />
          </section>
        );
      })}
    </div>
  );
}

/** One day's activities as links to their classrooms: the time, the course, the place and the tags. */
export function DayItems({ activities, hrefOf }: { activities: TimetableActivity[]; hrefOf: (a: TimetableActivity) => string }) {
  return (
    <ul className="space-y-2">
      {activities.map((a) => (
        <li key={a.id}>
          <a href={hrefOf(a)} className="block rounded-lg border border-slate-200 p-3 hover:border-brand">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-ink">{a.activityName}</span>
              <span className="text-sm text-slate-600">
                {clock(a.startTime)} - {clock(a.endTime)}
              </span>
            </span>
            <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              {a.courseName && <span>{a.courseName}</span>}
              {place(a) && <span>{place(a)}</span>}
              <Tags a={a} />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const CARD_WIDTH = 272;
const GAP = 8;

/**
 * The activity card of a hovered or focused event: to the left of an event whose left edge is
 * beyond 950 px (hoverCardSide), else to its right, kept inside the window.
 */
export function HoverCard({ target }: { target: HoverTarget }) {
  const { activity: a, el } = target;
  const card = useRef<HTMLDivElement>(null);
  // The card is placed in the window: it follows the event when the page or the calendar scrolls
  // (focusing an event scrolls it into view) and when the window is resized.
  const [, relayout] = useState(0);
  useEffect(() => {
    const again = () => relayout((n) => n + 1);
    window.addEventListener('scroll', again, { passive: true, capture: true });
    window.addEventListener('resize', again);
    return () => {
      window.removeEventListener('scroll', again, { capture: true });
      window.removeEventListener('resize', again);
    };
  }, []);
  const rect = el.getBoundingClientRect();
  const side = hoverCardSide(rect.left);
  const width = Math.min(CARD_WIDTH, window.innerWidth - 2 * GAP);
  const wanted = side === 'left' ? rect.left - width - GAP : rect.right + GAP;
  const left = Math.max(GAP, Math.min(wanted, window.innerWidth - width - GAP));
  const [top, setTop] = useState(rect.top);
  useLayoutEffect(() => {
    const h = card.current?.offsetHeight ?? 0;
    setTop(Math.max(GAP, Math.min(rect.top, window.innerHeight - h - GAP)));
  }, [rect.top]);
  const status = shownAttendance(a);
  const rows: [string, string][] = [
    [t('timetable.cardTime'), `${cutTime(a.startTime)} - ${clock(a.endTime)}`],
    ...(a.courseName ? ([[t('timetable.cardCourse'), a.courseName]] as [string, string][]) : []),
    ...(place(a) ? ([[t('timetable.cardPlace'), place(a)]] as [string, string][]) : []),
    ...(status ? ([[t('timetable.cardStatus'), STATUS[status]]] as [string, string][]) : []),
  ];
  if (!el.isConnected) return null;
  return (
    <div
      ref={card}
      role="tooltip"
      data-side={side}
      className="pointer-events-none fixed z-50 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xl"
      style={{ left, top, width }}
    >
      <p className="mb-2 font-semibold text-ink">{a.activityName}</p>
      <dl className="space-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-2">
        <Tags a={a} />
      </div>
    </div>
  );
}

const STATE_TEXT: Record<TargetState, string> = {
  notStarted: t('timetable.stateNotStarted'),
  inProgress: t('timetable.stateInProgress'),
  overdue: t('timetable.stateOverdue'),
  completed: t('timetable.stateCompleted'),
};
const STATE_LOOK: Record<TargetState, string> = {
  notStarted: 'bg-slate-100 text-slate-700',
  inProgress: 'bg-sky-50 text-sky-800',
  overdue: 'bg-red-50 text-red-700',
  completed: 'bg-emerald-50 text-emerald-800',
};
const BAR_LABEL: Record<TargetBarKey, string> = {
  requiredClassrooms: t('timetable.barRequiredClassrooms'),
  videoStudy: t('timetable.barVideoStudy'),
  homeworkTest: t('timetable.barHomeworkTest'),
};

interface TargetProps {
  duty: Load<TimetableDutyCount>;
  now: number;
  periodStart: number;
  periodEnd: number;
  onRetry: () => void;
}

/** The target block: the state of the period, the bars and the rank. */
export function TargetBlock({ duty, now, periodStart, periodEnd, onRetry }: TargetProps) {
  let body: ReactNode;
  if (duty.state === 'loading') body = <Skeleton rows={2} />;
  else if (duty.state === 'error') body = <LoadError message={duty.message} onRetry={onRetry} />;
  else {
    const d = duty.data;
    const state = timetableTargetState({ now, periodStart, periodEnd, unfinished: unfinishedCount(d) });
    const bars = targetBars(d);
    const rank = rankOf(d.rankIndex, d.rankTotal);
    body = (
      <>
        <p className="mb-3">
          <span data-testid="tt-target-state" className={`rounded px-2 py-0.5 text-sm ${STATE_LOOK[state]}`}>
            {STATE_TEXT[state]}
          </span>
        </p>
        {bars.length === 0 && <p className="text-sm text-muted">{t('timetable.noTargets')}</p>}
        <ul className="space-y-3">
          {bars.map((b) => (
            <li key={b.key}>
              <div className="mb-1 flex justify-between gap-2 text-sm">
                <span>{BAR_LABEL[b.key]}</span>
                <span className="text-slate-600">
                  {t(b.unit === 'minutes' ? 'timetable.barMinutes' : 'timetable.barItems', { done: b.done, total: b.total })}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={BAR_LABEL[b.key]}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={b.percent}
                aria-valuetext={`${percentText(b.percent)}%`}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand" style={{ width: `${b.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-slate-100 pt-3 text-sm">
          {rank ? (
            <>
              <p className="font-semibold text-ink">{t('timetable.rank', { rank: rank.rank, total: rank.total })}</p>
              {rank.defeatRate !== null && <p className="text-slate-600">{t('timetable.defeat', { rate: percentText(rank.defeatRate) })}</p>}
            </>
          ) : (
            <p className="text-muted">{t('timetable.notRanked')}</p>
          )}
        </div>
      </>
    );
  }
  return (
    <TitledSection id="tt-target-title" title={t('timetable.target')} className="rounded-lg bg-slate-50 p-4" headingClass="mb-3 text-base font-semibold">
      {body}
    </TitledSection>
  );
}
