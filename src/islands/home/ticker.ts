/**
 * The home notice and news ticker: one line at a time, advancing every 6 s in a vertical loop.
 * Pauses while hovered or focused so a visitor can read and click; no motion when reduced motion
 * is asked for (then the list simply scrolls).
 */
class NewsTicker extends HTMLElement {
  #timer: ReturnType<typeof setInterval> | undefined;
  #index = 0;
  #paused = false;

  connectedCallback() {
    const track = this.querySelector<HTMLElement>('.ticker-track');
    const count = track?.children.length ?? 0;
    if (!track || count < 2) return;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
      this.style.overflowY = 'auto';
      return;
    }
    // A copy of the first line at the end makes the loop seamless.
    const copy = track.appendChild(track.children[0]!.cloneNode(true) as HTMLElement);
    copy.setAttribute('aria-hidden', 'true');
    copy.inert = true;
    const interval = Number(this.dataset['interval']) || 6000;
    const pause = () => (this.#paused = true);
    const resume = () => (this.#paused = false);
    this.addEventListener('mouseenter', pause);
    this.addEventListener('mouseleave', resume);
    this.addEventListener('focusin', pause);
    this.addEventListener('focusout', resume);
    this.#timer = setInterval(() => {
      if (this.#paused || document.hidden) return;
      this.#index += 1;
      track.style.transition = '';
      track.style.transform = `translateY(-${this.#index * 1.5}rem)`;
      if (this.#index === count) {
        // After showing the copy, jump back to the real first line without animation.
        setTimeout(() => {
          track.style.transition = 'none';
          track.style.transform = 'translateY(0)';
          this.#index = 0;
        }, 600);
      }
    }, interval);
  }

  disconnectedCallback() {
    clearInterval(this.#timer);
  }
}

if (!customElements.get('news-ticker')) customElements.define('news-ticker', NewsTicker);
