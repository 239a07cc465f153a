import { useCallback, useMemo, useState } from 'react';
import { send } from '~/lib/api/client';
import { studentClassDetail, type StudentClassDetail } from '~/lib/api/contracts/learning';
import {
  timetableActivities,
  timetableDutyCount,
  type TimetableActivity,
  type TimetableData,
  type TimetableDutyCount,
} from '~/lib/api/contracts/learning-timetable';
import {
  DEFAULT_TIMETABLE_VIEW,
  EVALUATE_TYPE,
  TIMETABLE_VIEWS,
  dayDot,
  monthRange,
  shiftRange,
  weekRange,
  weekScrollTime,
  type DayDot,
  type Range,
  type TimetableView,
} from '~/lib/learning/calendar';
import { formatDate, formatDateTime, parseDateTime, startOfCstDay } from '~/lib/time/cst';
import { t } from '~/lib/i18n/messages/timetable';
import { navigateTo } from '~/lib/navigation';
import { activityHref } from '../shared/activity-href';
import { QueryPage, usePageQuery } from '../shared/page';
import { Skeleton } from '../shared/Skeleton';
import { LoadError } from '../shared/LoadError';
import { useLoad, type Load } from '../shared/use-load';
import { TabList } from '~/islands/shared/TabList';
import { useStudent } from '../shared/use-student';
import { Calendar } from './Calendar';
import { ActivityList, HoverCard, Legend, TargetBlock, type HoverTarget } from './parts';
import { SubscribeDialog } from './SubscribeDialog';

/** The timetable's query: classId, studentId, userId, experience. */
interface Query {
  classId: string;
  studentId: string | undefined;
  userId: string | undefined;
}

function readQuery(q: URLSearchParams): Query {
  return { classId: q.get('classId') ?? '', studentId: q.get('studentId') || undefined, userId: q.get('userId') || undefined };
}

const VIEW_LABEL: Record<TimetableView, string> = { week: t('timetable.week'), month: t('timetable.month'), all: t('timetable.all') };
const rangeOf = (view: TimetableView, anchor: number): Range | null => (view === 'week' ? weekRange(anchor) : view === 'month' ? monthRange(anchor) : null);

/**
 * The timetable (/study/class-time-table): period tabs Week / Month / All, the week and month
 * grids (Calendar.tsx) or the list by day, the target block with the rank, the legend and
 * the private calendar subscription.
 */
export default function TimetableIsland() {
  const user = useStudent();
  const query = usePageQuery(readQuery);
  const userId = query?.userId ?? user?.userId;
  const ctx = user && query?.classId && userId ? { classId: query.classId, userId, studentId: query.studentId } : null;
  const [detail, reloadDetail] = useLoad<StudentClassDetail>(ctx && `${ctx.userId}:${ctx.classId}:${ctx.studentId ?? ''}`, () =>
    send(studentClassDetail, { classId: ctx!.classId, userId: ctx!.userId, studentId: ctx!.studentId }, { silent: true }),
  );
  // The period shown is chosen here, so its activities and duty count are asked with the class's detail (one round trip).
  const [view, setView] = useState<TimetableView>(DEFAULT_TIMETABLE_VIEW);
  const [anchor, setAnchor] = useState(() => Date.now());
  const period = usePeriod(ctx, view, rangeOf(view, anchor));
  return (
    <QueryPage
      student={user}
      query={query}
      title={t('timetable.title')}
      complete={!!query?.classId}
      missing={t('timetable.noClassId')}
      load={detail}
      onRetry={reloadDetail}
    >
      {(cls) => <Timetable cls={cls} ctx={ctx!} shown={{ view, setView, anchor, setAnchor, ...period }} />}
    </QueryPage>
  );
}

type Context = { classId: string; userId: string; studentId: string | undefined };

/** The activities and the duty count of the period shown (the whole class for 全部); nothing until the page has its class. */
function usePeriod(ctx: Context | null, view: TimetableView, range: Range | null) {
  const periodKey = ctx && `${ctx.classId}:${view}:${range?.start ?? 'all'}`;
  const times = range ? { start: formatDateTime(range.start), end: formatDateTime(range.end) } : null;
  const asked = () => ({ classId: ctx!.classId, userId: ctx!.userId, studentId: ctx!.studentId, evaluateType: EVALUATE_TYPE[view] });
  const [data, reloadData] = useLoad<TimetableData>(periodKey, () =>
    send(timetableActivities, { ...asked(), startTime: times?.start, endTime: times?.end }, { silent: true }),
  );
  const [duty, reloadDuty] = useLoad<TimetableDutyCount>(periodKey, () =>
    send(timetableDutyCount, { ...asked(), beginDateTime: times?.start, endDateTime: times?.end }, { silent: true }),
  );
  return { data, reloadData, duty, reloadDuty };
}

/** The period shown and its answers, kept by the island. */
type Shown = ReturnType<typeof usePeriod> & {
  view: TimetableView;
  setView: (view: TimetableView) => void;
  anchor: number;
  setAnchor: (anchor: number) => void;
};

/** Each day's dot (its activities done, missed or to come), by the answer and the day. */
function useDots(data: Load<TimetableData>, now: number) {
  // A day's dot depends only on whether it is before today.
  const today = startOfCstDay(now);
  return useMemo(() => {
    const map = new Map<string, DayDot>();
    if (data.state === 'done')
      for (const d of data.data.optionData) {
        const dot = dayDot(d.dateKey, d.colorStatus, today);
        if (dot) map.set(d.dateKey, dot);
      }
    return map;
  }, [data, today]);
}

/** The loaded class's timetable: the view tabs, the period, the grid or list, the target block. */
function Timetable({ cls, ctx, shown }: { cls: StudentClassDetail; ctx: Context; shown: Shown }) {
  const { view, setView, anchor, setAnchor, data, reloadData, duty, reloadDuty } = shown;
  const [hover, setHover] = useState<HoverTarget | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const range = rangeOf(view, anchor);

  // The same context object while the class, the student and the user stay the same, so the
  // calendar's callbacks stay the same too.
  const { classId, userId } = ctx;
  const studentId = cls.studentId;
  const jumpContext = useMemo(() => ({ classId, studentId, userId }), [classId, studentId, userId]);
  const hrefOf = useCallback((a: TimetableActivity) => activityHref(a, jumpContext), [jumpContext]);
  const open = useCallback((a: TimetableActivity) => navigateTo(hrefOf(a)), [hrefOf]);

  const now = Date.now();
  const dots = useDots(data, now);
  const activities = useMemo(() => (data.state === 'done' ? data.data.activityResultVOList : []), [data]);
  const period = range ?? { start: parseDateTime(cls.trainingStartTime ?? ''), end: parseDateTime(cls.trainingEndTime ?? '') };
  const choose = (next: TimetableView) => {
    setHover(null);
    setView(next);
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{t('timetable.title')}</h1>
          <p className="mt-1 truncate text-sm text-slate-600">{cls.title}</p>
        </div>
        <button
          type="button"
          onClick={() => setSubscribing(true)}
          className="rounded-lg border border-brand px-3 py-1.5 text-sm text-brand hover:bg-brand-soft"
        >
          {t('timetable.subscribe')}
        </button>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0">
          <ViewTabs view={view} onChoose={choose} />
          <div id="tt-panel" role="tabpanel" aria-labelledby={`tt-tab-${view}`} className="min-w-0">
            {range && (
              <PeriodControls
                view={view as 'week' | 'month'}
                range={range}
                onAnchor={(ms) => {
                  setHover(null);
                  setAnchor(ms);
                }}
              />
            )}
            <Legend />
            <Body
              view={view}
              range={range}
              data={data}
              activities={activities}
              dots={dots}
              hrefOf={hrefOf}
              onOpen={open}
              onHover={setHover}
              onRetry={reloadData}
            />
          </div>
        </div>
        <aside className="min-w-0">
          <TargetBlock duty={duty} now={now} periodStart={period.start} periodEnd={period.end} onRetry={reloadDuty} />
        </aside>
      </div>
      {hover && <HoverCard target={hover} />}
      {subscribing && <SubscribeDialog classId={cls.classId} userId={userId} onClose={() => setSubscribing(false)} />}
    </>
  );
}

/** 周 / 月 / 全部 as tabs (arrow keys move between them). */
function ViewTabs({ view, onChoose }: { view: TimetableView; onChoose: (view: TimetableView) => void }) {
  return (
    <TabList
      label={t('timetable.views')}
      tabs={TIMETABLE_VIEWS}
      selected={view}
      onSelect={onChoose}
      tabId={(v) => `tt-tab-${v}`}
      panelId={() => 'tt-panel'}
      className="mb-3 inline-flex rounded-lg border border-slate-200 p-1"
      tabClass={(on) => `rounded-md px-4 py-1 text-sm ${on ? 'bg-brand text-white' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {(v) => VIEW_LABEL[v]}
    </TabList>
  );
}

function PeriodControls({ view, range, onAnchor }: { view: 'week' | 'month'; range: Range; onAnchor: (ms: number) => void }) {
  const week = view === 'week';
  const label = week ? t('timetable.pickWeek') : t('timetable.pickMonth');
  const value = week ? formatDate(range.start) : formatDate(range.start).slice(0, 7);
  const pick = (text: string) => {
    const ms = parseDateTime(week ? text : `${text}-01`);
    if (Number.isFinite(ms)) onAnchor(ms);
  };
  const button = 'rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50';
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <button type="button" className={button} onClick={() => onAnchor(shiftRange(view, range, -1).start)}>
        {week ? t('timetable.prevWeek') : t('timetable.prevMonth')}
      </button>
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only">{label}</span>
        <input
          type={week ? 'date' : 'month'}
          aria-label={label}
          value={value}
          onChange={(e) => pick(e.currentTarget.value)}
          className="rounded border border-slate-300 px-2 py-1 text-sm"
        />
      </label>
      <button type="button" className={button} onClick={() => onAnchor(shiftRange(view, range, 1).start)}>
        {week ? t('timetable.nextWeek') : t('timetable.nextMonth')}
      </button>
      <button type="button" className={button} onClick={() => onAnchor(Date.now())}>
        {t('timetable.today')}
      </button>
      <p className="w-full text-sm text-slate-600 sm:w-auto" aria-live="polite" data-testid="tt-range">
        {t('timetable.range', { start: formatDate(range.start), end: formatDate(range.end) })}
      </p>
    </div>
  );
}

interface BodyProps {
  view: TimetableView;
  range: Range | null;
  data: Load<TimetableData>;
  activities: TimetableActivity[];
  dots: ReadonlyMap<string, DayDot>;
  hrefOf: (a: TimetableActivity) => string;
  onOpen: (a: TimetableActivity) => void;
  onHover: (target: HoverTarget | null) => void;
  onRetry: () => void;
}

function Body({ view, range, data, activities, dots, hrefOf, onOpen, onHover, onRetry }: BodyProps) {
  if (data.state === 'error') return <LoadError message={data.message} onRetry={onRetry} />;
  const empty = data.state === 'done' && activities.length === 0;
  if (view === 'all') {
    if (data.state === 'loading') return <Skeleton rows={4} />;
    return empty ? <EmptyText /> : <ActivityList activities={activities} hrefOf={hrefOf} />;
  }
  return (
    <section aria-label={t('timetable.calendar')} aria-busy={data.state === 'loading'} className="min-w-0">
      {empty && <EmptyText />}
      {/*
        The week grid may scroll inside its own box on a phone (seven columns of times do not fit);
        the month grid fits the width, Saturday included. The page never scrolls sideways.
      */}
      <div className={view === 'week' ? 'overflow-x-auto' : ''} data-scroll-box>
        <div className={view === 'week' ? 'min-w-[40rem]' : 'min-w-0'}>
          <Calendar
            view={view}
            range={range!}
            activities={activities}
            scrollTime={weekScrollTime(activities, range!, Date.now())}
            dots={dots}
            hrefOf={hrefOf}
            onOpen={onOpen}
            onHover={onHover}
          />
        </div>
      </div>
    </section>
  );
}

function EmptyText() {
  return <p className="mb-3 rounded-lg border border-dashed border-slate-300 py-6 text-center text-sm text-muted">{t('timetable.empty')}</p>;
}
