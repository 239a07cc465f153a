import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import { bankPaperPreview } from '~/lib/api/contracts/admin-bank';
import type { GivenAnswer, Paper } from '~/lib/api/contracts/exams';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { countsOf, groupsOf, isAnswered, questionMapOf, step, type Group, type Place } from '~/lib/exams/paper';
import { AnswerCard } from '~/islands/exams/shared/AnswerCard';
import type { ShownQuestion } from '~/islands/exams/shared/QuestionView';
import { QuestionPanel } from '~/islands/exams/shared/QuestionPanel';
import { EmptyPaper } from '~/islands/exams/shared/QuestionHeading';
import { LoadState, PageTitle, useLoaded } from '../shared';

/**
 * A paper as a student sees it while answering (/admin/papers/preview?id=…): the learner's own
 * paper answer (the staff preview call answers the same view) shown through the answering page's
 * components — the type groups, the question card, the answer card. Answers are kept in this page
 * only: nothing is saved and no attempt is made.
 */
export default function PreviewIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  // The paper is named in the address, read after hydration (the server rendered the page without it).
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id') ?? ''), []);
  if (id === '') return <p className="text-sm text-slate-600">{t('bank.preview.missing')}</p>;
  return id === null ? <LoadState error={null} onRetry={() => undefined} /> : <PaperPreview id={id} />;
}

function PaperPreview({ id }: { id: string }) {
  const paper = useLoaded(() => staffSend(bankPaperPreview, {}, { params: { id } }));
  return paper.data ? <Preview paper={paper.data} /> : <LoadState error={paper.error} onRetry={paper.reload} />;
}

function Preview({ paper }: { paper: Paper }) {
  const groups = groupsOf<ShownQuestion>(questionMapOf(paper) as never) as Group<ShownQuestion>[];
  const [place, setPlace] = useState<Place>({ group: 0, index: 0 });
  const [answers, setAnswers] = useState<Map<string, GivenAnswer>>(new Map());
  const group = groups[place.group];
  const current = group?.questions[place.index];
  const counts = countsOf(groups, answers);
  const onAnswer = (q: ShownQuestion, a: GivenAnswer) => setAnswers((m) => new Map(m).set(q.id, a));
  const move = (by: -1 | 1) => {
    const next = step(groups, place, by);
    if (next) setPlace(next);
  };
  return (
    <div className="space-y-4">
      <PageTitle>
        {t('bank.preview.title')}：{paper.title}
      </PageTitle>
      <p role="status" className="rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
        {t('bank.preview.notice')}
        {paper.unitTime ? ` ${t('bank.paper.minutes', { n: paper.unitTime })}` : ''}
      </p>
      {!current || !group ? (
        <EmptyPaper />
      ) : (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <QuestionPanel
            group={group}
            index={place.index}
            question={current}
            answers={answers}
            onAnswer={onAnswer}
            counts={counts}
            onPrevious={() => move(-1)}
            onNext={() => move(1)}
          />
          <aside className="min-w-0 space-y-4">
            <AnswerCard
              groups={groups}
              current={place}
              stateOf={(g, i) => {
                const q = groups[g]?.questions[i];
                return q && isAnswered(q, answers) ? 'answered' : 'none';
              }}
              onOpen={setPlace}
              legend={['answered', 'none']}
            />
          </aside>
        </div>
      )}
    </div>
  );
}
