/**
 * The floating tools panel (src/components/FloatingTools.astro), framework-free so that every page
 * stays light. The panel is server-rendered; its behaviour (./panel.ts) loads on the first sign of
 * use, a pointer (or a finger) over or a focus in the panel or on any control marked
 * `data-consult-open`, and a press that comes before it arrived is answered once it has. One visit
 * a day is counted for the school's browse count (./visit.ts, on idle).
 */
import { publicConfig } from '~/lib/config';

/** What the behaviour answers: the panel's buttons and the consult controls anywhere on the page (links work without it). */
const CONTROLS = 'floating-tools button, [data-consult-open]';

let panel: Promise<unknown> | null = null;
let ready = false;
function loadPanel(): Promise<unknown> {
  panel ??= import('./panel').then(
    () => {
      ready = true;
    },
    (error: unknown) => {
      panel = null;
      throw error;
    },
  );
  return panel;
}

const control = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null);
const near = (event: Event) => event.target instanceof Element && !!event.target.closest(`floating-tools, ${CONTROLS}`);

// A touch makes a pointerover too.
for (const type of ['pointerover', 'focusin']) {
  document.addEventListener(type, (event) => void (!ready && near(event) && loadPanel().catch(() => undefined)), { capture: true, passive: true });
}
// A press before the behaviour is there: held, and made again once it is.
document.addEventListener(
  'click',
  (event) => {
    const target = ready ? null : control(event);
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    loadPanel()
      .then(() => target.click())
      .catch(() => undefined);
  },
  { capture: true },
);

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1500);
}

/** One visit a day per school: the call's code loads only when today's visit is not counted yet. */
function countVisit(): void {
  const tenantId = publicConfig().tenantId;
  if (!tenantId) return;
  const key = `szyx_visitDay_${tenantId}`;
  const today = new Date().toDateString();
  if (localStorage.getItem(key) === today) return;
  import('./visit').then((m) => m.countVisit(() => localStorage.setItem(key, today))).catch(() => undefined);
}

whenIdle(countVisit);
