/**
 * The header's user menu for someone logged in: the name, 个人中心 and 退出登录, and back to
 * 注册/登录 on logout. Loaded by ./boot.ts only when a login is stored or being made: a visitor
 * keeps the link the server rendered.
 */
import { $loggedIn, $session } from '~/lib/stores/session';
import { LEARNER_HOME_PATH, loginUrl } from '~/lib/navigation';
import { t } from '~/lib/i18n/messages/header';

/** Logout's code (its dialog and call) loads when its button is about to be used: pointed at, focused or pressed. */
const loadLogout = () => import('~/lib/logout');

const PARTNER_BUTTON = 'inline-flex items-center rounded border border-brand px-3 py-1.5 text-brand hover:bg-brand-soft';

class UserMenu extends HTMLElement {
  #off: (() => void) | undefined;

  connectedCallback() {
    this.#off = $loggedIn.subscribe(() => this.render());
  }

  disconnectedCallback() {
    this.#off?.();
  }

  /** The partner header's variant: bordered buttons like its neighbours, 用户登录 for visitors. */
  get #partner(): boolean {
    return this.dataset['variant'] === 'partner';
  }

  render() {
    if (!$loggedIn.get()) {
      const a = document.createElement('a');
      a.href = loginUrl();
      a.className = this.#partner ? PARTNER_BUTTON : 'hover:text-brand';
      a.textContent = this.#partner ? t('header.userLogin') : t('header.registerLogin');
      this.replaceChildren(a);
      return;
    }
    const user = $session.get().user;
    const name = user?.realName || user?.nickName || user?.mobile || '';
    const who = document.createElement('span');
    who.textContent = `${name} `;
    const tag = document.createElement('span');
    tag.className = 'rounded bg-brand-soft px-1 text-brand-dark';
    tag.textContent = t('header.student');
    who.appendChild(tag);
    const out = document.createElement('button');
    out.type = 'button';
    out.textContent = t('header.logout');
    out.addEventListener('pointerenter', () => void loadLogout(), { once: true });
    out.addEventListener('focus', () => void loadLogout(), { once: true });
    out.addEventListener('click', () => void loadLogout().then((m) => m.confirmLogout()));
    if (this.#partner) {
      out.className = PARTNER_BUTTON;
      this.replaceChildren(who, out);
      return;
    }
    out.className = 'ml-3 hover:text-brand';
    // 个人中心: the learner area, the portal's own page (the server names it: src/server/school/links.ts).
    const center = document.createElement('a');
    center.href = this.dataset['centerUrl'] || LEARNER_HOME_PATH;
    center.className = 'ml-3 hover:text-brand';
    center.textContent = t('header.personalCenter');
    this.replaceChildren(who, center, out);
  }
}

if (!customElements.get('user-menu')) customElements.define('user-menu', UserMenu);
