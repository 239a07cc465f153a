import { useEffect, useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import * as api from '~/lib/api/contracts/admin-bank';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { KEY_REVEAL_LIST, REVEAL_LIST, SCORE_RULE_LIST, type Reveal, type ScoreRule } from '~/lib/exams/attempt-policy';
import { formatDateTime } from '~/lib/time/cst';
import { mayCall } from '~/lib/staff/access';
import { adminMarkingQueue } from '~/lib/api/contracts/admin-marking';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { Button, LINK_BUTTON, LoadState, PageTitle, Section, TableBox, td, th } from '../shared';
import { useClasses, useGivenClass } from '../inbox/filters';
import { Check, Input, Select, TextArea } from './ui';

/**
 * Homework and tests (/admin/works): a class the person teaches (administrators: any), the
 * homework and test lessons of its courses, and each lesson's work: its paper (the school's, or
 * the external bank's paper id), title, description, time limit, marking and attempt policy.
 * After attempts the server keeps the paper, the time limit and the marking as they were and lets
 * attempts only grow; the form says so.
 */

const fail = (e: unknown) => toast(e instanceof Error ? e.message : String(e), 'error');

export default function WorksIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const classes = useClasses();
  const given = useGivenClass(classes);
  const [classId, setClassId] = useState('');
  useEffect(() => {
    if (!classId && classes[0]) setClassId(classes[0].id);
  }, [classes, classId]);
  useEffect(() => {
    if (given) setClassId(given);
  }, [given]);
  return (
    <div>
      <PageTitle>{t('bank.worksTitle')}</PageTitle>
      {classes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('bank.works.noClass')}</p>
      ) : (
        <>
          <div className="mb-4 max-w-sm">
            <Select label={t('bank.works.pickClass')} value={classId} onValue={setClassId} options={classes.map((c) => ({ value: c.id, label: c.name }))} />
          </div>
          {classId && <ClassWorks key={classId} classId={classId} marks={mayCall(me.account.role, 'adminMarkingWork')} />}
        </>
      )}
    </div>
  );
}

/** `marks`: the person may open the marking: the works of the class a teacher marks link to it. */
function ClassWorks({ classId, marks }: { classId: string; marks: boolean }) {
  const [lessons, setLessons] = useState<api.AdminWorkLesson[] | null>(null);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<api.AdminWorkLesson | null>(null);
  const on = { params: { id: classId } };
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (version < 0) return;
    staffSend(api.adminClassWorks, {}, { params: { id: classId } }).then(setLessons, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [classId, version]);
  // Which of the class's works are marked by a teacher (the marking's own queue decides); without it the links just do not show.
  useEffect(() => {
    if (!marks) return;
    staffSend(adminMarkingQueue, { classId }).then(
      (queue) => setMarked(new Set(queue.map((w) => w.workId))),
      () => undefined,
    );
  }, [classId, marks]);

  async function remove(l: api.AdminWorkLesson) {
    if (!l.work || !(await confirmDialog(t('bank.works.confirmDelete', { title: l.work.title })))) return;
    try {
      setLessons(await staffSend(api.adminWorkDelete, { workId: l.work.id }, on));
      toast(t('bank.deleted'), 'success');
    } catch (e) {
      fail(e);
    }
  }

  if (!lessons) return <LoadState error={error} onRetry={() => setVersion((v) => v + 1)} />;
  return (
    <>
      {editing && (
        <WorkForm
          key={editing.classroomId}
          classId={classId}
          lesson={editing}
          onCancel={() => setEditing(null)}
          onSaved={(list) => {
            setLessons(list);
            setEditing(null);
          }}
        />
      )}
      <Section title={t('bank.worksTitle')}>
        {lessons.length === 0 ? (
          <p className="text-sm text-slate-600">{t('bank.works.noLessons')}</p>
        ) : (
          <TableBox label={t('bank.worksTitle')}>
            <thead>
              <tr>
                <th className={th}>{t('bank.works.col.course')}</th>
                <th className={th}>{t('bank.works.col.lesson')}</th>
                <th className={th}>{t('bank.works.col.kind')}</th>
                <th className={th}>{t('bank.works.col.work')}</th>
                <th className={th}>{t('bank.works.col.attempts')}</th>
                <th className={th}>{t('bank.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {lessons.map((l) => (
                <tr key={l.classroomId}>
                  <td className={td}>{l.courseName}</td>
                  <td className={td}>{l.lessonName}</td>
                  <td className={td}>{t(`bank.works.kind.${l.kind}`)}</td>
                  <td className={td}>
                    {l.work ? (
                      <>
                        {l.work.title}
                        <span className="block text-xs text-slate-600">
                          {l.work.source === 'xskt' ? `${t('bank.works.source.xskt')} ${l.work.externalPaperId ?? ''}` : (l.work.paperTitle ?? '')}
                          {l.work.closesAt ? ` · ${formatDateTime(l.work.closesAt)}` : ''}
                        </span>
                      </>
                    ) : (
                      t('bank.works.none')
                    )}
                  </td>
                  <td className={td}>{l.work ? t('bank.works.attempts', { n: l.work.attempts }) : ''}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <span className="flex gap-2">
                      <Button onClick={() => setEditing(l)}>{t('bank.works.set')}</Button>
                      {l.work && marked.has(l.work.id) && l.work.attempts > 0 && (
                        <a className={`${LINK_BUTTON} text-sm`} href={`/admin/marking?work=${encodeURIComponent(l.work.id)}`}>
                          {t('bank.works.mark')}
                        </a>
                      )}
                      {l.work && l.work.attempts === 0 && (
                        <Button kind="danger" onClick={() => void remove(l)}>
                          {t('bank.delete')}
                        </Button>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        )}
      </Section>
    </>
  );
}

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
    staffSend(api.bankPapers, { current: 1, size: 100 }).then((p) => setPapers(p.records), fail);
  }, []);
  const [f, setF] = useState({
    title: w?.title ?? lesson.lessonName,
    description: w?.description ?? '',
    source: w?.source ?? 'paper',
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
  });
  const [message, setMessage] = useState<string | null>(null);
  const set = (patch: Partial<typeof f>) => setF({ ...f, ...patch });

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const list = await staffSend(
        api.adminWorkSave,
        {
          ...(w ? { workId: w.id } : {}),
          classroomId: lesson.classroomId,
          source: f.source,
          paperId: f.source === 'paper' ? f.paperId || null : null,
          externalPaperId: f.source === 'xskt' ? f.externalPaperId || null : null,
          title: f.title,
          description: f.description || null,
          unitTime: f.unitTime.trim() ? Number(f.unitTime) : null,
          manualGrading: f.manualGrading,
          partialMultiple: f.partialMultiple,
          maxAttempts: f.maxAttempts.trim() ? Number(f.maxAttempts) : null,
          scoreRule: f.scoreRule,
          marksShown: f.marksShown,
          keysShown: f.keysShown,
          closesAt: f.closesAt.trim() || null,
        },
        { params: { id: classId } },
      );
      toast(t('bank.saved'), 'success');
      onSaved(list);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  }

  const reveal = (list: readonly Reveal[]) => list.map((v) => ({ value: v, label: t(`bank.works.reveal.${v}`) }));
  return (
    <Section title={t('bank.works.editTitle', { lesson: lesson.lessonName })}>
      {w && w.attempts > 0 && (
        <p role="note" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('bank.works.started', { n: w.attempts })}
        </p>
      )}
      <form onSubmit={save} className="space-y-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label={t('bank.works.title')} value={f.title} onValue={(title) => set({ title })} />
          <Select
            label={t('bank.works.source')}
            value={f.source}
            onValue={(v) => set({ source: v === 'xskt' ? 'xskt' : 'paper' })}
            options={[
              { value: 'paper', label: t('bank.works.source.paper') },
              { value: 'xskt', label: t('bank.works.source.xskt') },
            ]}
          />
          {f.source === 'paper' ? (
            <Select
              label={t('bank.works.paper')}
              value={f.paperId}
              onValue={(paperId) => {
                const p = papers.find((x) => x.id === paperId);
                set({ paperId, ...(p?.unitTime && !f.unitTime ? { unitTime: String(p.unitTime) } : {}) });
              }}
              options={[{ value: '', label: t('bank.works.paperPick') }, ...papers.map((p) => ({ value: p.id, label: `${p.title}（${p.totalPoints} 分）` }))]}
            />
          ) : (
            <Input label={t('bank.works.external')} value={f.externalPaperId} onValue={(externalPaperId) => set({ externalPaperId })} />
          )}
          <Input label={t('bank.works.unitTime')} type="number" value={f.unitTime} onValue={(unitTime) => set({ unitTime })} />
          <Input label={t('bank.works.maxAttempts')} type="number" value={f.maxAttempts} onValue={(maxAttempts) => set({ maxAttempts })} />
          <Select
            label={t('bank.works.scoreRule')}
            value={f.scoreRule}
            onValue={(v) => set({ scoreRule: v as ScoreRule })}
            options={SCORE_RULE_LIST.map((v) => ({ value: v, label: t(`bank.works.scoreRule.${v}`) }))}
          />
          <Select label={t('bank.works.marksShown')} value={f.marksShown} onValue={(v) => set({ marksShown: v as Reveal })} options={reveal(REVEAL_LIST)} />
          <Select label={t('bank.works.keysShown')} value={f.keysShown} onValue={(v) => set({ keysShown: v as Reveal })} options={reveal(KEY_REVEAL_LIST)} />
          <Input label={t('bank.works.closesAt')} value={f.closesAt} onValue={(closesAt) => set({ closesAt })} placeholder="2026-12-31 18:00" />
        </div>
        {/* What the student's reviews hold back whatever is chosen above (decision 052). */}
        <p className="text-sm text-slate-600">{t('bank.works.revealNote')}</p>
        <TextArea label={t('bank.works.description')} value={f.description} onValue={(description) => set({ description })} />
        <div className="flex flex-wrap gap-4">
          <Check label={t('bank.works.manualGrading')} checked={f.manualGrading} onChecked={(manualGrading) => set({ manualGrading })} />
          <Check label={t('bank.works.partialMultiple')} checked={f.partialMultiple} onChecked={(partialMultiple) => set({ partialMultiple })} />
        </div>
        {message && (
          <p role="alert" className="text-sm text-red-700">
            {message}
          </p>
        )}
        <div className="flex gap-2">
          <Button kind="primary" type="submit">
            {t('bank.works.save')}
          </Button>
          <Button onClick={onCancel}>{t('bank.form.cancel')}</Button>
        </div>
      </form>
    </Section>
  );
}
