import { t } from '~/lib/i18n/messages/learner';

/**
 * A call that failed: the client's message (系统繁忙 when the network or the server failed, the
 * server's refusal otherwise) and a way to try again. Login-invalid answers never get here for
 * long: the client has already left for the login page.
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-3 rounded-lg border border-red-200 bg-red-50 py-8 text-sm text-red-700">
      <span>{t('learner.loadFailed', { message })}</span>
      <button type="button" onClick={onRetry} className="rounded border border-red-300 px-3 py-1 hover:bg-white">
        {t('learner.retry')}
      </button>
    </div>
  );
}
