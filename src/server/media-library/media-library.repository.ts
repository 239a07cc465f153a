import type { Insertable } from 'kysely';
import type { DB } from '../db/database';
import { containing } from '../db/paging';
import type { MediaKind, MediaState } from '~/lib/media-library';
import { MEDIA_STATE } from '~/lib/media-library';
import type { MediaAsset, MediaAssetTable } from './media-library.table';

/** All SQL of the media library; every query names the school. */

/** Inserts the asset unless its upload already made one; answers whether this call made it. */
export async function insertAsset(db: DB, row: Insertable<MediaAssetTable>): Promise<boolean> {
  const r = await db
    .insertInto('mediaAssets')
    .values(row)
    .onConflict((oc) => oc.column('uploadId').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findByUpload(db: DB, tenantId: string, uploadId: string): Promise<MediaAsset | undefined> {
  return db.selectFrom('mediaAssets').selectAll().where('tenantId', '=', tenantId).where('uploadId', '=', uploadId).executeTakeFirst();
}

export function findAsset(db: DB, tenantId: string, id: string): Promise<MediaAsset | undefined> {
  return db.selectFrom('mediaAssets').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The names of the school's assets among these ids, in one query (the jobs screen's titles). */
export function assetNames(db: DB, tenantId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('mediaAssets').select(['id', 'name']).where('tenantId', '=', tenantId).where('id', 'in', ids).execute();
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
  await db.updateTable('mediaAssets').set({ name, updatedAt: now }).where('tenantId', '=', tenantId).where('id', '=', id).execute();
}

export async function deleteAsset(db: DB, tenantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('mediaAssets').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A failed asset back to processing (retry); only from failed, so two clicks queue one run. */
export async function restartProcessing(db: DB, tenantId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('mediaAssets')
    .set({ state: MEDIA_STATE.processing, progress: 0, error: null, updatedAt: now })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', MEDIA_STATE.failed)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
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
  const r = await db
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
    .where('state', '=', MEDIA_STATE.processing)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether a lesson (classroom) of the school names a file under this address prefix in its content. */
export async function lessonNamesFiles(db: DB, tenantId: string, prefix: string): Promise<boolean> {
  const row = await db
    .selectFrom('classrooms')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('classroomContent', 'like', `%${prefix.replace(/[%_\\]/g, '')}%`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
