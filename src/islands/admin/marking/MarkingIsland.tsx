import { useEffect, useId, useState, type ReactNode } from 'react';
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
  type MarkingWorkSummary,
} from '~/lib/api/contracts/admin-marking';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Button, LoadState, PageTitle, Section, TableBox, td, th, useLoaded } from '../shared';
import { AnswerBlock, KeyBlock, MarkForm, QuestionText } from './MarkForm';

/**
 * Marking (/admin/marking, 阅卷): the queue of works of the person's classes that a teacher marks,
 * with their attempts waiting, marked and released; then one work "by student" (one attempt at a
 * time, every question with the answer, the key and a mark form; previous and next student with
 * Alt+← and Alt+→) or "by question" (one question, every student's answer with its own form);
 * releasing one attempt or every marked one; the scores as a CSV file.
 */

const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');

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

function Select({
  label,
  value,
  onValue,
  options,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value)} className={`${inputClass(false)} max-w-full`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Queue({ onOpen }: { onOpen: (workId: string) => void }) {
  const [classId, setClassId] = useState('');
  const [workId, setWorkId] = useState('');
  // Every work in reach (unfiltered) gives the filters their choices.
  const all = useLoaded(() => staffSend(adminMarkingQueue, {}));
  const list = useLoaded(() => staffSend(adminMarkingQueue, { ...(classId ? { classId } : {}), ...(workId ? { workId } : {}) }));
  const reload = list.reload;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are what the list is loaded again for.
  useEffect(() => reload(), [classId, workId, reload]);
  const works = all.data ?? [];
  const classes = [...new Map(works.map((w) => [w.classId, w.className])).entries()];
  const worksOfClass = works.filter((w) => !classId || w.classId === classId);
  const kind = (w: MarkingWorkSummary) => t(w.kind === 'homework' ? 'marking.kind.homework' : 'marking.kind.test');
  return (
    <Section title={t('marking.queueLabel')}>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <Select
          label={t('marking.filter.class')}
          value={classId}
          onValue={(v) => {
            setClassId(v);
            setWorkId('');
          }}
          options={[{ value: '', label: t('marking.filter.allClasses') }, ...classes.map(([id, name]) => ({ value: id, label: name }))]}
        />
        <Select
          label={t('marking.filter.work')}
          value={workId}
          onValue={setWorkId}
          options={[{ value: '', label: t('marking.filter.allWorks') }, ...worksOfClass.map((w) => ({ value: w.workId, label: w.title }))]}
        />
      </div>
      {!list.data ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : (
        <TableBox label={t('marking.queueLabel')}>
          <thead>
            <tr>
              {(['work', 'class', 'waiting', 'marked', 'released'] as const).map((c) => (
                <th key={c} scope="col" className={th}>
                  {t(`marking.col.${c}`)}
                </th>
              ))}
              <th scope="col" className={th}>
                {t('marking.col.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.length === 0 ? (
              <tr>
                <td className={td} colSpan={6}>
                  {t('marking.empty')}
                </td>
              </tr>
            ) : (
              list.data.map((w) => (
                <tr key={w.workId}>
                  <td className={td}>
                    <span className="font-medium">{w.title}</span>
                    <span className="ml-2 text-xs text-slate-600">
                      {kind(w)}
                      {w.manualGrading ? ` · ${t('marking.manual')}` : ''}
                    </span>
                  </td>
                  <td className={td}>{w.className}</td>
                  <td className={`${td} font-semibold ${w.waiting ? 'text-red-700' : ''}`}>{w.waiting}</td>
                  <td className={td}>{w.marked}</td>
                  <td className={td}>{w.released}</td>
                  <td className={td}>
                    <Button kind="primary" onClick={() => onOpen(w.workId)}>
                      {t('marking.open')}
                      <span className="sr-only">{w.title}</span>
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </TableBox>
      )}
    </Section>
  );
}

const stateText = (r: MarkingAttemptRow) => t(`marking.state.${r.state}`);

function WorkMarking({ workId, onBack }: { workId: string; onBack: () => void }) {
  const work = useLoaded(() => staffSend(adminMarkingWork, { workId }));
  const [tab, setTab] = useState<'student' | 'question'>('student');
  const [busy, setBusy] = useState(false);
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
  async function releaseAll() {
    setBusy(true);
    try {
      const { released } = await staffSend(adminMarkingReleaseAll, { workId });
      toast(t('marking.releasedAll', { n: released }), 'success');
      work.reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  async function exportCsv() {
    try {
      await staffDownload(adminMarkingExport, { workId }, `${w.work.className}-${w.work.title}-${t('marking.fileName')}.csv`);
    } catch (e) {
      fail(e);
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
          <Button onClick={() => void releaseAll()} disabled={busy || w.work.marked === 0}>
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

function ByStudent({ work, onChanged }: { work: MarkingWork; onChanged: () => void }) {
  const rows = work.attempts;
  // The first attempt still waiting, else the first.
  const [attemptId, setAttemptId] = useState(() => (rows.find((r) => r.state === 'waiting') ?? rows[0])!.attemptId);
  const [view, setView] = useState<MarkingAttempt | null>(null);
  const [busy, setBusy] = useState(false);
  const index = Math.max(
    0,
    rows.findIndex((r) => r.attemptId === attemptId),
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` counts the retries: each one loads it again.
  useEffect(() => {
    setView(null);
    setLoadError(null);
    staffSend(adminMarkingAttempt, { attemptId }).then(setView, (e: unknown) => setLoadError(e instanceof Error ? e.message : t('common.systemBusy')));
  }, [attemptId, attempt]);
  const go = (step: number) => {
    const next = rows[index + step];
    if (next) setAttemptId(next.attemptId);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  async function release() {
    setBusy(true);
    try {
      setView(await staffSend(adminMarkingRelease, { attemptId }));
      toast(t('marking.releaseDone'), 'success');
      onChanged();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  // After a save the next question's score takes the focus, so a paper is marked from the keyboard (Enter, type, Enter…).
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const saved = (v: MarkingAttempt, questionId: string) => {
    setView(v);
    setFocusAfter(questionId);
    onChanged();
  };
  useEffect(() => {
    if (!focusAfter) return;
    const i = work.questions.findIndex((q) => q.id === focusAfter);
    const next = work.questions[i + 1];
    if (next) document.querySelector<HTMLInputElement>(`[data-mark-score="${next.id}"]`)?.focus();
    setFocusAfter(null);
  }, [focusAfter, work.questions]);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Select
          label={t('marking.pickAttempt')}
          value={attemptId}
          onValue={setAttemptId}
          options={rows.map((r) => ({ value: r.attemptId, label: t('marking.attemptOption', { name: r.name, n: r.attemptNo, state: stateText(r) }) }))}
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
        <LoadState error={loadError} onRetry={() => setAttempt((n) => n + 1)} />
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
              <Button kind="primary" onClick={() => void release()} disabled={busy || view.attempt.state !== 'marked'}>
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
  const [questionId, setQuestionId] = useState(() => (work.questions.find((q) => q.needsHand) ?? work.questions[0])?.id ?? '');
  const list = useLoaded(() => staffSend(adminMarkingQuestion, { workId: work.work.workId, questionId }));
  const reload = list.reload;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the question chosen is what the list is loaded again for.
  useEffect(() => reload(), [questionId, reload]);
  const label = (q: MarkingQuestion) =>
    t('marking.questionOption', { label: q.label, type: t(`marking.type.${q.questionType}`), hand: q.needsHand ? ` · ${t('marking.needsHand')}` : '' });
  return (
    <div>
      <div className="mb-4 max-w-xl">
        <Select
          label={t('marking.pickQuestion')}
          value={questionId}
          onValue={setQuestionId}
          options={work.questions.map((q) => ({ value: q.id, label: label(q) }))}
        />
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
