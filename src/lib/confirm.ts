import { t } from './i18n/messages/common';

/** An accessible confirmation dialog on the native <dialog> element. Resolves true on confirm. */
export function confirmDialog(message: string, title = t('common.tip')): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'rounded-xl p-0 shadow-xl backdrop:bg-black/40';
    dialog.setAttribute('aria-labelledby', 'confirm-title');
    dialog.innerHTML = `<form method="dialog" class="w-72 p-5">
      <h2 id="confirm-title" class="mb-2 text-base font-semibold"></h2>
      <p class="mb-5 text-sm text-slate-700"></p>
      <div class="flex justify-end gap-2">
        <button value="cancel" class="rounded border border-slate-300 px-3 py-1.5 text-sm">${t('common.cancel')}</button>
        <button value="ok" class="rounded bg-brand px-3 py-1.5 text-sm text-white">${t('common.confirm')}</button>
      </div></form>`;
    dialog.querySelector('h2')!.textContent = title;
    dialog.querySelector('p')!.textContent = message;
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok');
      dialog.remove();
    });
    document.body.appendChild(dialog);
    dialog.showModal();
  });
}
