import type { Group } from '~/lib/exams/paper';
import { t } from '~/lib/i18n/messages/exams';

/** The question card's first lines, alike while answering and in review: the type line, then the question's number and points. */
export function QuestionHeading({ group, index, examPoint }: { group: Group; index: number; examPoint: number }) {
  return (
    <>
      <p className="text-sm text-slate-600">{t('exams.typeLine', { type: t(`exams.type.${group.type}`), n: group.questions.length, points: group.points })}</p>
      <h2 id="question-heading" className="mt-2 text-base font-semibold text-ink">
        {t('exams.questionNo', { n: index + 1 })}
        <span className="ml-2 text-sm font-normal text-slate-600">{t('exams.pointsOf', { n: examPoint })}</span>
      </h2>
    </>
  );
}

/** A paper without questions, in place of the card. */
export function EmptyPaper() {
  return <p className="rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-muted">{t('exams.emptyPaper')}</p>;
}
