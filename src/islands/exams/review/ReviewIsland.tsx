import { useMemo, useState } from 'react';
import { send } from '~/lib/api/client';
import { reviewAttempt, type GivenAnswer, type ReviewedAttempt, type WorkKind } from '~/lib/api/contracts/exams';
import { groupsOf, isAnswered, placesOfIds, questionMapOf, step, type Group, type Place } from '~/lib/exams/paper';
import { laterText } from '~/lib/exams/policy-text';
import { answerText, markOf } from '~/lib/exams/review';
import { startHref } from '~/lib/exams/routes';
import { t } from '~/lib/i18n/messages/exams';
import { navigateTo } from '~/lib/navigation';
import { toast } from '~/lib/toast';
import { Breadcrumb, MissingQuery } from '~/islands/learner/shared/Breadcrumb';
import { LoadError } from '~/islands/learner/shared/LoadError';
import { Skeleton } from '~/islands/learner/shared/Skeleton';
import { useLoad } from '~/islands/learner/shared/use-load';
import { useStudent } from '~/islands/learner/shared/use-student';
import { AnswerCard, type CellState } from '../shared/AnswerCard';
import { refOf } from '../shared/load-work';
import { PaperHeader } from '../shared/PaperHeader';
import { ReviewQuestion, type ShownQuestion } from '../shared/QuestionView';
import { isComplete, useWorkQuery } from '../shared/use-work-query';
import { EmptyPaper, QuestionHeading } from '../shared/QuestionHeading';

/**
 * The review of one submitted attempt (/study/homework/check-my-homework,
 * /study/test/check-my-test-exam): each question with its stem,
 * options, the student's answer, the right answer, the explanation and its mark; previous and
 * next; the answer card marked right and wrong. What the work's attempt policy holds back (decision
 * 028: the keys while another attempt may start, the marks until a set time) the server leaves out,
 * and the page says when it will be shown; without marks the card only tells answered from not.
 * Manually graded work not yet marked is refused by the server, and its message is shown.
 */
export default function ReviewIsland({ kind }: { kind: WorkKind }) {
  const user = useStudent();
  const query = useWorkQuery();
  const complete = !!query && isComplete(query) && !!query.workId && !!query.answerLogId;
  const key = user && query && complete ? `${user.userId}:${query.workId}:${query.answerLogId}` : null;
  const [load, reload] = useLoad<ReviewedAttempt>(key, () =>
    send(reviewAttempt, { ...refOf(query!), workId: query!.workId, answerLogId: query!.answerLogId }, { silent: true }),
  );
  const name = t(kind === 'homework' ? 'exams.homework' : 'exams.test');
  const crumbs = <Breadcrumb current={name} classId={query?.classId ?? null} />;
  if (!user || !query) return <Skeleton rows={4} />;
  if (!complete) return <MissingQuery crumbs={crumbs} text={t('exams.noQuery')} />;
  if (load.state === 'loading') return <Skeleton rows={4} />;
  if (load.state === 'error')
    return (
      <>
        {crumbs}
        <LoadError message={load.message} onRetry={reload} />
      </>
    );
  return <Review kind={kind} data={load.data} exit={() => navigateTo(startHref(kind, query))} />;
}

function Review({ kind, data, exit }: { kind: WorkKind; data: ReviewedAttempt; exit: () => void }) {
  const paper = data.questionUnitCAResultVO;
  const groups = useMemo(() => groupsOf<ShownQuestion>(questionMapOf(paper)), [paper]);
  const answers = useMemo(() => {
    const m = new Map<string, GivenAnswer>();
    // A question that appears twice in the saved answers keeps its first answer.
    for (const a of paper.answerQuestion ?? []) if (!m.has(a.questionId)) m.set(a.questionId, a.questionAnswerVO);
    return m;
  }, [paper]);
  const results = useMemo(() => new Map(data.results.map((r) => [r.questionId, r])), [data]);
  const [place, setPlace] = useState<Place>({ group: 0, index: 0 });
  const group: Group<ShownQuestion> | undefined = groups[place.group];
  const current = group?.questions[place.index];
  const title = data.testStudentResultVO.testName || paper.title || t('exams.exitViewing');
  const score = data.testStudentResultVO.score;
  const move = (by: -1 | 1) => {
    const to = step(groups, place, by);
    if (!to) toast(t(by < 0 ? 'exams.first' : 'exams.last'), 'warning');
    else setPlace(to);
  };
  // Each question's right or wrong has its own visibility (decision 052): the total may show without it.
  const shows = { marks: data.visibility.questionMarks.shown, keys: data.visibility.keys.shown };
  // Answers that reached the server after the attempt stopped taking answers: shown, never scored.
  const late = useMemo(() => new Map((data.lateAnswers ?? []).map((a) => [a.questionId, a.questionAnswerVO])), [data]);
  const latePlaces = late.size
    ? t('exams.lateAnswers', {
        questions: placesOfIds(groups, new Set(late.keys()))
          .map((p) => t(p.sub === null ? 'exams.place' : 'exams.placeSub', { type: t(`exams.type.${p.type}`), n: p.n, m: p.sub ?? 0 }))
          .join(t('exams.listJoin')),
      })
    : '';
  const v = data.visibility;
  // Hidden per-question marks are worth a sentence of their own only when the total shows.
  const questionMarks = v.marks.shown ? laterText('questionMarks', v.questionMarks, kind) : '';
  const notices = [laterText('marks', v.marks, kind), questionMarks, laterText('keys', v.keys, kind), latePlaces].filter(Boolean);
  // The late answer of this question or of one of its sub-questions, read as the review reads answers (正确/错误, letters).
  const lateQuestion = current ? [current, ...(current.readQuestionList ?? [])].find((q) => late.has(q.id)) : undefined;
  const lateHere = lateQuestion ? answerText(lateQuestion, late.get(lateQuestion.id)!) || t('exams.noAnswer') : '';
  const stateOf = (gi: number, i: number): CellState => {
    const q = groups[gi]!.questions[i]!;
    if (!shows.marks) return isAnswered(q, answers) ? 'answered' : 'none';
    const mark = markOf(q, results);
    return mark === 'pending' ? 'review' : mark;
  };
  return (
    <div className="min-w-0 space-y-4">
      <PaperHeader title={title} backLabel={t('exams.exitViewing')} onBack={exit} className="flex items-center gap-3 border-b border-slate-200 pb-3">
        {score !== null && <span className="shrink-0 text-base font-semibold text-brand">{t('exams.totalScore', { score })}</span>}
      </PaperHeader>
      {notices.length > 0 && (
        <ul className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {!current || !group ? (
        <EmptyPaper />
      ) : (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <section aria-labelledby="question-heading" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
            <QuestionHeading group={group} index={place.index} examPoint={current.examPoint} />
            <div className="mt-3">
              <ReviewQuestion key={current.id} question={current} answers={answers} results={results} shows={shows} />
            </div>
            {lateHere && (
              <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
                {t('exams.lateAnswerShown', { answer: lateHere })}
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              {step(groups, place, -1) && (
                <button
                  type="button"
                  onClick={() => move(-1)}
                  className="rounded-lg border border-slate-300 px-4 py-2 text-sm hover:border-brand hover:text-brand"
                >
                  {t('exams.previous')}
                </button>
              )}
              {step(groups, place, 1) && (
                <button
                  type="button"
                  onClick={() => move(1)}
                  className="rounded-lg border border-slate-300 px-4 py-2 text-sm hover:border-brand hover:text-brand"
                >
                  {t('exams.next')}
                </button>
              )}
            </div>
          </section>
          <aside className="min-w-0">
            <AnswerCard
              groups={groups}
              current={place}
              stateOf={stateOf}
              onOpen={setPlace}
              legend={shows.marks ? ['right', 'wrong', 'review'] : ['answered', 'none']}
            />
          </aside>
        </div>
      )}
    </div>
  );
}
