// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import type { TimetableActivity } from '~/lib/api/contracts/learning-timetable';
import { monthRange, weekRange, type DayDot } from '~/lib/learning/calendar';
import { parseDateTime } from '~/lib/time/cst';
import { Calendar } from '~/islands/learner/timetable/Calendar';

/**
 * The timetable's week and month grids on their own: what a student reads and uses (days named by
 * their date, activities as buttons named by time and title, overlapping ones side by side, the
 * month cell's "还有 n 项" and its list), without a server.
 */

let serial = 0;
function activity(start: string, end: string, over: Partial<TimetableActivity> = {}): TimetableActivity {
  serial += 1;
  return {
    id: `a${serial}`,
    activityId: `a${serial}`,
    activityName: `课${serial}`,
    isRequired: 1,
    onlineType: 1,
    classActivityStatus: 0,
    startTime: start,
    endTime: end,
    extendId: 'c1',
    courseName: '电工基础',
    bizType: null,
    position: null,
    address: null,
    classroomId: 'r1',
    classroomName: null,
    classroomType: 1,
    finStatus: 0,
    ...over,
  };
}

function renderCalendar(view: 'week' | 'month', activities: TimetableActivity[], dots: ReadonlyMap<string, DayDot> = new Map()) {
  const onOpen = vi.fn();
  const onHover = vi.fn();
  const anchor = parseDateTime('2026-11-25 12:00:00');
  render(
    createElement(Calendar, {
      view,
      range: view === 'week' ? weekRange(anchor) : monthRange(anchor),
      activities,
      scrollTime: '08:00:00',
      dots,
      hrefOf: (a: TimetableActivity) => `/study/classroom/classroom-detail?activityId=${a.id}`,
      onOpen,
      onHover,
    }),
  );
  return { onOpen, onHover };
}

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

describe('the week grid', () => {
  it('shows seven days from Sunday, each named by its date, and the hours labelled on the hour', () => {
    renderCalendar('week', []);
    const days = screen.getAllByRole('group');
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      '11月22日 星期日',
      '11月23日 星期一',
      '11月24日 星期二',
      '11月25日 星期三',
      '11月26日 星期四',
      '11月27日 星期五',
      '11月28日 星期六',
    ]);
    expect(screen.getByText('11/22 周日')).toBeTruthy();
    expect(screen.getByText('07:00')).toBeTruthy();
    expect(screen.getByText('21:00')).toBeTruthy();
    expect(screen.queryByText('22:00')).toBeNull();
    expect(screen.queryByText('10:15')).toBeNull();
  });

  it('puts each activity on its day as a button named by its time and title, overlapping ones side by side', () => {
    const a = activity('2026-11-25 09:00:00', '2026-11-25 10:30:00');
    const b = activity('2026-11-25 10:00:00', '2026-11-25 11:00:00', { onlineType: 2 });
    const c = activity('2026-11-22 14:00:00', '2026-11-22 15:00:00');
    renderCalendar('week', [a, b, c]);
    const wednesday = within(screen.getByRole('group', { name: '11月25日 星期三' }));
    const first = wednesday.getByRole('button', { name: `09:00 - 10:30 ${a.activityName}` });
    const second = wednesday.getByRole('button', { name: `10:00 - 11:00 ${b.activityName}` });
    expect([first.style.left, first.style.width, second.style.left, second.style.width]).toEqual(['0%', '50%', '50%', '50%']);
    // 09:00 is two hours below the 07:00 start of the grid, four 18 px slots an hour
    expect([first.style.top, first.style.height]).toEqual(['144px', '108px']);
    // the colours of online and face-to-face classrooms
    expect([first.style.backgroundColor, second.style.backgroundColor]).toEqual(['rgb(37, 99, 235)', 'rgb(194, 65, 12)']);
    within(screen.getByRole('group', { name: '11月22日 星期日' })).getByRole('button', { name: `14:00 - 15:00 ${c.activityName}` });
  });

  it('widens the hours to an activity outside the school day', () => {
    renderCalendar('week', [activity('2026-11-24 05:30:00', '2026-11-24 06:00:00')]);
    expect(screen.getByText('05:00')).toBeTruthy();
    expect(screen.queryByText('04:00')).toBeNull();
  });

  it('a click opens the activity; focus and hover show its card, blur and leaving hide it', () => {
    const a = activity('2026-11-25 09:00:00', '2026-11-25 10:30:00');
    const { onOpen, onHover } = renderCalendar('week', [a]);
    const button = screen.getByRole('button', { name: `09:00 - 10:30 ${a.activityName}` });
    fireEvent.focus(button);
    expect(onHover).toHaveBeenLastCalledWith({ activity: a, el: button });
    fireEvent.blur(button);
    expect(onHover).toHaveBeenLastCalledWith(null);
    fireEvent.mouseEnter(button);
    expect(onHover).toHaveBeenLastCalledWith({ activity: a, el: button });
    fireEvent.mouseLeave(button);
    expect(onHover).toHaveBeenLastCalledWith(null);
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(a);
  });
});

describe('the month grid', () => {
  it('shows whole weeks from Sunday around the month, each day named by its date, with its dot', () => {
    renderCalendar('month', [], new Map([['2026-11-25', 'error' as const]]));
    const days = screen.getAllByRole('group');
    // 1 November 2026 is a Sunday; the 30th a Monday: five weeks, to 5 December
    expect(days).toHaveLength(35);
    expect(days[0]!.getAttribute('aria-label')).toBe('11月1日 星期日');
    expect(days[34]!.getAttribute('aria-label')).toBe('12月5日 星期六');
    const dot = within(screen.getByRole('group', { name: '11月25日 星期三' })).getByRole('img');
    expect(dot.getAttribute('aria-label')).toBe('有逾期未完成的必修课堂');
    expect(dot.dataset['dot']).toBe('error');
  });

  it('lists what fits in a day, then 还有 n 项, which opens the whole day as links', () => {
    const busy = ['09', '10', '11', '12', '13', '14'].map((h) => activity(`2026-11-25 ${h}:00:00`, `2026-11-25 ${h}:30:00`));
    const { onOpen } = renderCalendar('month', [...busy].reverse());
    const day = within(screen.getByRole('group', { name: '11月25日 星期三' }));
    const more = day.getByRole('button', { name: '还有 3 项' });
    // the first three in start order, as buttons named by start time and title
    const shown = busy.slice(0, 3).map((a) => `${a.startTime.slice(11, 16)} ${a.activityName}`);
    expect(day.getAllByRole('button').map((b) => b.textContent)).toEqual([...shown, '还有 3 项']);
    fireEvent.click(day.getAllByRole('button')[1]!);
    expect(onOpen).toHaveBeenCalledWith(busy[1]);
    expect(screen.queryByText(/more/)).toBeNull();

    fireEvent.click(more);
    const dialog = within(screen.getByRole('dialog', { name: '11月25日 星期三' }));
    const links = dialog.getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(busy.map((a) => `/study/classroom/classroom-detail?activityId=${a.id}`));
    fireEvent.click(dialog.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a day whose activities fit shows them all, with no 还有 line', () => {
    renderCalendar('month', [activity('2026-11-25 09:00:00', '2026-11-25 10:00:00'), activity('2026-11-25 19:00:00', '2026-11-25 20:00:00')]);
    const day = within(screen.getByRole('group', { name: '11月25日 星期三' }));
    expect(day.getAllByRole('button')).toHaveLength(2);
    expect(day.queryByRole('button', { name: /还有/ })).toBeNull();
  });
});
