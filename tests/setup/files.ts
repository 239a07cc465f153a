import { crc32, deflateSync } from 'node:zlib';
import { UPLOAD_PURPOSE, type UploadPurpose } from '~/lib/uploads';

/** Small real pictures and the upload forms that carry them, for upload tests. */

/** A 1×1 PNG picture. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A 1×1 GIF picture. */
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A real PNG of the given size in pixels (one colour), as a school's logo might be. */
export function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  // Each row: filter byte 0, then width RGB pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x33)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

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
