import type { ReactNode } from 'react';
import type { GivenAnswer } from '~/lib/api/contracts/exams';
import type { Group } from '~/lib/exams/paper';
import { t } from '~/lib/i18n/messages/exams';
import { QuestionHeading } from './QuestionHeading';
import { AnswerQuestion, type ShownQuestion } from './QuestionView';

const STEP_BUTTON = 'rounded-lg border border-slate-300 px-4 py-2 text-sm hover:border-brand hover:text-brand';

export interface QuestionPanelProps {
  group: Group<ShownQuestion>;
  index: number;
  question: ShownQuestion;
  answers: ReadonlyMap<string, GivenAnswer>;
  onAnswer: (question: ShownQuestion, answer: GivenAnswer) => void;
  counts: { answered: number; unanswered: number };
  onPrevious?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  /** Shown after the step buttons (the answering page's hand-in button). */
  actions?: ReactNode;
}

/**
 * The question being answered, as the answering page shows it: its type line and number, the
 * question with its answer fields, the answered and unanswered counts, and the step buttons (each
 * shown when its handler is given; `actions` follow them). The staff's paper preview shows the same.
 */
export function QuestionPanel(props: QuestionPanelProps) {
  const { group, index, question, answers, onAnswer, counts, onPrevious, onNext, actions } = props;
  return (
    <section aria-labelledby="question-heading" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <QuestionHeading group={group} index={index} examPoint={question.examPoint} />
      <div className="mt-3">
        <AnswerQuestion key={question.id} question={question} answers={answers} onAnswer={onAnswer} />
      </div>
      <p className="mt-4 flex gap-4 text-sm text-slate-700">
        <span>{t('exams.answered', { n: counts.answered })}</span>
        <span>{t('exams.unanswered', { n: counts.unanswered })}</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {onPrevious && (
          <button type="button" onClick={onPrevious} className={STEP_BUTTON}>
            {t('exams.previous')}
          </button>
        )}
        {onNext && (
          <button type="button" onClick={onNext} className={STEP_BUTTON}>
            {t('exams.next')}
          </button>
        )}
        {actions}
      </div>
    </section>
  );
}
