/**
 * The media library's limits and allowed types, in one place: the server checks every upload
 * against them (the declared size and the file name's extension when the upload is created, the
 * file's first bytes when it is complete) and the screen says the same before sending.
 * Plain values only: the request gate (run by Node directly) and the browser read this file too.
 */

export const MEDIA_KIND = { video: 'video', audio: 'audio', document: 'document', image: 'image', archive: 'archive' } as const;
export type MediaKind = (typeof MEDIA_KIND)[keyof typeof MEDIA_KIND];
export const MEDIA_KINDS = Object.values(MEDIA_KIND) as [MediaKind, ...MediaKind[]];

/**
 * uploading: never stored (an upload in progress has no row); processing: a video or audio file
 * whose renditions or duration the background job is making; ready: usable in lessons; failed: the
 * job gave up (its error is shown, processing can be retried).
 */
export const MEDIA_STATE = { uploading: 'uploading', processing: 'processing', ready: 'ready', failed: 'failed' } as const;
export type MediaState = (typeof MEDIA_STATE)[keyof typeof MEDIA_STATE];
export const MEDIA_STATES = Object.values(MEDIA_STATE) as [MediaState, ...MediaState[]];

const MIB = 1024 * 1024;

/** The largest file of each kind: a two-hour lecture recorded in 720p fits; a raw camera dump does not. */
export const MEDIA_MAX_BYTES: Readonly<Record<MediaKind, number>> = {
  video: 2048 * MIB,
  audio: 300 * MIB,
  document: 100 * MIB,
  image: 20 * MIB,
  archive: 500 * MIB,
};

/** The largest file of any kind. */
export const MEDIA_MAX_ANY_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES));

/** Each allowed extension (lower case) and the kind it is; the bytes must then say the same (media-library.rules.ts). */
export const MEDIA_EXTENSIONS: Readonly<Record<string, MediaKind>> = {
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  mp3: 'audio',
  m4a: 'audio',
  wav: 'audio',
  ogg: 'audio',
  aac: 'audio',
  pdf: 'document',
  doc: 'document',
  docx: 'document',
  xls: 'document',
  xlsx: 'document',
  ppt: 'document',
  pptx: 'document',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  zip: 'archive',
};

/** What the file picker offers. */
export const MEDIA_ACCEPT = Object.keys(MEDIA_EXTENSIONS)
  .map((e) => `.${e}`)
  .join(',');

/** The extension of a file name, lower case ('' when none). */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : '';
}

/** The kind a file name says it is, or null when its extension is not allowed. */
export function kindOfName(name: string): MediaKind | null {
  return MEDIA_EXTENSIONS[extensionOf(name)] ?? null;
}

/** The resumable upload endpoint (the tus protocol): POST creates an upload, PATCH appends at an offset, HEAD tells the offset. */
export const MEDIA_UPLOAD_PATH = '/api/admin/media/uploads';

/** The largest piece one PATCH carries: the browser sends a file in pieces this size, and the gate admits such a body. */
export const MEDIA_CHUNK_BYTES = 8 * MIB;

/** The renditions a video becomes, smallest first, with the player's template names (LD 360P, SD 480P, HD 720P). */
export const MEDIA_RENDITIONS = [
  { quality: '360P', height: 360, templateType: 'LD' },
  { quality: '480P', height: 480, templateType: 'SD' },
  { quality: '720P', height: 720, templateType: 'HD' },
] as const;
export type RenditionQuality = (typeof MEDIA_RENDITIONS)[number]['quality'];

/**
 * The server's words from a refused resumable upload, or null: every refusal of the upload
 * endpoint is the portal's envelope ({"code","data","message"}), and the tus client's error
 * quotes the response's text ("… response code: 413, response text: {…}, request id: …").
 */
export function uploadRefusalMessage(error: unknown): string | null {
  const text = error instanceof Error ? error.message : String(error);
  const m = /"message":"((?:[^"\\]|\\.)*)"/.exec(text);
  if (!m) return null;
  try {
    return JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return m[1]!;
  }
}
