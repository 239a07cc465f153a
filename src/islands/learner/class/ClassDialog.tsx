import { Modal } from '~/islands/shared/Modal';
import { t } from '~/lib/i18n/messages/learner-class';

/** What the class page's one dialog says: a function not open yet, experience mode, or "rest?". */
export type DialogState = { kind: 'notice'; name: string } | { kind: 'experience'; name: string } | { kind: 'rest' } | null;

const button = 'rounded-lg px-4 py-2 text-sm';

/**
 * The class page's dialog: the not-open notice 敬请期待 (features of the mobile app) with the desktop
 * note, the experience class's notice instead of navigating, and the rest confirmation, whose
 * confirming goes back one page.
 */
export function ClassDialog({ state, onClose, onRest }: { state: DialogState; onClose: () => void; onRest: () => void }) {
  const title = state?.kind === 'rest' ? t('class.rest') : state?.kind === 'experience' ? t('class.experienceTitle') : t('class.noticeTitle');
  return (
    <Modal open={state !== null} title={title} onClose={onClose} width="w-[min(92vw,420px)]">
      <div className="space-y-3 text-sm text-slate-700">
        {state?.kind === 'notice' && (
          <>
            <p className="text-base font-medium text-ink">
              {state.name}：{t('learner.comingSoon')}
            </p>
            <p>{t('class.desktopNotOpen')}</p>
          </>
        )}
        {state?.kind === 'experience' && <p>{t('class.experienceBody', { name: state.name })}</p>}
        {state?.kind === 'rest' && <p>{t('class.restConfirm')}</p>}
        <p className="flex justify-end gap-3 pt-2">
          {state?.kind === 'rest' ? (
            <>
              <button type="button" onClick={onClose} className={`${button} border border-slate-300 hover:border-brand hover:text-brand`}>
                {t('common.cancel')}
              </button>
              <button type="button" onClick={onRest} className={`${button} bg-brand text-white hover:bg-brand-dark`}>
                {t('common.confirm')}
              </button>
            </>
          ) : (
            <button type="button" onClick={onClose} className={`${button} bg-brand text-white hover:bg-brand-dark`}>
              {t('common.confirm')}
            </button>
          )}
        </p>
      </div>
    </Modal>
  );
}
