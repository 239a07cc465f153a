import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { send, sendPage } from '~/lib/api/client';
import { messagesPage, messagesRead, type LearnerMessage } from '~/lib/api/contracts/messages';
import { t } from '~/lib/i18n/messages/message-centre';
import { navigateTo, sitePath } from '~/lib/navigation';
import { $unreadMessages } from '~/lib/stores/messages';
import { formatDateTime } from '~/lib/time/cst';
import { toast } from '~/lib/toast';
import type { Page } from '~/lib/paging';
import { LoadedPage } from '../shared/Paged';
import { Skeleton } from '../shared/Skeleton';
import { useLoad } from '../shared/use-load';
import { useStudent } from '../shared/use-student';

/**
 * The message centre (/study/messages): what the school told the student (enrolments, released
 * marks, certificates, class notices), newest first, unread ones marked. Opening a message marks
 * it read and follows its link; 全部标为已读 marks every one. The header's count follows
 * ($unreadMessages).
 */

const PAGE_SIZE = 10;
const FILTERS = ['all', 'unread'] as const;
type Filter = (typeof FILTERS)[number];

const BUTTON = 'rounded border border-slate-300 px-3 py-1.5 text-sm hover:border-brand hover:text-brand disabled:opacity-50';
const kindLabel = (m: LearnerMessage) => t(`messageCentre.kind.${m.kind}` as 'messageCentre.kind.notice');

export default function MessagesIsland() {
  const user = useStudent();
  if (!user) return <Skeleton rows={4} className="mt-6" />;
  return <MessageList userId={user.userId} />;
}

function MessageList({ userId }: { userId: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [messages, reload] = useLoad<Page<LearnerMessage>>(`${userId}:${filter}:${page}`, () =>
    sendPage(messagesPage, { current: page, size: PAGE_SIZE, unread: filter === 'unread' }),
  );
  const unread = useStore($unreadMessages);

  async function mark(ids: string[] | null) {
    setBusy(true);
    try {
      const r = await send(messagesRead, ids ? { ids } : { all: true });
      $unreadMessages.set(r.unread);
      if (!ids) toast(t('messageCentre.markedAll'), 'success');
      reload();
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  async function open(m: LearnerMessage) {
    if (!m.read) {
      try {
        const r = await send(messagesRead, { ids: [m.id] }, { silent: true });
        $unreadMessages.set(r.unread);
      } catch {
        // Reading the message matters more than marking it.
      }
    }
    if (m.link) navigateTo(sitePath(m.link));
  }

  return (
    <div className="mt-6">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            className={filter === f ? `${BUTTON} border-brand bg-brand-soft text-brand-dark` : BUTTON}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
          >
            {t(f === 'all' ? 'messageCentre.all' : 'messageCentre.unreadOnly')}
          </button>
        ))}
        <span className="ml-auto flex items-center gap-3 text-sm">
          {unread !== null && unread > 0 && <span className="text-muted">{t('messageCentre.unreadSummary', { n: unread })}</span>}
          <button type="button" className={BUTTON} disabled={busy || unread === 0} onClick={() => void mark(null)}>
            {t('messageCentre.markAll')}
          </button>
        </span>
      </div>
      <LoadedPage
        load={messages}
        onRetry={reload}
        page={page}
        onPage={setPage}
        empty={t(filter === 'unread' ? 'messageCentre.emptyUnread' : 'messageCentre.empty')}
        pager={t('messageCentre.title')}
      >
        {(records) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {records.map((m) => (
              <li key={m.id} className={m.read ? 'p-4' : 'bg-brand-soft/40 p-4'}>
                <article aria-labelledby={`message-${m.id}`}>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{kindLabel(m)}</span>
                    {!m.read && <span className="rounded bg-red-600 px-1.5 py-0.5 text-white">{t('messageCentre.unreadTag')}</span>}
                    <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
                  </p>
                  <h2 id={`message-${m.id}`} className={m.read ? 'mt-1 text-base' : 'mt-1 text-base font-semibold'}>
                    {m.title}
                  </h2>
                  <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{m.body}</p>
                  <p className="mt-2 flex flex-wrap gap-2">
                    {m.link && (
                      <button type="button" className={BUTTON} onClick={() => void open(m)}>
                        {t('messageCentre.open')}
                      </button>
                    )}
                    {!m.read && (
                      <button type="button" className={BUTTON} disabled={busy} onClick={() => void mark([m.id])}>
                        {t('messageCentre.markRead')}
                      </button>
                    )}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </LoadedPage>
    </div>
  );
}
