import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { errorStack, type Logger } from '../logger';
import { countPageChange } from '../metrics';
import { decodeChange, encodeChange, type ChangeOrigin, type PageChange } from './page-changes';
import { isPageChangeMessage, PAGE_CHANGE_MESSAGE, type PageChangeMessage } from './process-group-message';

/**
 * How a change reaches every instance: a process resource made once (src/server/runtime.ts).
 * On SQLite there is one machine: the change goes to this process's listeners, and to the other
 * server processes of the machine (PROCESSES > 1) through their primary process. On
 * PostgreSQL it goes to this process's listeners at once and to the other instances through
 * NOTIFY on one channel, heard by a dedicated connection of each instance (LISTEN); that
 * connection is made again when it is lost, and since changes sent meanwhile were not heard, the
 * listeners are then told that everything changed.
 */

export type PageChangeListener = (change: PageChange, origin: ChangeOrigin) => void;

export interface PageChangeBus {
  /** Tells every instance. Never throws: the staff change it follows is already committed. */
  publish(change: PageChange): Promise<void>;
  /** Answers the function that unsubscribes. */
  subscribe(listener: PageChangeListener): () => void;
  /** Settles once other instances' changes are heard (at once in process; PostgreSQL: when LISTEN is in place). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

function listenerSet(logger: () => Logger) {
  const listeners = new Set<PageChangeListener>();
  return {
    add(listener: PageChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliver(change: PageChange, origin: ChangeOrigin): void {
      countPageChange(origin);
      for (const listener of listeners) {
        try {
          listener(change, origin);
        } catch (error) {
          logger().error('page change listener failed', { error: errorStack(error) });
        }
      }
    },
  };
}

/** One instance (SQLite): changes go to this process's listeners. */
export function createLocalPageChangeBus(logger: () => Logger): PageChangeBus {
  const listeners = listenerSet(logger);
  return {
    async publish(change) {
      listeners.deliver(change, 'here');
    },
    subscribe: listeners.add,
    ready: Promise.resolve(),
    async close() {},
  };
}

/**
 * The worker processes of one machine on SQLite (http/process-group.ts): a change goes to this
 * process's listeners at once and to the other workers through the primary process (`send` is the
 * worker's IPC channel).
 */
export function createProcessGroupPageChangeBus(
  logger: () => Logger,
  channel: { send(message: PageChangeMessage): void; on(event: 'message', listener: (message: unknown) => void): void },
): PageChangeBus {
  const listeners = listenerSet(logger);
  const instance = randomUUID();
  channel.on('message', (message) => {
    if (!isPageChangeMessage(message)) return;
    const got = decodeChange(message.payload);
    if (got && got.origin !== instance) listeners.deliver(got.change, 'elsewhere');
  });
  return {
    async publish(change) {
      listeners.deliver(change, 'here');
      try {
        channel.send({ type: PAGE_CHANGE_MESSAGE, payload: encodeChange(change, instance) });
      } catch (error) {
        countPageChange('unsent');
        logger().error('page change not sent to the other processes', { error: error instanceof Error ? error.message : String(error) });
      }
    },
    subscribe: listeners.add,
    ready: Promise.resolve(),
    async close() {},
  };
}

export const PAGE_CHANGES_CHANNEL = 'portal_page_changes';
/** The first wait before the listening connection is made again; it doubles up to the longest. */
export const LISTEN_RETRY_FIRST_MS = 500;
export const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * Sends a change to every instance listening on the database (PostgreSQL only): what the bus does
 * for its own changes, and what a command-line tool does for a change it made in another process.
 */
export async function notifyInstances(db: DB, change: PageChange, origin: string): Promise<void> {
  await sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, ${encodeChange(change, origin)})`.execute(db);
}

export interface PgBusOptions {
  /** The database's address (DATABASE_URL): the listening connection is made with it. */
  url: string;
  /** The pool: NOTIFY goes through it, so sending does not depend on the listening connection. */
  db: DB;
  logger: () => Logger;
  connectTimeoutMs: number;
  /** This instance's name in the messages (it ignores its own); made up when not given. */
  instanceId?: string;
  retryFirstMs?: number;
  retryMaxMs?: number;
}

/** Several instances on one PostgreSQL: NOTIFY / LISTEN on a dedicated connection per instance. */
export function createPgPageChangeBus(options: PgBusOptions): PageChangeBus {
  const listeners = listenerSet(options.logger);
  const instance = options.instanceId ?? randomUUID();
  const firstDelay = options.retryFirstMs ?? LISTEN_RETRY_FIRST_MS;
  const maxDelay = options.retryMaxMs ?? LISTEN_RETRY_MAX_MS;
  let client: Client | null = null;
  let closed = false;
  /** A connection was lost or could not be made: changes may have gone unheard. */
  let missed = false;
  let delay = firstDelay;
  let timer: NodeJS.Timeout | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function retryLater() {
    if (closed) return;
    missed = true;
    timer = setTimeout(() => void listen(), delay);
    // Waiting to listen again never keeps the process alive.
    timer.unref();
    delay = Math.min(delay * 2, maxDelay);
  }

  async function listen(): Promise<void> {
    if (closed) return;
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: options.url, keepAlive: true, connectionTimeoutMillis: options.connectTimeoutMs });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (closed) return;
      options.logger().warn('page change listener lost its database connection; listening again', { error: error?.message, retryMs: delay });
      retryLater();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (message) => {
      if (message.channel !== PAGE_CHANGES_CHANNEL || !message.payload) return;
      const got = decodeChange(message.payload);
      if (!got) {
        options.logger().warn('ignored a malformed page change message', { payload: message.payload.slice(0, 200) });
        return;
      }
      if (got.origin !== instance) listeners.deliver(got.change, 'elsewhere');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PAGE_CHANGES_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed || lost) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = firstDelay;
    if (missed) {
      missed = false;
      listeners.deliver({ schoolId: null, kinds: 'all' }, 'elsewhere');
    }
    markReady();
  }

  void listen();

  return {
    async publish(change) {
      listeners.deliver(change, 'here');
      try {
        await notifyInstances(options.db, change, instance);
      } catch (error) {
        countPageChange('unsent');
        // The other instances keep their copies until the pages' max-age: said loudly, never thrown.
        options.logger().error('page change not sent to other instances', { error: error instanceof Error ? error.message : String(error) });
      }
    },
    subscribe: listeners.add,
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
