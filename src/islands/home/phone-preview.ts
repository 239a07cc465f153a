import { $loggedIn, setToken, setUser, type UserInfo } from '~/lib/stores/session';
import { PREVIEW_LOGIN_INFO, PREVIEW_LOGOUT } from '~/lib/preview-protocol';

/**
 * The phone preview: the mobile site in an iframe at phone size, scaled to fit (0.85, or 0.75 to
 * 0.78 on narrower screens), with a spinner until it has loaded. The postMessage protocol:
 * when nobody is logged in here the frame is told to log out; a login inside the frame sends
 * its token and user, which are stored here. Messages from any other origin are ignored.
 */
function scaleFor(width: number): number {
  if (width >= 1440) return 0.85;
  if (width >= 1280) return 0.78;
  return 0.75;
}

class PhonePreview extends HTMLElement {
  #onMessage = (event: MessageEvent) => {
    const frame = this.querySelector('iframe');
    if (!frame || event.source !== frame.contentWindow || event.origin !== location.origin) return;
    const data = event.data as { type?: string; token?: unknown; userInfo?: unknown } | null;
    if (data?.type !== PREVIEW_LOGIN_INFO || typeof data.token !== 'string' || !data.token) return;
    setToken(data.token);
    const user = data.userInfo as UserInfo | undefined;
    if (user && typeof user.userId === 'string') setUser(user);
  };

  connectedCallback() {
    const dialog = this.querySelector('dialog')!;
    const frame = this.querySelector('iframe')!;
    const box = this.querySelector<HTMLElement>('[data-frame]')!;
    const spinner = this.querySelector<HTMLElement>('[data-spinner]')!;
    window.addEventListener('message', this.#onMessage);
    frame.addEventListener('load', () => {
      if (!frame.getAttribute('src')) return;
      spinner.hidden = true;
      if (!$loggedIn.get()) frame.contentWindow?.postMessage({ type: PREVIEW_LOGOUT }, location.origin);
    });
    this.querySelector('[data-open]')!.addEventListener('click', () => {
      const scale = scaleFor(window.innerWidth);
      frame.style.transform = `scale(${scale})`;
      box.style.width = `${Math.round(375 * scale)}px`;
      box.style.height = `${Math.round(667 * scale)}px`;
      if (!frame.getAttribute('src')) {
        spinner.hidden = false;
        frame.src = frame.dataset['src'] ?? '/';
      }
      dialog.showModal();
    });
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.#onMessage);
  }
}

if (!customElements.get('phone-preview')) customElements.define('phone-preview', PhonePreview);
