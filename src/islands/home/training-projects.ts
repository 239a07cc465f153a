/**
 * The home page's training-project block without reloads: category links and pager links (plain
 * links that work without JavaScript) fetch the block's partial (/partials/training-projects) and
 * swap it in place. On any failure the link is simply followed.
 */
class TrainingProjects extends HTMLElement {
  #abort: AbortController | undefined;
  #pending: AbortController | undefined;

  connectedCallback() {
    this.#abort = new AbortController();
    this.addEventListener('click', (e) => void this.#onClick(e), { signal: this.#abort.signal });
  }

  disconnectedCallback() {
    this.#abort?.abort();
    this.#pending?.abort();
  }

  async #onClick(e: MouseEvent) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || !this.contains(link) || link.origin !== location.origin) return;
    if (!link.matches('[data-projects-link], nav[aria-label] a')) return;
    e.preventDefault();
    const target = new URL(link.href);
    this.#pending?.abort();
    const pending = new AbortController();
    this.#pending = pending;
    this.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(`/partials/training-projects${target.search}`, { signal: pending.signal, headers: { Accept: 'text/html' } });
      if (!res.ok) throw new Error(String(res.status));
      const html = await res.text();
      if (pending.signal.aborted) return;
      this.innerHTML = html;
      history.replaceState(history.state, '', target.pathname + target.search + target.hash);
      const section = this.closest('section');
      if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
      // Keep the keyboard where the user was: on the chosen category or page.
      const current = this.querySelector<HTMLElement>('[aria-current]');
      current?.setAttribute('tabindex', '-1');
      current?.focus({ preventScroll: true });
    } catch {
      if (!pending.signal.aborted) location.assign(link.href);
    } finally {
      if (this.#pending === pending) this.removeAttribute('aria-busy');
    }
  }
}

if (!customElements.get('training-projects')) customElements.define('training-projects', TrainingProjects);
