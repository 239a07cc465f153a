import { expect } from 'vitest';
import { MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { t } from '~/server/i18n';
import { DEMO, type Answer, type TestServer } from './server';

/** What the protocol needs of an instance: its requests. */
type Instance = Pick<TestServer, 'fetch'>;
import { asStaff, type TestStaffSession } from './staff';

/**
 * The resumable upload's protocol (tus 1.0.0) as a staff member's browser speaks it to one test
 * server (an "instance"): the session's cookie and CSRF token, the school's header, the protocol's version.
 */

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export function tusCall(
  server: Instance,
  session: TestStaffSession | null,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Uint8Array | ReadableStream<Uint8Array>,
  tenant = DEMO.id,
): Promise<Answer> {
  const base = asStaff(session, tenant).headers ?? {};
  return server.fetch(path, {
    method,
    headers: { ...base, TenantId: tenant, 'Tus-Resumable': '1.0.0', ...headers },
    ...(body ? { body: body as unknown as BodyInit, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } : {}),
  } as RequestInit);
}

/** Starts an upload of `size` bytes named `name`; answers the server's answer (201 with Location). */
export const createUpload = (server: Instance, session: TestStaffSession, name: string, size: number) =>
  tusCall(server, session, 'POST', MEDIA_UPLOAD_PATH, { 'Upload-Length': String(size), 'Upload-Metadata': `filename ${b64(name)}` });

/** Sends a piece from `offset` (a stream is sent as it is produced). */
export const patchUpload = (server: Instance, session: TestStaffSession, location: string, offset: number, bytes: Uint8Array | ReadableStream<Uint8Array>) =>
  tusCall(server, session, 'PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);

export const uploadIdOf = (location: string) => location.split('/').pop()!;

/**
 * The answer about an upload that is not there (finished, cancelled, swept, someone else's): 404,
 * which tells a tus client to start anew; with a body (not HEAD) the envelope says why.
 */
export function expectUploadNotFound(answer: Answer): void {
  expect(answer.status).toBe(404);
  if (answer.text !== '') expect(answer.body).toEqual({ code: 404, data: null, message: t('adminMedia.error.notFound') });
}
