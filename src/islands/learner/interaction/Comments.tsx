import { useState } from 'react';
import { send } from '~/lib/api/client';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { t } from '~/lib/i18n/messages/interaction';
import { toast } from '~/lib/toast';
import { useBusy } from '../shared/use-busy';
import type { Load } from '../shared/use-load';
import { ItemList, PrimaryButton } from './parts';
import { TextBox, useTextBox } from './TextBox';
import type { PanelProps } from './types';

/** A comment box with its button: checks the text, sends, clears on success (the text stays when refused). */
function CommentBox({ label, button, hideLabel, onSend }: { label: string; button: string; hideLabel?: boolean; onSend: (text: string) => Promise<void> }) {
  const text = useTextBox();
  const [busy, run] = useBusy();
  function submit() {
    if (!text.check({ required: t('interaction.commentRequired'), tooLong: t('interaction.commentTooLong') })) return;
    void run(async () => {
      await onSend(text.value);
      text.setValue('');
    });
  }
  return (
    <div className="space-y-2">
      <TextBox label={label} hideLabel={hideLabel} placeholder={t('interaction.commentPlaceholder')} {...text.bind} />
      <div className="flex justify-end">
        <PrimaryButton onClick={submit} busy={busy}>
          {button}
        </PrimaryButton>
      </div>
    </div>
  );
}

/** The lesson's comments, oldest first, each with 回复; replies name whom they answer. */
export function Comments({ p, list, reload }: { p: PanelProps; list: Load<api.Comment[]>; reload: () => void }) {
  const [replying, setReplying] = useState<string | null>(null);

  async function post(commentContent: string, commentParent?: string) {
    await send(api.commentSubmit, { classId: p.classId, id: p.classroomId, commentContent, commentParent });
    toast(t('interaction.commentSent'), 'success');
    setReplying(null);
    reload();
  }

  return (
    <div className="space-y-3">
      <CommentBox label={t('interaction.commentLabel')} button={t('interaction.comment')} onSend={(text) => post(text)} />
      <ItemList load={list} onRetry={reload}>
        {(c) => (
          <>
            <p className="text-xs text-slate-600">
              <span className="font-medium text-slate-800">{c.commentAuthorName}</span> · {c.createdTime.slice(0, 16)}
              {c.hidden && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-800">{t('interaction.hiddenByTeacher')}</span>}
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">
              {c.commentParent && c.commentParentAuthorName && (
                <span className="text-brand-dark">{t('interaction.replyTo', { name: c.commentParentAuthorName })}</span>
              )}
              {c.commentContent}
            </p>
            <div className="mt-1 flex justify-end">
              <button
                type="button"
                aria-expanded={replying === c.id}
                aria-label={t('interaction.replyLabel', { name: c.commentAuthorName })}
                onClick={() => setReplying(replying === c.id ? null : c.id)}
                className="text-xs text-brand-dark hover:underline"
              >
                {t('interaction.reply')}
              </button>
            </div>
            {replying === c.id && (
              <div className="mt-2">
                <CommentBox
                  label={t('interaction.replyLabel', { name: c.commentAuthorName })}
                  hideLabel
                  button={t('interaction.sendReply')}
                  onSend={(text) => post(text, c.id)}
                />
              </div>
            )}
          </>
        )}
      </ItemList>
    </div>
  );
}
