/** Locally persisted values. Every key carries the product prefix. Browser-only; safe to import anywhere. */
export const STORAGE_PREFIX = 'szyx_';

/**
 * Said on `window` when this page stores a login's token (src/lib/stores/session.ts): the header
 * loads its user menu then. Other pages of the browser hear the storage event instead.
 */
export const LOGIN_STORED_EVENT = 'szyx:login-stored';

export const StorageKey = {
  tenantId: 'tenantId',
  token: 'token',
  tokenExpire: 'tokenExpire',
  partner: 'partner',
  /** The visitor's own position, once they let the browser tell it (precise). */
  location: 'location',
  /** Where the visitor's IP address roughly is (the map proxy's answer) and when it was asked. */
  ipLocation: 'ipLocation',
  applicationId: 'applicationId',
  uuid: 'uuid',
  userInfo: 'userInfo',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: StorageKey): string | null {
  return store()?.getItem(STORAGE_PREFIX + key) ?? null;
}

export function writeItem(key: StorageKey, value: string | null): void {
  const s = store();
  if (!s) return;
  if (value === null) s.removeItem(STORAGE_PREFIX + key);
  else s.setItem(STORAGE_PREFIX + key, value);
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The browser's visitor identity, made and stored when there is none (the session store keeps it too: ensureVisitor). */
export function visitorIdentity(): string {
  const stored = readItem(StorageKey.uuid);
  if (stored) return stored;
  const id = randomId();
  writeItem(StorageKey.uuid, id);
  return id;
}
