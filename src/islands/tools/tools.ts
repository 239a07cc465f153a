/**
 * The floating tools panel's behaviour, framework-free so that every page stays light: the
 * consult entry opens the consult modal (React, loaded on first use), the phone and QR entries
 * toggle their popovers, the small-screen button folds the panel, and one visit a day is counted
 * for the school's browse count (on idle, API client loaded then).
 */
import { $consultOpen, closeConsult, openConsult } from '~/lib/stores/ui';
import { publicConfig } from '~/lib/config';
import { ensureVisitor } from '~/lib/stores/session';
import { visit } from '~/lib/api/contracts/platform';

let modal: Promise<void> | null = null;

/** Loads and mounts the consult modal once (also when another island sets $consultOpen). */
function loadModal(): Promise<void> {
  modal ??= import('../consult/mount').then(
    (m) => m.mountConsultModal(),
    (error: unknown) => {
      modal = null;
      closeConsult();
      throw error;
    },
  );
  return modal;
}

$consultOpen.subscribe((open) => {
  if (open) loadModal().catch(() => undefined);
});

async function countVisit(): Promise<void> {
  const tenantId = publicConfig().tenantId;
  if (!tenantId) return;
  const key = `szyx_visitDay_${tenantId}`;
  const today = new Date().toDateString();
  if (localStorage.getItem(key) === today) return;
  const { send } = await import('~/lib/api/client');
  await send(visit, { visitorId: ensureVisitor() }, { silent: true });
  localStorage.setItem(key, today);
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1500);
}

class FloatingTools extends HTMLElement {
  #abort: AbortController | undefined;

  connectedCallback() {
    this.#abort = new AbortController();
    const { signal } = this.#abort;
    const toggles = [...this.querySelectorAll<HTMLButtonElement>('[data-popover-toggle]')];
    const list = this.querySelector<HTMLElement>('[data-tools-list]');
    const fold = this.querySelector<HTMLButtonElement>('[data-tools-toggle]');

    const panelOf = (b: HTMLButtonElement) => document.getElementById(b.getAttribute('aria-controls') ?? '');
    const closePopovers = (except?: HTMLButtonElement) => {
      for (const b of toggles) {
        if (b === except) continue;
        b.setAttribute('aria-expanded', 'false');
        panelOf(b)?.setAttribute('hidden', '');
      }
    };
    const setFolded = (folded: boolean) => {
      fold?.setAttribute('aria-expanded', String(!folded));
      if (folded) list?.removeAttribute('data-open');
      else list?.setAttribute('data-open', '');
    };

    // Every [data-consult-open] control on the page (the panel's own entry, the enrol widget, the
    // home page's enrol buttons…) opens the consult modal: one delegated listener.
    const consultControl = (e: Event) => (e.target instanceof Element ? e.target.closest('[data-consult-open]') : null);
    document.addEventListener(
      'click',
      (e) => {
        if (!consultControl(e)) return;
        e.preventDefault();
        openConsult();
      },
      { signal },
    );
    // Intent to open: start loading the modal before the click lands.
    const preload = (e: Event) => {
      if (consultControl(e)) void loadModal().catch(() => undefined);
    };
    document.addEventListener('pointerover', preload, { signal });
    document.addEventListener('focusin', preload, { signal });
    for (const b of toggles) {
      b.addEventListener(
        'click',
        () => {
          const opening = b.getAttribute('aria-expanded') !== 'true';
          closePopovers(b);
          b.setAttribute('aria-expanded', String(opening));
          panelOf(b)?.toggleAttribute('hidden', !opening);
        },
        { signal },
      );
    }
    fold?.addEventListener(
      'click',
      () => {
        const folded = fold.getAttribute('aria-expanded') === 'true';
        if (folded) closePopovers();
        setFolded(folded);
      },
      { signal },
    );

    document.addEventListener(
      'click',
      (e) => {
        if (!this.contains(e.target as Node)) closePopovers();
      },
      { signal },
    );
    this.addEventListener(
      'keydown',
      (e) => {
        if (e.key !== 'Escape') return;
        const open = toggles.find((b) => b.getAttribute('aria-expanded') === 'true');
        if (open) {
          closePopovers();
          open.focus();
        } else if (fold?.getAttribute('aria-expanded') === 'true') {
          setFolded(true);
          fold.focus();
        }
      },
      { signal },
    );

    whenIdle(() => void countVisit().catch(() => undefined));
  }

  disconnectedCallback() {
    this.#abort?.abort();
  }
}

if (!customElements.get('floating-tools')) customElements.define('floating-tools', FloatingTools);
