import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkpointInBackground, WRITER_CHECKPOINT_PAGES } from '../../src/server/db/checkpoints';
import type { PauseOutcome } from '../../src/server/db/checkpoints';
import { openDatabase, type DB, type OpenOptions } from '../../src/server/db/database';
import { testTempDir } from '../setup/temp-dir';

/**
 * The portal's SQLite database file as several processes share it (decision 102): a transaction takes the write lock
 * with its first statement, so one that reads before it writes is never refused its write because another process
 * wrote in between; and the WAL is copied into the database file by a worker thread, not by the commit that fills it.
 */

async function opened(
  backgroundCheckpoints = false,
  options: Pick<OpenOptions, 'checkpointRestartPages' | 'onCheckpointPause'> = {},
): Promise<{ db: DB; file: string }> {
  const file = join(testTempDir('sqlite-file-'), 'portal.sqlite');
  const { db } = await openDatabase({ url: `file:${file}`, backgroundCheckpoints, ...options });
  return { db, file };
}

/**
 * One page-sized row a millisecond or so for about three seconds, as saves come: never a pause long enough for a copy
 * to catch up by itself. About 3 WAL pages a write, so all of them stay under the writer's own checkpoint.
 */
async function writeSteadily(db: DB): Promise<{ pageSize: number; rows: number }> {
  await sql`create table if not exists pages (k integer primary key, v blob not null)`.execute(db);
  const pageSize = (await sql<{ pageSize: number }>`pragma page_size`.execute(db)).rows[0]!.pageSize;
  const rows = 2_400;
  for (let k = 0; k < rows; k++) {
    await sql`insert into pages values (${k}, randomblob(${pageSize - 100}))`.execute(db);
    await sleep(1);
  }
  return { pageSize, rows };
}

/** How many times the WAL has been started again from its beginning (its header's checkpoint sequence number). */
function walRestarts(file: string): number {
  const header = Buffer.alloc(16);
  const fd = openSync(`${file}-wal`, 'r');
  readSync(fd, header, 0, 16, 0);
  closeSync(fd);
  return header.readUInt32BE(12);
}

/** Another process's connection to the file, which waits for no lock: a write while the portal holds it is refused at once. */
function otherProcess(file: string): SQLite.Database {
  const other = new SQLite(file);
  other.pragma('busy_timeout = 0');
  return other;
}

describe('the SQLite database file', () => {
  it('a transaction holds the write lock from its first statement: no other connection writes between its reads and its writes', async () => {
    const { db, file } = await opened();
    await sql`create table counter (k integer primary key, v integer not null)`.execute(db);
    await sql`insert into counter values (1, 0)`.execute(db);
    const other = otherProcess(file);
    let refusal: { code?: string } | undefined;
    await db.transaction().execute(async (trx) => {
      const read = await sql<{ v: number }>`select v from counter where k = 1`.execute(trx);
      try {
        other.prepare('update counter set v = 100 where k = 1').run();
      } catch (error) {
        refusal = error as { code?: string };
      }
      // Begun deferred, the read above would have let the other write in, and this write would fail (SQLITE_BUSY_SNAPSHOT).
      await sql`update counter set v = ${read.rows[0]!.v + 1} where k = 1`.execute(trx);
    });
    expect(refusal?.code).toBe('SQLITE_BUSY');
    expect(other.prepare('select v from counter where k = 1').get()).toEqual({ v: 1 });
    other.close();
    await db.destroy();
  });

  it('the WAL reaches the database file with no commit copying it, and the writer copies it only far behind', async () => {
    const { db, file } = await opened(true);
    const writer = await sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(writer.rows[0]?.walAutocheckpoint).toBe(WRITER_CHECKPOINT_PAGES);
    await sql`create table pages (k integer primary key, v blob not null)`.execute(db);
    // About 2,000 pages in one commit (SQLite's own checkpoint comes past 1,000; the writer's here past WRITER_CHECKPOINT_PAGES).
    const rows = 2_000;
    const rowBytes = 4_000;
    await db.transaction().execute(async (trx) => {
      for (let k = 0; k < rows; k++) await sql`insert into pages values (${k}, randomblob(${rowBytes}))`.execute(trx);
    });
    // Nothing more is written: the worker alone brings the pages into the file.
    for (let waited = 0; statSync(file).size < rows * rowBytes && waited < 20_000; waited += 50) await sleep(50);
    expect(statSync(file).size).toBeGreaterThanOrEqual(rows * rowBytes);
    const reader = otherProcess(file);
    expect(reader.prepare('select count(*) as n from pages').get()).toEqual({ n: rows });
    reader.close();
    await db.destroy();
  });

  it('under a steady stream of writes the WAL starts again from its beginning: it stays short and no commit copies it', async () => {
    const restartPages = 200;
    const pauses: { ms: number; outcome: PauseOutcome }[] = [];
    const { db, file } = await opened(true, { checkpointRestartPages: restartPages, onCheckpointPause: (ms, outcome) => pauses.push({ ms, outcome }) });
    const { pageSize, rows } = await writeSteadily(db);
    const restarts = walRestarts(file);
    const walPages = statSync(`${file}-wal`).size / pageSize;
    // Without the pauses the WAL never starts again and holds every write's pages (about 3 a row, 7,300 in all); with
    // them it was about 800 pages long at most.
    expect(restarts).toBeGreaterThanOrEqual(2);
    expect(walPages).toBeLessThan(rows);
    // The pauses copied every page, within the pause's limit. (Not one pause a restart: between two writes the worker's
    // periodic copy may also catch every page, and the next write then starts the WAL again without a pause.)
    expect(pauses.filter((p) => p.outcome === 'copied').length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...pauses.map((p) => p.ms))).toBeLessThan(1_000);
    expect(await sql<{ n: number }>`select count(*) as n from pages`.execute(db)).toMatchObject({ rows: [{ n: rows }] });
    await db.destroy();
  });

  it('while another process keeps a read open the WAL cannot start again, and the pauses come no oftener than once per restartPages pages', async () => {
    const restartPages = 2_000;
    const pauses: PauseOutcome[] = [];
    const { db, file } = await opened(true, { checkpointRestartPages: restartPages, onCheckpointPause: (_ms, outcome) => pauses.push(outcome) });
    await sql`create table pages (k integer primary key, v blob not null)`.execute(db);
    // Another process's read, open for the whole stream, on the WAL as it is now: no copy can pass it.
    const reader = otherProcess(file);
    reader.prepare('begin').run();
    reader.prepare('select count(*) as n from pages').get();
    const { pageSize } = await writeSteadily(db);
    reader.prepare('commit').run();
    reader.close();
    const walPages = statSync(`${file}-wal`).size / pageSize;
    expect(walRestarts(file)).toBe(0);
    // A pause that cannot start the WAL again is asked again only once it is restartPages longer. Asked at every copy
    // past restartPages instead, there were 9 in the run I checked.
    expect(pauses.length).toBeGreaterThanOrEqual(1);
    expect(pauses.length).toBeLessThanOrEqual(Math.floor(walPages / restartPages));
    expect(pauses.every((outcome) => outcome === 'partly')).toBe(true);
    await db.destroy();
  });
});

describe('the background copier', () => {
  // A test's server that closes at once has its database file removed before the worker thread has opened it: opened
  // then, it made an empty file in its place, which the test run left behind by the hundred in the temp directory.
  it('makes no file when the file it was started for is gone before it opens it', async () => {
    const file = join(testTempDir('sqlite-file-'), 'removed.sqlite');
    const errors: Error[] = [];
    const copier = checkpointInBackground({ file, whileStatementsWait: (work) => work(), onError: (error) => errors.push(error) });
    await copier.stop();
    expect(existsSync(file)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('ends its thread when stopped, its file left as it was', async () => {
    const { db, file } = await opened();
    await sql`create table t (k integer primary key)`.execute(db);
    const errors: Error[] = [];
    const copier = checkpointInBackground({ file, whileStatementsWait: (work) => work(), onError: (error) => errors.push(error) });
    await copier.stop();
    await db.destroy();
    const reader = new SQLite(file, { readonly: true });
    expect(reader.prepare("select name from sqlite_master where name = 't'").all()).toEqual([{ name: 't' }]);
    reader.close();
    expect(errors).toEqual([]);
  });
});
