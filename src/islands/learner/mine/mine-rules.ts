import type { LearnerClass, ServiceStatus } from '~/lib/api/contracts/learning';
import { t } from '~/lib/i18n/messages/learner';
import { cardClick, cardInTab, MY_CLASS_TABS, MY_CLASSES_PAGE_SIZE, PERIOD_PAGE_SIZE as PERIODS_PER_PAGE, type MyClassTab } from '~/lib/learning/class-card';
import { cutTime } from '~/lib/learning/display';
import { serviceStatus, type ServiceStatus as StatusKey } from '~/lib/learning/labels';
import { pageCount } from '~/lib/paging';

/** My learning: what the screen decides without asking the server. */

export const CLASS_PAGE_SIZE = MY_CLASSES_PAGE_SIZE;
export const PERIOD_PAGE_SIZE = PERIODS_PER_PAGE;
/** The period list asks for this classPeriodType, the only kind of period the original product's list shows. */
export const PERIOD_TYPE = 1;

export type StatusTab = MyClassTab;

const TAB_TEXT: Record<'all' | StatusKey, string> = {
  all: t('learner.tabAll'),
  pendingAdmission: t('learner.tabPendingAdmission'),
  pendingStart: t('learner.tabPendingStart'),
  goLearn: t('learner.tabPendingCheckIn'),
  inService: t('learner.tabInService'),
  completed: t('learner.tabCompleted'),
};

const STATUS_TEXT: Record<StatusKey, string> = {
  pendingAdmission: t('learner.statusPendingAdmission'),
  pendingStart: t('learner.statusPendingStart'),
  goLearn: t('learner.statusGoLearn'),
  inService: t('learner.statusInService'),
  completed: t('learner.statusCompleted'),
};

export const STATUS_TABS: readonly { key: StatusTab; label: string }[] = MY_CLASS_TABS.map((key) => ({
  key,
  label: TAB_TEXT[key === 'all' ? 'all' : serviceStatus(key)!],
}));

export function statusLabel(status: ServiceStatus): string {
  const key = serviceStatus(status);
  return key ? STATUS_TEXT[key] : '';
}

export function classesIn(classes: readonly LearnerClass[], tab: StatusTab): LearnerClass[] {
  return classes.filter((c) => cardInTab(c, tab));
}

export function pagesOf(total: number, size = CLASS_PAGE_SIZE): number {
  return Math.max(1, pageCount(total, size));
}

export function pageSlice<T>(items: readonly T[], page: number, size = CLASS_PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** A time as the spec shows it: cut to 16 characters (date and minute), or '--'. */
export function shortTime(value: string | null | undefined): string {
  return cutTime(value) || '--';
}

/**
 * Whether a card shows the training's remaining days: a class the student is admitted to and not
 * done with (pending start, go learn, in service). Not before admission, not once service is over.
 */
export function showsRemaining(status: ServiceStatus): boolean {
  const key = serviceStatus(status);
  return key === 'pendingStart' || key === 'goLearn' || key === 'inService';
}

/** The card's training dates: the class's training start and end, each cut to 16 characters. */
export function trainingDates(c: Pick<LearnerClass, 'trainingStartTime' | 'trainingEndTime'>): string {
  return `${shortTime(c.trainingStartTime)} ~ ${shortTime(c.trainingEndTime)}`;
}

export type CardAction = { kind: 'none' } | { kind: 'warn'; message: string } | { kind: 'open'; url: string };

/**
 * The card click rules (`cardClick`). A class that has not opened yet
 * (teachingClassStatus 0) names the day it is expected to open: its expected open date, else its
 * training start date, else its period's; with none it only asks the student to wait.
 */
export function cardAction(c: LearnerClass): CardAction {
  const click = cardClick({
    serviceStatus: c.serviceStatus,
    teachingClassStatus: c.teachingClassStatus,
    openDate: c.expectedOpenTime ?? c.trainingStartTime ?? c.periodTrainingStartTime,
  });
  if (click.kind === 'ignore') return { kind: 'none' };
  if (click.kind === 'preparing') return { kind: 'warn', message: t('learner.preparing') };
  if (click.kind === 'notOpenYet') {
    return { kind: 'warn', message: click.date ? t('learner.expectedOpen', { date: click.date }) : t('learner.waitPatiently') };
  }
  return { kind: 'open', url: classUrl(c) };
}

/** The class page of a card: classId and the class's school (its tenant). */
export function classUrl(c: Pick<LearnerClass, 'classId' | 'tenantId'>): string {
  const q = new URLSearchParams({ classId: c.classId, schoolId: c.tenantId });
  return `/study/training-class?${q.toString()}`;
}
