/**
 * The learner home placeholder (/study/mine), framework-free: logged-in students only. It shows
 * the stored user at once, then asks the server (getUserInfo): an expired or revoked token answers
 * 40001/40005/40009 and the API client goes to login with this page as redirect.
 */
import { send } from '~/lib/api/client';
import { userInfo } from '~/lib/api/contracts/identity';
import { partnerSso } from '~/lib/api/contracts/login';
import { t } from '~/lib/i18n/messages/mine';
import { $session, isLoggedIn, setUser, type UserInfo } from '~/lib/stores/session';
import { confirmLogout } from '~/lib/logout';
import { loginUrl, navigateTo } from '~/lib/navigation';
import { toast } from '~/lib/toast';

const maskMobile = (m: string | null | undefined) => (m && /^\d{11}$/.test(m) ? `${m.slice(0, 3)}****${m.slice(7)}` : '');

class StudyMine extends HTMLElement {
  connectedCallback() {
    if (!isLoggedIn()) {
      toast(t('common.loginFirst'), 'warning');
      setTimeout(() => navigateTo(loginUrl()), 800);
      return;
    }
    const stored = $session.get().user;
    if (stored) this.show(stored);
    void send(userInfo, {})
      .then((user) => {
        setUser(user);
        this.show(user);
      })
      .catch(() => undefined);
  }

  show(user: UserInfo) {
    const name = user.realName || user.nickName || maskMobile(user.mobile);
    const welcome = document.createElement('p');
    welcome.className = 'mt-4 text-lg font-semibold text-ink';
    welcome.textContent = t('login.mineWelcome', { name });
    const mobile = document.createElement('p');
    mobile.className = 'mt-1 text-sm text-muted';
    mobile.textContent = t('login.mineMobile', { mobile: maskMobile(user.mobile) });
    const intro = document.createElement('p');
    intro.className = 'mt-4 leading-7 text-slate-700';
    intro.textContent = t('login.mineIntro');
    const actions = document.createElement('div');
    actions.className = 'mt-6 flex flex-wrap gap-3';
    if (this.dataset['partnerSso']) actions.appendChild(this.partnerButton());
    const out = document.createElement('button');
    out.type = 'button';
    out.className = 'rounded-lg border border-slate-300 px-4 py-2 text-sm hover:border-brand hover:text-brand';
    out.textContent = t('header.logout');
    out.addEventListener('click', () => void confirmLogout());
    actions.appendChild(out);
    this.replaceChildren(welcome, mobile, intro, actions);
  }

  /** Partner edition: a fresh signed ticket on each press, then the partner's platform. */
  partnerButton(): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark';
    b.textContent = t('login.minePartner', { name: this.dataset['partnerName'] ?? '' });
    b.addEventListener('click', async () => {
      try {
        const { url } = await send(partnerSso, {});
        if (url) navigateTo(url);
        else toast(t('login.partnerSsoOff'), 'warning');
      } catch {
        // The client has shown the server's message.
      }
    });
    return b;
  }
}

if (!customElements.get('study-mine')) customElements.define('study-mine', StudyMine);
