/**
 * The floating tools panel's behaviour (loaded by ./tools.ts on the first sign of use): the
 * consult entry, and every other control marked `data-consult-open`, opens the consult modal
 * (React, loaded on first use), the phone and QR entries toggle their popovers, the small-screen
 * button folds the panel, Escape and a click elsewhere close what is open.
 */
let modal: Promise<typeof import('~/lib/stores/ui')> | null = null;

/** Loads and mounts the consult modal once; answers the store that opens and closes it. */
function loadModal(): Promise<typeof import('~/lib/stores/ui')> {
  modal ??= import('../consult/mount').then(
    (m) => {
      m.mountConsultModal();
      return import('~/lib/stores/ui');
    },
    (error: unknown) => {
      modal = null;
      throw error;
    },
  );
  return modal;
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
        loadModal()
          .then((ui) => ui.openConsult())
          .catch(() => undefined);
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
  }

  disconnectedCallback() {
    this.#abort?.abort();
  }
}

if (!customElements.get('floating-tools')) customElements.define('floating-tools', FloatingTools);

// A script module: the element is defined when it loads.
export {};
