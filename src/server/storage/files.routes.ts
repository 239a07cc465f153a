import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { UPLOAD_PURPOSES } from '~/lib/uploads';
import type { ApiEnv } from '../http/scope';
import { serveStaffForm } from '../http/staff-gate';
import { storeUpload } from './files.service';

/** The staff upload call (POST /api/admin/uploads, multipart). Files are served by src/pages/files/[...key].ts. */
export const filesRoutes = new Hono<ApiEnv>();

const uploadForm = z.object(
  {
    file: z.instanceof(File, { error: t('staff.upload.noFile') }),
    purpose: z.enum(UPLOAD_PURPOSES, { error: t('staff.upload.badPurpose') }),
  },
  { error: t('staff.upload.noFile') },
);

serveStaffForm(filesRoutes, 'upload', uploadForm, async (s, actor, form) =>
  storeUpload(s, actor, { name: form.file.name, bytes: new Uint8Array(await form.file.arrayBuffer()), purpose: form.purpose }),
);
