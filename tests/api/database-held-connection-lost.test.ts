import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DB } from '~/server/db/database';
import { makeDatabase, ON_POSTGRES } from '../setup/server';

/**
 * A pooled PostgreSQL connection can break while a request holds it between two statements (a
 * transaction waiting on other work when the server restarts or an administrator ends the
 * backend). pg then emits 'error' on the held client itself, where the pool listens only while the
 * client is idle: without a listener of our own that event ends the process (seen as the portal
 * dying when PostgreSQL was stopped under load). The request's transaction fails, the error is
 * reported once through onConnectionError, and the pool serves the next query.
 */

describe.skipIf(!ON_POSTGRES)('a held connection that breaks', () => {
  let made: { url: string; drop: () => Promise<void> };
  let db: DB;
  const reported: Error[] = [];

  beforeAll(async () => {
    made = await makeDatabase();
    ({ db } = await openDatabase({ url: made.url, poolSize: 2, onConnectionError: (error) => reported.push(error) }));
  });

  afterAll(async () => {
    await db?.destroy();
    await made?.drop();
  });

  async function endBackend(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: made.url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  }

  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 500 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return predicate();
  };

  test('ended while a transaction waits between statements: the transaction fails, the process lives, the next query succeeds', async () => {
    const before = reported.length;
    let pidOf: (pid: number) => void = () => undefined;
    const pid = new Promise<number>((resolve) => (pidOf = resolve));
    let resume: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (resume = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      const row = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      pidOf(row.rows[0]!.pid);
      await waiting;
      await sql`select 1`.execute(trx);
    });
    const outcome = transaction.then(
      () => 'committed',
      () => 'failed',
    );

    await endBackend(await pid);
    expect(await until(() => reported.length > before)).toBe(true);
    resume();
    expect(await outcome).toBe('failed');

    const after = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(after.rows[0]!.one).toBe(1);
  });

  test('ended while the request holds the connection outside a transaction: the same', async () => {
    const before = reported.length;
    const outcome = db.connection().execute(async (conn) => {
      const row = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      await endBackend(row.rows[0]!.pid);
      await until(() => reported.length > before);
      return sql`select 1`.execute(conn).then(
        () => 'answered',
        () => 'failed',
      );
    });
    expect(await outcome).toBe('failed');
    expect(reported.length).toBeGreaterThan(before);
    const after = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(after.rows[0]!.one).toBe(1);
  });
});
