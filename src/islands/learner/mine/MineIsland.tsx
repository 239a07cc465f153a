import { useEffect, useState } from 'react';
import { send, sendPage } from '~/lib/api/client';
import { userInfo } from '~/lib/api/contracts/identity';
import { partnerSso } from '~/lib/api/contracts/login';
import { classPeriods, studentClasses, updateEnrolState, type ClassPeriod, type LearnerClass } from '~/lib/api/contracts/learning';
import { publicConfig } from '~/lib/config';
import { t } from '~/lib/i18n/messages/learner';
import { confirmLogout } from '~/lib/logout';
import { navigateTo } from '~/lib/navigation';
import type { Page } from '~/lib/paging';
import { currentClassOf, setCurrentClass } from '~/lib/stores/learner';
import { setUser, type UserInfo } from '~/lib/stores/session';
import { toast } from '~/lib/toast';
import { Avatar } from '~/islands/shared/Avatar';
import { LoadedPage, Paged } from '../shared/Paged';
import { TitledSection } from '../shared/TitledSection';
import { LoadShown } from '../shared/page';
import { Remaining } from '../shared/Remaining';
import { Skeleton } from '../shared/Skeleton';
import { useLoad } from '../shared/use-load';
import { TabList } from '~/islands/shared/TabList';
import { studentName, useStudent } from '../shared/use-student';
import {
  CLASS_PAGE_SIZE,
  PERIOD_PAGE_SIZE,
  PERIOD_TYPE,
  STATUS_TABS,
  cardAction,
  classesIn,
  pageSlice,
  pagesOf,
  showsRemaining,
  shortTime,
  statusLabel,
  trainingDates,
  type StatusTab,
} from './mine-rules';

interface Props {
  /** Partner edition with single sign-on configured: the button to the partner's platform. */
  partnerSso?: boolean;
  partnerName?: string;
}

/** My learning (/study/mine): the learner card, the class cards and the period list. */
export default function MineIsland({ partnerSso: sso = false, partnerName = '' }: Props) {
  const user = useStudent();
  if (!user) return <Skeleton rows={4} className="mt-6" />;
  return (
    <div className="mt-6 space-y-8">
      <LearnerCard user={user} partnerSso={sso} partnerName={partnerName} />
      <ClassList userId={user.userId} />
      <PeriodList userId={user.userId} />
    </div>
  );
}

function LearnerCard({ user, partnerSso: sso, partnerName }: { user: UserInfo; partnerSso: boolean; partnerName: string }) {
  // Proves the session on every visit (an ended login goes to login and comes back) and refreshes the name.
  useEffect(() => {
    void send(userInfo, {}).then(setUser, () => undefined);
  }, []);
  const name = studentName(user);

  async function openPartner() {
    try {
      const { url } = await send(partnerSso, {});
      if (url) navigateTo(url);
      else toast(t('login.partnerSsoOff'), 'warning');
    } catch {
      // The client has shown the server's message.
    }
  }

  return (
    <section aria-label={t('learner.studentTag')} className="flex flex-wrap items-center gap-4 rounded-lg bg-slate-50 p-4">
      <Avatar pic={user.avatar} name={name} look="learner" />
      {/* The greeting has the row beside the avatar; on a phone the buttons go under it, so it takes at most two lines. */}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-ink sm:text-lg">
          <span>{t('login.mineWelcome', { name })}</span>
          <span className="rounded bg-brand-soft px-2 py-0.5 text-xs font-normal text-brand-dark">{t('learner.studentTag')}</span>
        </p>
      </div>
      <div className="flex w-full flex-wrap gap-3 sm:w-auto">
        {sso && (
          <button type="button" onClick={() => void openPartner()} className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
            {t('login.minePartner', { name: partnerName })}
          </button>
        )}
        <button
          type="button"
          onClick={() => void confirmLogout()}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm hover:border-brand hover:text-brand"
        >
          {t('header.logout')}
        </button>
      </div>
    </section>
  );
}

const STATUS_KEYS = STATUS_TABS.map((s) => s.key);
const LIST_HEADING = 'mb-3 text-lg font-semibold';

function ClassList({ userId }: { userId: string }) {
  const [tab, setTab] = useState<StatusTab>('all');
  const [page, setPage] = useState(1);
  const [opening, setOpening] = useState(false);
  // The partner edition lists the student's classes of every school (the ignore-tenant variant).
  const isKingDee = publicConfig().partner;
  const [classes, reload] = useLoad(userId, () => send(studentClasses, isKingDee ? { userId, isKingDee: true } : { userId }, { silent: true }));

  function choose(key: StatusTab) {
    setTab(key);
    setPage(1);
  }

  async function open(c: LearnerClass) {
    const action = cardAction(c);
    if (action.kind === 'none' || opening) return;
    if (action.kind === 'warn') {
      toast(action.message, 'warning');
      return;
    }
    setOpening(true);
    try {
      await send(updateEnrolState, { classId: c.classId, userId });
      setCurrentClass(currentClassOf(c));
      navigateTo(action.url);
    } catch {
      // The client has shown why; the student stays and may try again.
    } finally {
      setOpening(false);
    }
  }

  const panelId = 'learner-class-panel';
  const tabId = (key: StatusTab) => `learner-class-tab-${key}`;
  const body = (
    <LoadShown load={classes} onRetry={reload} rows={2}>
      {(data) => {
        const shown = classesIn(data, tab);
        const pages = pagesOf(shown.length, CLASS_PAGE_SIZE);
        const current = Math.min(page, pages);
        return (
          <Paged none={shown.length === 0} empty={t('learner.noClasses')} pager={t('learner.classPager')} current={current} pages={pages} onPage={setPage}>
            {/* One column of minmax(0, 1fr) on a phone: a card never widens the page to fit a long line. */}
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {pageSlice(shown, current, CLASS_PAGE_SIZE).map((c) => (
                <li key={`${c.tenantId}-${c.classId}`} className="min-w-0">
                  <ClassCard c={c} onOpen={() => void open(c)} />
                </li>
              ))}
            </ul>
          </Paged>
        );
      }}
    </LoadShown>
  );

  return (
    <TitledSection id="learner-classes-title" title={t('learner.classList')} headingClass={LIST_HEADING}>
      <TabList
        label={t('learner.statusTabs')}
        tabs={STATUS_KEYS}
        selected={tab}
        onSelect={choose}
        tabId={tabId}
        panelId={() => panelId}
        className="mb-4 flex flex-wrap gap-2 border-b border-slate-200"
        tabClass={(on) =>
          ['-mb-px border-b-2 px-3 py-2 text-sm', on ? 'border-brand font-semibold text-brand' : 'border-transparent text-slate-600 hover:text-brand'].join(' ')
        }
      >
        {(key) => STATUS_TABS.find((s) => s.key === key)?.label}
      </TabList>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)}>
        {body}
      </div>
    </TitledSection>
  );
}

function ClassCard({ c, onOpen }: { c: LearnerClass; onOpen: () => void }) {
  const inert = cardAction(c).kind === 'none';
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-disabled={inert || undefined}
      className={[
        'block w-full rounded-lg border border-slate-200 bg-white p-4 text-left shadow-sm',
        inert ? 'cursor-default' : 'hover:border-brand hover:shadow',
      ].join(' ')}
    >
      <span className="flex min-w-0 items-start justify-between gap-3">
        <span className="min-w-0 break-words text-base font-semibold text-ink">{c.className}</span>
        <span className="shrink-0 whitespace-nowrap rounded bg-brand-soft px-2 py-0.5 text-xs text-brand-dark">{statusLabel(c.serviceStatus)}</span>
      </span>
      <span className="mt-2 block space-y-1 text-sm text-slate-600">
        <Field label={t('learner.period')} value={c.classPeriodName} />
        <Field label={t('learner.product')} value={c.productName} />
        <Field label={t('learner.teacher')} value={c.teacherName} />
        <Field label={t('learner.trainingTime')} value={trainingDates(c)} />
        {showsRemaining(c.serviceStatus) && <Remaining start={c.trainingStartTime} end={c.trainingEndTime} />}
      </span>
    </button>
  );
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <span className="block break-words">
      {label}：{value || '--'}
    </span>
  );
}

function PeriodList({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const [periods, reload] = useLoad<Page<ClassPeriod>>(`${userId}:${page}`, () =>
    sendPage(classPeriods, { current: page, size: PERIOD_PAGE_SIZE, model: { classPeriodType: PERIOD_TYPE, userId } }, { silent: true }),
  );
  const body = (
    <LoadedPage load={periods} onRetry={reload} rows={2} page={page} onPage={setPage} empty={t('learner.noPeriods')} pager={t('learner.periodPager')}>
      {(records) => (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {records.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span>
                <span className="font-medium text-ink">{p.classPeriodName}</span>
                <span className="ml-2 text-slate-500">{p.className}</span>
              </span>
              <span className="text-slate-500">
                {shortTime(p.periodTrainingStartTime)} ~ {shortTime(p.periodTrainingEndTime)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </LoadedPage>
  );
  return (
    <TitledSection id="learner-periods-title" title={t('learner.periodList')} headingClass={LIST_HEADING}>
      {body}
    </TitledSection>
  );
}
