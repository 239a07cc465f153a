import { useEffect, useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-marking';
import {
  adminMarkingAttempt,
  adminMarkingExport,
  adminMarkingQueue,
  adminMarkingQuestion,
  adminMarkingRelease,
  adminMarkingReleaseAll,
  adminMarkingWork,
  type MarkingAttempt,
  type MarkingAttemptRow,
  type MarkingQuestion,
  type MarkingWork,
  type MarkingQueueQuery,
  type MarkingWorkSummary,
} from '~/lib/api/contracts/admin-marking';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import { toast } from '~/lib/toast';
import { Button, LoadState, PageTitle, Section, useLoaded } from '../shared';
import { Choice, FilterBar, filledIn, ListView, toastFailure, useListScreen, type Column, type FilterField } from '../kit';
import { AnswerBlock, KeyBlock, MarkForm, QuestionText } from './MarkForm';

/**
 * Marking (/admin/marking, 阅卷): the queue of works of the person's classes that a teacher marks,
 * with their attempts waiting, marked and released; then one work "by student" (one attempt at a
 * time, every question with the answer, the key and a mark form; previous and next student with
 * Alt+← and Alt+→) or "by question" (one question, every student's answer with its own form);
 * releasing one attempt or every marked one; the scores as a CSV file.
 */

/** The tab bar's looks: the chosen tab underlined in the school's colour. */
const TAB_ON = 'border-brand font-medium text-brand-dark';
const TAB_OFF = 'border-transparent text-slate-700';

export default function MarkingIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const [workId, setWorkId] = useState<string | null>(null);
  // The open work is in the address (?work=), so a reload keeps the place and the works screen links here.
  useEffect(() => setWorkId(new URLSearchParams(location.search).get('work')), []);
  function open(id: string | null) {
    setWorkId(id);
    history.replaceState(null, '', id ? `?work=${encodeURIComponent(id)}` : location.pathname);
  }
  return (
    <div>
      <PageTitle>{t('marking.title')}</PageTitle>
      {workId ? <WorkMarking key={workId} workId={workId} onBack={() => open(null)} /> : <Queue onOpen={open} />}
    </div>
  );
}

const QUEUE_BLANK = { classId: '', workId: '' };
const EVERY_WORK: MarkingQueueQuery = {};
const kindText = (w: MarkingWorkSummary) => t(w.kind === 'homework' ? 'marking.kind.homework' : 'marking.kind.test');

const queueColumns = (onOpen: (workId: string) => void): Column<MarkingWorkSummary>[] => [
  {
    header: t('marking.col.work'),
    cell: (w) => (
      <>
        <span className="font-medium">{w.title}</span>
        <span className="ml-2 text-xs text-slate-600">
          {kindText(w)}
          {w.manualGrading ? ` · ${t('marking.manual')}` : ''}
        </span>
      </>
    ),
  },
  { header: t('marking.col.class'), cell: (w) => w.className },
  { header: t('marking.col.waiting'), cell: (w) => <span className={`font-semibold ${w.waiting ? 'text-red-700' : ''}`}>{w.waiting}</span> },
  { header: t('marking.col.marked'), cell: (w) => w.marked },
  { header: t('marking.col.released'), cell: (w) => w.released },
  {
    header: t('marking.col.actions'),
    cell: (w) => (
      <Button kind="primary" onClick={() => onOpen(w.workId)}>
        {t('marking.open')}
        <span className="sr-only">{w.title}</span>
      </Button>
    ),
  },
];

function Queue({ onOpen }: { onOpen: (workId: string) => void }) {
  // Every work in reach (unfiltered) gives the filters their choices.
  const all = useLoaded(() => staffSend(adminMarkingQueue, {}));
  const list = useListScreen((q: MarkingQueueQuery) => staffSend(adminMarkingQueue, q), EVERY_WORK);
  const q = list.query;
  const works = all.data ?? [];
  const classes = [...new Map(works.map((w) => [w.classId, w.className])).entries()];
  const filters: FilterField<keyof typeof QUEUE_BLANK>[] = [
    { name: 'classId', label: t('marking.filter.class'), kind: 'select', any: t('marking.filter.allClasses'), options: classes },
    {
      name: 'workId',
      label: t('marking.filter.work'),
      kind: 'select',
      dependsOn: 'classId',
      any: t('marking.filter.allWorks'),
      options: works.filter((w) => !q.classId || w.classId === q.classId).map((w) => [w.workId, w.title] as const),
    },
  ];
  return (
    <Section title={t('marking.queueLabel')}>
      <FilterBar
        idPrefix="marking-queue"
        apply="change"
        fields={filters}
        blank={QUEUE_BLANK}
        current={{ classId: q.classId ?? '', workId: q.workId ?? '' }}
        onSearch={(v) => list.go(filledIn(v))}
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl"
      />
      <ListView list={list} label={t('marking.queueLabel')} columns={queueColumns(onOpen)} rowKey={(w) => w.workId} empty={t('marking.empty')} />
    </Section>
  );
}

const stateText = (r: MarkingAttemptRow) => t(`marking.state.${r.state}`);

function WorkMarking({ workId, onBack }: { workId: string; onBack: () => void }) {
  const work = useListScreen((id: string) => staffSend(adminMarkingWork, { workId: id }), workId);
  const [tab, setTab] = useState<'student' | 'question'>('student');
  if (!work.data)
    return (
      <div>
        {work.error && (
          <div className="mb-3">
            <Button onClick={onBack}>{t('marking.back')}</Button>
          </div>
        )}
        <LoadState error={work.error} onRetry={work.reload} />
      </div>
    );
  const w = work.data;
  const releaseAll = () =>
    work.act(workId, {
      // Students see their marks at once and it cannot be taken back: asked first, with how many.
      confirm: t('marking.confirmReleaseAll', { n: w.work.marked }),
      run: () => staffSend(adminMarkingReleaseAll, { workId }),
      onDone: ({ released }) => {
        toast(t('marking.releasedAll', { n: released }), 'success');
        work.reload();
      },
    });
  async function exportCsv() {
    try {
      await staffDownload(adminMarkingExport, { workId }, `${w.work.className}-${w.work.title}-${t('marking.fileName')}.csv`);
    } catch (e) {
      toastFailure(e);
    }
  }
  const tabs = [
    { key: 'student', label: t('marking.byStudent') },
    { key: 'question', label: t('marking.byQuestion') },
  ] as const;
  return (
    <Section
      title={`${w.work.title} · ${w.work.className}`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button onClick={onBack}>{t('marking.back')}</Button>
          <Button onClick={() => void releaseAll()} disabled={work.busy !== null || w.work.marked === 0}>
            {t('marking.releaseAll')}
          </Button>
          <Button onClick={() => void exportCsv()}>{t('marking.export')}</Button>
        </div>
      }
    >
      <p className="mb-3 text-sm text-slate-700">
        {t('marking.col.waiting')} {w.work.waiting} · {t('marking.col.marked')} {w.work.marked} · {t('marking.col.released')} {w.work.released}
      </p>
      <div role="tablist" aria-label={t('marking.tabs')} className="mb-4 flex gap-2 border-b border-slate-200">
        {tabs.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={tab === x.key}
            onClick={() => setTab(x.key)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${tab === x.key ? TAB_ON : TAB_OFF}`}
          >
            {x.label}
          </button>
        ))}
      </div>
      {w.attempts.length === 0 ? (
        <p className="text-sm text-slate-700">{t('marking.noAttempts')}</p>
      ) : tab === 'student' ? (
        <ByStudent work={w} onChanged={work.reload} />
      ) : (
        <ByQuestion work={w} onChanged={work.reload} />
      )}
    </Section>
  );
}

/** A question's score field on the screen, if it has one. */
const scoreField = (questionId: string) => document.querySelector<HTMLInputElement>(`[data-mark-score="${questionId}"]`);
const focusScore = (questionId: string) => scoreField(questionId)?.focus();

/** Alt+← and Alt+→ step to the previous and next student. */
function useAltArrows(go: (step: number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

function ByStudent({ work, onChanged }: { work: MarkingWork; onChanged: () => void }) {
  const rows = work.attempts;
  // The first attempt still waiting, else the first.
  const shown = useListScreen(
    (attemptId: string) => staffSend(adminMarkingAttempt, { attemptId }),
    (rows.find((r) => r.state === 'waiting') ?? rows[0])!.attemptId,
  );
  const attemptId = shown.query;
  // The attempt asked for only: another one's marks are never shown while it loads.
  const view = shown.data?.attempt.attemptId === attemptId ? shown.data : null;
  const index = Math.max(
    0,
    rows.findIndex((r) => r.attemptId === attemptId),
  );
  const go = (step: number) => {
    const next = rows[index + step];
    if (next) shown.go(next.attemptId);
  };
  useAltArrows(go);
  const release = () =>
    shown.act(attemptId, {
      run: () => staffSend(adminMarkingRelease, { attemptId }),
      done: t('marking.releaseDone'),
      onDone: (v) => {
        shown.set(v);
        onChanged();
      },
    });
  // After a save the next question's score takes the focus, so a paper is marked from the keyboard (Enter, type, Enter…);
  // after the last question's, the next student's paper opens with its first score focused.
  const [focusAfter, setFocusAfter] = useState<{ questionId: string; byEnter: boolean } | null>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const saved = (v: MarkingAttempt, questionId: string, byEnter: boolean) => {
    shown.set(v);
    setFocusAfter({ questionId, byEnter });
    onChanged();
  };
  useEffect(() => {
    if (!focusAfter) return;
    const i = work.questions.findIndex((q) => q.id === focusAfter.questionId);
    // The next question marked by hand (a choice question is marked by its key and has no score field).
    const next = work.questions.slice(i + 1).find((q) => scoreField(q.id));
    if (next) focusScore(next.id);
    else if (focusAfter.byEnter && rows[index + 1]) {
      setFocusFirst(true);
      toast(t('marking.nextStudent', { name: rows[index + 1]!.name }), 'success');
      shown.go(rows[index + 1]!.attemptId);
    }
    setFocusAfter(null);
  }, [focusAfter, work.questions, rows, index, shown]);
  useEffect(() => {
    if (!focusFirst || !view) return;
    const first = work.questions.find((q) => scoreField(q.id));
    if (first) focusScore(first.id);
    setFocusFirst(false);
  }, [focusFirst, view, work.questions]);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Choice
          label={t('marking.pickAttempt')}
          value={attemptId}
          onValue={shown.go}
          options={rows.map((r) => [r.attemptId, t('marking.attemptOption', { name: r.name, n: r.attemptNo, state: stateText(r) })] as const)}
        />
        <Button onClick={() => go(-1)} disabled={index === 0}>
          {t('marking.prev')}
        </Button>
        <Button onClick={() => go(1)} disabled={index >= rows.length - 1}>
          {t('marking.next')}
        </Button>
        <span className="text-sm text-slate-700">{t('marking.position', { n: index + 1, total: rows.length })}</span>
      </div>
      <p className="mb-4 text-xs text-slate-600">{t('marking.keys')}</p>
      {!view ? (
        <LoadState error={shown.error} onRetry={shown.reload} />
      ) : (
        <div>
          <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3">
            <h3 className="font-semibold text-ink">
              {view.attempt.name} · {view.attempt.mobile}
            </h3>
            <span className="text-sm">{view.attempt.total === null ? t('marking.totalPending') : t('marking.total', { score: view.attempt.total })}</span>
            <span className="text-sm text-slate-700">{stateText(view.attempt)}</span>
            {view.attempt.state === 'released' ? (
              <span className="text-sm text-emerald-700">{t('marking.released')}</span>
            ) : (
              <Button kind="primary" onClick={() => void release()} disabled={shown.busy !== null || view.attempt.state !== 'marked'}>
                {t('marking.release')}
              </Button>
            )}
          </div>
          <ol className="space-y-4">
            {work.questions.map((q) => {
              const m = view.marks.find((x) => x.questionId === q.id);
              return (
                <li key={q.id}>
                  <QuestionCard question={q}>
                    <QuestionText question={q} />
                    {m && (
                      <>
                        <AnswerBlock question={q} mark={m} />
                        <KeyBlock question={q} />
                        <MarkForm
                          key={`${view.attempt.attemptId}-${q.id}-${m.mark?.revision ?? 0}`}
                          question={q}
                          attemptId={view.attempt.attemptId}
                          mark={m}
                          onSaved={saved}
                        />
                      </>
                    )}
                  </QuestionCard>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </div>
  );
}

function QuestionCard({ question, children }: { question: MarkingQuestion; children: ReactNode }) {
  const title = t('marking.questionNo', { label: question.label });
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-2 flex flex-wrap items-center gap-2 font-medium text-ink">
        {title}
        <span className="text-sm font-normal text-slate-600">
          {t(`marking.type.${question.questionType}`)}
          {t('marking.points', { points: question.examPoint })}
        </span>
        {question.needsHand && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t('marking.needsHand')}</span>}
      </h3>
      {children}
    </section>
  );
}

function ByQuestion({ work, onChanged }: { work: MarkingWork; onChanged: () => void }) {
  const list = useListScreen(
    (questionId: string) => staffSend(adminMarkingQuestion, { workId: work.work.workId, questionId }),
    (work.questions.find((q) => q.needsHand) ?? work.questions[0])?.id ?? '',
  );
  const questionId = list.query;
  const label = (q: MarkingQuestion) =>
    t('marking.questionOption', { label: q.label, type: t(`marking.type.${q.questionType}`), hand: q.needsHand ? ` · ${t('marking.needsHand')}` : '' });
  return (
    <div>
      <div className="mb-4 max-w-xl">
        <Choice label={t('marking.pickQuestion')} value={questionId} onValue={list.go} options={work.questions.map((q) => [q.id, label(q)] as const)} />
      </div>
      {!list.data || list.data.question.id !== questionId ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : (
        <QuestionCard question={list.data.question}>
          <QuestionText question={list.data.question} />
          <KeyBlock question={list.data.question} />
          <ul aria-label={t('marking.questionAnswersLabel', { label: list.data.question.label })} className="mt-3 space-y-3">
            {list.data.answers.map(({ attempt, mark }) => (
              <li key={attempt.attemptId}>
                <section
                  aria-label={t('marking.attemptOption', { name: attempt.name, n: attempt.attemptNo, state: stateText(attempt) })}
                  className="rounded-lg bg-slate-50 p-3"
                >
                  <h4 className="mb-2 text-sm font-semibold text-ink">
                    {t('marking.attemptOption', { name: attempt.name, n: attempt.attemptNo, state: stateText(attempt) })}
                  </h4>
                  <AnswerBlock question={list.data!.question} mark={mark} />
                  <MarkForm
                    key={`${attempt.attemptId}-${mark.mark?.revision ?? 0}`}
                    question={list.data!.question}
                    attemptId={attempt.attemptId}
                    mark={mark}
                    onSaved={() => {
                      list.reload();
                      onChanged();
                    }}
                  />
                </section>
              </li>
            ))}
          </ul>
        </QuestionCard>
      )}
    </div>
  );
}
