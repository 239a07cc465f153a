import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import * as api from '~/lib/api/contracts/admin-bank';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { KEY_REVEAL_LIST, REVEAL_LIST, SCORE_RULE_LIST, type Reveal, type ScoreRule } from '~/lib/exams/attempt-policy';
import { formatDateTime } from '~/lib/time/cst';
import { mayCall } from '~/lib/staff/access';
import { adminMarkingQueue } from '~/lib/api/contracts/admin-marking';
import { schemaCheck } from '~/lib/forms/check';
import { workForm } from '~/lib/forms/bank';
import { toast } from '~/lib/toast';
import { useForm } from '../../shared/use-form';
import { FormMessage, TextField } from '../../shared/fields';
import { OptionalField, PageTitle, Section } from '../shared';
import { Choice, FormButtons, ListView, RowActions, toastFailure, useClassChoice, useListScreen, type Column } from '../kit';
import { Check, Input, TextArea, countOf } from './ui';
import { QuickQuestions, emptyQuick, quickDraftInput, type QuickDraft } from './QuickQuestions';

/**
 * Homework and tests (/admin/works): a class the person teaches (administrators: any), the
 * homework and test lessons of its courses, and each lesson's work: its paper (the school's, or
 * the external bank's paper id), title, description, time limit, marking and attempt policy.
 * After attempts the server keeps the paper, the time limit and the marking as they were and lets
 * attempts only grow; the form says so.
 */

export default function WorksIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const { classes, classId, choose, options } = useClassChoice();
  return (
    <div>
      <PageTitle>{t('bank.worksTitle')}</PageTitle>
      {classes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('bank.works.noClass')}</p>
      ) : (
        <>
          <Choice className="mb-4 max-w-sm" label={t('bank.works.pickClass')} value={classId} onValue={choose} options={options} />
          {classId && <ClassWorks key={classId} classId={classId} marks={mayCall(me.account.role, 'adminMarkingWork')} />}
        </>
      )}
    </div>
  );
}

/** Which of the class's works are marked by a teacher (the marking's own queue decides); without it the links just do not show. */
function useMarkedWorks(classId: string, marks: boolean): ReadonlySet<string> {
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!marks) return;
    staffSend(adminMarkingQueue, { classId }).then(
      (queue) => setMarked(new Set(queue.map((w) => w.workId))),
      () => undefined,
    );
  }, [classId, marks]);
  return marked;
}

const workText = (w: api.AdminWork) => (
  <>
    {w.title}
    <span className="block text-xs text-slate-600">
      {w.source === 'xskt' ? `${t('bank.works.source.xskt')} ${w.externalPaperId ?? ''}` : (w.paperTitle ?? '')}
      {w.closesAt ? ` · ${formatDateTime(w.closesAt)}` : ''}
    </span>
  </>
);

/** `marks`: the person may open the marking: the works of the class a teacher marks link to it. */
function ClassWorks({ classId, marks }: { classId: string; marks: boolean }) {
  const lessons = useListScreen((id: string) => staffSend(api.adminClassWorks, {}, { params: { id } }), classId);
  const marked = useMarkedWorks(classId, marks);
  const [editing, setEditing] = useState<api.AdminWorkLesson | null>(null);
  const columns: Column<api.AdminWorkLesson>[] = [
    { header: t('bank.works.col.course'), cell: (l) => l.courseName },
    { header: t('bank.works.col.lesson'), cell: (l) => l.lessonName },
    { header: t('bank.works.col.kind'), cell: (l) => t(`bank.works.kind.${l.kind}`) },
    { header: t('bank.works.col.work'), cell: (l) => (l.work ? workText(l.work) : t('bank.works.none')) },
    { header: t('bank.works.col.attempts'), cell: (l) => (l.work ? t('bank.works.attempts', { n: l.work.attempts }) : '') },
    {
      header: t('bank.col.actions'),
      className: 'whitespace-nowrap',
      cell: (l) => (
        <RowActions
          busy={lessons.busy === l.classroomId}
          actions={[
            { label: t('bank.works.set'), onClick: () => setEditing(l) },
            {
              label: t('bank.works.mark'),
              when: !!l.work && marked.has(l.work.id) && l.work.attempts > 0,
              href: `/admin/marking?work=${encodeURIComponent(l.work?.id ?? '')}`,
            },
            {
              label: t('bank.delete'),
              kind: 'danger',
              when: l.work?.attempts === 0,
              onClick: () =>
                void lessons.act(l.classroomId, {
                  confirm: t('bank.works.confirmDelete', { title: l.work?.title ?? '' }),
                  run: () => staffSend(api.adminWorkDelete, { workId: l.work?.id ?? '' }, { params: { id: classId } }),
                  done: t('bank.deleted'),
                  onDone: lessons.set,
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      {editing && (
        <WorkForm
          key={editing.classroomId}
          classId={classId}
          lesson={editing}
          onCancel={() => setEditing(null)}
          onSaved={(list) => {
            lessons.set(list);
            setEditing(null);
          }}
        />
      )}
      <Section title={t('bank.worksTitle')}>
        <ListView list={lessons} label={t('bank.worksTitle')} columns={columns} rowKey={(l) => l.classroomId} empty={t('bank.works.noLessons')} />
      </Section>
    </>
  );
}

/** Where a work's questions come from: a paper of the school, questions written here (a new work only), the external bank. */
type WorkSource = 'paper' | 'quick' | 'xskt';

function WorkForm({
  classId,
  lesson,
  onSaved,
  onCancel,
}: {
  classId: string;
  lesson: api.AdminWorkLesson;
  onSaved: (l: api.AdminWorkLesson[]) => void;
  onCancel: () => void;
}) {
  const w = lesson.work;
  const [papers, setPapers] = useState<api.AdminPaperSummary[]>([]);
  useEffect(() => {
    staffSend(api.bankPapers, { current: 1, size: 100 }).then((p) => setPapers(p.records), toastFailure);
  }, []);
  const form = useForm({
    initial: {
      title: w?.title ?? lesson.lessonName,
      description: w?.description ?? '',
      source: (w?.source ?? 'paper') as WorkSource,
      paperId: w?.paperId ?? '',
      externalPaperId: w?.externalPaperId ?? '',
      unitTime: w?.unitTime ? String(w.unitTime) : '',
      manualGrading: w?.manualGrading ?? false,
      partialMultiple: w?.partialMultiple ?? false,
      maxAttempts: w ? (w.maxAttempts === null ? '' : String(w.maxAttempts)) : '1',
      scoreRule: (w?.scoreRule ?? 'highest') as ScoreRule,
      marksShown: (w?.marksShown ?? 'after_submit') as Reveal,
      keysShown: (w?.keysShown ?? 'after_last_attempt') as Reveal,
      closesAt: w?.closesAt ? formatDateTime(w.closesAt) : '',
    },
    check: schemaCheck(workForm),
  });
  const f = form.values;
  const set = (patch: Partial<typeof f>) => form.setValues((v) => ({ ...v, ...patch }));
  const [quick, setQuick] = useState<QuickDraft[]>(() => [emptyQuick()]);
  const save = form.onSubmit(['title', 'unitTime', 'maxAttempts'], async (v) => {
    const settings = {
      classroomId: lesson.classroomId,
      title: v.title,
      description: v.description || null,
      unitTime: countOf(v.unitTime),
      manualGrading: v.manualGrading,
      partialMultiple: v.partialMultiple,
      maxAttempts: countOf(v.maxAttempts),
      scoreRule: v.scoreRule,
      marksShown: v.marksShown,
      keysShown: v.keysShown,
      closesAt: v.closesAt.trim() || null,
    };
    if (v.source === 'quick') {
      const list = await staffSend(api.adminWorkQuick, { ...settings, questions: quick.map(quickDraftInput) }, { params: { id: classId } });
      toast(t('bank.saved'), 'success');
      onSaved(list);
      return;
    }
    const list = await staffSend(
      api.adminWorkSave,
      {
        ...settings,
        ...(w ? { workId: w.id } : {}),
        source: v.source,
        paperId: v.source === 'paper' ? v.paperId || null : null,
        externalPaperId: v.source === 'xskt' ? v.externalPaperId || null : null,
      },
      { params: { id: classId } },
    );
    toast(t('bank.saved'), 'success');
    onSaved(list);
  });

  const reveal = (list: readonly Reveal[]) => list.map((v) => [v, t(`bank.works.reveal.${v}`)] as const);
  return (
    <Section title={t('bank.works.editTitle', { lesson: lesson.lessonName })}>
      {w && w.attempts > 0 && (
        <p role="note" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('bank.works.started', { n: w.attempts })}
        </p>
      )}
      <form onSubmit={save} className="space-y-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...form.field('title')} label={t('bank.works.title')} />
          <Choice
            label={t('bank.works.source')}
            value={f.source}
            onValue={(v) => set({ source: v === 'xskt' || (v === 'quick' && !w) ? v : 'paper' })}
            options={[
              ['paper', t('bank.works.source.paper')],
              // A new work's questions may be written here (快速出题); a work's paper is chosen once it exists.
              ...(w ? [] : [['quick', t('bank.quick.source')] as const]),
              ['xskt', t('bank.works.source.xskt')],
            ]}
          />
          {f.source === 'quick' ? null : f.source === 'paper' ? (
            <Choice
              label={t('bank.works.paper')}
              value={f.paperId}
              onValue={(paperId) => {
                const p = papers.find((x) => x.id === paperId);
                set({ paperId, ...(p?.unitTime && !f.unitTime ? { unitTime: String(p.unitTime) } : {}) });
              }}
              options={[['', t('bank.works.paperPick')], ...papers.map((p) => [p.id, `${p.title}（${p.totalPoints} 分）`] as const)]}
            />
          ) : (
            <Input label={t('bank.works.external')} value={f.externalPaperId} onValue={(externalPaperId) => set({ externalPaperId })} />
          )}
          <OptionalField {...form.field('unitTime')} label={t('bank.works.unitTime')} inputMode="numeric" />
          <OptionalField {...form.field('maxAttempts')} label={t('bank.works.maxAttempts')} inputMode="numeric" />
          <Choice
            label={t('bank.works.scoreRule')}
            value={f.scoreRule}
            onValue={(v) => set({ scoreRule: v as ScoreRule })}
            options={SCORE_RULE_LIST.map((v) => [v, t(`bank.works.scoreRule.${v}`)] as const)}
          />
          <Choice label={t('bank.works.marksShown')} value={f.marksShown} onValue={(v) => set({ marksShown: v as Reveal })} options={reveal(REVEAL_LIST)} />
          <Choice label={t('bank.works.keysShown')} value={f.keysShown} onValue={(v) => set({ keysShown: v as Reveal })} options={reveal(KEY_REVEAL_LIST)} />
          <Input label={t('bank.works.closesAt')} value={f.closesAt} onValue={(closesAt) => set({ closesAt })} placeholder="2026-12-31 18:00" />
        </div>
        {f.source === 'quick' && <QuickQuestions value={quick} onChange={setQuick} />}
        {/* What the student's reviews hold back whatever is chosen above (decision 052). */}
        <p className="text-sm text-slate-600">{t('bank.works.revealNote')}</p>
        <TextArea label={t('bank.works.description')} value={f.description} onValue={(description) => set({ description })} />
        <div className="flex flex-wrap gap-4">
          <Check label={t('bank.works.manualGrading')} checked={f.manualGrading} onChecked={(manualGrading) => set({ manualGrading })} />
          <Check label={t('bank.works.partialMultiple')} checked={f.partialMultiple} onChecked={(partialMultiple) => set({ partialMultiple })} />
        </div>
        <FormMessage text={form.notice?.text ?? null} />
        <FormButtons save={t('bank.works.save')} busy={form.submitting} onCancel={onCancel} />
      </form>
    </Section>
  );
}
