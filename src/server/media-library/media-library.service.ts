import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { t } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { MEDIA_STATE, kindOfName, type MediaKind, type MediaState } from '~/lib/media-library';
import type { AdminMediaAsset } from '~/lib/api/contracts/admin-media';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { ErrorCode } from '~/lib/envelope';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { Scope } from '../http/scope';
import type { DB } from '../db/database';
import type { StaffActor } from '../staff/accounts/sessions.service';
import { auditStaffAction, auditStaffChange } from '../staff/audit/audit.service';
import {
  cleanDisplayName,
  displayName,
  fileKey,
  putLocalFile,
  putStreamedFile,
  recordStoredFile,
  removeStoredFile,
  schoolStoredBytes,
  urlOf,
} from '../storage/files.service';
import * as jobs from '../jobs/jobs.service';
import { FinalJobFailure, errorText, type Job } from '../jobs/jobs.service';
import { MediaToolMissing } from '../media-tools';
import * as repo from './media-library.repository';
import { lessonNamesFiles } from './lesson-files.read-model';
import * as ffmpeg from './media-library.ffmpeg';
import { makeJobWorkspace } from './job-workspace';
import {
  lessonSource,
  needsProcessing,
  overallProgress,
  parseRenditions,
  readProbe,
  renditionKey,
  renditionTargets,
  mayChangeMedia,
  sniffMedia,
  uploadLimitRefusal,
  type LessonSource,
  type Rendition,
  type UploadLimitRefusal,
} from './media-library.rules';
import type { MediaAsset } from './media-library.table';
import type { ByteRange } from './staging-store';

/**
 * The media library: files that arrived through the resumable upload are checked by their
 * content, stored through the file store and recorded once per upload; videos and audio are
 * processed by a background job (duration read by ffprobe; a video's 360P/480P/720P renditions
 * made by ffmpeg); staff list, rename, retry and delete them (each change audited); lessons take
 * a ready asset's content through lessonSourceOf.
 */

/** The background job that processes a video or audio asset (one per asset: the asset's id is its key). */
export const MEDIA_PROCESS_JOB = 'media.process';
/** Tries of one processing before the asset is marked failed (a corrupt file fails at once, without tries). */
export const MEDIA_PROCESS_ATTEMPTS = 3;
/** How often a running job writes its progress and moves its lease on. */
export const MEDIA_PROGRESS_EVERY_MS = 1_000;
/** Bytes read from an upload's start to tell what it is. */
const SNIFF_BYTES = 64;

const MIB = 1024 * 1024;
/** Staged bytes that are gone (removed while the upload finished): the protocol's status for a vanished upload. */
const HTTP_NOT_FOUND = 404;

function view(a: MediaAsset, actor: StaffActor): AdminMediaAsset {
  return {
    mayChange: mayChangeMedia(actor.account, a),
    id: a.id,
    kind: a.kind,
    name: a.name,
    state: a.state,
    size: a.size,
    contentType: a.contentType,
    durationMs: a.durationMs,
    width: a.width,
    height: a.height,
    renditions: parseRenditions(a.renditions).map((r) => ({ quality: r.quality, width: r.width, height: r.height, size: r.size, url: urlOf(r.key) })),
    progress: a.progress,
    error: a.error,
    url: urlOf(a.originalKey),
    createdAt: a.createdAt,
  };
}

/** A complete upload's bytes, read from the start: the whole file, or the range asked for (null when they are gone). */
export type UploadBytes = (range?: ByteRange) => Promise<Readable | null>;

/** A file on this machine's disk as an upload's bytes. */
export const bytesOfPath =
  (path: string): UploadBytes =>
  async (range) =>
    createReadStream(path, range ? { start: range.start, end: range.end } : {});

/** The first SNIFF_BYTES of an upload (fewer when it is shorter), or null when its bytes are gone. */
async function firstBytesOf(bytes: UploadBytes): Promise<Uint8Array | null> {
  const stream = await bytes({ start: 0, end: SNIFF_BYTES - 1 });
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let read = 0;
  // Enough read: leaving the loop closes the stream (a store that ignored the range is not read to its end).
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    read += (chunk as Buffer).length;
    if (read >= SNIFF_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
}

export interface CompletedUpload {
  /** The resumable upload's id: one asset per upload, however often its completion is reported. */
  uploadId: string;
  /** The complete file (the upload's staged bytes: on the staging disk or in the bucket). */
  bytes: UploadBytes;
  /** The uploader's file name. */
  name: string;
}

/**
 * A complete upload becomes an asset: its bytes are checked (extension and content agree), streamed
 * into the file store under a key the server makes (hashed on the way), recorded, audited, and
 * (video, audio) handed to the processing job, all or nothing. Reported twice, it makes one asset:
 * the second report answers the first's.
 */
export async function completeUpload(s: Scope, actor: StaffActor, u: CompletedUpload): Promise<AdminMediaAsset> {
  const tenantId = actor.tenant.id;
  const existing = await repo.findByUpload(s.db, tenantId, u.uploadId);
  if (existing) return view(existing, actor);
  const head = await firstBytesOf(u.bytes);
  if (!head) throw new AppError(ErrorCode.NOT_FOUND, t('adminMedia.error.notFound'), HTTP_NOT_FOUND);
  const sniffed = sniffMedia(u.name, head);
  if (!sniffed) throw AppError.badRequest(t('adminMedia.error.badContent', { kind: t(`adminMedia.kind.${kindOfNameOr(u.name)}`) }));
  const id = newId(s.now);
  const key = fileKey(tenantId, id, sniffed.extension, new Date(s.now));
  const name = displayName(u.name);
  const whole = await u.bytes();
  if (!whole) throw new AppError(ErrorCode.NOT_FOUND, t('adminMedia.error.notFound'), HTTP_NOT_FOUND);
  const stored = await putStreamedFile(s, key, whole);
  const state: MediaState = needsProcessing(sniffed.kind) ? MEDIA_STATE.processing : MEDIA_STATE.ready;
  let made = false;
  try {
    made = await s.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertAsset(trx, {
        id,
        tenantId,
        uploadId: u.uploadId,
        kind: sniffed.kind,
        name,
        originalKey: key,
        size: stored.size,
        contentType: sniffed.contentType,
        durationMs: null,
        width: null,
        height: null,
        state,
        renditions: '[]',
        progress: 0,
        error: null,
        uploadedBy: actor.account.id,
        createdAt: s.now,
        updatedAt: s.now,
      });
      // Another report of the same upload got there first: nothing of this one is kept.
      if (!inserted) return false;
      // The upload is finished: the room its declared bytes held is now the stored file's.
      await repo.deleteUpload(trx, u.uploadId);
      await recordStoredFile(
        trx,
        { id: newId(s.now), tenantId, key, purpose: 'media', contentType: sniffed.contentType, name, uploadedBy: actor.account.id },
        stored,
        s.now,
      );
      if (state === MEDIA_STATE.processing) await enqueueProcessing(trx, s.now, tenantId, id);
      await auditStaffAction(trx, s, actor, AUDIT_ACTION.mediaUpload, { type: AUDIT_TARGET.media, id }, null, {
        name,
        kind: sniffed.kind,
        contentType: sniffed.contentType,
        size: stored.size,
      });
      return true;
    });
  } finally {
    if (!made) await s.storage.remove(key);
  }
  const row = await repo.findByUpload(s.db, tenantId, u.uploadId);
  if (!row) throw AppError.notFound();
  return view(row, actor);
}

const kindOfNameOr = (name: string): MediaKind => kindOfName(name) ?? 'document';

// --- Unfinished uploads: the school's quota, the person's limits, the disk's reserve --------------------

/** The upload directory's free space for an unprivileged writer (the reserve is kept from this). */
async function diskFreeBytes(uploadDir: string): Promise<number> {
  await mkdir(uploadDir, { recursive: true });
  const fs = await statfs(uploadDir);
  return fs.bavail * fs.bsize;
}

export interface UploadRefused {
  why: UploadLimitRefusal;
  /** The refusal's words, with the numbers the person can act on. */
  message: string;
}

/**
 * Holds room for a new upload of `declared` bytes, or says which limit it would pass: the person's
 * unfinished uploads (count and declared bytes), the school's quota (stored files, renditions and
 * unfinished uploads) and, when uploads are staged on this machine's disk, the disk's free space
 * less the reserve and less what unfinished uploads may still write. Decided under the creations'
 * lock, in the transaction that inserts the upload: parallel creations are decided one after the
 * other, each seeing the ones before it.
 */
export async function reserveUpload(s: Scope, actor: StaffActor, uploadId: string, declared: number): Promise<UploadRefused | null> {
  // Bytes staged in the bucket take nothing of this machine's disk (decision 055).
  const diskRoomBytes = s.uploadStaging.place === 'disk' ? (await diskFreeBytes(s.config.UPLOAD_DIR)) - s.config.UPLOAD_DISK_RESERVE_MB * MIB : null;
  const limits = {
    schoolQuotaBytes: s.config.MEDIA_SCHOOL_QUOTA_MB * MIB,
    accountUploads: s.config.MEDIA_OPEN_UPLOADS_PER_ACCOUNT,
    accountBytes: s.config.MEDIA_OPEN_UPLOAD_MB_PER_ACCOUNT * MIB,
    diskRoomBytes,
  };
  return s.db.transaction().execute(async (trx) => {
    await repo.lockUploadCreations(trx, s.now);
    const [{ schoolUploadBytes, ...held }, storedBytes] = await Promise.all([
      repo.uploadUsage(trx, actor.tenant.id, actor.account.id),
      schoolStoredBytes(trx, actor.tenant.id),
    ]);
    const usage = { ...held, schoolBytes: storedBytes + schoolUploadBytes };
    const why = uploadLimitRefusal(usage, declared, limits);
    if (why) return { why, message: refusalText(why, usage.schoolBytes, s) };
    await repo.insertUpload(trx, {
      id: uploadId,
      tenantId: actor.tenant.id,
      accountId: actor.account.id,
      declaredBytes: declared,
      receivedBytes: 0,
      createdAt: s.now,
      touchedAt: s.now,
    });
    return null;
  });
}

const mb = (bytes: number) => Math.ceil(bytes / MIB);

function refusalText(why: UploadLimitRefusal, schoolBytes: number, s: Scope): string {
  switch (why) {
    case 'tooManyOpen':
      return t('adminMedia.error.tooManyOpen', { max: s.config.MEDIA_OPEN_UPLOADS_PER_ACCOUNT });
    case 'openBytes':
      return t('adminMedia.error.openBytes', { max: s.config.MEDIA_OPEN_UPLOAD_MB_PER_ACCOUNT });
    case 'schoolQuota':
      return t('adminMedia.error.schoolQuota', { used: mb(schoolBytes), quota: s.config.MEDIA_SCHOOL_QUOTA_MB });
    default:
      return t('adminMedia.error.diskFull');
  }
}

/** The person's unfinished upload of this id, or undefined (finished, cancelled, swept, someone else's). */
export function openUpload(s: Scope, actor: StaffActor, uploadId: string) {
  return repo.findUpload(s.db, actor.tenant.id, uploadId);
}

/** A piece was written: the upload has `offset` bytes and is not idle. */
export function uploadProgressed(s: Scope, uploadId: string, offset: number): Promise<void> {
  return repo.touchUpload(s.db, uploadId, offset, s.now);
}

/** The upload ended without an asset (cancelled, its bytes refused): the room it held is free. */
export function uploadEnded(s: Scope, uploadId: string): Promise<void> {
  return repo.deleteUpload(s.db, uploadId);
}

function enqueueProcessing(db: Parameters<typeof jobs.enqueue>[0], now: number, tenantId: string, assetId: string) {
  return jobs.enqueue(db, now, { tenantId, kind: MEDIA_PROCESS_JOB, key: assetId, payload: { assetId }, runAt: now, maxAttempts: MEDIA_PROCESS_ATTEMPTS });
}

export interface MediaListInput {
  current: number;
  size: number;
  kind?: MediaKind;
  state?: MediaState;
  name?: string;
}

export async function pageOfMedia(s: Scope, actor: StaffActor, q: MediaListInput): Promise<Page<AdminMediaAsset>> {
  const { rows, total } = await repo.pageOfAssets(s.db, actor.tenant.id, q, (q.current - 1) * q.size, q.size);
  return pageOf(
    rows.map((r) => view(r, actor)),
    total,
    q.current,
    q.size,
  );
}

async function mine(s: Scope, actor: StaffActor, id: string): Promise<MediaAsset> {
  const row = await repo.findAsset(s.db, actor.tenant.id, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** An asset the person may change (rename, delete): their own upload, or any as an administrator. */
async function changeable(s: Scope, actor: StaffActor, id: string): Promise<MediaAsset> {
  const row = await mine(s, actor, id);
  if (!mayChangeMedia(actor.account, row)) throw AppError.forbidden(t('adminMedia.error.notYours'));
  return row;
}

export async function renameMedia(s: Scope, actor: StaffActor, id: string, name: string): Promise<AdminMediaAsset> {
  const before = await changeable(s, actor, id);
  const clean = cleanDisplayName(name);
  if (!clean) throw AppError.badRequest(t('adminMedia.nameInvisible'));
  await s.db.transaction().execute(async (trx) => {
    await repo.rename(trx, actor.tenant.id, id, clean, s.now);
    await auditStaffChange(trx, s, actor, AUDIT_ACTION.mediaRename, { type: AUDIT_TARGET.media, id }, { name: [before.name, clean] });
  });
  return view(await mine(s, actor, id), actor);
}

/** A failed asset processed again: back to processing, its job queued afresh (two clicks queue one run). */
export async function retryMedia(s: Scope, actor: StaffActor, id: string): Promise<AdminMediaAsset> {
  const before = await mine(s, actor, id);
  if (before.state !== MEDIA_STATE.failed || !needsProcessing(before.kind)) throw AppError.conflict(t('adminMedia.error.notFailed'));
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.restartProcessing(trx, actor.tenant.id, id, s.now))) throw AppError.conflict(t('adminMedia.error.notFailed'));
    await enqueueProcessing(trx, s.now, actor.tenant.id, id);
    await auditStaffAction(
      trx,
      s,
      actor,
      AUDIT_ACTION.mediaRetry,
      { type: AUDIT_TARGET.media, id },
      { state: before.state, error: before.error },
      {
        state: MEDIA_STATE.processing,
      },
    );
  });
  return view(await mine(s, actor, id), actor);
}

/** The address prefix every file of an asset starts with (its original and its renditions). */
const filesPrefixOf = (a: MediaAsset) => urlOf(`${a.originalKey.slice(0, a.originalKey.lastIndexOf('/'))}/${a.id}`);

/**
 * Whether a lesson of the school uses the asset: its content names one of the asset's files.
 * (Lessons' editing links assets by these addresses; a stronger link can replace this check.)
 */
export async function mediaInUse(s: Scope, tenantId: string, asset: MediaAsset): Promise<boolean> {
  return lessonNamesFiles(s.db, tenantId, filesPrefixOf(asset));
}

/** Deletes an asset and its files; refused while a lesson uses it. Its processing job is cancelled. */
export async function deleteMedia(s: Scope, actor: StaffActor, id: string): Promise<null> {
  const before = await changeable(s, actor, id);
  if (await mediaInUse(s, actor.tenant.id, before)) throw AppError.conflict(t('adminMedia.error.inUse'));
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteAsset(trx, actor.tenant.id, id))) throw AppError.notFound();
    await jobs.cancel(trx, s.now, MEDIA_PROCESS_JOB, id);
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.mediaDelete, { type: AUDIT_TARGET.media, id }, { name: before.name, kind: before.kind }, null);
  });
  // The bytes go after the row: a file still named by a row is never removed.
  for (const key of [before.originalKey, ...parseRenditions(before.renditions).map((r) => r.key)]) await removeStoredFile(s, actor.tenant.id, key);
  return null;
}

/**
 * What a lesson plays from a ready asset of the school: its content JSON in the shape the
 * classroom reads (a video's renditions as the player's qualities) and the duration read from
 * the file. For the lessons' editing: a lesson's length is never typed by hand.
 */
export async function lessonSourceOf(s: Scope, tenantId: string, assetId: string): Promise<LessonSource> {
  const a = await repo.findAsset(s.db, tenantId, assetId);
  if (!a) throw AppError.notFound();
  if (a.state !== MEDIA_STATE.ready) throw AppError.conflict(t('adminMedia.error.notReady'));
  return lessonSource({ kind: a.kind, name: a.name, durationMs: a.durationMs, renditions: parseRenditions(a.renditions) }, urlOf, urlOf(a.originalKey));
}

// --- The processing job ------------------------------------------------------------------------

/** A failure that trying again cannot mend (the file is not media): the asset fails at once. */
class LastingFailure extends Error {}

/**
 * The job's handler: reads the asset's duration (ffprobe) and, for a video, makes each rendition
 * (ffmpeg) in a private temporary directory, stores it under a key of this run, and only when all
 * are stored marks the asset ready (a conditional update: a run taken over after its lease ran out
 * finds the asset no longer processing and removes its own files). While ffmpeg runs, the progress
 * is written and the lease moved on every MEDIA_PROGRESS_EVERY_MS, so a live run is not taken over.
 */
export async function runMediaProcessing(s: Scope, payload: Record<string, unknown>, job: Job): Promise<void> {
  const asset = await repo.findAssetById(s.db, String(payload['assetId'] ?? ''));
  if (!asset || asset.state !== MEDIA_STATE.processing) return;
  // The scope's clock is the claim's instant; the run's own time is added to it for its writes.
  const started = performance.now();
  const clock = () => s.now + Math.round(performance.now() - started);
  const dir = await makeJobWorkspace();
  const made: Rendition[] = [];
  let progress = 0;
  const ticker = setInterval(() => {
    void Promise.all([repo.setProgress(s.db, asset.id, progress, asset.error, clock()), jobs.renewLease(s.db, job, clock())]).catch((error: unknown) =>
      s.logger.warn('media progress not written', { asset: asset.id, error: errorText(error) }),
    );
  }, MEDIA_PROGRESS_EVERY_MS);
  try {
    const input = join(dir, 'original');
    const source = await s.storage.readStream(asset.originalKey);
    if (!source) throw new LastingFailure(t('adminMedia.error.originalMissing'));
    await pipeline(source, createWriteStream(input));
    let report: string;
    try {
      report = await ffmpeg.probe(s.providers.mediaTools, input);
    } catch (error) {
      if (error instanceof MediaToolMissing) throw error;
      throw new LastingFailure(`${t('adminMedia.error.notMedia')} (${errorText(error)})`);
    }
    const probe = readProbe(report);
    if (!probe) throw new LastingFailure(t('adminMedia.error.notMedia'));
    if (asset.kind === 'video' && !probe.video) throw new LastingFailure(t('adminMedia.error.noVideo'));
    const targets = asset.kind === 'video' && probe.video ? renditionTargets(probe.video.height) : [];
    if (targets.length && probe.video) {
      for (const [i, target] of targets.entries()) {
        const out = join(dir, `${target.height}.mp4`);
        await ffmpeg.encode(s.providers.mediaTools, input, out, target.height, probe.audio, (us) => {
          progress = overallProgress(i, targets.length, us, probe.durationMs);
        });
        const got = readProbe(await ffmpeg.probe(s.providers.mediaTools, out));
        if (!got?.video) throw new Error(`ffmpeg: no video in the ${target.quality} rendition`);
        const key = renditionKey(asset.originalKey, asset.id, job.attempts, target.height);
        const stored = await putLocalFile(s, key, out);
        await recordStoredFile(
          s.db,
          {
            id: newId(clock()),
            tenantId: asset.tenantId,
            key,
            purpose: 'mediaRendition',
            contentType: 'video/mp4',
            name: `${asset.name} ${target.quality}`,
            uploadedBy: asset.uploadedBy,
          },
          stored,
          clock(),
        );
        made.push({ quality: target.quality, templateType: target.templateType, width: got.video.width, height: got.video.height, key, size: stored.size });
        progress = overallProgress(i + 1, targets.length, 0, probe.durationMs);
      }
    }
    const ended = await repo.finishProcessing(
      s.db,
      asset.id,
      {
        state: 'ready',
        durationMs: probe.durationMs,
        width: probe.video?.width ?? null,
        height: probe.video?.height ?? null,
        renditions: JSON.stringify(made),
      },
      clock(),
    );
    // Another run finished (or the asset was deleted) meanwhile: this run's files are nobody's.
    if (!ended) await removeRenditions(s, asset.tenantId, made);
    // This run's files are the asset's: what an earlier run (killed, or failed) stored is nobody's.
    else await removeEarlierRuns(s, asset, job.attempts, targets);
  } catch (error) {
    await removeRenditions(s, asset.tenantId, made);
    if (error instanceof MediaToolMissing) {
      // Not the file's fault, and no retry helps until the server has the program: the asset and
      // the job fail at once saying what to do; staff run it again once it is installed.
      s.logger.warn('media processing needs a program the server lacks', { asset: asset.id, tool: error.tool, error: error.message });
      const text = t('adminMedia.error.toolsMissing');
      await repo.finishProcessing(s.db, asset.id, { state: 'failed', error: text }, clock());
      throw new FinalJobFailure(text);
    }
    const text = errorText(error);
    if (error instanceof LastingFailure || job.attempts >= job.maxAttempts) {
      await repo.finishProcessing(s.db, asset.id, { state: 'failed', error: text }, clock());
      if (error instanceof LastingFailure) return;
    } else {
      await repo.setProgress(s.db, asset.id, progress, text, clock());
    }
    throw error;
  } finally {
    clearInterval(ticker);
    await rm(dir, { recursive: true, force: true });
  }
}

async function removeRenditions(s: Scope, tenantId: string, made: Rendition[]): Promise<void> {
  for (const r of made) await removeStoredFile(s, tenantId, r.key);
}

/**
 * Removes the renditions earlier runs of one asset may have stored before they died: their keys
 * name the run (renditionKey), so runs 1 … run - 1 are tried for each target height. A key never
 * stored is nothing to remove.
 */
async function removeEarlierRuns(s: Scope, asset: MediaAsset, run: number, targets: readonly { height: number }[]): Promise<void> {
  for (let earlier = 1; earlier < run; earlier++)
    for (const target of targets) await removeStoredFile(s, asset.tenantId, renditionKey(asset.originalKey, asset.id, earlier, target.height));
}

// --- The jobs screen: what a processing job works on, and its retry or cancel there -------------------------------

/** The names of the school's assets among these ids (the jobs screen's titles). */
export function assetNames(db: DB, tenantId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  return repo.assetNames(db, tenantId, ids);
}

const assetIdOf = (payload: Record<string, unknown>) => (typeof payload['assetId'] === 'string' ? payload['assetId'] : '');

/** A failed processing job run again from the jobs screen: its asset goes back to processing with it. */
export async function processingRetried(db: DB, tenantId: string, payload: Record<string, unknown>, now: number): Promise<void> {
  await repo.restartProcessing(db, tenantId, assetIdOf(payload), now);
}

/** A queued processing job cancelled from the jobs screen: its asset ends failed, so the library offers 重试. */
export async function processingCancelled(db: DB, tenantId: string, payload: Record<string, unknown>, now: number): Promise<void> {
  const asset = await repo.findAsset(db, tenantId, assetIdOf(payload));
  if (asset) await repo.finishProcessing(db, asset.id, { state: MEDIA_STATE.failed, error: t('adminMedia.error.cancelled') }, now);
}
