import { useState } from 'react';
import { send } from '~/lib/api/client';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { LIST_SIZE, textProblem } from '~/lib/learning/interaction';
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

/**
 * Questions of the lesson with the teachers' answers, and 提问: a drawer pre-filled with the kept
 * draft; closing it with text asks 是否保留本次编辑？ (保留 keeps the draft, 不保留 drops it).
 */
export function Questions({ p, onChanged }: { p: PanelProps; onChanged: () => void }) {
  const ref = { classId: p.classId, classroomId: p.classroomId, studentId: p.studentId };
  const [list, reload] = useLoad(`${p.classId}/${p.classroomId}`, () =>
    send(api.questionPage, { current: 1, size: LIST_SIZE, model: { classId: p.classId, classroomId: p.classroomId } }),
  );
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [hadDraft, setHadDraft] = useState(false);

  async function start() {
    setError('');
    setText('');
    setOpen(true);
    try {
      const draft = await send(api.questionDraft, ref, { silent: true });
      setHadDraft(Boolean(draft));
      if (draft) setText((now) => (now === '' ? draft.title : now));
    } catch {
      setHadDraft(false);
    }
  }

  const submit = (title: string, isDraft: boolean) =>
    send(api.questionSubmit, { ...ref, courseId: p.courseId, classroomName: p.classroomName, title, isDraft });

  async function ask() {
    const problem = textProblem(text, true);
    if (problem) {
      setError(t(problem === 'required' ? 'interaction.questionRequired' : 'interaction.questionTooLong'));
      return;
    }
    setBusy(true);
    try {
      await submit(text, false);
      toast(t('interaction.questionSent'), 'success');
      setOpen(false);
      setText('');
      reload();
      onChanged();
    } catch {
      // The client has shown the refusal.
    } finally {
      setBusy(false);
    }
  }

  function close() {
    if (text.trim() !== '') setAsking(true);
    else setOpen(false);
  }

  async function answer(keep: boolean) {
    setBusy(true);
    try {
      if (keep) {
        await submit(text, true);
        toast(t('interaction.draftKept'), 'success');
      } else if (hadDraft) {
        await submit('', true);
      }
      setAsking(false);
      setOpen(false);
      setText('');
    } catch {
      // The client has shown the refusal; the drawer stays.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <button type="button" onClick={start} className="rounded-md bg-brand px-4 py-1.5 text-sm text-white hover:opacity-90">
          {t('interaction.ask')}
        </button>
      </div>
      {list.state === 'loading' && <Skeleton rows={3} />}
      {list.state === 'error' && <LoadError message={list.message} onRetry={reload} />}
      {list.state === 'done' &&
        (list.data.records.length === 0 ? (
          <Empty text={t('interaction.noData')} />
        ) : (
          <ul className="space-y-3">
            {list.data.records.map((q) => (
              <li key={q.id} className="rounded-lg border border-slate-200 p-3">
                <p className="break-words text-sm font-medium text-slate-900">{q.title}</p>
                <p className="mt-1 text-xs text-slate-600">{t('interaction.askedBy', { name: q.studentName, time: q.createdTime.slice(0, 16) })}</p>
                {q.answerList.length === 0 ? (
                  <p className="mt-2 text-xs text-slate-600">{t('interaction.noAnswer')}</p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {q.answerList.map((a, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: answers carry no id; they are shown oldest first as sent, never reordered
                      <li key={i} className="rounded bg-slate-50 p-2 text-sm">
                        <p className="text-xs font-medium text-brand-dark">
                          {t('interaction.answerBy', { name: a.teacherName })} · {a.createdTime.slice(0, 16)}
                        </p>
                        <p className="mt-1 break-words text-slate-800">{a.answer}</p>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        ))}
      <Modal open={open} title={t('interaction.askTitle')} onClose={close} width="w-[min(100vw,420px)]" placement="right">
        <div className="space-y-3 p-4">
          <TextBox
            label={t('interaction.questionLabel')}
            value={text}
            onChange={(v) => {
              setText(v);
              setError('');
            }}
            placeholder={t('interaction.questionPlaceholder')}
            error={error}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <button type="button" onClick={close} className="rounded-md border border-slate-300 px-4 py-1.5 text-sm hover:bg-slate-50">
              {t('interaction.cancel')}
            </button>
            <button
              type="button"
              onClick={ask}
              disabled={busy}
              className="rounded-md bg-brand px-4 py-1.5 text-sm text-white hover:opacity-90 disabled:opacity-60"
            >
              {t('interaction.send')}
            </button>
          </div>
        </div>
        <Confirm
          open={asking}
          title={t('interaction.keepTitle')}
          text={t('interaction.keepAsk')}
          yes={t('interaction.keep')}
          no={t('interaction.discard')}
          onYes={() => void answer(true)}
          onNo={() => void answer(false)}
          onClose={() => setAsking(false)}
          busy={busy}
        />
      </Modal>
    </div>
  );
}
