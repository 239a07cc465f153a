import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { ErrorCode, LOGIN_INVALID_CODES } from '~/lib/envelope';
import { MEDIA_EXTENSIONS, MEDIA_MAX_BYTES, MEDIA_RENDITIONS, type MediaKind, type RenditionQuality, extensionOf } from '~/lib/media-library';
import { sniffImage } from '../storage/files.service';

/**
 * Pure rules of the media library: what an uploaded file is (its extension must be allowed AND
 * its first bytes must say the same kind), which renditions a video becomes, how ffmpeg's
 * progress and ffprobe's report are read, and the lesson content a ready asset gives the player.
 */

export interface SniffedMedia {
  kind: MediaKind;
  contentType: string;
  /** The extension the stored file gets (from the bytes and the name together, never the name alone). */
  extension: string;
}

const at = (bytes: Uint8Array, text: string, offset = 0) => [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
const hex = (bytes: Uint8Array, prefix: readonly number[], offset = 0) => prefix.every((b, i) => bytes[offset + i] === b);

/** The ISO base media brands (MP4, MOV, M4A) by their "ftyp" box. */
function isoBrand(bytes: Uint8Array): string | null {
  if (!at(bytes, 'ftyp', 4)) return null;
  return String.fromCharCode(...bytes.slice(8, 12));
}

const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const CONTENT_TYPE: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** Whether the first bytes are what a file with this extension must start with. */
function bytesFit(ext: string, b: Uint8Array): boolean {
  const brand = isoBrand(b);
  switch (ext) {
    case 'mp4':
    case 'm4v':
      return brand !== null && !brand.startsWith('M4A');
    case 'mov':
      return brand !== null || at(b, 'moov', 4) || at(b, 'wide', 4) || at(b, 'mdat', 4);
    case 'm4a':
      return brand !== null;
    case 'webm':
    case 'mkv':
      return hex(b, EBML);
    case 'mp3':
      // An ID3 tag, or an MPEG audio frame's sync bits.
      return at(b, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
    case 'aac':
      return b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0;
    case 'wav':
      return at(b, 'RIFF') && at(b, 'WAVE', 8);
    case 'ogg':
      return at(b, 'OggS');
    case 'pdf':
      return at(b, '%PDF-');
    case 'doc':
    case 'xls':
    case 'ppt':
      return hex(b, OLE);
    case 'docx':
    case 'xlsx':
    case 'pptx':
    case 'zip':
      return hex(b, ZIP);
    default:
      return false;
  }
}

/**
 * What an uploaded file is, from its name's extension and its first bytes (at least 16): null
 * when the extension is not allowed or the bytes are not that kind of file (a renamed program, a
 * page saved as .mp4).
 */
export function sniffMedia(name: string, first: Uint8Array): SniffedMedia | null {
  const ext = extensionOf(name);
  const kind = MEDIA_EXTENSIONS[ext];
  if (!kind) return null;
  if (kind === 'image') {
    const image = sniffImage(first);
    return image ? { kind, contentType: image.contentType, extension: image.extension } : null;
  }
  return bytesFit(ext, first) ? { kind, contentType: CONTENT_TYPE[ext]!, extension: ext === 'm4v' ? 'mp4' : ext } : null;
}

/** Why a new upload is refused before any byte is sent, or null when it may start. */
export function uploadRefusal(name: string, size: number | undefined): 'badType' | 'tooLarge' | 'empty' | 'noLength' | null {
  const kind = MEDIA_EXTENSIONS[extensionOf(name)];
  if (!kind) return 'badType';
  if (size === undefined || !Number.isFinite(size)) return 'noLength';
  if (size <= 0) return 'empty';
  if (size > MEDIA_MAX_BYTES[kind]) return 'tooLarge';
  return null;
}

/** What the school, the person and every unfinished upload hold, in bytes (read under the creations' lock). */
export interface UploadUsage {
  /** The school's stored files (originals, renditions, pictures) and its unfinished uploads' declared bytes. */
  schoolBytes: number;
  /** The person's unfinished uploads. */
  accountUploads: number;
  accountBytes: number;
  /** What every unfinished upload (all schools: one disk) may still write. */
  unwrittenBytes: number;
}

export interface UploadLimits {
  schoolQuotaBytes: number;
  accountUploads: number;
  accountBytes: number;
  /**
   * The upload directory's free space now, less the reserve kept for everything else; null when
   * unfinished uploads are not staged on this disk (the s3 driver stages them in the bucket).
   */
  diskRoomBytes: number | null;
}

export type UploadLimitRefusal = 'tooManyOpen' | 'openBytes' | 'schoolQuota' | 'diskFull';

/**
 * Which limit a new upload of `declared` bytes would pass, or null when it fits them all: the
 * person's count of unfinished uploads and their declared bytes, the school's quota (stored files
 * plus unfinished uploads), and the disk's room (free space less the reserve, less what unfinished
 * uploads may still write).
 */
export function uploadLimitRefusal(usage: UploadUsage, declared: number, limits: UploadLimits): UploadLimitRefusal | null {
  if (usage.accountUploads + 1 > limits.accountUploads) return 'tooManyOpen';
  if (usage.accountBytes + declared > limits.accountBytes) return 'openBytes';
  if (usage.schoolBytes + declared > limits.schoolQuotaBytes) return 'schoolQuota';
  if (limits.diskRoomBytes !== null && usage.unwrittenBytes + declared > limits.diskRoomBytes) return 'diskFull';
  return null;
}

/**
 * Who may change (rename, delete) a file of the library: the person who uploaded it, and the
 * school's administrators. Other teachers use it in their lessons but do not change it.
 */
export function mayChangeMedia(person: { id: string; role: string }, asset: { uploadedBy: string }): boolean {
  return person.role === STAFF_ROLE.admin || asset.uploadedBy === person.id;
}

const HTTP_UNAUTHORIZED = 401;
const HTTP_CLIENT_ERRORS = { min: 400, max: 499 } as const;

/**
 * The HTTP status a refusal of the resumable upload endpoint carries, from its envelope code: the
 * staff calls answer 200 with the code in the body, but a tus client reads only the status (a 200
 * would be taken as success). Signed out or another school's session: 401; a code that is an HTTP
 * client error: itself; the school not found: 404; anything else: 400.
 */
export function httpStatusOf(code: number): number {
  if ((LOGIN_INVALID_CODES as readonly number[]).includes(code)) return HTTP_UNAUTHORIZED;
  if (code === ErrorCode.TENANT_NOT_FOUND) return ErrorCode.NOT_FOUND;
  if (code >= HTTP_CLIENT_ERRORS.min && code <= HTTP_CLIENT_ERRORS.max) return code;
  return ErrorCode.BAD_REQUEST;
}

/** Whether a kind is processed by the job (duration read; video renditions made) before it is ready. */
export const needsProcessing = (kind: MediaKind) => kind === 'video' || kind === 'audio';

export interface RenditionTarget {
  quality: RenditionQuality;
  templateType: 'LD' | 'SD' | 'HD';
  height: number;
}

/**
 * The renditions a video of this height becomes: each of 360P, 480P, 720P not above the source
 * (never upscaled). A source lower than 360 lines still gets one rendition, at its own (even)
 * height, labelled 360P: the player always has a playable H.264 file.
 */
export function renditionTargets(sourceHeight: number): RenditionTarget[] {
  const fit = MEDIA_RENDITIONS.filter((r) => r.height <= sourceHeight).map((r) => ({ quality: r.quality, templateType: r.templateType, height: r.height }));
  if (fit.length > 0) return fit;
  const own = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ quality: '360P', templateType: 'LD', height: own }];
}

export interface Rendition {
  quality: RenditionQuality;
  templateType: 'LD' | 'SD' | 'HD';
  width: number;
  height: number;
  key: string;
  size: number;
}

export function parseRenditions(json: string): Rendition[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? (list as Rendition[]) : [];
  } catch {
    return [];
  }
}

/** The latest position (µs) in a piece of ffmpeg's `-progress` output (key=value lines), or null. */
export function progressPosition(text: string): number | null {
  let last: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
    if (m) last = Number(m[1]);
  }
  return last;
}

/** The whole job's progress (0–99 while running) after `done` of `count` renditions and `positionUs` into the next one. */
export function overallProgress(done: number, count: number, positionUs: number, durationMs: number | null): number {
  if (count <= 0) return 0;
  const part = durationMs && durationMs > 0 ? Math.min(1, Math.max(0, positionUs / 1000 / durationMs)) : 0;
  return Math.min(99, Math.floor(((done + part) / count) * 100));
}

export interface Probe {
  durationMs: number | null;
  video: { width: number; height: number } | null;
  audio: boolean;
}

/** ffprobe's JSON report (-show_format -show_streams) as what the library keeps; null when it names no audio or video stream. */
export function readProbe(json: string): Probe | null {
  let report: { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[] };
  try {
    report = JSON.parse(json);
  } catch {
    return null;
  }
  const streams = Array.isArray(report.streams) ? report.streams : [];
  const v = streams.find((x) => x.codec_type === 'video' && Number(x.width) > 0 && Number(x.height) > 0);
  const audio = streams.some((x) => x.codec_type === 'audio');
  if (!v && !audio) return null;
  const seconds = Number(report.format?.duration ?? v?.duration ?? Number.NaN);
  return {
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    video: v ? { width: Number(v.width), height: Number(v.height) } : null,
    audio,
  };
}

/** A rendition's key beside the original's: `<school>/<month>/<asset>-r<run>-<height>.mp4` (a run's files never overwrite another run's). */
export function renditionKey(originalKey: string, assetId: string, run: number, height: number): string {
  const dir = originalKey.slice(0, originalKey.lastIndexOf('/'));
  return `${dir}/${assetId}-r${run}-${height}.mp4`;
}

export interface LessonSource {
  /** The lesson type the asset plays as (CLASSROOM_TYPE). */
  classroomType: number;
  /** The lesson's content JSON, in the shape the classroom reads (online-classroom.rules.ts). */
  classroomContent: string;
  durationMs: number | null;
}

/**
 * The lesson content a ready asset gives: a video's renditions as the player's qualities
 * (transCodeVideoList, LD/SD/HD) and its largest as the main source; an audio file, a document
 * or a picture as the one component of its type.
 */
export function lessonSource(
  asset: { kind: MediaKind; name: string; durationMs: number | null; renditions: Rendition[] },
  urlOf: (key: string) => string,
  originalUrl: string,
): LessonSource {
  switch (asset.kind) {
    case 'video': {
      const list = asset.renditions.map((r) => ({ templateType: r.templateType, url: urlOf(r.key) }));
      const main = list[list.length - 1]?.url ?? originalUrl;
      return {
        classroomType: CLASSROOM_TYPE.VIDEO,
        classroomContent: JSON.stringify({ pageData: [{ type: 'video', url: main }], transCodeVideoList: list }),
        durationMs: asset.durationMs,
      };
    }
    case 'audio':
      return {
        classroomType: CLASSROOM_TYPE.AUDIO,
        classroomContent: JSON.stringify({ pageData: [{ type: 'audio', url: originalUrl }], transCodeVideoList: [] }),
        durationMs: asset.durationMs,
      };
    case 'image':
      return { classroomType: CLASSROOM_TYPE.IMAGE, classroomContent: JSON.stringify({ pageData: [{ type: 'image', url: originalUrl }] }), durationMs: null };
    case 'archive':
      return {
        classroomType: CLASSROOM_TYPE.ARCHIVE,
        classroomContent: JSON.stringify({ pageData: [{ type: 'file', url: originalUrl, fileName: asset.name }] }),
        durationMs: null,
      };
    default:
      return {
        classroomType: CLASSROOM_TYPE.DOCUMENT,
        classroomContent: JSON.stringify({ pageData: [{ type: 'document', url: originalUrl, fileName: asset.name }] }),
        durationMs: null,
      };
  }
}
