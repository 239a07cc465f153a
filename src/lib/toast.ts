/** A minimal toast: one polite live region, one message at a time. */
export type ToastKind = 'info' | 'success' | 'error' | 'warning';

export function toast(message: string, kind: ToastKind = 'info', ms = 2500): void {
  if (typeof document === 'undefined' || !message) return;
  let region = document.getElementById('toast-region');
  if (!region) {
    region = document.createElement('div');
    region.id = 'toast-region';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.className = 'toast-region';
    document.body.appendChild(region);
  }
  const item = document.createElement('div');
  item.className = `toast toast-${kind}`;
  item.textContent = message;
  region.appendChild(item);
  setTimeout(() => item.remove(), ms);
}

const FLASH_KEY = 'szyx_flash';

/** Keeps a message for the next page of this tab (the current page is about to be left). */
export function flashToast(message: string, kind: ToastKind = 'info'): void {
  try {
    if (message) sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
  } catch {
    // No storage: the message is simply not carried over.
  }
}

/** Shows, once, the message the previous page left (for example why the login is needed). */
export function showFlash(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { message, kind } = JSON.parse(raw) as { message?: unknown; kind?: unknown };
    const kinds: ToastKind[] = ['info', 'success', 'error', 'warning'];
    if (typeof message === 'string') toast(message, kinds.includes(kind as ToastKind) ? (kind as ToastKind) : 'info', 4000);
  } catch {
    // Unreadable: nothing to show.
  }
}
