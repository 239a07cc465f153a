import { atom, computed } from 'nanostores';
import { LOGIN_STORED_EVENT, readItem, readJson, StorageKey, visitorIdentity, writeItem } from '../storage';
import type { UserInfo as ServerUserInfo } from '../api/contracts/identity';

/**
 * Session state shared by every island on a page (header menu, learner area, exams).
 * The source of truth is localStorage, so every tab and island agrees after a reload.
 */

/** The stored user: what getUserInfo answered (a session handed over by the home preview may hold only the ids). */
export type UserInfo = Pick<ServerUserInfo, 'id' | 'userId'> & Partial<ServerUserInfo>;

export interface SessionState {
  token: string | null;
  tokenExpire: number | null;
  user: UserInfo | null;
  visitorId: string | null;
}

function load(): SessionState {
  const expire = Number(readItem(StorageKey.tokenExpire));
  return {
    token: readItem(StorageKey.token),
    tokenExpire: Number.isFinite(expire) && expire > 0 ? expire : null,
    user: readJson<UserInfo>(StorageKey.userInfo),
    visitorId: readItem(StorageKey.uuid),
  };
}

export const $session = atom<SessionState>(typeof window === 'undefined' ? { token: null, tokenExpire: null, user: null, visitorId: null } : load());

/** Logged in means a user id and a token both exist (and the token has not expired). */
export const $loggedIn = computed($session, (s) => !!s.token && !!s.user?.userId && (s.tokenExpire === null || s.tokenExpire > Date.now()));

/**
 * A visitor identity per browser, created when missing and again after logout. The site's steps
 * may have made it since this store read the storage (src/islands/header/steps.ts): that one is kept.
 */
export function ensureVisitor(): string {
  const s = $session.get();
  if (s.visitorId) return s.visitorId;
  const id = visitorIdentity();
  $session.set({ ...s, visitorId: id });
  return id;
}

export function setToken(token: string, expire: number | null = null): void {
  writeItem(StorageKey.token, token);
  writeItem(StorageKey.tokenExpire, expire ? String(expire) : null);
  $session.set({ ...$session.get(), token, tokenExpire: expire });
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOGIN_STORED_EVENT));
}

export function setUser(user: UserInfo | null): void {
  writeItem(StorageKey.userInfo, user ? JSON.stringify(user) : null);
  $session.set({ ...$session.get(), user });
}

/**
 * A login answer: token and expiry first (the calls that follow a login carry the token), then the
 * user once getUserInfo has answered. Logged in only when both exist.
 */
export function startSession(answer: { token: string; expiration: number | null }, tenantId?: string | null): void {
  if (tenantId) writeItem(StorageKey.tenantId, tenantId);
  setToken(answer.token, answer.expiration);
}

/**
 * A real logout (the user's, or a login the server no longer accepts): clears token and user and
 * makes a fresh visitor identity, as the spec's logout does.
 */
export function clearSession(): void {
  writeItem(StorageKey.token, null);
  writeItem(StorageKey.tokenExpire, null);
  writeItem(StorageKey.userInfo, null);
  writeItem(StorageKey.uuid, null);
  $session.set({ token: null, tokenExpire: null, user: null, visitorId: null });
  ensureVisitor();
}

/**
 * Forgets a login that is not there for someone who is a visitor already (the phone preview's
 * logout message): token and user go, the visitor identity stays. The frame shares storage with
 * the page that holds it, so a new visitor id here would be a new visitor there on every preview.
 * Writes nothing when there is no login to forget.
 */
export function dropLogin(): void {
  const s = $session.get();
  if (!s.token && !s.user && !s.tokenExpire && !readItem(StorageKey.token) && !readItem(StorageKey.userInfo)) return;
  writeItem(StorageKey.token, null);
  writeItem(StorageKey.tokenExpire, null);
  writeItem(StorageKey.userInfo, null);
  $session.set({ ...s, token: null, tokenExpire: null, user: null });
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (e) => {
    if (e.key?.startsWith('szyx_')) $session.set(load());
  });
}
