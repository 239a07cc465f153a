import type { Insertable } from 'kysely';
import type { DB } from '../db/database';
import { containing } from '../db/paging';
import type { MediaKind, MediaState } from '~/lib/media-library';
import { MEDIA_STATE } from '~/lib/media-library';
import type { MediaAsset, MediaAssetTable, MediaUpload, MediaUploadTable } from './media-library.table';
import type { UploadUsage } from './media-library.rules';
import { changedAny, insertedOne } from '../db/rows';
import { idsOfSchool, whereEqual } from '../db/clauses';

/** All SQL of the media library; every query names the school. */

/** Inserts the asset unless its upload already made one; answers whether this call made it. */
export async function insertAsset(db: DB, row: Insertable<MediaAssetTable>): Promise<boolean> {
  return insertedOne(
    db
      .insertInto('mediaAssets')
      .values(row)
      .onConflict((oc) => oc.column('uploadId').doNothing()),
  );
}

export function findByUpload(db: DB, tenantId: string, uploadId: string): Promise<MediaAsset | undefined> {
  return db.selectFrom('mediaAssets').selectAll().where('tenantId', '=', tenantId).where('uploadId', '=', uploadId).executeTakeFirst();
}

export function findAsset(db: DB, tenantId: string, id: string): Promise<MediaAsset | undefined> {
  return db.selectFrom('mediaAssets').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

/** The names of the school's assets among these ids, in one query (the jobs screen's titles). */
export function assetNames(db: DB, tenantId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('mediaAssets').select(['id', 'name']).$call(idsOfSchool(tenantId, ids)).execute();
}

/** For the job, which has the id from its payload (and the school from the job row). */
export function findAssetById(db: DB, id: string): Promise<MediaAsset | undefined> {
  return db.selectFrom('mediaAssets').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface AssetFilter {
  kind?: MediaKind;
  state?: MediaState;
  name?: string;
}

function filtered(db: DB, tenantId: string, f: AssetFilter) {
  let q = db.selectFrom('mediaAssets').where('tenantId', '=', tenantId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.state) q = q.where('state', '=', f.state);
  if (f.name) q = q.where('name', 'like', containing(f.name));
  return q;
}

export async function pageOfAssets(db: DB, tenantId: string, f: AssetFilter, offset: number, limit: number): Promise<{ rows: MediaAsset[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, tenantId, f).selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    filtered(db, tenantId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function rename(db: DB, tenantId: string, id: string, name: string, now: number): Promise<void> {
  await db.updateTable('mediaAssets').set({ name, updatedAt: now }).$call(whereEqual({ tenantId, id })).execute();
}

export async function deleteAsset(db: DB, tenantId: string, id: string): Promise<boolean> {
  return changedAny(db.deleteFrom('mediaAssets').$call(whereEqual({ tenantId, id })));
}

/** A failed asset back to processing (retry); only from failed, so two clicks queue one run. */
export async function restartProcessing(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  return changedAny(
    db
      .updateTable('mediaAssets')
      .set({ state: MEDIA_STATE.processing, progress: 0, error: null, updatedAt: now })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where('state', '=', MEDIA_STATE.failed),
  );
}

/** The job's progress and message while it runs (only while the asset is still processing). */
export async function setProgress(db: DB, id: string, progress: number, error: string | null, now: number): Promise<void> {
  await db.updateTable('mediaAssets').set({ progress, error, updatedAt: now }).where('id', '=', id).where('state', '=', MEDIA_STATE.processing).execute();
}

/** The job's end: ready with what it read and made, or failed with its error; only from processing (one run's end counts). */
export async function finishProcessing(
  db: DB,
  id: string,
  end:
    | { state: 'ready'; durationMs: number | null; width: number | null; height: number | null; renditions: string }
    | { state: 'failed'; error: string; durationMs?: number | null },
  now: number,
): Promise<boolean> {
  return changedAny(
    db
      .updateTable('mediaAssets')
      .set(
        end.state === 'ready'
          ? {
              state: end.state,
              durationMs: end.durationMs,
              width: end.width,
              height: end.height,
              renditions: end.renditions,
              progress: 100,
              error: null,
              updatedAt: now,
            }
          : { state: end.state, error: end.error, ...(end.durationMs !== undefined ? { durationMs: end.durationMs } : {}), updatedAt: now },
      )
      .where('id', '=', id)
      .where('state', '=', MEDIA_STATE.processing),
  );
}

// --- Unfinished uploads: the room they hold -----------------------------------------------------

/** The one row of media_upload_gate (migration 20261128T1930_media_uploads). */
const GATE_ROW = 'uploads';

/**
 * Takes the creations' lock for the rest of the caller's transaction: an update of the gate's one
 * row (PostgreSQL: a row lock another creation's update waits for; SQLite: the database's write lock).
 */
export async function lockUploadCreations(db: DB, now: number): Promise<void> {
  await db.updateTable('mediaUploadGate').set({ touchedAt: now }).where('id', '=', GATE_ROW).execute();
}

const sumOf = (n: unknown) => Number(n ?? 0);

/**
 * What the school's unfinished uploads, the person's and every unfinished upload hold now (read
 * under the creations' lock); the school's stored files are added by the caller (storage/).
 */
export async function uploadUsage(db: DB, tenantId: string, accountId: string): Promise<Omit<UploadUsage, 'schoolBytes'> & { schoolUploadBytes: number }> {
  const [school, account, pending] = await Promise.all([
    db
      .selectFrom('mediaUploads')
      .where('tenantId', '=', tenantId)
      .select((eb) => eb.fn.sum<number>('declaredBytes').as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mediaUploads')
      .where('accountId', '=', accountId)
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('declaredBytes').as('bytes')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mediaUploads')
      .select((eb) => eb.fn.sum<number>(eb('declaredBytes', '-', eb.ref('receivedBytes'))).as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    schoolUploadBytes: sumOf(school.n),
    accountUploads: Number(account.count),
    accountBytes: sumOf(account.bytes),
    unwrittenBytes: sumOf(pending.n),
  };
}

export async function insertUpload(db: DB, row: MediaUploadTable): Promise<void> {
  await db.insertInto('mediaUploads').values(row).execute();
}

export function findUpload(db: DB, tenantId: string, id: string): Promise<MediaUpload | undefined> {
  return db.selectFrom('mediaUploads').selectAll().$call(whereEqual({ tenantId, id })).executeTakeFirst();
}

/** A piece was written: the offset it reached, and the upload is not idle. */
export async function touchUpload(db: DB, id: string, receivedBytes: number, now: number): Promise<void> {
  await db.updateTable('mediaUploads').set({ receivedBytes, touchedAt: now }).where('id', '=', id).execute();
}

/** The upload ended (completed, cancelled, refused): the room it held is free. */
export async function deleteUpload(db: DB, id: string): Promise<void> {
  await db.deleteFrom('mediaUploads').where('id', '=', id).execute();
}

/** Uploads without progress since `before` (the sweep's candidates). */
export async function idleUploads(db: DB, before: number): Promise<string[]> {
  const rows = await db.selectFrom('mediaUploads').select('id').where('touchedAt', '<', before).execute();
  return rows.map((r) => r.id);
}

/** Forgets an idle upload unless a piece arrived meanwhile; answers whether this call forgot it. */
export async function deleteIdleUpload(db: DB, id: string, before: number): Promise<boolean> {
  return changedAny(db.deleteFrom('mediaUploads').where('id', '=', id).where('touchedAt', '<', before));
}

// --- The locks of resumable uploads (upload-locks.ts) ---------------------------------------------

/**
 * Takes an upload's lock for `holder` until `leaseUntil`: a new row, or the row of a holder whose
 * lease ran out before `now` (one statement: of two requests, one takes it). Answers whether it did.
 */
export async function takeUploadLock(db: DB, uploadId: string, holder: string, now: number, leaseUntil: number): Promise<boolean> {
  return insertedOne(
    db
      .insertInto('mediaUploadLocks')
      .values({ uploadId, holder, leaseUntil, releaseRequestedAt: null })
      .onConflict((oc) => oc.column('uploadId').doUpdateSet({ holder, leaseUntil, releaseRequestedAt: null }).where('mediaUploadLocks.leaseUntil', '<', now)),
  );
}

/**
 * Moves the holder's lease on; answers undefined when the lock is no longer the holder's (its lease
 * ran out and another request took it), else whether a waiting request asked it to let go.
 */
export async function renewUploadLock(db: DB, uploadId: string, holder: string, leaseUntil: number): Promise<{ releaseRequested: boolean } | undefined> {
  const row = await db
    .updateTable('mediaUploadLocks')
    .set({ leaseUntil })
    .where('uploadId', '=', uploadId)
    .where('holder', '=', holder)
    .returning('releaseRequestedAt')
    .executeTakeFirst();
  return row ? { releaseRequested: row.releaseRequestedAt !== null } : undefined;
}

/** A waiting request asks whoever else holds the upload's lock to let go (the first request's time is kept). */
export async function requestUploadLockRelease(db: DB, uploadId: string, waiter: string, now: number): Promise<void> {
  await db
    .updateTable('mediaUploadLocks')
    .set({ releaseRequestedAt: now })
    .where('uploadId', '=', uploadId)
    .where('holder', '<>', waiter)
    .where('releaseRequestedAt', 'is', null)
    .execute();
}

/** The holder lets the lock go (nothing when it is no longer the holder's). */
export async function releaseUploadLock(db: DB, uploadId: string, holder: string): Promise<void> {
  await db.deleteFrom('mediaUploadLocks').where('uploadId', '=', uploadId).where('holder', '=', holder).execute();
}

/** Forgets locks whose lease ran out before `before` (left by holders that died; the sweep's). */
export async function deleteLapsedUploadLocks(db: DB, before: number): Promise<number> {
  const r = await db.deleteFrom('mediaUploadLocks').where('leaseUntil', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
