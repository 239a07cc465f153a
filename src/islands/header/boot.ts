/**
 * The header's islands, framework-free to keep public pages light: the site's steps (./steps.ts),
 * the user menu (./user-menu.ts), loaded only when someone is logged in or logs in while the page is
 * open (a visitor keeps the server's 注册/登录 link, which names this page as the redirect), and
 * the distance (./distance.ts), loaded after them.
 */
import { loginHandedOver } from './steps';
import { LOGIN_STORED_EVENT, readItem, STORAGE_PREFIX, StorageKey } from '~/lib/storage';

const loadMenu = () => import('./user-menu');
if (loginHandedOver || readItem(StorageKey.token)) void loadMenu();
else {
  // A login stored later: by this page (the phone preview's) or by another tab.
  const later = (event: Event) => {
    if (event instanceof StorageEvent && (event.key !== STORAGE_PREFIX + StorageKey.token || !event.newValue)) return;
    window.removeEventListener('storage', later);
    window.removeEventListener(LOGIN_STORED_EVENT, later);
    void loadMenu();
  };
  window.addEventListener('storage', later);
  window.addEventListener(LOGIN_STORED_EVENT, later);
}

// The distance is secondary information: its code loads after the header's own steps, and only
// where the school has a place to measure from.
if (!customElements.get('school-distance') && document.querySelector('school-distance:not([data-lat=""])')) {
  void import('./distance').then(({ SchoolDistance }) => {
    if (!customElements.get('school-distance')) customElements.define('school-distance', SchoolDistance);
  });
}
