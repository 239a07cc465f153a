import { useId, useState, type ReactNode } from 'react';
import { send } from '~/lib/api/client';
import { calendarFeed, resetCalendarFeed } from '~/lib/api/contracts/learning-timetable';
import { t } from '~/lib/i18n/messages/timetable';
import { toast } from '~/lib/toast';
import { Modal } from '~/islands/shared/Modal';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { useLoad } from '../shared/use-load';

/** `webcal://` + the address without its scheme: calendar apps subscribe to it. */
const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/**
 * The private calendar feed (decision 020): the address with a copy button and a webcal link, and
 * a reset that asks first (the old address stops working at once).
 */
export function SubscribeDialog({ classId, userId, onClose }: { classId: string; userId: string; onClose: () => void }) {
  const inputId = useId();
  const [round, setRound] = useState(0);
  const [feed, reload] = useLoad(`${classId}:${userId}:${round}`, () => send(calendarFeed, { classId, userId }, { silent: true }).then((f) => f.url));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resetUrl, setResetUrl] = useState<string | null>(null);
  const url = resetUrl ?? (feed.state === 'done' ? feed.data : null);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast(t('timetable.copied'), 'success');
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toast(t('timetable.copyFailed'), 'warning');
    }
  };
  const reset = async () => {
    setBusy(true);
    try {
      const fresh = await send(resetCalendarFeed, { classId, userId });
      setResetUrl(fresh.url);
      setAsking(false);
      toast(t('timetable.resetDone'), 'success');
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (!url && feed.state === 'loading') body = <Skeleton rows={1} />;
  else if (!url && feed.state === 'error')
    body = (
      <LoadError
        message={feed.message}
        onRetry={() => {
          setRound((n) => n + 1);
          reload();
        }}
      />
    );
  else
    body = (
      <>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
          {t('timetable.feedUrl')}
        </label>
        <input
          id={inputId}
          readOnly
          value={url ?? ''}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-xs"
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" onClick={copy} className="rounded bg-brand px-3 py-1.5 text-sm text-white">
            {t('timetable.copy')}
          </button>
          <a href={webcalOf(url ?? '')} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
            {t('timetable.openInCalendar')}
          </a>
          {!asking && (
            <button type="button" onClick={() => setAsking(true)} className="rounded border border-red-300 px-3 py-1.5 text-sm text-red-700 hover:bg-red-50">
              {t('timetable.reset')}
            </button>
          )}
        </div>
        {asking && (
          <fieldset aria-label={t('timetable.reset')} className="mt-3 min-w-0 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{t('timetable.resetAsk')}</p>
            <div className="mt-2 flex justify-end gap-2">
              <button type="button" onClick={() => setAsking(false)} className="rounded border border-slate-300 bg-white px-3 py-1 text-slate-700">
                {t('common.cancel')}
              </button>
              <button type="button" disabled={busy} onClick={reset} className="rounded bg-red-700 px-3 py-1 text-white disabled:opacity-60">
                {t('timetable.resetConfirm')}
              </button>
            </div>
          </fieldset>
        )}
      </>
    );

  return (
    <Modal open title={t('timetable.subscribeTitle')} onClose={onClose} width="w-[min(92vw,560px)]">
      <div>
        <p className="mb-3 text-sm text-slate-600">{t('timetable.subscribeHint')}</p>
        {body}
      </div>
    </Modal>
  );
}
