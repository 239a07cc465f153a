/**
 * What staff may upload, shared by the server (which decides) and the screens (which say so before
 * sending): pictures only for now, by their content, never by the name or the type the browser
 * claims. SVG is refused: it can carry script.
 */

/** The purposes an upload is made for; each decides what it may be. */
export const UPLOAD_PURPOSE = {
  /** A picture in a rich-text article (news, notices). */
  contentImage: 'contentImage',
  /** A cover, banner or poster picture. */
  cover: 'cover',
  /** The school's logo, QR codes and other branding pictures. */
  branding: 'branding',
} as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSE)[keyof typeof UPLOAD_PURPOSE];
export const UPLOAD_PURPOSES = Object.values(UPLOAD_PURPOSE) as [UploadPurpose, ...UploadPurpose[]];

/** The largest picture accepted (5 MiB): a photo from a phone fits, a poster scan too. */
export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Room for the multipart framing around the file (field names, boundaries, the file's name). */
export const UPLOAD_FRAMING_BYTES = 64 * 1024;

/** The picture types accepted, as the browser's file picker is told. */
export const UPLOAD_IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Where uploaded files are served: /files/<key>. */
export const FILES_PATH = '/files/';

/**
 * The address of a picture in a school's file store, as an upload answers it: /files/<school>/
 * <yyyymm>/<id>.<png|jpg|gif|webp> (the key's shape, src/server/storage/files.rules.ts). Rich text
 * shows no other picture (decision 049).
 */
const UPLOADED_PICTURE = /^\/files\/([\w-]{1,32})\/\d{6}\/[\w-]{1,48}\.(?:png|jpg|jpeg|gif|webp)$/;

/** True when `src` is a picture uploaded to the file store: of the given school, or of any when none is given. */
export function isUploadedPicture(src: string | null | undefined, school?: string): boolean {
  const m = UPLOADED_PICTURE.exec(src ?? '');
  return m !== null && (school === undefined || m[1] === school);
}

/** The staff call that takes uploads (its bodies may be larger than a JSON call's). */
export const UPLOAD_API_PATH = '/api/admin/uploads';
