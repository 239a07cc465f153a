import { useState } from 'react';
import { send } from '~/lib/api/client';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { NOTE_DATA_TYPE, type NoteDataType } from '~/lib/learning/interaction';
import { t } from '~/lib/i18n/messages/interaction';
import { toast } from '~/lib/toast';
import { Modal } from '~/islands/shared/Modal';
import { useBusy } from '../shared/use-busy';
import { useLoad } from '../shared/use-load';
import { Confirm } from './Confirm';
import { DialogButtons, ItemList, PrimaryButton } from './parts';
import { TextBox, useTextBox } from './TextBox';
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
  const [deleting, setDeleting] = useState<api.Note | null>(null);
  const [busy, run] = useBusy();

  async function save(note: Editing) {
    const body = { ...ref, title: note.title, notes: note.notes, isShared: note.isShared ? (1 as const) : (0 as const) };
    if (note.id) await send(api.noteUpdate, { ...body, id: note.id });
    else await send(api.noteCreate, body);
    toast(t(note.id ? 'interaction.noteUpdated' : 'interaction.noteAdded'), 'success');
    setEditing(null);
    reload();
    onChanged();
  }

  const remove = (note: api.Note) =>
    run(async () => {
      await send(api.noteDelete, { classId: p.classId, ids: [note.id] });
      toast(t('interaction.noteDeleted'), 'success');
      setDeleting(null);
      reload();
      onChanged();
    });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <NoteFilter value={dataType} onChange={setDataType} />
        <PrimaryButton onClick={() => setEditing({ id: null, title: '', notes: '', isShared: true })}>{t('interaction.writeNote')}</PrimaryButton>
      </div>
      <ItemList load={list} onRetry={reload}>
        {(n) => (
          <NoteItem
            note={n}
            onEdit={() => setEditing({ id: n.id, title: n.title, notes: n.notes, isShared: n.isShared === 1 })}
            onDelete={() => setDeleting(n)}
          />
        )}
      </ItemList>
      <Modal
        open={editing !== null}
        title={t(editing?.id ? 'interaction.editNote' : 'interaction.newNote')}
        onClose={() => setEditing(null)}
        width="w-[min(96vw,480px)]"
      >
        {editing && <NoteEditor note={editing} onSave={save} onCancel={() => setEditing(null)} />}
      </Modal>
      <Confirm
        open={deleting !== null}
        title={t('interaction.deleteTitle')}
        text={deleting ? t('interaction.deleteAsk', { title: deleting.title }) : ''}
        yes={t('interaction.delete')}
        no={t('interaction.cancel')}
        onYes={() => deleting && void remove(deleting)}
        onNo={() => setDeleting(null)}
        onClose={() => setDeleting(null)}
        busy={busy}
      />
    </div>
  );
}

function NoteFilter({ value, onChange }: { value: NoteDataType; onChange: (type: NoteDataType) => void }) {
  return (
    <fieldset aria-label={t('interaction.noteFilter')} className="flex min-w-0 gap-1">
      {FILTERS.map((f) => (
        <button
          key={f.type}
          type="button"
          aria-pressed={value === f.type}
          onClick={() => onChange(f.type)}
          className={[
            'rounded-full px-3 py-1 text-sm',
            value === f.type ? 'bg-brand-soft font-medium text-brand-dark' : 'text-slate-700 hover:bg-slate-100',
          ].join(' ')}
        >
          {t(f.key)}
        </button>
      ))}
    </fieldset>
  );
}

/** A note: its title and whose it is, its text, who wrote it when; my own notes with edit and delete. */
function NoteItem({ note: n, onEdit, onDelete }: { note: api.Note; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words text-sm font-medium text-slate-900">{n.title}</h3>
        {n.teacher ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t('interaction.teacherNote')}</span>
        ) : n.mine ? (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t(n.isShared ? 'interaction.shared' : 'interaction.private')}</span>
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
            <button type="button" aria-label={t('interaction.editLabel', { title: n.title })} onClick={onEdit} className="text-brand-dark hover:underline">
              {t('interaction.edit')}
            </button>
            <button type="button" aria-label={t('interaction.deleteLabel', { title: n.title })} onClick={onDelete} className="text-red-700 hover:underline">
              {t('interaction.delete')}
            </button>
          </span>
        )}
      </div>
    </>
  );
}

/** The note dialog's form: title (required), text, shared (fixed once the note exists). */
function NoteEditor({ note, onSave, onCancel }: { note: Editing; onSave: (note: Editing) => Promise<void>; onCancel: () => void }) {
  const title = useTextBox(note.title);
  const notes = useTextBox(note.notes);
  const [isShared, setShared] = useState(note.isShared);
  const [busy, run] = useBusy();

  function save() {
    const titleOk = title.check({ required: t('interaction.noteTitleRequired'), tooLong: t('interaction.noteTitleTooLong') });
    const notesOk = notes.check({ tooLong: t('interaction.noteTooLong') });
    if (!titleOk || !notesOk) return;
    void run(() => onSave({ id: note.id, title: title.value, notes: notes.value, isShared }));
  }

  return (
    <div className="space-y-3 p-4">
      <TextBox label={t('interaction.noteTitle')} multiline={false} placeholder={t('interaction.noteTitlePlaceholder')} {...title.bind} autoFocus />
      <TextBox label={t('interaction.noteContent')} placeholder={t('interaction.noteContentPlaceholder')} {...notes.bind} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={isShared} disabled={note.id !== null} onChange={(e) => setShared(e.target.checked)} />
        {t('interaction.noteShared')}
      </label>
      {note.id !== null && <p className="text-xs text-slate-600">{t('interaction.noteSharedHint')}</p>}
      <DialogButtons onCancel={onCancel} onOk={save} ok={t('interaction.save')} busy={busy} />
    </div>
  );
}
