import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { Server as TusServer, type Upload } from '@tus/server';
import { t } from '~/server/i18n';
import { MEDIA_KINDS, MEDIA_MAX_ANY_BYTES, MEDIA_MAX_BYTES, MEDIA_STATES, MEDIA_UPLOAD_PATH, kindOfName } from '~/lib/media-library';
import { MEDIA_UPLOAD_ACCESS } from '~/lib/staff/access';
import { ErrorCode } from '~/lib/envelope';
import { AppError, fail } from '../errors';
import type { ApiEnv, Scope } from '../http/scope';
import { gateStaffRequest, serveStaff } from '../http/staff-gate';
import { idSchema } from '../http/validate';
import { blankIsNone, pageFields } from '../http/list-query';
import type { StaffActor } from '../staff/accounts/sessions.service';
import * as service from './media-library.service';
import { uploadRefusal } from './media-library.rules';
import { stagingDirectory, stagingStore } from './staging';

/**
 * The media library's staff calls (list, rename, retry, delete: through the staff gate by name)
 * and its resumable upload: the tus protocol (@tus/server) at /api/admin/media/uploads, behind the
 * same checks as every staff write (the site's own origin, the staff session of the request's
 * school, the CSRF token, a role of MEDIA_UPLOAD_ACCESS). Upload pieces are written to a staging
 * directory under UPLOAD_DIR that every instance shares, so a resumed upload may reach any instance.
 */
export const mediaLibraryRoutes = new Hono<ApiEnv>();

const MIB = 1024 * 1024;

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });

const listQuery = z.object({
  ...pageFields,
  kind: z.preprocess(blankIsNone, z.enum(MEDIA_KINDS, { error: t('adminMedia.kindInvalid') }).optional()),
  state: z.preprocess(blankIsNone, z.enum(MEDIA_STATES, { error: t('adminMedia.stateInvalid') }).optional()),
  name: z.preprocess(
    (v) => (typeof v === 'string' ? blankIsNone(v.trim()) : v),
    z
      .string({ error: t('adminMedia.nameTooLong', { max: service.MEDIA_NAME_MAX }) })
      .max(service.MEDIA_NAME_MAX, t('adminMedia.nameTooLong', { max: service.MEDIA_NAME_MAX }))
      .optional(),
  ),
});

const renameInput = body({
  id: idSchema,
  name: z
    .string({ error: t('adminMedia.nameRequired') })
    .trim()
    .min(1, t('adminMedia.nameRequired'))
    .max(service.MEDIA_NAME_MAX, t('adminMedia.nameTooLong', { max: service.MEDIA_NAME_MAX })),
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

/** A refusal as tus passes it on: the status and the portal's envelope as the body. */
const refusal = (status: number, message: string) => ({ status_code: status, body: JSON.stringify(fail(status === 413 ? 413 : 400, message)) });

function refusalOf(name: string, size: number | undefined) {
  const why = uploadRefusal(name, size);
  if (!why) return null;
  const kind = kindOfName(name);
  if (why === 'tooLarge' && kind) return refusal(413, t('adminMedia.error.tooLarge', { kind: t(`adminMedia.kind.${kind}`), max: MEDIA_MAX_BYTES[kind] / MIB }));
  return refusal(why === 'badType' ? 415 : 400, t(`adminMedia.error.${why}`));
}

/** The tus server of one request: its hooks act for the person the gate let through. */
function tusFor(s: Scope, actor: StaffActor): TusServer {
  const directory = stagingDirectory(s.config.UPLOAD_DIR);
  const datastore = stagingStore(s.config.UPLOAD_DIR);
  const server: TusServer = new TusServer({
    path: MEDIA_UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    // The limits by kind are checked when an upload is created (onUploadCreate); this is the outer bound.
    maxSize: 2 * MEDIA_MAX_ANY_BYTES,
    namingFunction: () => `${uploadIdPrefix(actor)}${randomBytes(16).toString('hex')}`,
    async onUploadCreate(_req, upload: Upload) {
      const name = upload.metadata?.['filename'] ?? '';
      const refused = refusalOf(name, upload.size);
      if (refused) throw refused;
      return {};
    },
    async onUploadFinish(_req, upload: Upload) {
      const name = upload.metadata?.['filename'] ?? '';
      try {
        const asset = await service.completeUpload(s, actor, { uploadId: upload.id, path: join(directory, upload.id), name });
        await datastore.remove(upload.id).catch(() => undefined);
        return { headers: { 'Media-Asset-Id': asset.id } };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The bytes are not what they claim to be: nothing of them is kept.
        await datastore.remove(upload.id).catch(() => undefined);
        throw refusal(Math.max(error.status, 400), error.message);
      }
    },
  });
  return server;
}

async function serveUpload(c: Context<ApiEnv>): Promise<Response> {
  const s = c.var.scope;
  const actor = await gateStaffRequest(s, c, MEDIA_UPLOAD_ACCESS, WRITES.has(c.req.method));
  const id = c.req.param('id');
  // 404 as the protocol's status: a tus client then starts a new upload instead of retrying this one.
  if (id !== undefined && !ownsUpload(actor, id)) throw new AppError(ErrorCode.NOT_FOUND, t('adminMedia.error.notFound'), 404);
  const answer = await tusFor(s, actor).handleWeb(c.req.raw);
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
