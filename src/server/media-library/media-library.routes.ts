import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { Server as TusServer, type DataStore, type Upload } from '@tus/server';
import { t } from '~/server/i18n';
import { MEDIA_KINDS, MEDIA_MAX_ANY_BYTES, MEDIA_MAX_BYTES, MEDIA_STATES, MEDIA_UPLOAD_PATH, kindOfName } from '~/lib/media-library';
import { MEDIA_UPLOAD_ACCESS } from '~/lib/staff/access';
import { mediaRenameFields, mediaSearchName } from '~/lib/forms/media-library';
import { ErrorCode } from '~/lib/envelope';
import { AppError, fail } from '../errors';
import type { ApiEnv, Scope } from '../http/scope';
import { gateStaffRequest, serveStaff } from '../http/staff-gate';
import { idSchema } from '../http/validate';
import { blankIsNone, pageFields } from '../http/list-query';
import type { StaffActor } from '../staff/accounts/sessions.service';
import * as service from './media-library.service';
import { httpStatusOf, uploadRefusal, type UploadLimitRefusal } from './media-library.rules';
import type { UploadStaging } from './staging-store';
import { UPLOAD_LOCK_DRAIN_MS, clockFrom, databaseLocker } from './upload-locks';

/**
 * The media library's staff calls (list, rename, retry, delete: through the staff gate by name)
 * and its resumable upload: the tus protocol (@tus/server) at /api/admin/media/uploads, behind the
 * same checks as every staff write (the site's own origin, the staff session of the request's
 * school, the CSRF token, a role of MEDIA_UPLOAD_ACCESS). Upload pieces wait in the runtime's
 * staging (a directory under UPLOAD_DIR, or the bucket with the s3 driver) and every request holds
 * the upload's lock in the database while tus works on it, so a resumed upload may reach any
 * instance and two requests for one upload never write at once (decision 055).
 */
export const mediaLibraryRoutes = new Hono<ApiEnv>();

const MIB = 1024 * 1024;

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });

const listQuery = z.object({
  ...pageFields,
  kind: z.preprocess(blankIsNone, z.enum(MEDIA_KINDS, { error: t('adminMedia.kindInvalid') }).optional()),
  state: z.preprocess(blankIsNone, z.enum(MEDIA_STATES, { error: t('adminMedia.stateInvalid') }).optional()),
  name: z.preprocess((v) => (typeof v === 'string' ? blankIsNone(v.trim()) : v), mediaSearchName),
});

const renameInput = body({
  id: idSchema,
  ...mediaRenameFields.shape,
});
const withId = body({ id: idSchema });

serveStaff(mediaLibraryRoutes, 'adminMediaPage', listQuery, (s, actor, q) => service.pageOfMedia(s, actor, q));
serveStaff(mediaLibraryRoutes, 'adminMediaRename', renameInput, (s, actor, input) => service.renameMedia(s, actor, input.id, input.name));
serveStaff(mediaLibraryRoutes, 'adminMediaRetry', withId, (s, actor, input) => service.retryMedia(s, actor, input.id));
serveStaff(mediaLibraryRoutes, 'adminMediaDelete', withId, (s, actor, input) => service.deleteMedia(s, actor, input.id));

// --- The resumable upload (tus) ------------------------------------------------------------------

const WRITES = new Set(['POST', 'PATCH', 'DELETE']);

/** An upload's id names its school and uploader, so nobody else's request reaches it. */
const uploadIdPrefix = (actor: StaffActor) => `${actor.tenant.id}-${actor.account.id}-`;
const UPLOAD_ID_TAIL = /^[0-9a-f]{32}$/;
const ownsUpload = (actor: StaffActor, id: string) => id.startsWith(uploadIdPrefix(actor)) && UPLOAD_ID_TAIL.test(id.slice(uploadIdPrefix(actor).length));

/** A refusal as tus passes it on: the HTTP status and the portal's envelope (its code the same status) as the body. */
const refusal = (status: number, message: string) => ({ status_code: status, body: JSON.stringify(fail(status, message)) });

function refusalOf(name: string, size: number | undefined) {
  const why = uploadRefusal(name, size);
  if (!why) return null;
  const kind = kindOfName(name);
  if (why === 'tooLarge' && kind) return refusal(413, t('adminMedia.error.tooLarge', { kind: t(`adminMedia.kind.${kind}`), max: MEDIA_MAX_BYTES[kind] / MIB }));
  return refusal(why === 'badType' ? 415 : 400, t(`adminMedia.error.${why}`));
}

/**
 * The status of a refused creation by the limit it would pass (decision 050): 413 for bytes, 403
 * for the count. Not 429: Uppy takes a 429 as rate limiting, pauses every upload of the screen and
 * tries again, while this refusal holds until the person finishes or cancels an upload.
 */
const LIMIT_STATUS: Readonly<Record<UploadLimitRefusal, number>> = { tooManyOpen: 403, openBytes: 413, schoolQuota: 413, diskFull: 413 };

/**
 * The tus server of one request: its hooks act for the person the gate let through. An upload
 * that ends in this request (completed, or its bytes refused) is added to `ended`: its staging
 * files are removed after the answer is made, since tus still reads the upload while it answers.
 * An upload whose room was held in this request is added to `reserved`: if the creation fails
 * after that (the staging could not make the upload), the room is given back.
 */
function tusFor(s: Scope, actor: StaffActor, staging: UploadStaging, datastore: DataStore, ended: Set<string>, reserved: Set<string>): TusServer {
  const server: TusServer = new TusServer({
    path: MEDIA_UPLOAD_PATH,
    datastore,
    locker: databaseLocker({ db: s.db, clock: clockFrom(s.now), logger: s.logger }),
    lockDrainTimeout: UPLOAD_LOCK_DRAIN_MS,
    relativeLocation: true,
    // The limits by kind are checked when an upload is created (onUploadCreate); this is the outer bound.
    maxSize: 2 * MEDIA_MAX_ANY_BYTES,
    namingFunction: () => `${uploadIdPrefix(actor)}${randomBytes(16).toString('hex')}`,
    async onUploadCreate(_req, upload: Upload) {
      const name = upload.metadata?.['filename'] ?? '';
      const refused = refusalOf(name, upload.size);
      if (refused) throw refused;
      // The room its declared length needs is held now, or the creation is refused (no file is made).
      const over = await service.reserveUpload(s, actor, upload.id, upload.size ?? 0);
      if (over) throw refusal(LIMIT_STATUS[over.why], over.message);
      reserved.add(upload.id);
      return {};
    },
    async onUploadFinish(_req, upload: Upload) {
      const name = upload.metadata?.['filename'] ?? '';
      ended.add(upload.id);
      try {
        const asset = await service.completeUpload(s, actor, { uploadId: upload.id, bytes: (range) => staging.open(upload.id, range), name });
        return { headers: { 'Media-Asset-Id': asset.id } };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The bytes are not what they claim to be: nothing of them is kept (removed after the answer).
        throw refusal(Math.max(error.status, 400), error.message);
      }
    },
  });
  return server;
}

const HTTP_CLIENT_ERROR = 400;
const HTTP_SERVER_ERROR = 500;

/** The words of a tus protocol refusal, by its status (tus answers them in English plain text). */
function protocolRefusal(status: number): string {
  switch (status) {
    case 404:
    case 410:
      return t('adminMedia.error.notFound');
    case 409:
      return t('adminMedia.error.offsetConflict');
    case 412:
      return t('adminMedia.error.protocol');
    case 413:
      return t('adminMedia.error.pastDeclared');
    case 423:
      return t('adminMedia.error.busy');
    default:
      return status >= HTTP_SERVER_ERROR ? t('common.systemBusy') : t('adminMedia.error.badUpload');
  }
}

/** Whether a body is already the portal's envelope (our hooks' refusals). */
function isEnvelope(text: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return typeof body === 'object' && body !== null && typeof body['code'] === 'number' && typeof body['message'] === 'string';
  } catch {
    return false;
  }
}

/** A refusal of the endpoint: its HTTP status, the envelope as JSON, the tus version header kept for the client. */
function refusalAnswer(status: number, body: string, headers = new Headers()): Response {
  const out = new Headers(headers);
  out.set('Content-Type', 'application/json; charset=utf-8');
  out.set('Tus-Resumable', '1.0.0');
  out.delete('Content-Length');
  return new Response(body, { status, headers: out });
}

/** Every refusal of the endpoint in one shape: tus's plain-text errors become the envelope with their status. */
async function oneShape(s: Scope, answer: Response): Promise<Response> {
  if (answer.status < HTTP_CLIENT_ERROR) return answer;
  const text = await answer.text();
  if (isEnvelope(text)) return refusalAnswer(answer.status, text, answer.headers);
  if (answer.status >= HTTP_SERVER_ERROR) s.logger.error('resumable upload failed', { status: answer.status, error: text });
  // A failure of ours (not the client's request) keeps its 500 and is said as one; bad input never gets here as 500.
  const status = Math.min(answer.status, HTTP_SERVER_ERROR);
  return refusalAnswer(status, JSON.stringify(fail(status, protocolRefusal(answer.status))), answer.headers);
}

/** A staff gate's refusal (or the ownership's 404) with its HTTP status rather than the staff calls' 200. */
function gateRefusal(error: AppError): Response {
  return refusalAnswer(httpStatusOf(error.code), JSON.stringify(fail(error.code, error.message)));
}

/** Staged bytes that could not be removed now are the expiry's (STAGING_EXPIRY_MS): told, not fatal. */
function notRemoved(s: Scope, upload: string, error: unknown): void {
  s.logger.warn('staged upload not removed', { upload, error: error instanceof Error ? error.message : String(error) });
}

async function serveUpload(c: Context<ApiEnv>): Promise<Response> {
  const s = c.var.scope;
  const method = c.req.method;
  const id = c.req.param('id');
  let actor: StaffActor;
  const staging = s.uploadStaging;
  try {
    actor = await gateStaffRequest(s, c, MEDIA_UPLOAD_ACCESS, WRITES.has(method));
    // 404 as the protocol's status: a tus client then starts a new upload instead of retrying this one.
    if (id !== undefined && !ownsUpload(actor, id)) throw new AppError(ErrorCode.NOT_FOUND, t('adminMedia.error.notFound'), 404);
    // Extensions this endpoint does not offer (and does not advertise): refused before tus answers 501.
    if (method === 'POST' && c.req.header('upload-concat') !== undefined) throw AppError.badRequest(t('adminMedia.error.concat'));
    if (method === 'POST' && c.req.header('upload-defer-length') !== undefined) throw AppError.badRequest(t('adminMedia.error.noLength'));
    // An upload without its row (finished, cancelled, swept as idle) takes no more bytes: its room is no longer held.
    if (id !== undefined && (method === 'PATCH' || method === 'HEAD') && !(await service.openUpload(s, actor, id))) {
      await staging.discard(id).catch((error: unknown) => notRemoved(s, id, error));
      throw new AppError(ErrorCode.NOT_FOUND, t('adminMedia.error.notFound'), 404);
    }
  } catch (error) {
    if (error instanceof AppError) return gateRefusal(error);
    throw error;
  }
  const ended = new Set<string>();
  const reserved = new Set<string>();
  await staging.ready();
  const answer = await oneShape(s, await tusFor(s, actor, staging, await staging.store(), ended, reserved).handleWeb(c.req.raw));
  // A creation that failed after its room was held (the staging could not make it): nothing of it stays.
  if (answer.status >= HTTP_CLIENT_ERROR) for (const id of reserved) ended.add(id);
  // Bytes arrived (a PATCH, or a creation carrying its first piece): the offset they reached, and the upload is not idle.
  const written = answer.headers.get('upload-offset');
  const target = id ?? answer.headers.get('location')?.split('/').pop();
  // (A HEAD tells the offset too, but asking is not progress: an upload only asked about is still abandoned.)
  const wrote = method === 'PATCH' || method === 'POST';
  if (wrote && target && written !== null && answer.status < 300 && !ended.has(target)) await service.uploadProgressed(s, target, Number(written));
  if (id !== undefined && method === 'DELETE' && answer.status === 204) ended.add(id);
  // Staging files of uploads that ended here go after the answer is made (tus reads the upload until then).
  for (const done of ended) {
    await staging.discard(done).catch((error: unknown) => notRemoved(s, done, error));
    await service.uploadEnded(s, done);
  }
  // Upload answers are the person's own: never kept by a cache, never offered to another origin
  // (the tus server would allow any origin; the endpoint is for the school's own pages only).
  answer.headers.set('Cache-Control', 'no-store');
  answer.headers.delete('Access-Control-Allow-Origin');
  answer.headers.delete('Access-Control-Expose-Headers');
  return answer;
}

// ALL: the protocol's methods (POST creates, HEAD tells the offset, PATCH appends, DELETE cancels, OPTIONS describes).
mediaLibraryRoutes.all('/admin/media/uploads', serveUpload);
mediaLibraryRoutes.all('/admin/media/uploads/:id', serveUpload);
