import { createRoot } from 'react-dom/client';
import ConsultModal from './ConsultModal';

/**
 * Mounts the consult modal once per page. Loaded with a dynamic import by the floating tools
 * panel (src/islands/tools/tools.ts) the first time $consultOpen turns true, so pages that never
 * open it ship no React (decision 005: news and notice pages stay under 20 KB of JavaScript).
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
