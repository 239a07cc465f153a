import { send } from '~/lib/api/client';
import {
  attemptLogs,
  attemptState,
  workStanding,
  type AttemptLog,
  type LateAnswer,
  type Paper,
  type WorkKind,
  type WorkStanding,
} from '~/lib/api/contracts/exams';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { groupsOf, placesOfIds, questionMapOf } from '~/lib/exams/paper';
import { laterText } from '~/lib/exams/policy-text';
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

interface Loaded {
  paper: Paper;
  /** This attempt as the server answers it now (its score only while the work's policy shows marks). */
  attempt: AttemptLog | undefined;
  standing: WorkStanding;
  /** Answers that reached the server after the attempt stopped taking answers: kept, not scored, and said so here. */
  late: LateAnswer[];
}

async function loadFinished(kind: WorkKind, q: NonNullable<ReturnType<typeof useWorkQuery>>): Promise<Loaded> {
  const { workId, paper } = await loadPaper(kind, q);
  const ref = { ...refOf(q), workId };
  const late =
    q.answerLogId && !isXskt(q.sourceType)
      ? send(attemptState, { ...refOf(q), answerLogId: q.answerLogId }, { silent: true }).then(
          (state) => state.lateAnswers,
          () => [],
        )
      : Promise.resolve([]);
  const [logs, standing, lateAnswers] = await Promise.all([send(attemptLogs, ref, { silent: true }), send(workStanding, ref, { silent: true }), late]);
  return { paper, attempt: logs.find((l) => l.id === q.answerLogId), standing, late: lateAnswers };
}

/**
 * The completion screen (/study/homework/answer-finish, /study/test/answer-finish): the work is
 * finished; pending review says the result comes
 * after the teacher has marked it; a marked attempt says who marked it (the system, or the external
 * bank) and its score, or when the work's policy will show it (decisions 028 and 052);
 * when the keys are held back, when they will be shown, and how many attempts are left; a button
 * views the completed work. 返回 goes two steps back, the title one.
 */
export default function FinishIsland({ kind }: { kind: WorkKind }) {
  const user = useStudent();
  const query = useWorkQuery();
  const complete = !!query && isComplete(query) && !!query.workId;
  const key = user && query && complete ? `${user.userId}:${query.workId}` : null;
  const [load] = useLoad<Loaded>(key, () => loadFinished(kind, query!));
  const name = t(kind === 'homework' ? 'exams.homework' : 'exams.test');
  if (!user || !query) return <Skeleton rows={3} />;
  if (!complete) return <MissingQuery crumbs={null} text={t('exams.noQuery')} />;
  const status = Number(query.status);
  const xskt = isXskt(query.sourceType);
  const start = startHref(kind, query);
  const title = load.state === 'done' ? load.data.paper.title : name;
  const canView = (status === ATTEMPT_STATUS.REVIEWED || xskt) && !!query.answerLogId;
  const loaded = load.state === 'done' ? load.data : null;
  const marked = (loaded?.attempt?.status ?? status) === ATTEMPT_STATUS.REVIEWED;
  const score = loaded?.attempt?.score ?? null;
  const standing = loaded?.standing ?? null;
  const marksLater = marked && standing ? laterText('marks', standing.visibility.marks, kind) : '';
  const keysLater = marked && standing ? laterText('keys', standing.visibility.keys, kind) : '';
  const left = standing?.open === false && standing.refusal === null ? standing.attemptsLeft : null;
  const lateIds = new Set(loaded ? loaded.late.map((a) => a.questionId) : []);
  const late = lateIds.size
    ? t('exams.lateAnswers', {
        questions: placesOfIds(groupsOf(questionMapOf(loaded ? loaded.paper : {})), lateIds)
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
        {status === ATTEMPT_STATUS.PENDING && !xskt && (
          <p className="text-sm text-slate-700">{t(kind === 'test' ? 'exams.manualGrading' : 'exams.homeworkPending')}</p>
        )}
        {late && (
          <p role="alert" className="mx-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {late}
          </p>
        )}
        {/* Room for the marking lines while they load, so the buttons below do not jump. */}
        {status === ATTEMPT_STATUS.REVIEWED && load.state === 'loading' && <div aria-hidden="true" className="h-16" />}
        {marked && loaded && (
          <div className="space-y-1 text-sm text-slate-700">
            <p>{t(xskt ? 'exams.bankMarked' : 'exams.autoMarked', { name })}</p>
            {score !== null && <p className="text-2xl font-semibold text-brand">{t('exams.attemptScore', { score })}</p>}
            {marksLater && <p>{marksLater}</p>}
            {keysLater && <p>{keysLater}</p>}
            {left !== null && left > 0 && <p>{t('exams.attemptsLeftAfter', { n: left })}</p>}
          </div>
        )}
        <div className="flex flex-wrap justify-center gap-3 pt-2">
          {canView && (
            <a
              href={sitePath(reviewHref(kind, query, query.answerLogId, status || ATTEMPT_STATUS.REVIEWED))}
              className="rounded-lg bg-brand px-5 py-2 text-white hover:bg-brand-dark"
            >
              {t('exams.viewWork', { name })}
            </a>
          )}
          <button
            type="button"
            onClick={() => back(2, start)}
            className="rounded-lg border border-slate-300 px-5 py-2 text-ink hover:border-brand hover:text-brand"
          >
            {t('exams.back')}
          </button>
        </div>
      </div>
    </div>
  );
}
