import { UPLOAD_PURPOSE, type UploadPurpose } from '~/lib/uploads';

/** Small real pictures and the upload forms that carry them, for upload tests. */

/** A 1×1 PNG picture. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A 1×1 GIF picture. */
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A picture of exactly `bytes` bytes: a PNG's header followed by filler (the server checks the content's type and size). */
export function pngOfSize(bytes: number): Buffer {
  const out = Buffer.alloc(bytes, 0);
  PNG_1PX.copy(out, 0, 0, Math.min(PNG_1PX.length, bytes));
  return out;
}

/** The multipart form of one upload. */
export function uploadForm(
  bytes: Uint8Array | null,
  name = 'picture.png',
  purpose: UploadPurpose | string = UPLOAD_PURPOSE.contentImage,
  type = 'image/png',
): FormData {
  const form = new FormData();
  if (bytes) form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  form.set('purpose', purpose);
  return form;
}
