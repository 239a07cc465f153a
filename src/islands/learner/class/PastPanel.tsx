import { useEffect, useId, useState } from 'react';
import { send, sendPage } from '~/lib/api/client';
import { pastActivityPage, pastActivitySum, type ClassActivityItem, type PastActivitySum } from '~/lib/api/contracts/learning-class';
import type { Page } from '~/lib/paging';
import { t } from '~/lib/i18n/messages/learner-class';
import { DEFAULT_PAST_PAGE_SIZE, PAST_PAGE_SIZES, PAST_TABS, pastFilter, pastPageSize, type PastTab } from '~/lib/learning/class-detail';
import type { JumpContext } from '~/lib/learning/jumps';
import { LoadedPage } from '../shared/Paged';
import { PanelSkeleton } from './PanelSkeleton';
import { useLoad } from '../shared/use-load';
import { ActivityCards } from './ActivityCard';
import { TabBar, panelProps } from './TabBar';

const TAB_TEXT: Record<PastTab, 'class.tabAll' | 'class.tabMissed' | 'class.tabAttended' | 'class.tabElective'> = {
  all: 'class.tabAll',
  missed: 'class.tabMissed',
  attended: 'class.tabAttended',
  elective: 'class.tabElective',
};

const SUM_OF: Record<PastTab, keyof PastActivitySum> = { all: 'totalNum', missed: 'absenceNum', attended: 'attendanceNum', elective: 'electiveNum' };

interface Props {
  classId: string;
  userId: string;
  schoolId: string | undefined;
  context: JumpContext;
  /** Called once the list shows its content or its error (no longer a placeholder). */
  onSettled?: () => void;
  /** The sums and the first page of all past classes from the page's first view: shown without asking. */
  first?: { sums: PastActivitySum; page: Page<ClassActivityItem> } | undefined;
}

/**
 * Past classes: the sub-tabs 全部 / 缺勤 / 已出勤 / 选修 with their sums, a list paged by
 * the server, latest first, 6, 9 or 12 a page (6 at first), 暂无数据 when empty.
 */
export function PastPanel({ classId, userId, schoolId, context, onSettled, first }: Props) {
  const [tab, setTab] = useState<PastTab>('all');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAST_PAGE_SIZE);
  const sizeId = useId();
  const [sums] = useLoad(`${classId}:${userId}`, () => send(pastActivitySum, { classId, userId, schoolId }, { silent: true }), first?.sums);
  const [list, reload] = useLoad(
    `${classId}:${userId}:${tab}:${page}:${size}`,
    () =>
      sendPage(
        pastActivityPage,
        { current: page, size, order: 'descending', sort: 'id', model: { classId, userId, schoolId, ...pastFilter(tab) } },
        { silent: true },
      ),
    first?.page,
  );

  const settled = list.state !== 'loading';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);

  const items = PAST_TABS.map((key) => ({
    key,
    label: sums.state === 'done' ? `${t(TAB_TEXT[key])} ${sums.data[SUM_OF[key]]}` : t(TAB_TEXT[key]),
  }));

  const body = (
    <LoadedPage
      load={list}
      onRetry={reload}
      page={page}
      onPage={setPage}
      empty={t('common.noData')}
      pager={t('class.pastPager')}
      placeholder={<PanelSkeleton tabs={false} cards={Math.min(size, 6)} />}
    >
      {(records) => <ActivityCards activities={records} context={context} />}
    </LoadedPage>
  );

  return (
    <div className="space-y-4">
      <TabBar
        label={t('class.pastTabs')}
        idPrefix="class-past"
        items={items}
        selected={tab}
        onSelect={(key) => {
          setTab(key);
          setPage(1);
        }}
        after={
          <span className="flex items-center gap-2 text-sm text-slate-600">
            {list.state === 'done' && <span>{t('class.pastTotal', { n: list.data.total })}</span>}
            <label htmlFor={sizeId}>{t('class.pageSize')}</label>
            <select
              id={sizeId}
              value={size}
              onChange={(e) => {
                setSize(pastPageSize(e.target.value));
                setPage(1);
              }}
              className="rounded border border-slate-300 bg-white px-2 py-1"
            >
              {PAST_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {t('class.perPage', { n })}
                </option>
              ))}
            </select>
          </span>
        }
      />
      <div {...panelProps('class-past', tab)}>{body}</div>
    </div>
  );
}
