/**
 * The header's user menu for someone logged in: the name, 个人中心 and 退出登录, and back to
 * 注册/登录 on logout. Loaded by ./boot.ts only when a login is stored or being made: a visitor
 * keeps the link the server rendered.
 */
import { $loggedIn, $session } from '~/lib/stores/session';
import { LEARNER_HOME_PATH, loginUrl } from '~/lib/navigation';
import { t } from '~/lib/i18n/messages/header';
import { $unreadMessages } from '~/lib/stores/messages';
import { MESSAGES_PATH, unreadText } from '~/lib/messages';

/** The unread count is asked once the menu shows a student (its call's code loads then, never for a visitor). */
const askUnread = () =>
  Promise.all([import('~/lib/api/client'), import('~/lib/api/contracts/messages')]).then(([{ send }, api]) =>
    send(api.messagesUnread, {}, { silent: true, background: true }).then(
      (r) => $unreadMessages.set(r.count),
      () => undefined,
    ),
  );

/** Logout's code (its dialog and call) loads when its button is about to be used: pointed at, focused or pressed. */
const loadLogout = () => import('~/lib/logout');

const PARTNER_BUTTON = 'inline-flex items-center rounded border border-brand px-3 py-1.5 text-brand hover:bg-brand-soft';

class UserMenu extends HTMLElement {
  #off: (() => void) | undefined;

  #offUnread: (() => void) | undefined;
  #asked = false;

  /** The 消息 link while a student is shown; the unread count changes it in place. */
  #messages: HTMLAnchorElement | undefined;

  connectedCallback() {
    this.#off = $loggedIn.subscribe(() => this.render());
    // Only the link changes: rebuilding the menu would replace 退出登录 under a pointer about to
    // press it, and a press that starts on one button and ends on another is no click.
    this.#offUnread = $unreadMessages.listen(() => this.#messages && this.#fillMessages(this.#messages));
  }

  disconnectedCallback() {
    this.#off?.();
    this.#offUnread?.();
  }

  /** 消息 (the message centre), for a logged-in student. */
  #messagesLink(): HTMLAnchorElement {
    const a = document.createElement('a');
    a.href = this.dataset['messagesUrl'] || MESSAGES_PATH;
    // The count sits over the link's corner, out of the flow: it arrives after the page is drawn and must
    // not move the entries beside it (退出登录 under a thumb on a phone).
    a.className = 'relative ml-3 whitespace-nowrap hover:text-brand';
    this.#fillMessages(a);
    return a;
  }

  /** The link's text with the unread count. */
  #fillMessages(a: HTMLAnchorElement) {
    const n = $unreadMessages.get() ?? 0;
    a.textContent = t('header.messages');
    a.removeAttribute('aria-label');
    if (n > 0) {
      a.setAttribute('aria-label', t('header.messagesUnread', { n }));
      const badge = document.createElement('span');
      badge.className = 'absolute -right-2 -top-2 min-w-[1rem] rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 text-white';
      badge.setAttribute('aria-hidden', 'true');
      badge.textContent = unreadText(n);
      a.appendChild(badge);
    }
  }

  /** The partner header's variant: bordered buttons like its neighbours, 用户登录 for visitors. */
  get #partner(): boolean {
    return this.dataset['variant'] === 'partner';
  }

  render() {
    this.#messages = undefined;
    if (!$loggedIn.get()) {
      this.#asked = false;
      $unreadMessages.set(null);
      const a = document.createElement('a');
      a.href = loginUrl();
      a.className = this.#partner ? PARTNER_BUTTON : 'hover:text-brand';
      a.textContent = this.#partner ? t('header.userLogin') : t('header.registerLogin');
      this.replaceChildren(a);
      return;
    }
    if (!this.#asked) {
      this.#asked = true;
      void askUnread();
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
    this.#messages = this.#messagesLink();
    this.replaceChildren(who, this.#messages, center, out);
  }
}

if (!customElements.get('user-menu')) customElements.define('user-menu', UserMenu);
