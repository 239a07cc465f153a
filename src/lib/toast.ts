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
