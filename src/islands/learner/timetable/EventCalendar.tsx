import { useEffect, useRef } from 'react';
import type { Calendar } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import './timetable.css';
import type { TimetableActivity } from '~/lib/api/contracts/learning-timetable';
import { FIRST_DAY_OF_WEEK, SLOT_MINUTES, weekSlotLimits, type DayDot } from '~/lib/learning/calendar';
import { ONLINE_TYPE } from '~/lib/learning/codes';
import { t } from '~/lib/i18n/messages/timetable';
import { EVENT_COLOURS } from './colours';

export interface HoverTarget {
  activity: TimetableActivity;
  el: HTMLElement;
}

interface Props {
  view: 'week' | 'month';
  /** 'YYYY-MM-DD' (China Standard Time) inside the period shown. */
  date: string;
  activities: TimetableActivity[];
  /** The week grid's first hour in view, 'HH:mm:ss' (weekScrollTime of src/lib/learning/calendar.ts). */
  scrollTime: string;
  /** The dot of each day that has activities, by 'YYYY-MM-DD'. */
  dots: ReadonlyMap<string, DayDot>;
  onOpen: (activity: TimetableActivity) => void;
  onHover: (target: HoverTarget | null) => void;
}

const VIEW = { week: 'timeGridWeek', month: 'dayGridMonth' } as const;
/**
 * Each grid's height, fixed: the box holds it before the calendar (loaded on first use) draws, so
 * nothing under the grid moves when it appears or when a month has five or six weeks.
 */
const HEIGHT = { week: 620, month: 600 } as const;
const two = (n: number) => String(n).padStart(2, '0');
/** The calendar hands out dates whose local fields are the shown (China Standard Time) wall clock. */
const keyOf = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
const DOT_LABEL: Record<DayDot, string> = { error: t('timetable.dotError'), info: t('timetable.dotInfo'), success: t('timetable.dotSuccess') };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The calendar marks its grids up as ARIA tables whose cells are not in rows, with buttons and a
 * toolbar among them: assistive technology gets a broken table (axe: aria-required-children and
 * -parent). The grid is a picture of the period; what a student acts on are the events, which
 * stay buttons named by their time and title. So the table roles, their indexes and the labels
 * left on generic elements are taken out each time the calendar draws.
 */
const STRUCTURE_ROLES = new Set(['table', 'row', 'rowgroup', 'columnheader', 'rowheader', 'cell', 'gridcell', 'list', 'listitem', 'presentation']);
const LABELLABLE = new Set(['BUTTON', 'A', 'INPUT', 'SELECT', 'TEXTAREA']);

function plainGrid(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLElement>('[role], [aria-colindex], [aria-colspan], [aria-rowindex], [aria-label]')) {
    const role = el.getAttribute('role');
    if (role && STRUCTURE_ROLES.has(role)) el.removeAttribute('role');
    for (const name of ['aria-colindex', 'aria-colspan', 'aria-rowindex']) if (el.hasAttribute(name)) el.removeAttribute(name);
    if (el.hasAttribute('aria-label') && !el.hasAttribute('role') && !LABELLABLE.has(el.tagName)) el.removeAttribute('aria-label');
  }
}

/**
 * On a phone the week grid is wider than the screen and scrolls sideways in its box: bring
 * today's column into view (centred) when it is outside, so today's classes show on opening.
 */
function revealToday(root: HTMLElement) {
  const box = root.closest<HTMLElement>('[data-scroll-box]');
  const today = root.querySelector<HTMLElement>('.ec-col-head.ec-today, .ec-day.ec-today');
  if (!box || !today || box.scrollWidth <= box.clientWidth) return;
  const b = box.getBoundingClientRect();
  const r = today.getBoundingClientRect();
  if (r.left >= b.left && r.right <= b.right) return;
  box.scrollLeft += r.left - b.left - (b.width - r.width) / 2;
}

/** The activities given are the shown period's: all of them count. */
const slotLimits = (activities: TimetableActivity[]) => weekSlotLimits(activities, { start: -Infinity, end: Infinity });

function eventsOf(activities: TimetableActivity[]): Calendar.EventInput[] {
  return activities.map((a) => ({
    id: a.id,
    title: a.activityName,
    // Floating wall-clock times: the calendar shows them as they are, in its +08:00 zone.
    start: a.startTime.replace(' ', 'T'),
    end: a.endTime.replace(' ', 'T'),
    backgroundColor: a.onlineType === ONLINE_TYPE.OFFLINE ? EVENT_COLOURS.offline : EVENT_COLOURS.online,
    textColor: '#ffffff',
    extendedProps: { activity: a },
  }));
}

function dayCell(dots: ReadonlyMap<string, DayDot>) {
  return (arg: { date: Date; allDay?: boolean }) => {
    const dot = dots.get(keyOf(arg.date));
    const number = `<span>${arg.date.getDate()}</span>`;
    if (!dot) return { html: number };
    return { html: `${number}<span class="tt-dot tt-dot-${dot}" data-dot="${dot}" role="img" aria-label="${escapeHtml(DOT_LABEL[dot])}"></span>` };
  };
}

/**
 * The week and month grids of @event-calendar/core (vanilla JS, mounted in an effect and destroyed
 * on unmount). Its own toolbar is off: the island's controls move the period. Loaded on first use,
 * so the page's first JavaScript stays small.
 */
export function EventCalendar({ view, date, activities, scrollTime, dots, onOpen, onHover }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const handlers = useRef({ onOpen, onHover });
  handlers.current = { onOpen, onHover };
  const props = useRef({ view, date, activities, scrollTime, dots });
  props.current = { view, date, activities, scrollTime, dots };

  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const observer = new MutationObserver(() => plainGrid(root));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['role', 'aria-label', 'aria-colindex', 'aria-colspan', 'aria-rowindex'],
    });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let live = true;
    let destroy: ((c: Calendar) => Promise<void>) | null = null;
    void import('@event-calendar/core').then((ec) => {
      if (!live || !host.current) return;
      destroy = ec.destroyCalendar;
      const p = props.current;
      const limits = slotLimits(p.activities);
      const activityOf = (info: { event: Calendar.Event }) => (info.event.extendedProps as { activity: TimetableActivity }).activity;
      calendar.current = ec.createCalendar(host.current, [ec.TimeGrid, ec.DayGrid], {
        view: VIEW[p.view],
        date: p.date,
        events: eventsOf(p.activities),
        timeZone: '+08:00',
        locale: 'zh-cn',
        firstDay: FIRST_DAY_OF_WEEK,
        slotDuration: { minutes: SLOT_MINUTES },
        slotLabelInterval: '01:00',
        slotHeight: 18,
        // The school day, widened to whole hours around an activity outside it (labels stay on the hour).
        slotMinTime: limits.min,
        slotMaxTime: limits.max,
        scrollTime: p.scrollTime,
        allDaySlot: false,
        nowIndicator: true,
        headerToolbar: { start: '', center: '', end: '' },
        buttonText: (text) => ({ ...text, today: t('timetable.today'), timeGridWeek: t('timetable.week'), dayGridMonth: t('timetable.month') }),
        dayHeaderFormat: (d: Date) =>
          props.current.view === 'week'
            ? `${d.getMonth() + 1}/${d.getDate()} ${t(`timetable.weekday${d.getDay()}` as 'timetable.weekday0').replace('星期', '周')}`
            : t(`timetable.weekday${d.getDay()}` as 'timetable.weekday0').replace('星期', '周'),
        dayHeaderAriaLabelFormat: (d: Date) => `${d.getMonth() + 1}月${d.getDate()}日 ${t(`timetable.weekday${d.getDay()}` as 'timetable.weekday0')}`,
        slotLabelFormat: (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}`,
        eventTimeFormat: (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}`,
        dayMaxEvents: true,
        dayCellContent: dayCell(p.dots),
        height: `${HEIGHT[p.view]}px`,
        eventClick: (info) => {
          info.jsEvent.preventDefault();
          handlers.current.onOpen(activityOf(info));
        },
        eventMouseEnter: (info) => handlers.current.onHover({ activity: activityOf(info), el: info.el }),
        eventMouseLeave: () => handlers.current.onHover(null),
        eventDidMount: (info) => {
          // Keyboard users get the same card as the mouse: on focus, gone on blur.
          info.el.addEventListener('focus', () => handlers.current.onHover({ activity: activityOf(info), el: info.el }));
          info.el.addEventListener('blur', () => handlers.current.onHover(null));
        },
      });
      requestAnimationFrame(() => host.current && revealToday(host.current));
    });
    return () => {
      live = false;
      const c = calendar.current;
      calendar.current = null;
      handlers.current.onHover(null);
      if (c && destroy) void destroy(c);
    };
  }, []);

  useEffect(() => {
    const c = calendar.current;
    if (!c) return;
    handlers.current.onHover(null);
    c.setOption('view', VIEW[view]);
    c.setOption('height', `${HEIGHT[view]}px`);
    c.setOption('date', date);
    c.setOption('dayCellContent', dayCell(dots));
    c.setOption('events', eventsOf(activities));
    const limits = slotLimits(activities);
    c.setOption('slotMinTime', limits.min);
    c.setOption('slotMaxTime', limits.max);
    // Scrolls the week grid again when the period or its activities change.
    c.setOption('scrollTime', scrollTime);
    const id = requestAnimationFrame(() => host.current && revealToday(host.current));
    return () => cancelAnimationFrame(id);
  }, [view, date, activities, scrollTime, dots]);

  return <div ref={host} className="tt-calendar min-w-0" style={{ minHeight: HEIGHT[view] }} />;
}
