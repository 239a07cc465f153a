import { useState } from 'react';
import { send } from '~/lib/api/client';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { NOTE_DATA_TYPE, textProblem, type NoteDataType } from '~/lib/learning/interaction';
import { t } from '~/lib/i18n/messages/interaction';
import { toast } from '~/lib/toast';
import { Modal } from '~/islands/shared/Modal';
import { Empty } from '../shared/Empty';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { useLoad } from '../shared/use-load';
import { Confirm } from './Confirm';
import { TextBox } from './TextBox';
import type { PanelProps } from './types';

const FILTERS: { type: NoteDataType; key: 'interaction.notesAll' | 'interaction.notesMine' | 'interaction.notesTeacher' }[] = [
  { type: NOTE_DATA_TYPE.ALL, key: 'interaction.notesAll' },
  { type: NOTE_DATA_TYPE.MINE, key: 'interaction.notesMine' },
  { type: NOTE_DATA_TYPE.TEACHERS, key: 'interaction.notesTeacher' },
];

interface Editing {
  id: string | null;
  title: string;
  notes: string;
  isShared: boolean;
}

/**
 * Notes of the lesson: all (shared, the teachers', my own) / mine / the teachers'. Write and edit
 * in a dialog (the share box is disabled while editing); only my own notes show edit and delete,
 * and delete asks first.
 */
export function Notes({ p, onChanged }: { p: PanelProps; onChanged: () => void }) {
  const ref = { classId: p.classId, classroomId: p.classroomId, studentId: p.studentId, courseId: p.courseId };
  const [dataType, setDataType] = useState<NoteDataType>(NOTE_DATA_TYPE.ALL);
  const [list, reload] = useLoad(`${p.classId}/${p.classroomId}/${dataType}`, () => send(api.noteList, { ...ref, dataType }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState({ title: '', notes: '' });
  const [deleting, setDeleting] = useState<api.Note | null>(null);
  const [busy, setBusy] = useState(false);

  function edit(note: Editing) {
    setErrors({ title: '', notes: '' });
    setEditing(note);
  }

  async function save() {
    if (!editing) return;
    const titleProblem = textProblem(editing.title, true);
    const notesProblem = textProblem(editing.notes, false);
    const next = {
      title: titleProblem === 'required' ? t('interaction.noteTitleRequired') : titleProblem ? t('interaction.noteTitleTooLong') : '',
      notes: notesProblem ? t('interaction.noteTooLong') : '',
    };
    setErrors(next);
    if (next.title || next.notes) return;
    setBusy(true);
    try {
      const body = { ...ref, title: editing.title, notes: editing.notes, isShared: editing.isShared ? (1 as const) : (0 as const) };
      if (editing.id) await send(api.noteUpdate, { ...body, id: editing.id });
      else await send(api.noteCreate, body);
      toast(t(editing.id ? 'interaction.noteUpdated' : 'interaction.noteAdded'), 'success');
      setEditing(null);
      reload();
      onChanged();
    } catch {
      // The client has shown the refusal; the dialog stays.
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await send(api.noteDelete, { classId: p.classId, ids: [deleting.id] });
      toast(t('interaction.noteDeleted'), 'success');
      setDeleting(null);
      reload();
      onChanged();
    } catch {
      // The client has shown the refusal.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset aria-label={t('interaction.noteFilter')} className="flex min-w-0 gap-1">
          {FILTERS.map((f) => (
            <button
              key={f.type}
              type="button"
              aria-pressed={dataType === f.type}
              onClick={() => setDataType(f.type)}
              className={[
                'rounded-full px-3 py-1 text-sm',
                dataType === f.type ? 'bg-brand-soft font-medium text-brand-dark' : 'text-slate-700 hover:bg-slate-100',
              ].join(' ')}
            >
              {t(f.key)}
            </button>
          ))}
        </fieldset>
        <button
          type="button"
          onClick={() => edit({ id: null, title: '', notes: '', isShared: true })}
          className="rounded-md bg-brand px-4 py-1.5 text-sm text-white hover:opacity-90"
        >
          {t('interaction.writeNote')}
        </button>
      </div>
      {list.state === 'loading' && <Skeleton rows={3} />}
      {list.state === 'error' && <LoadError message={list.message} onRetry={reload} />}
      {list.state === 'done' &&
        (list.data.length === 0 ? (
          <Empty text={t('interaction.noData')} />
        ) : (
          <ul className="space-y-3">
            {list.data.map((n) => (
              <li key={n.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 break-words text-sm font-medium text-slate-900">{n.title}</h3>
                  {n.teacher ? (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t('interaction.teacherNote')}</span>
                  ) : n.mine ? (
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                      {t(n.isShared ? 'interaction.shared' : 'interaction.private')}
                    </span>
                  ) : null}
                </div>
                {n.notes && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{n.notes}</p>}
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
                  <span>
                    {t('interaction.noteBy', { name: n.createdName, time: n.createdTime.slice(0, 16) })}
                    {n.hidden && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-800">{t('interaction.hiddenByTeacher')}</span>}
                  </span>
                  {n.mine && (
                    <span className="flex gap-3">
                      <button
                        type="button"
                        aria-label={t('interaction.editLabel', { title: n.title })}
                        onClick={() => edit({ id: n.id, title: n.title, notes: n.notes, isShared: n.isShared === 1 })}
                        className="text-brand-dark hover:underline"
                      >
                        {t('interaction.edit')}
                      </button>
                      <button
                        type="button"
                        aria-label={t('interaction.deleteLabel', { title: n.title })}
                        onClick={() => setDeleting(n)}
                        className="text-red-700 hover:underline"
                      >
                        {t('interaction.delete')}
                      </button>
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ))}
      <Modal
        open={editing !== null}
        title={t(editing?.id ? 'interaction.editNote' : 'interaction.newNote')}
        onClose={() => setEditing(null)}
        width="w-[min(96vw,480px)]"
      >
        {editing && (
          <div className="space-y-3 p-4">
            <TextBox
              label={t('interaction.noteTitle')}
              multiline={false}
              value={editing.title}
              placeholder={t('interaction.noteTitlePlaceholder')}
              onChange={(title) => {
                setEditing({ ...editing, title });
                setErrors((e) => ({ ...e, title: '' }));
              }}
              error={errors.title}
              autoFocus
            />
            <TextBox
              label={t('interaction.noteContent')}
              value={editing.notes}
              placeholder={t('interaction.noteContentPlaceholder')}
              onChange={(notes) => {
                setEditing({ ...editing, notes });
                setErrors((e) => ({ ...e, notes: '' }));
              }}
              error={errors.notes}
            />
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={editing.isShared}
                disabled={editing.id !== null}
                onChange={(e) => setEditing({ ...editing, isShared: e.target.checked })}
              />
              {t('interaction.noteShared')}
            </label>
            {editing.id !== null && <p className="text-xs text-slate-600">{t('interaction.noteSharedHint')}</p>}
            <div className="flex justify-end gap-2">
              <button type="button" onClick={() => setEditing(null)} className="rounded-md border border-slate-300 px-4 py-1.5 text-sm hover:bg-slate-50">
                {t('interaction.cancel')}
              </button>
              <button
                type="button"
                onClick={save}
                disabled={busy}
                className="rounded-md bg-brand px-4 py-1.5 text-sm text-white hover:opacity-90 disabled:opacity-60"
              >
                {t('interaction.save')}
              </button>
            </div>
          </div>
        )}
      </Modal>
      <Confirm
        open={deleting !== null}
        title={t('interaction.deleteTitle')}
        text={deleting ? t('interaction.deleteAsk', { title: deleting.title }) : ''}
        yes={t('interaction.delete')}
        no={t('interaction.cancel')}
        onYes={() => void remove()}
        onNo={() => setDeleting(null)}
        onClose={() => setDeleting(null)}
        busy={busy}
      />
    </div>
  );
}
