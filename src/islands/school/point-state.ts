/**
 * <point-state data-start="08:30:00" data-end="17:30:00" data-open-label="营业中" data-resting-label="休息中">
 * The server renders the state at render time; pages are cached for a minute, so the browser
 * recomputes it at the visitor's time, and again every 30 seconds.
 */
import { servicePointState } from './service-point-state';

const REFRESH_MS = 30_000;
const CLASSES = {
  open: ['bg-green-100', 'text-green-800'],
  resting: ['bg-slate-200', 'text-slate-700'],
} as const;

class PointState extends HTMLElement {
  #timer: ReturnType<typeof setInterval> | undefined;

  connectedCallback() {
    this.update();
    this.#timer = setInterval(() => this.update(), REFRESH_MS);
  }

  disconnectedCallback() {
    clearInterval(this.#timer);
  }

  update() {
    const state = servicePointState(this.dataset['start'], this.dataset['end'], Date.now());
    this.dataset['state'] = state;
    if (state === 'unknown') {
      this.hidden = true;
      return;
    }
    this.hidden = false;
    this.textContent = (state === 'open' ? this.dataset['openLabel'] : this.dataset['restingLabel']) ?? '';
    this.classList.remove(...CLASSES.open, ...CLASSES.resting);
    this.classList.add(...CLASSES[state]);
  }
}

if (!customElements.get('point-state')) customElements.define('point-state', PointState);
