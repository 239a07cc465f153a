import type { LearnerClass, ServiceStatus } from '~/lib/api/contracts/learning';
import { t } from '~/lib/i18n/messages/learner';
import { cardClick, cardInTab, MY_CLASSES_PAGE_SIZE, PERIOD_PAGE_SIZE as PERIODS_PER_PAGE } from '~/lib/learning/class-card';
import { cutTime } from '~/lib/learning/display';

/** My learning (learner-area.md 2.1, 4, 9): what the screen decides without asking the server. */

export const CLASS_PAGE_SIZE = MY_CLASSES_PAGE_SIZE;
export const PERIOD_PAGE_SIZE = PERIODS_PER_PAGE;
/** The period list asks for this classPeriodType (section 7). */
export const PERIOD_TYPE = 1;

export type StatusTab = 'all' | ServiceStatus;

export const STATUS_TABS: readonly { key: StatusTab; label: string }[] = [
  { key: 'all', label: t('learner.tabAll') },
  { key: -1, label: t('learner.tabPendingAdmission') },
  { key: 0, label: t('learner.tabPendingStart') },
  { key: 1, label: t('learner.tabPendingCheckIn') },
  { key: 2, label: t('learner.tabInService') },
  { key: 3, label: t('learner.tabCompleted') },
];

const STATUS_LABELS: Record<ServiceStatus, string> = {
  [-1]: t('learner.statusPendingAdmission'),
  0: t('learner.statusPendingStart'),
  1: t('learner.statusGoLearn'),
  2: t('learner.statusInService'),
  3: t('learner.statusCompleted'),
};

export function statusLabel(status: ServiceStatus): string {
  return STATUS_LABELS[status] ?? '';
}

export function classesIn(classes: readonly LearnerClass[], tab: StatusTab): LearnerClass[] {
  return classes.filter((c) => cardInTab(c, tab));
}

export function pagesOf(total: number, size = CLASS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export function pageSlice<T>(items: readonly T[], page: number, size = CLASS_PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** A time as the spec shows it: cut to 16 characters (date and minute), or '--'. */
export function shortTime(value: string | null | undefined): string {
  return cutTime(value) || '--';
}

/** The card's training dates: the class's training start and end, each cut to 16 characters. */
export function trainingDates(c: Pick<LearnerClass, 'trainingStartTime' | 'trainingEndTime'>): string {
  return `${shortTime(c.trainingStartTime)} ~ ${shortTime(c.trainingEndTime)}`;
}

export type CardAction = { kind: 'none' } | { kind: 'warn'; message: string } | { kind: 'open'; url: string };

/**
 * The card click rules (section 4, `cardClick`). A class that has not opened yet
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
