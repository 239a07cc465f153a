import type { StudentClassDetail } from '~/lib/api/contracts/learning';
import { t } from '~/lib/i18n/messages/learner';
import { REMAINING_CLASS, remainingText } from '../shared/remaining';
import { shortTime, showsRemaining, statusLabel } from '../mine/mine-rules';

/**
 * The class page's header as words: what the island's ClassHeader shows and what the page's own
 * script paints over the skeleton before React has loaded (early-header.ts). One model and one set
 * of classes, so the two are the same size and the island's header lands where the early one was.
 */
export interface ClassHeaderModel {
  status: string;
  title: string;
  periodName: string | null;
  /** 培训周期：start ~ end, when the class has a training end. */
  period: string | null;
  /** 剩余N天 or 今天截止 while the training is on, else null. */
  remaining: string | null;
  /** The facts below: label and value. */
  items: [string, string][];
}

export function classHeaderModel(d: StudentClassDetail, now: number): ClassHeaderModel {
  const items: [string, string][] = [
    [t('learner.startDate'), d.statusTime ? d.statusTime.slice(0, 10) : '--'],
    [t('learner.activityTotal'), String(d.activityTotal)],
    [t('learner.studentTotal'), String(d.classStudentTotal)],
  ];
  if (d.teacherName) items.push([t('learner.teacher'), d.teacherName]);
  return {
    status: statusLabel(d.classStatus),
    title: d.title,
    periodName: d.classPeriodName || null,
    period: d.trainingEndTime ? `${t('learner.trainingPeriod')}：${shortTime(d.trainingStartTime)} ~ ${shortTime(d.trainingEndTime)}` : null,
    remaining: d.trainingEndTime && showsRemaining(d.classStatus) ? remainingText(d.trainingStartTime, d.trainingEndTime, now) : null,
    items,
  };
}

/** The header's classes, shared by the island's header and the early one. */
export const HEADER_CLASS = {
  root: 'rounded-lg bg-slate-50 p-5',
  statusRow: 'flex flex-wrap items-center gap-2',
  status: 'rounded bg-brand-soft px-2 py-0.5 text-xs text-brand-dark',
  title: 'mt-2 text-2xl font-bold',
  periodName: 'mt-1 text-sm text-slate-600',
  periodRow: 'mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600',
  remaining: REMAINING_CLASS,
  facts: 'mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4',
  label: 'text-slate-500',
  value: 'font-semibold text-ink',
} as const;

/** The id of the early header (early-header.ts), which the island removes when it shows its own. */
export const EARLY_HEADER_ID = 'class-early-header';
/** Marks the skeleton's header block, over which the early header is painted. */
export const SKELETON_HEADER_ATTR = 'data-class-skeleton-header';
