/**
 * <info-tabs>: accessible tabs over server-rendered panels (role=tab buttons with aria-controls).
 * Click or arrow keys switch; without JavaScript the first panel shows.
 */
class InfoTabs extends HTMLElement {
  connectedCallback() {
    const tabs = this.tabs();
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => this.select(i, false));
      tab.addEventListener('keydown', (e) => {
        const n = tabs.length;
        const current = tabs.indexOf(tab);
        const next =
          e.key === 'ArrowRight' ? (current + 1) % n : e.key === 'ArrowLeft' ? (current - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
        if (next < 0) return;
        e.preventDefault();
        this.select(next, true);
      });
    });
  }

  tabs(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>('[role="tab"]')];
  }

  select(index: number, focus: boolean) {
    this.tabs().forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
      if (selected && focus) tab.focus();
    });
  }
}

if (!customElements.get('info-tabs')) customElements.define('info-tabs', InfoTabs);
