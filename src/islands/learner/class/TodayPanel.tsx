import { useEffect, useState } from 'react';
import { send, sendPage } from '~/lib/api/client';
import { activityDynamicPage, todayActivities, type ActivityDynamic, type TodayActivity } from '~/lib/api/contracts/learning-class';
import { t } from '~/lib/i18n/messages/learner-class';
import { DYNAMIC_PAGE_SIZE, inTodayTab, todayTabs, TODAY_TABS, type TodayTab } from '~/lib/learning/class-detail';
import type { JumpContext } from '~/lib/learning/jumps';
import { Empty } from '../shared/Empty';
import { LoadError } from '../shared/LoadError';
import { PanelSkeleton } from './PanelSkeleton';
import { useLoad } from '../shared/use-load';
import { ActivityCards } from './ActivityCard';
import { DynamicTicker } from './DynamicTicker';
import { TabBar, panelProps } from './TabBar';

export type EmptyChoice = 'continue' | 'post' | 'past' | 'rest';

const TAB_TEXT: Record<TodayTab, 'class.tabAll' | 'class.tabPending' | 'class.tabMissed' | 'class.tabAttended' | 'class.tabElective'> = {
  all: 'class.tabAll',
  pending: 'class.tabPending',
  missed: 'class.tabMissed',
  attended: 'class.tabAttended',
  elective: 'class.tabElective',
};

const CHOICES: readonly { key: EmptyChoice; label: 'class.continueLearning' | 'class.postDynamic' | 'class.viewPast' | 'class.rest' }[] = [
  { key: 'continue', label: 'class.continueLearning' },
  { key: 'post', label: 'class.postDynamic' },
  { key: 'past', label: 'class.viewPast' },
  { key: 'rest', label: 'class.rest' },
];

interface Props {
  classId: string;
  userId: string;
  schoolId: string | undefined;
  context: JumpContext;
  onChoice: (choice: EmptyChoice, label: string) => void;
  /** Called once the panel shows its content or its error (no longer a placeholder). */
  onSettled?: () => void;
  /** Today's activities and the dynamics from the page's first view: shown without asking. */
  first?: { activities: TodayActivity[]; dynamics: ActivityDynamic[] } | undefined;
}

/**
 * Today's classes: the sub-tabs 全部 / 待上课 / 缺勤 (a dot when some) / 已出勤 / 选修 with
 * their counts, pending first when there is one; the dynamics of today's activities; the cards.
 * With nothing today, the four choices.
 */
export function TodayPanel({ classId, userId, schoolId, context, onChoice, onSettled, first }: Props) {
  const key = `${classId}:${userId}`;
  // Today's activities and their dynamics arrive together: the dynamics line never appears above
  // cards already shown (and pushes nothing down). Without dynamics the cards still show.
  const [today, reload] = useLoad(
    key,
    async () => {
      const [activities, dynamics] = await Promise.all([
        send(todayActivities, { classId, userId, schoolId }, { silent: true }),
        sendPage(activityDynamicPage, { current: 1, size: DYNAMIC_PAGE_SIZE, model: { classId, schoolId } }, { silent: true }).then(
          (page) => page.records,
          () => [],
        ),
      ]);
      return { list: activities.activityResultVOList, dynamics };
    },
    first && { list: first.activities, dynamics: first.dynamics },
  );
  const [chosen, setChosen] = useState<TodayTab | null>(null);
  const settled = today.state !== 'loading';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);

  if (today.state === 'loading') return <PanelSkeleton />;
  if (today.state === 'error') return <LoadError message={today.message} onRetry={reload} />;
  const list = today.data.list;
  if (list.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
        <p className="text-sm text-slate-600">{t('class.noToday')}</p>
        <ul className="mt-4 flex flex-wrap justify-center gap-3">
          {CHOICES.map((c) => (
            <li key={c.key}>
              <button
                type="button"
                onClick={() => onChoice(c.key, t(c.label))}
                className="rounded-lg border border-brand px-4 py-2 text-sm text-brand hover:bg-brand hover:text-white"
              >
                {t(c.label)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );

  const { counts, initial, missedDot } = todayTabs(list);
  const tab = chosen ?? initial;
  const shown = list.filter((a) => inTodayTab(a, tab));
  const todayIds = new Set(list.map((a) => a.id));
  const todayDynamics = today.data.dynamics.filter((d) => d.activityId !== null && todayIds.has(d.activityId));
  const items = TODAY_TABS.map((key) => ({
    key,
    label: (
      <span className="relative inline-flex items-center gap-1">
        {t(TAB_TEXT[key])} {counts[key]}
        {key === 'missed' && missedDot && (
          <>
            <span aria-hidden="true" data-dot="missed" className="h-2 w-2 rounded-full bg-red-500" />
            <span className="sr-only">{t('class.hasMissed')}</span>
          </>
        )}
      </span>
    ),
  }));
  return (
    <div className="space-y-4">
      {todayDynamics.length > 0 && <DynamicTicker items={todayDynamics} />}
      <TabBar label={t('class.todayTabs')} idPrefix="class-today" items={items} selected={tab} onSelect={setChosen} />
      <div {...panelProps('class-today', tab)}>
        {shown.length === 0 ? <Empty text={t('class.noTodayInTab')} /> : <ActivityCards activities={shown} context={context} />}
      </div>
    </div>
  );
}
