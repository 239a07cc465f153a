import { t } from './i18n/messages/common';

/** Code loaded when it is about to be used; `warm` starts loading it early, `load` waits for it. */
export interface OnDemand<M> {
  load(): Promise<M>;
  warm(): void;
}

/**
 * Code a page loads only when it is about to be used (a form's calls once the form is touched, the
 * SMS button's once it is pointed at): loaded once; a load that failed (the network) is tried again
 * the next time and fails with 系统繁忙, as a call that found no server does.
 */
export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loading: Promise<M> | null = null;
  const load = () =>
    (loading ??= importer().catch(() => {
      loading = null;
      throw new Error(t('common.systemBusy'));
    }));
  return { load, warm: () => void load().catch(() => undefined) };
}
