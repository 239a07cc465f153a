/**
 * Pure rules of uploaded files: what a file is (from its first bytes), the key it is stored under
 * (made by the server, never from the uploader's words) and the name kept for display.
 */

export interface Sniffed {
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  extension: 'png' | 'jpg' | 'gif' | 'webp';
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The picture type of these bytes, or null when they are not a PNG, JPEG, GIF or WebP picture. */
export function sniffImage(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, PNG)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, JPEG)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

/** A stored file's key: the school, the month, the file's own id; nothing the uploader chose. */
export function fileKey(tenantId: string, id: string, extension: string, at: Date): string {
  const month = `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${tenantId}/${month}/${id}.${extension}`;
}

/** What a key looks like: anything else (dots, slashes in the wrong places, `..`) is not a file of ours. */
export const FILE_KEY = /^[\w-]{1,32}\/\d{6}\/[\w-]{1,48}\.(?:png|jpg|gif|webp|jpeg|mp4|m4v|mov|webm|mkv|mp3|m4a|wav|ogg|aac|pdf|docx?|xlsx?|pptx?|zip)$/;

export const isFileKey = (key: string) => FILE_KEY.test(key);

/** The longest display name kept. */
export const FILE_NAME_MAX = 120;

/**
 * What a display name never keeps: control characters (C0, DEL, C1); the bidirectional controls
 * (the Arabic letter mark, LRM/RLM, the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069), with which "gpj.exe" shows as "exe.jpg"; invisible characters (zero-width
 * space and joiners, word joiner, the byte order mark) and the line and paragraph separators; and
 * the markup brackets < and >, so a name is never read as a tag wherever it is shown.
 */
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff<>]/gu;

/**
 * A display name as kept: its last path part, without the characters above, trimmed and cut to
 * FILE_NAME_MAX; '' when nothing visible is left (a rename then refuses it). The one rule of
 * every stored file's name: the general upload and the media library (upload and rename).
 */
export function cleanDisplayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base.replace(UNSAFE_NAME_CHARS, '').trim()].slice(0, FILE_NAME_MAX).join('').trim();
}

/** The uploader's file name for display (cleanDisplayName); nothing left becomes 'file'. */
export function displayName(name: string): string {
  return cleanDisplayName(name) || 'file';
}

/**
 * The part of a file a Range header asks for (one `bytes=` range; a video player seeks with
 * these): null when there is no usable header (the whole file is sent), 'unsatisfiable' when the
 * range lies past the end (416). Several ranges are answered with the whole file, as the standard allows.
 */
export function byteRange(header: string | null | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
