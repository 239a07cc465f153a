import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import { send, sendPage } from '~/lib/api/client';
import { commentPage, removeComment, replyComment, saveComment, threadPage, type CommentObjectType, type CommentView } from '~/lib/api/contracts/engagement';
import { t } from '~/lib/i18n/messages/home';
import { toast } from '~/lib/toast';
import { confirmDialog } from '~/lib/confirm';
import { requireLogin } from '../shared/login-guard';
import { Avatar } from '../shared/Avatar';

function CommentLine({ c, onReply, onDelete }: { c: CommentView; onReply: (c: CommentView) => void; onDelete: (c: CommentView) => void }) {
  return (
    <div className="flex gap-2">
      <Avatar pic={c.commentAuthorPic} name={c.commentAuthorName} look="small" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span className="font-semibold text-ink">{c.commentAuthorName}</span>
          {c.commentAuthorRole === 'VEST' && <span className="rounded bg-amber-100 px-1 text-amber-800">{t('comments.vest')}</span>}
          {c.commentParentAuthorName && c.commentTopId && <span>{t('comments.replyTo', { name: c.commentParentAuthorName })}</span>}
          <time>{c.createdTime}</time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-sm">{c.commentContent}</p>
        <p className="mt-1 flex gap-3 text-xs">
          <button type="button" className="text-brand" onClick={() => onReply(c)}>
            {t('home.reply')}
          </button>
          {c.mine && (
            <button type="button" className="text-red-700" onClick={() => onDelete(c)}>
              {t('home.delete')}
            </button>
          )}
        </p>
      </div>
    </div>
  );
}

/** The object's top comments (size 9999; null while loading) and the replies of each open thread. */
function useCommentList(objectId: string, objectType: CommentObjectType, onCount: ((n: number) => void) | undefined) {
  const [items, setItems] = useState<CommentView[] | null>(null);
  const [open, setOpen] = useState<Record<string, CommentView[] | undefined>>({});

  const load = useCallback(async () => {
    const page = await sendPage(commentPage, {
      current: 1,
      size: 9999,
      model: { commentObjectId: objectId, commentObjectType: objectType },
    });
    setItems(page.records);
    onCount?.(page.total);
  }, [objectId, objectType, onCount]);

  const loadReplies = useCallback(
    async (top: CommentView) => {
      const page = await sendPage(threadPage, {
        current: 1,
        size: 999,
        model: { commentObjectId: objectId, commentTopId: top.id },
      });
      setOpen((o) => ({ ...o, [top.id]: page.records }));
    },
    [objectId],
  );

  useEffect(() => {
    setItems(null);
    setOpen({});
    load().catch(() => setItems([]));
  }, [load]);

  const close = (top: CommentView) => setOpen((o) => ({ ...o, [top.id]: undefined }));
  return { items, open, load, loadReplies, close };
}

/** Comments of one object: top comments (size 9999), replies loaded when a thread opens. */
export function Comments({ objectId, objectType, onCount }: { objectId: string; objectType: CommentObjectType; onCount?: (n: number) => void }) {
  const { items, open, load, loadReplies, close } = useCommentList(objectId, objectType, onCount);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CommentView | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!requireLogin()) return;
    if (!text.trim()) {
      toast(t('comments.contentRequired'), 'warning');
      return;
    }
    setBusy(true);
    try {
      if (replyTo) {
        await send(replyComment, { commentParent: replyTo.id, commentContent: text });
        const top = items?.find((c) => c.id === (replyTo.commentTopId ?? replyTo.id));
        if (top) await loadReplies(top);
      } else {
        await send(saveComment, { commentObjectId: objectId, commentObjectType: objectType, commentContent: text });
      }
      setText('');
      setReplyTo(null);
      await load();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const remove = async (c: CommentView) => {
    if (!(await confirmDialog(t('comments.deleteConfirm'), t('common.tip')))) return;
    try {
      await send(removeComment, { id: c.id });
      toast(t('common.operationSuccess'), 'success');
      await load();
      if (c.commentTopId) {
        const top = items?.find((x) => x.id === c.commentTopId);
        if (top) await loadReplies(top);
      }
    } catch {
      // Shown by the client.
    }
  };

  const reply = (c: CommentView) => {
    if (!requireLogin()) return;
    setReplyTo(c);
  };

  return (
    <div className="flex flex-col gap-3">
      {items === null ? (
        <p className="py-4 text-center text-sm text-muted">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">{t('comments.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {items.map((c) => (
            <li key={c.id}>
              <Thread
                top={c}
                replies={open[c.id]}
                onToggle={() => (open[c.id] ? close(c) : loadReplies(c).catch(() => undefined))}
                onReply={reply}
                onDelete={remove}
              />
            </li>
          ))}
        </ul>
      )}
      <CommentForm
        inputId={`comment-${objectId}`}
        text={text}
        onText={setText}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        busy={busy}
        onSubmit={submit}
      />
    </div>
  );
}

/** A top comment with its replies' toggle and, while open, its replies. */
function Thread(props: {
  top: CommentView;
  replies: CommentView[] | undefined;
  onToggle: () => void;
  onReply: (c: CommentView) => void;
  onDelete: (c: CommentView) => void;
}) {
  const { top, replies, onToggle, onReply, onDelete } = props;
  return (
    <>
      <CommentLine c={top} onReply={onReply} onDelete={onDelete} />
      {top.childrenCount > 0 && (
        <button type="button" className="ml-9 mt-1 text-xs text-brand" aria-expanded={!!replies} onClick={onToggle}>
          {replies ? t('comments.hideReplies') : t('comments.replies', { n: top.childrenCount })}
        </button>
      )}
      {replies && (
        <ul className="ml-9 mt-2 flex flex-col gap-3 border-l-2 border-slate-100 pl-3">
          {replies.map((r) => (
            <li key={r.id}>
              <CommentLine c={r} onReply={onReply} onDelete={onDelete} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The box that writes a comment, or a reply to the one named above it (with its cancel). */
function CommentForm(props: {
  inputId: string;
  text: string;
  onText: (text: string) => void;
  replyTo: CommentView | null;
  onCancelReply: () => void;
  busy: boolean;
  onSubmit: (e: SyntheticEvent<HTMLFormElement>) => void;
}) {
  const { inputId, text, onText, replyTo, onCancelReply, busy, onSubmit } = props;
  return (
    <form onSubmit={onSubmit} className="sticky bottom-0 flex flex-col gap-2 border-t border-slate-100 bg-white pt-3">
      {replyTo && (
        <p className="flex items-center gap-2 text-xs text-muted">
          {t('comments.replyTo', { name: replyTo.commentAuthorName })}
          <button type="button" className="text-brand" onClick={onCancelReply}>
            {t('common.cancel')}
          </button>
        </p>
      )}
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={inputId}>
          {t('comments.placeholder')}
        </label>
        <input
          id={inputId}
          value={text}
          maxLength={500}
          onChange={(e) => onText(e.target.value)}
          placeholder={t('comments.placeholder')}
          className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-1.5 text-sm"
        />
        <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-1.5 text-sm text-white disabled:opacity-60">
          {t('home.send')}
        </button>
      </div>
    </form>
  );
}
