import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { TimetableActivity } from '~/lib/api/contracts/learning-timetable';
import { cstWeekday, dayPieces, gridDays, shownInDay, weekSlotLimits, type DayDot, type Range } from '~/lib/learning/calendar';
import { ONLINE_TYPE } from '~/lib/learning/codes';
import { DAY, HOUR, MINUTE, formatDate, parseDateTime, startOfCstDay } from '~/lib/time/cst';
import { t } from '~/lib/i18n/messages/timetable';
import { Modal } from '~/islands/shared/Modal';
import { EVENT_COLOURS } from './colours';
import { DayItems, clock, dayTitle, weekday, type HoverTarget } from './parts';

interface Handlers {
  onOpen: (activity: TimetableActivity) => void;
  onHover: (target: HoverTarget | null) => void;
}

interface Props extends Handlers {
  view: 'week' | 'month';
  /** The week or month shown. */
  range: Range;
  activities: TimetableActivity[];
  /** The week grid's first hour in view, 'HH:00:00' (weekScrollTime of src/lib/learning/calendar.ts). */
  scrollTime: string;
  /** The dot of each day that has activities, by 'YYYY-MM-DD'. */
  dots: ReadonlyMap<string, DayDot>;
  /** A month day's activities beyond its cell open in a list of links. */
  hrefOf: (activity: TimetableActivity) => string;
}

/** One 15-minute slot of the week grid, in px: an hour is four of them. */
const SLOT_PX = 18;
const HOUR_PX = 4 * SLOT_PX;
/** The month grid's height and the parts of a cell, in px: the height holds whatever the month's weeks. */
const MONTH_PX = 600;
const MONTH_HEAD_PX = 32;
const LINE_PX = 21;

const timesOf = (a: TimetableActivity) => ({ start: parseDateTime(a.startTime), end: parseDateTime(a.endTime) });
const hoursOf = (time: string) => Number.parseInt(time, 10);
const shortWeekday = (day: number) => weekday(cstWeekday(day)).replace('星期', '周');
const monthDay = (day: number) => formatDate(day).slice(5).split('-').map(Number).join('/');
const titleOf = (day: number) => dayTitle(formatDate(day), cstWeekday(day));
const DOT_LABEL: Record<DayDot, string> = { error: t('timetable.dotError'), info: t('timetable.dotInfo'), success: t('timetable.dotSuccess') };
/** Day dots: error red (missed), info blue (still to do), success green (done). */
const DOT_LOOK: Record<DayDot, string> = { error: 'bg-red-600', info: 'bg-blue-600', success: 'bg-green-600' };
/** The week grid's lines: every hour, and fainter every 15 minutes. */
const SLOT_LINES: CSSProperties = {
  backgroundImage: `linear-gradient(#e2e8f0 1px, transparent 1px), linear-gradient(#f1f5f9 1px, transparent 1px)`,
  backgroundSize: `100% ${HOUR_PX}px, 100% ${SLOT_PX}px`,
};
const TODAY = 'bg-amber-50';
const EVENT_LOOK =
  'cursor-pointer overflow-hidden rounded border border-white px-1 text-left text-xs leading-tight text-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-slate-900';
const CELL = 'border-b border-r border-slate-200';

/**
 * The week and month grids: each day a group named by its date, each activity a button named by
 * its time and title (Enter or a click opens its classroom; hovering or focusing it shows its card),
 * in the colour of its kind. The heights are fixed, so nothing under the grid moves when the
 * period or its activities change.
 */
export function Calendar(props: Props) {
  const [now, setNow] = useState(Date.now);
  // The now line and today's highlight follow the clock.
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(id);
  }, []);
  return props.view === 'week' ? <WeekGrid {...props} now={now} /> : <MonthGrid {...props} now={now} />;
}

function EventButton({
  activity: a,
  time,
  className,
  style,
  onOpen,
  onHover,
}: Handlers & { activity: TimetableActivity; time: string; className: string; style?: CSSProperties }) {
  const show = (e: { currentTarget: HTMLElement }) => onHover({ activity: a, el: e.currentTarget });
  const hide = () => onHover(null);
  return (
    <button
      type="button"
      className={`${EVENT_LOOK} ${className}`}
      style={{ ...style, backgroundColor: a.onlineType === ONLINE_TYPE.OFFLINE ? EVENT_COLOURS.offline : EVENT_COLOURS.online }}
      onClick={() => onOpen(a)}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      <span className="font-semibold">{time}</span> {a.activityName}
    </button>
  );
}

/**
 * On a phone the week is wider than the screen and scrolls sideways in its box: today's column is
 * brought into view (centred) when it is outside, so today's classes show on opening.
 */
function revealToday(root: HTMLElement) {
  const box = root.closest<HTMLElement>('[data-scroll-box]');
  const today = root.querySelector<HTMLElement>('[data-today]');
  if (!box || !today || box.scrollWidth <= box.clientWidth) return;
  const b = box.getBoundingClientRect();
  const r = today.getBoundingClientRect();
  if (r.left >= b.left && r.right <= b.right) return;
  box.scrollLeft += r.left - b.left - (b.width - r.width) / 2;
}

const WEEK_COLUMNS = 'grid grid-cols-[3rem_repeat(7,minmax(0,1fr))]';

/**
 * Seven days from Sunday, the hours of the school day (widened to whole hours around an activity
 * outside it) in 15-minute slots labelled every hour, in a box that scrolls to the hour the week
 * opens at; overlapping activities share their day's width.
 */
function WeekGrid({ range, activities, scrollTime, now, onOpen, onHover }: Props & { now: number }) {
  const box = useRef<HTMLDivElement>(null);
  const limits = weekSlotLimits(activities, { start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY });
  const min = hoursOf(limits.min);
  const max = hoursOf(limits.max);
  const days = gridDays(range);
  const today = startOfCstDay(now);
  const px = (ms: number) => (ms / HOUR) * HOUR_PX;

  // Scrolls again when the period or its activities change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the period and the activities are what bring it back to the opening hour.
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    root.scrollTop = (hoursOf(scrollTime) - min) * HOUR_PX;
    revealToday(root);
  }, [range.start, activities, scrollTime, min]);

  return (
    // A region that scrolls must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable), events or not.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus is what lets keyboard users scroll the hours.
    <div ref={box} tabIndex={0} className="h-[620px] overflow-y-auto rounded-lg border-l border-t border-slate-200 text-sm">
      <div className={`${WEEK_COLUMNS} sticky top-0 z-10 h-10 bg-white`}>
        <span className={CELL} />
        {days.map((day) => (
          <span key={day} data-today={day === today || undefined} className={`${CELL} flex items-center justify-center ${day === today ? TODAY : ''}`}>
            {`${monthDay(day)} ${shortWeekday(day)}`}
          </span>
        ))}
      </div>
      <div className={`${WEEK_COLUMNS} border-b border-slate-200`} style={{ height: (max - min) * HOUR_PX }}>
        <div className="relative border-r border-slate-200 text-xs text-slate-500" style={SLOT_LINES}>
          {Array.from({ length: max - min }, (_, i) => `${String(min + i).padStart(2, '0')}:00`).map((hour, i) => (
            <time key={hour} className="absolute right-1" style={{ top: i * HOUR_PX + 2 }}>
              {hour}
            </time>
          ))}
        </div>
        {days.map((day) => {
          const from = day + min * HOUR;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a day of the grid holding its activities' buttons, not a set of form fields (fieldset)
            <div
              key={day}
              role="group"
              aria-label={titleOf(day)}
              className={`relative border-r border-slate-200 ${day === today ? TODAY : ''}`}
              style={SLOT_LINES}
            >
              {dayPieces(activities, timesOf, from, day + max * HOUR).map((p) => (
                <EventButton
                  key={p.item.id}
                  activity={p.item}
                  time={`${clock(p.item.startTime)} - ${clock(p.item.endTime)}`}
                  className="absolute flex flex-col items-start"
                  style={{ top: px(p.start - from), height: px(p.end - p.start), left: `${(p.lane * 100) / p.lanes}%`, width: `${100 / p.lanes}%` }}
                  onOpen={onOpen}
                  onHover={onHover}
                />
              ))}
              {day === today && now >= from && now < day + max * HOUR && (
                <div className="pointer-events-none absolute inset-x-0 z-[1] border-t-2 border-red-500" style={{ top: px(now - from) }} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The weeks of the month from Sunday, days of the months around it dimmed; each day its number,
 * its dot and as many activities as its cell holds, then "还有 n 项", which lists them all.
 */
function MonthGrid({ range, activities, dots, hrefOf, now, onOpen, onHover }: Props & { now: number }) {
  const [opened, setOpened] = useState<number | null>(null);
  const days = gridDays(range);
  const weeks = days.length / 7;
  const lines = Math.floor(((MONTH_PX - MONTH_HEAD_PX) / weeks - 5) / LINE_PX) - 1;
  const month = formatDate(range.start).slice(0, 7);
  const today = startOfCstDay(now);
  const piecesOf = (day: number) => dayPieces(activities, timesOf, day, day + DAY);
  return (
    <div className="flex flex-col rounded-lg border-l border-t border-slate-200 text-sm" style={{ height: MONTH_PX }}>
      <div className="grid shrink-0 grid-cols-7" style={{ height: MONTH_HEAD_PX }}>
        {days.slice(0, 7).map((day) => (
          <span key={day} className={`${CELL} flex items-center justify-center`}>
            {shortWeekday(day)}
          </span>
        ))}
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-7" style={{ gridTemplateRows: `repeat(${weeks}, minmax(0, 1fr))` }}>
        {days.map((day) => {
          const key = formatDate(day);
          const dot = dots.get(key);
          const pieces = piecesOf(day);
          const shown = shownInDay(pieces.length, lines);
          const other = key.slice(0, 7) !== month;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a day of the grid holding its activities' buttons, not a set of form fields (fieldset)
            <div
              key={day}
              role="group"
              aria-label={titleOf(day)}
              className={`${CELL} min-w-0 overflow-hidden p-0.5 ${day === today ? TODAY : other ? 'bg-slate-50 text-slate-500' : ''}`}
            >
              <div className="flex items-center justify-end gap-1 px-1" style={{ height: LINE_PX }}>
                {Number(key.slice(8))}
                {dot && <span role="img" aria-label={DOT_LABEL[dot]} data-dot={dot} className={`inline-block size-2 rounded-full ${DOT_LOOK[dot]}`} />}
              </div>
              {pieces.slice(0, shown).map((p) => (
                <EventButton
                  key={p.item.id}
                  activity={p.item}
                  time={clock(p.item.startTime)}
                  className="mb-0.5 block w-full truncate"
                  style={{ height: LINE_PX - 2 }}
                  onOpen={onOpen}
                  onHover={onHover}
                />
              ))}
              {shown < pieces.length && (
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => setOpened(day)}
                  className="block w-full cursor-pointer rounded px-0.5 text-left text-xs leading-3 text-slate-700 hover:bg-slate-100"
                  style={{ minHeight: LINE_PX - 2 }}
                >
                  {t('timetable.more', { count: pieces.length - shown })}
                </button>
              )}
            </div>
          );
        })}
      </div>
      {opened !== null && (
        <Modal open title={titleOf(opened)} onClose={() => setOpened(null)} width="w-[min(92vw,32rem)]">
          <div>
            <DayItems activities={piecesOf(opened).map((p) => p.item)} hrefOf={hrefOf} />
          </div>
        </Modal>
      )}
    </div>
  );
}
