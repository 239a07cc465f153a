import { createRoot } from 'react-dom/client';
import ConsultModal from './ConsultModal';

/**
 * Mounts the consult modal once per page. Loaded with a dynamic import by the floating tools
 * panel (src/islands/tools/tools.ts) the first time a `data-consult-open` control is used (or
 * about to be), so pages that never open it ship no React (decision 005).
 */
let mounted = false;

export function mountConsultModal(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'consult-modal-root';
  document.body.appendChild(host);
  createRoot(host).render(<ConsultModal />);
}
