import type { AttemptLog, Paper, WorkKind, WorkStanding } from '~/lib/api/contracts/exams';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { closesAtText, laterText } from '~/lib/exams/policy-text';
import { groupsOf, questionMapOf } from '~/lib/exams/paper';
import { answerHref, attemptHref, isXskt, type WorkQuery } from '~/lib/exams/routes';
import { t } from '~/lib/i18n/messages/exams';
import { sitePath } from '~/lib/navigation';
import { formatDateTime } from '~/lib/time/cst';
import { Empty } from '~/islands/learner/shared/Empty';
import { TitledSection } from '~/islands/learner/shared/TitledSection';
import { QueryPage } from '~/islands/learner/shared/page';
import { useLoad } from '~/islands/learner/shared/use-load';
import { useStudent } from '~/islands/learner/shared/use-student';
import { loadFirstView } from '../shared/load-work';
import { isComplete, useWorkQuery } from '../shared/use-work-query';

interface Loaded {
  workId: string;
  paper: Paper;
  logs: AttemptLog[];
  standing: WorkStanding;
}

/**
 * The start page of a homework or test (/study/homework, /study/test): title, requirements, the
 * attempt policy (attempts allowed and left, which score
 * counts, the close; decision 028), 开始答题 (继续答题 while an attempt is open; disabled with the
 * server's reason when no attempt can start) and the history of attempts, each leading to
 * completion (pending review) or review.
 */
export default function StartIsland({ kind }: { kind: WorkKind }) {
  const user = useStudent();
  const query = useWorkQuery();
  const complete = !!query && isComplete(query);
  const key = user && query && complete ? `${user.userId}:${JSON.stringify(query)}` : null;
  const [load, reload] = useLoad<Loaded>(key, async () => {
    const { workId, paper, start } = await loadFirstView(kind, query!, 'start');
    return { workId, paper, ...start! };
  });
  const name = t(kind === 'homework' ? 'exams.homework' : 'exams.test');
  return (
    <QueryPage student={user} query={query} title={name} complete={complete} missing={t('exams.noQuery')} load={load} onRetry={reload} rows={3}>
      {(data) => <StartPage kind={kind} name={name} query={query!} data={data} />}
    </QueryPage>
  );
}

/** The loaded start page: the work's header, its requirements, the standing with the start button, the attempts. */
function StartPage({ kind, name, query, data }: { kind: WorkKind; name: string; query: WorkQuery; data: Loaded }) {
  const { paper, logs, workId, standing } = data;
  const q = { ...query, workId, sourceType: query.sourceType || paper.sourceType || '' };
  const open = standing.open || logs.some((l) => l.status === ATTEMPT_STATUS.ANSWERING);
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="break-words text-xl font-semibold text-ink">{paper.title}</h1>
        <WorkTags name={name} paper={paper} policy={standing.policy} xskt={isXskt(q.sourceType)} />
      </header>
      <TitledSection id="requirements" title={t('exams.requirements')}>
        <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700">{paper.description?.trim() || t('exams.noRequirements')}</p>
      </TitledSection>
      <div className="space-y-3">
        <StandingLines kind={kind} standing={standing} />
        <StartButton kind={kind} query={q} standing={standing} open={open} />
      </div>
      <History kind={kind} query={q} logs={logs} />
    </article>
  );
}

const TAG = 'rounded bg-slate-100 px-2 py-0.5 text-slate-700';

/** The work's tags: its kind, the paper's size and time limit (or the outside bank), the attempt policy. */
function WorkTags({ name, paper, policy, xskt }: { name: string; paper: Paper; policy: WorkStanding['policy']; xskt: boolean }) {
  const groups = groupsOf(questionMapOf(paper));
  const total = groups.reduce((n, g) => n + g.questions.length, 0);
  const points = Math.round(groups.reduce((n, g) => n + g.points, 0) * 100) / 100;
  return (
    <ul className="flex flex-wrap gap-2 text-xs">
      <li className="rounded bg-blue-50 px-2 py-0.5 text-blue-800">{name}</li>
      {xskt ? (
        <li className={TAG}>{t('exams.externalBank')}</li>
      ) : (
        <>
          {total > 0 && <li className={TAG}>{t('exams.summary', { n: total, points })}</li>}
          <li className={TAG}>{paper.unitTime ? t('exams.timeLimit', { n: paper.unitTime }) : t('exams.noTimeLimit')}</li>
          {paper.manualGrading && <li className="rounded bg-amber-50 px-2 py-0.5 text-amber-800">{t('exams.manualGradingNote', { name })}</li>}
        </>
      )}
      <li className={TAG}>{policy.maxAttempts === null ? t('exams.attemptsUnlimited') : t('exams.attemptsAllowed', { n: policy.maxAttempts })}</li>
      {policy.maxAttempts !== 1 && <li className={TAG}>{t('exams.scoreRuleLine', { rule: t(`exams.scoreRule.${policy.scoreRule}`) })}</li>}
      {policy.closesAt !== null && <li className={TAG}>{closesAtText(policy.closesAt)}</li>}
    </ul>
  );
}

/** The attempts used and left, the score that counts, and when keys and marks show. */
function StandingLines({ kind, standing }: { kind: WorkKind; standing: WorkStanding }) {
  const keysLater = standing.handedIn ? laterText('keys', standing.visibility.keys, kind) : '';
  const marksLater = standing.handedIn ? laterText('marks', standing.visibility.marks, kind) : '';
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      <li>
        {standing.attemptsLeft === null
          ? t('exams.attemptsUsed', { used: standing.attemptsUsed })
          : t('exams.attemptsUsedLeft', { used: standing.attemptsUsed, left: standing.attemptsLeft })}
      </li>
      {kind === 'test' && standing.countedScore !== null && (
        <li className="font-medium text-ink">{t('exams.countedScore', { score: standing.countedScore })}</li>
      )}
      {kind === 'test' && standing.scorePending && standing.attemptsUsed > 1 && <li>{t('exams.countedPending')}</li>}
      {marksLater && <li>{marksLater}</li>}
      {keysLater && <li>{keysLater}</li>}
    </ul>
  );
}

/** 开始答题 (继续答题 while an attempt is open), disabled with the server's reason when no attempt can start. */
function StartButton({ kind, query, standing, open }: { kind: WorkKind; query: WorkQuery; standing: WorkStanding; open: boolean }) {
  // No bank on this site: nothing can be answered, so no button at all (it would lead to 加载失败), only why.
  if (standing.refusal === 'bankNotConfigured')
    return (
      <p role="status" className="text-sm text-amber-800">
        {standing.refusalMessage}
      </p>
    );
  if (!open && standing.refusal !== null)
    return (
      <>
        <button
          type="button"
          disabled
          aria-describedby="start-refused"
          className="inline-block cursor-not-allowed rounded-lg bg-slate-200 px-8 py-2.5 text-slate-600"
        >
          {t('exams.start')}
        </button>
        <p id="start-refused" role="status" className="text-sm text-red-700">
          {standing.refusalMessage}
        </p>
      </>
    );
  return (
    <p>
      <a href={sitePath(answerHref(kind, query))} className="inline-block rounded-lg bg-brand px-8 py-2.5 text-white hover:bg-brand-dark">
        {t(open ? 'exams.continue' : 'exams.start')}
      </a>
    </p>
  );
}

const STATUS_LOOK: Record<number, string> = {
  [ATTEMPT_STATUS.REVIEWED]: 'bg-emerald-50 text-emerald-800',
  [ATTEMPT_STATUS.PENDING]: 'bg-amber-50 text-amber-800',
};
const STATUS_LOOK_OTHER = 'bg-blue-50 text-blue-800';

/** The attempts so far, each leading to its completion page (pending review) or its review. */
function History({ kind, query, logs }: { kind: WorkKind; query: WorkQuery; logs: AttemptLog[] }) {
  return (
    <TitledSection id="history" title={t('exams.history')}>
      {logs.length === 0 ? (
        <Empty className="mt-2" text={t('exams.noHistory')} />
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {logs.map((log) => (
            <li key={log.id}>
              <a href={sitePath(attemptHref(kind, query, log))} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm hover:bg-slate-50">
                <span className="font-medium text-slate-700">{t('exams.attemptNo', { n: log.attemptNo })}</span>
                <span className="text-slate-700">{t('exams.attemptTime', { time: formatDateTime(log.createdTime) })}</span>
                <span className={`rounded px-2 py-0.5 text-xs ${STATUS_LOOK[log.status] ?? STATUS_LOOK_OTHER}`}>{t(`exams.status.${log.status}`)}</span>
                {kind === 'test' && log.status === ATTEMPT_STATUS.REVIEWED && log.score !== null && (
                  <span className="font-medium text-ink">{t('exams.scoreOf', { score: log.score })}</span>
                )}
                <span className="ml-auto text-brand">{t('exams.openAttempt')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
