import { send } from '~/lib/api/client';
import { attemptState, type WorkKind } from '~/lib/api/contracts/exams';
import { groupsOf, placesOfIds, questionMapOf } from '~/lib/exams/paper';
import { isXskt, reviewHref, startHref } from '~/lib/exams/routes';
import { t } from '~/lib/i18n/messages/exams';
import { navigateTo, sitePath } from '~/lib/navigation';
import { MissingQuery } from '~/islands/learner/shared/Breadcrumb';
import { Skeleton } from '~/islands/learner/shared/Skeleton';
import { useLoad } from '~/islands/learner/shared/use-load';
import { useStudent } from '~/islands/learner/shared/use-student';
import { loadPaper, refOf } from '../shared/load-work';
import { isComplete, useWorkQuery } from '../shared/use-work-query';

/** Steps back in this tab's history, or to the start page when the tab has no such history (opened from a link). */
function back(steps: number, fallback: string) {
  if (history.length > steps) history.go(-steps);
  else navigateTo(fallback);
}

/**
 * The completion screen (/study/homework/answer-finish, /study/test/answer-finish;
 * homework-and-tests.md section 2): the work is finished; pending review says the result comes
 * after the teacher has marked it; a scored attempt shows its score and, like the external bank's,
 * a button to view the completed work. 返回 goes two steps back, the title one.
 */
export default function FinishIsland({ kind }: { kind: WorkKind }) {
  const user = useStudent();
  const query = useWorkQuery();
  const complete = !!query && isComplete(query) && !!query.workId;
  const key = user && query && complete ? `${user.userId}:${query.workId}` : null;
  const [load] = useLoad(key, async () => {
    const loaded = await loadPaper(kind, query!);
    // Answers that reached the server after the attempt stopped taking answers: kept, not scored, and said so here.
    const late =
      query!.answerLogId && !isXskt(query!.sourceType)
        ? ((await send(attemptState, { ...refOf(query!), answerLogId: query!.answerLogId }, { silent: true }).catch(() => null))?.lateAnswers ?? [])
        : [];
    return { ...loaded, late };
  });
  const name = t(kind === 'homework' ? 'exams.homework' : 'exams.test');
  if (!user || !query) return <Skeleton rows={3} />;
  if (!complete) return <MissingQuery crumbs={null} text={t('exams.noQuery')} />;
  const status = Number(query.status);
  const xskt = isXskt(query.sourceType);
  const start = startHref(kind, query);
  const title = load.state === 'done' ? load.data.paper.title : name;
  const canView = (status === 2 || xskt) && !!query.answerLogId;
  const lateIds = new Set(load.state === 'done' ? load.data.late.map((a) => a.questionId) : []);
  const late = lateIds.size
    ? t('exams.lateAnswers', {
        questions: placesOfIds(groupsOf(questionMapOf(load.state === 'done' ? load.data.paper : {})), lateIds)
          .map((p) => t(p.sub === null ? 'exams.place' : 'exams.placeSub', { type: t(`exams.type.${p.type}`), n: p.n, m: p.sub ?? 0 }))
          .join(t('exams.listJoin')),
      })
    : null;
  return (
    <div className="space-y-8">
      <header className="border-b border-slate-200 pb-3">
        <button type="button" onClick={() => back(1, start)} className="flex items-center gap-2 text-lg font-semibold text-ink hover:text-brand">
          <span aria-hidden="true">←</span>
          <span className="break-words text-left">{title}</span>
        </button>
      </header>
      <div className="space-y-4 py-6 text-center">
        <span aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-50 text-3xl text-emerald-600">
          ✓
        </span>
        <h1 className="text-xl font-semibold text-ink">{t(kind === 'homework' ? 'exams.finishedHomework' : 'exams.finishedTest')}</h1>
        {status === 1 && !xskt && <p className="text-sm text-slate-700">{t(kind === 'test' ? 'exams.manualGrading' : 'exams.homeworkPending')}</p>}
        {late && (
          <p role="alert" className="mx-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {late}
          </p>
        )}
        <div className="flex flex-wrap justify-center gap-3 pt-2">
          {canView && (
            <a href={sitePath(reviewHref(kind, query, query.answerLogId, status || 2))} className="rounded-lg bg-brand px-5 py-2 text-white hover:bg-brand-dark">
              {t('exams.viewWork', { name })}
            </a>
          )}
          <button type="button" onClick={() => back(2, start)} className="rounded-lg border border-slate-300 px-5 py-2 text-ink hover:border-brand hover:text-brand">
            {t('exams.back')}
          </button>
        </div>
      </div>
    </div>
  );
}
