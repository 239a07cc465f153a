import { formatDate, parseDateTime } from '../time/cst';
import { SERVICE_STATUS, TEACHING_CLASS_STATUS } from './codes';

/**
 * My learning: the class cards and what a click on one does. Pure and browser-safe.
 */

/** Class cards per page. */
export const MY_CLASSES_PAGE_SIZE = 4;
/** Period list page size (queryTenantClassPeriodPage, size 8). */
export const PERIOD_PAGE_SIZE = 8;

/** The status tabs: all, then serviceStatus -1 pending admission, 0 pending start, 1 pending check-in, 2 in service, 3 completed. */
export const MY_CLASS_TABS = [
  'all',
  SERVICE_STATUS.PENDING_ADMISSION,
  SERVICE_STATUS.PENDING_START,
  SERVICE_STATUS.GO_LEARN,
  SERVICE_STATUS.IN_SERVICE,
  SERVICE_STATUS.COMPLETED,
] as const;
export type MyClassTab = (typeof MY_CLASS_TABS)[number];

/** Whether a card shows under a status tab. */
export function cardInTab(card: { serviceStatus?: number | null }, tab: MyClassTab): boolean {
  return tab === 'all' || card.serviceStatus === tab;
}

export interface ClassCardInput {
  serviceStatus: number | null | undefined;
  teachingClassStatus: number | null | undefined;
  /**
   * The date training is expected to open, for the not-open warning: epoch ms or a stored time
   * string ('YYYY-MM-DD…'); null when unknown.
   */
  openDate?: number | string | null;
}

export type CardClick =
  /** serviceStatus -1 (or an unknown status): nothing happens. */
  | { kind: 'ignore' }
  /** serviceStatus 0: warning 'content being prepared, please wait'. */
  | { kind: 'preparing' }
  /** teachingClassStatus 0: warning that training opens on `date` ('YYYY-MM-DD'), or 'please wait patiently' when null. */
  | { kind: 'notOpenYet'; date: string | null }
  /** Record the enrolment state, then open /study/training-class with classId (and schoolId). */
  | { kind: 'open' };

const KNOWN_SERVICE_STATUS: ReadonlySet<number> = new Set(Object.values(SERVICE_STATUS));

/**
 * What a click on a class card does (checked in this order):
 * serviceStatus -1 → ignore; serviceStatus 0 → preparing; teachingClassStatus 0 → notOpenYet with
 * the expected open date (or null: 'please wait patiently'); otherwise → open.
 * A serviceStatus outside -1..3 (the known states) is ignored too: a card that cannot be classified does
 * nothing rather than open a class. A missing teachingClassStatus is not "0", so the class opens.
 */
export function cardClick({ serviceStatus, teachingClassStatus, openDate }: ClassCardInput): CardClick {
  if (typeof serviceStatus !== 'number' || !KNOWN_SERVICE_STATUS.has(serviceStatus) || serviceStatus === SERVICE_STATUS.PENDING_ADMISSION)
    return { kind: 'ignore' };
  if (serviceStatus === SERVICE_STATUS.PENDING_START) return { kind: 'preparing' };
  if (teachingClassStatus === TEACHING_CLASS_STATUS.NOT_OPEN) return { kind: 'notOpenYet', date: openDateText(openDate) };
  return { kind: 'open' };
}

function openDateText(value: number | string | null | undefined): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? formatDate(value) : null;
  if (typeof value !== 'string') return null;
  const date = value.trim().slice(0, 10);
  return Number.isFinite(parseDateTime(date)) ? date : null;
}
