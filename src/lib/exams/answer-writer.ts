/**
 * Who writes an answer (decision 027): each tab is one writer, named by a random client id, and
 * numbers its changes itself. Two tabs never share an id, or one's change would be taken for a
 * repeat of the other's. A reload keeps the id (sessionStorage belongs to the tab), so a change
 * sent before the reload and one after it are the same writer's and its ordering holds. A tab
 * holds a Web Lock named after its id while it lives: a tab opened with a copy of another's
 * sessionStorage (a duplicated tab) finds the lock taken and picks a new id, and the answers a
 * closed tab left on the device can be taken over, since nobody holds its lock any more.
 */

export interface Writer {
  /** The client id. */
  readonly id: string;
  /** The next sequence number: above every one this writer used before. */
  next(): number;
  /** Raises the numbering above `seq` (a sequence number the server holds from this writer). */
  atLeast(seq: number): void;
}

/** What a writer needs of the browser (tests pass their own). */
export interface WriterDeps {
  /** The tab's storage (sessionStorage), or null where there is none. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Holds the named lock while the page lives: true once held, false when another page holds it. */
  hold: (name: string) => Promise<boolean>;
  randomId: () => string;
}

const STORAGE_KEY = 'dcs-exams-writer';
const LOCK_PREFIX = 'dcs-exams-writer:';
export const lockName = (clientId: string) => `${LOCK_PREFIX}${clientId}`;

/** A client id as the server takes it: letters, digits, '_' and '-', 8 to 64 of them. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

interface Saved {
  id: string;
  seq: number;
}

function read(storage: WriterDeps['storage']): Saved | null {
  try {
    const v: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    const saved = v as Saved | null;
    if (saved && typeof saved === 'object' && typeof saved.id === 'string' && CLIENT_ID.test(saved.id) && Number.isSafeInteger(saved.seq)) return saved;
  } catch {
    // A damaged entry: a new writer.
  }
  return null;
}

/** This tab's writer: the id it had before a reload, unless another live tab holds it; else a new one. */
export async function claimWriter(deps: WriterDeps = browserWriterDeps()): Promise<Writer> {
  const saved = read(deps.storage);
  let id = saved && (await deps.hold(lockName(saved.id))) ? saved.id : null;
  let seq = id ? saved!.seq : 0;
  while (!id) {
    const fresh = deps.randomId();
    if (await deps.hold(lockName(fresh))) {
      id = fresh;
      seq = 0;
    }
  }
  const store = () => {
    try {
      deps.storage?.setItem(STORAGE_KEY, JSON.stringify({ id, seq }));
    } catch {
      // Storage full or blocked: the numbering still goes on in memory for this page.
    }
  };
  store();
  return {
    id,
    next() {
      seq += 1;
      store();
      return seq;
    },
    atLeast(n) {
      if (n > seq) {
        seq = n;
        store();
      }
    },
  };
}

/** May this tab send the answers writer `clientId` left on the device? Only when no live tab is that writer. */
export function adoptWriter(clientId: string, deps: Pick<WriterDeps, 'hold'> = browserWriterDeps()): Promise<boolean> {
  return deps.hold(lockName(clientId));
}

/**
 * Holds a Web Lock until the page goes. Without Web Locks (an old browser, a page not served
 * over HTTPS) every lock is taken: a duplicated tab then shares its writer, and a tab sends what
 * any other left; both are rare, and the server still never keeps a change based on an answer
 * it has replaced.
 */
function holdLock(name: string): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        resolve(true);
        // Held until the page is gone.
        return new Promise<void>(() => undefined);
      })
      .catch(() => resolve(true));
  });
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  return Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
}

export function browserWriterDeps(): WriterDeps {
  let storage: Storage | null = null;
  try {
    storage = typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    storage = null;
  }
  return { storage, hold: holdLock, randomId };
}
