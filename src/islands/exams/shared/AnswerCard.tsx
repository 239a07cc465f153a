import { t } from '~/lib/i18n/messages/exams';
import type { Group, Place } from '~/lib/exams/paper';

/**
 * A cell's state: while answering (saved, only on this device, not answered, replaced by a change
 * made in another tab or on another device) or in review (right, wrong, waiting for the teacher;
 * answered or not while the work's policy hides the marks).
 */
export type CellState = 'saved' | 'pending' | 'none' | 'changed' | 'right' | 'wrong' | 'review' | 'answered';

const LOOK: Record<CellState, string> = {
  saved: 'border-brand bg-brand text-white',
  pending: 'border-amber-500 bg-amber-50 text-amber-900',
  none: 'border-slate-300 bg-white text-slate-700',
  changed: 'border-sky-700 bg-sky-100 text-sky-900',
  right: 'border-emerald-600 bg-emerald-600 text-white',
  wrong: 'border-red-600 bg-red-600 text-white',
  review: 'border-slate-400 bg-slate-100 text-slate-700',
  answered: 'border-brand bg-brand text-white',
};

interface Props {
  groups: Group[];
  current: Place;
  stateOf: (group: number, index: number) => CellState;
  onOpen: (place: Place) => void;
  /** The legend's states (answering or review). */
  legend: CellState[];
}

/**
 * The answer card (答题卡): questions grouped by type and numbered within each
 * group; each cell shows its state, the current one is ringed, a dot marks a question the teacher
 * marked. A click opens the question (the screen saves the current answer first).
 */
export function AnswerCard({ groups, current, stateOf, onOpen, legend }: Props) {
  return (
    <nav aria-label={t('exams.card')} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-ink">{t('exams.card')}</h2>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        {legend.map((s) => (
          <li key={s} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded border ${LOOK[s]}`} />
            {t(`exams.cell.${s}`)}
          </li>
        ))}
      </ul>
      {groups.map((g, gi) => {
        const type = t(`exams.type.${g.type}`);
        return (
          <section key={g.type} className="mt-3">
            <h3 className="text-sm font-medium text-slate-700">{type}</h3>
            <ul className="mt-1 grid grid-cols-[repeat(auto-fill,minmax(2.25rem,1fr))] gap-2">
              {g.questions.map((q, i) => {
                const state = stateOf(gi, i);
                const isCurrent = current.group === gi && current.index === i;
                const marked = !!q.markStatus;
                const label =
                  t('exams.cell', { type, n: i + 1, state: t(`exams.cell.${state}`) }) +
                  (isCurrent ? `，${t('exams.cell.current')}` : '') +
                  (marked ? `，${t('exams.cell.marked')}` : '');
                return (
                  <li key={q.id}>
                    <button
                      type="button"
                      aria-label={label}
                      aria-current={isCurrent ? 'step' : undefined}
                      onClick={() => onOpen({ group: gi, index: i })}
                      className={`relative h-9 w-full rounded border text-sm ${LOOK[state]} ${isCurrent ? 'ring-2 ring-offset-1 ring-brand-dark' : ''}`}
                    >
                      {i + 1}
                      {marked && <span aria-hidden="true" className="absolute -right-1 -top-1 h-2.5 w-2.5 rounded-full bg-red-600" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
