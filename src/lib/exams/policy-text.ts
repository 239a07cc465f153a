import type { Visibility, WorkKind } from '../api/contracts/exams';
import { t } from '../i18n/messages/exams';
import { formatDateTime } from '../time/cst';

/**
 * The sentences the start, completion and review pages say about a work's attempt policy
 * (decision 028): when hidden marks or keys will be shown. The server decides what is shown; these
 * only word its answer. Pure.
 */

const closeText = (ms: number) => formatDateTime(ms).slice(0, 16);
const nameOf = (kind: WorkKind) => t(kind === 'homework' ? 'exams.homework' : 'exams.test');

/** When hidden marks (the total), each question's marks or the keys will show ('' when they show now). */
export function laterText(what: 'marks' | 'questionMarks' | 'keys', v: Visibility, kind: WorkKind): string {
  if (v.shown) return '';
  const name = nameOf(kind);
  if (v.later === 'never') return t(`exams.${what}Later.never`, { name });
  if (v.later === 'close' && v.at !== null) return t(`exams.${what}Later.close`, { time: closeText(v.at) });
  if (v.at !== null) return t(`exams.${what}Later.last_attempt_or_close`, { time: closeText(v.at) });
  return t(`exams.${what}Later.last_attempt`);
}

/** The work's close as the start page says it. */
export const closesAtText = (ms: number) => t('exams.closesAt', { time: closeText(ms) });
