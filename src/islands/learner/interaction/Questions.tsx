import { useState } from 'react';
import { send } from '~/lib/api/client';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { LIST_SIZE } from '~/lib/learning/interaction';
import { t } from '~/lib/i18n/messages/interaction';
import { toast } from '~/lib/toast';
import { Modal } from '~/islands/shared/Modal';
import { useBusy } from '../shared/use-busy';
import { useLoad } from '../shared/use-load';
import { Confirm } from './Confirm';
import { DialogButtons, ItemList, PrimaryButton } from './parts';
import { TextBox, useTextBox } from './TextBox';
import type { PanelProps } from './types';

/**
 * Questions of the lesson with the teachers' answers, and 提问: a drawer pre-filled with the kept
 * draft; closing it with text asks 是否保留本次编辑？ (保留 keeps the draft, 不保留 drops it).
 */
export function Questions({ p, onChanged }: { p: PanelProps; onChanged: () => void }) {
  const ref = { classId: p.classId, classroomId: p.classroomId, studentId: p.studentId };
  const [list, reload] = useLoad(`${p.classId}/${p.classroomId}`, () =>
    send(api.questionPage, { current: 1, size: LIST_SIZE, model: { classId: p.classId, classroomId: p.classroomId } }).then((page) => page.records),
  );
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const text = useTextBox();
  const [busy, run] = useBusy();
  const [hadDraft, setHadDraft] = useState(false);

  async function start() {
    text.setError('');
    text.setValue('');
    setOpen(true);
    try {
      const draft = await send(api.questionDraft, ref, { silent: true });
      setHadDraft(Boolean(draft));
      if (draft) text.setValue((now) => (now === '' ? draft.title : now));
    } catch {
      setHadDraft(false);
    }
  }

  const submit = (title: string, isDraft: boolean) =>
    send(api.questionSubmit, { ...ref, courseId: p.courseId, classroomName: p.classroomName, title, isDraft });

  function ask() {
    if (!text.check({ required: t('interaction.questionRequired'), tooLong: t('interaction.questionTooLong') })) return;
    void run(async () => {
      await submit(text.value, false);
      toast(t('interaction.questionSent'), 'success');
      setOpen(false);
      text.setValue('');
      reload();
      onChanged();
    });
  }

  function close() {
    if (text.value.trim() !== '') setAsking(true);
    else setOpen(false);
  }

  // The drawer stays when the answer is refused.
  const answer = (keep: boolean) =>
    run(async () => {
      if (keep) {
        await submit(text.value, true);
        toast(t('interaction.draftKept'), 'success');
      } else if (hadDraft) {
        await submit('', true);
      }
      setAsking(false);
      setOpen(false);
      text.setValue('');
    });

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <PrimaryButton onClick={start}>{t('interaction.ask')}</PrimaryButton>
      </div>
      <ItemList load={list} onRetry={reload}>
        {(q) => <QuestionItem question={q} />}
      </ItemList>
      <Modal open={open} title={t('interaction.askTitle')} onClose={close} width="w-[min(100vw,420px)]" placement="right">
        <div className="space-y-3">
          <TextBox label={t('interaction.questionLabel')} placeholder={t('interaction.questionPlaceholder')} {...text.bind} autoFocus />
          <DialogButtons onCancel={close} onOk={ask} ok={t('interaction.send')} busy={busy} />
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

/** A question with who asked it when, and the teachers' answers oldest first. */
function QuestionItem({ question: q }: { question: api.Question }) {
  return (
    <>
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
    </>
  );
}
