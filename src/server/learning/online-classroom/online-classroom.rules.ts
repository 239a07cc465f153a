import type { LessonContent, Quality } from '~/lib/api/contracts/classroom-online';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { liveStatus } from '~/lib/learning/labels';
import { sanitizeRichText, safeMediaUrl } from '../../sanitize';

/**
 * A lesson's stored content JSON (classroomContent: { pageData: [...], transCodeVideoList: [...] })
 * read into what the classroom shows, by lesson type. Stored content is not
 * trusted: URLs must be http(s) or site paths, the article HTML passes the site's allow-list
 * sanitiser, anything unreadable is treated as absent (the screen then shows its fallback).
 */

interface Component {
  type?: unknown;
  url?: unknown;
  html?: unknown;
  text?: unknown;
  fileName?: unknown;
}

const QUALITY: Record<string, Quality> = { LD: '360P', SD: '480P', HD: '720P' };
const ORDER: Quality[] = ['360P', '480P', '720P', '1080P'];

function parse(json: string | null): { pageData: Component[]; transCodeVideoList: { templateType?: unknown; url?: unknown }[] } {
  let value: unknown = null;
  try {
    value = json ? JSON.parse(json) : null;
  } catch {
    // Unreadable JSON is absent content: value stays null.
  }
  const o = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : []);
  return { pageData: list(o['pageData']) as Component[], transCodeVideoList: list(o['transCodeVideoList']) };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const urlOf = (c: Component | undefined) => safeMediaUrl(text(c?.url));
/** The component a lesson shows: the first of the first type named that has one (a video lesson plays its video, not an audio component stored before it). */
const firstOf = (pageData: readonly Component[], ...types: string[]) => types.map((t) => pageData.find((c) => c.type === t)).find(Boolean);

/** The resolution name of a transcoding template: LD 360P, SD 480P, HD 720P, otherwise 1080P. */
export function qualityOf(templateType: unknown): Quality {
  return (typeof templateType === 'string' && QUALITY[templateType.toUpperCase()]) || '1080P';
}

export function isPdf(url: string | null, fileName: string | null): boolean {
  return [url, fileName].some((v) => !!v && /\.pdf(?:$|[?#])/i.test(v));
}

/**
 * The configured document viewer's address for a document: the template's {url} is the document's
 * absolute address (a site path is made absolute with the request's origin), URL-encoded.
 */
export function viewerUrlOf(template: string, fileUrl: string, origin: string): string {
  const absolute = /^https?:\/\//i.test(fileUrl) ? fileUrl : `${origin}${fileUrl.startsWith('/') ? '' : '/'}${fileUrl}`;
  return template.replaceAll('{url}', encodeURIComponent(absolute));
}

export interface LessonLike {
  /** The school: an article shows its uploads only (decision 049). */
  tenantId: string;
  classroomType: number;
  classroomContent: string | null;
  liveStatus: number | null;
  classStartAt: number | null;
  classEndAt: number | null;
}

/** `viewer` gives a document's address in the configured viewer, when one is configured. */
export function lessonContent(l: LessonLike, time: (ms: number | null) => string | null, viewer?: (fileUrl: string) => string): LessonContent {
  const { pageData, transCodeVideoList } = parse(l.classroomContent);
  const first = (...types: string[]) => firstOf(pageData, ...types);
  switch (l.classroomType) {
    case CLASSROOM_TYPE.VIDEO:
    case CLASSROOM_TYPE.AUDIO: {
      const sources = transCodeVideoList
        .map((v) => ({ quality: qualityOf(v.templateType), url: safeMediaUrl(text(v.url)) }))
        .filter((v): v is { quality: Quality; url: string } => !!v.url)
        .sort((a, b) => ORDER.indexOf(a.quality) - ORDER.indexOf(b.quality));
      const main = urlOf(l.classroomType === CLASSROOM_TYPE.VIDEO ? first('video', 'audio') : first('audio', 'video'));
      return {
        kind: 'media',
        mediaType: l.classroomType,
        url: main ?? sources[sources.length - 1]?.url ?? null,
        sources: l.classroomType === CLASSROOM_TYPE.VIDEO ? sources : [],
      };
    }
    case CLASSROOM_TYPE.ARTICLE:
      return { kind: 'article', html: sanitizeRichText(text(first('article', 'richText')?.html), l.tenantId) };
    case CLASSROOM_TYPE.DOCUMENT: {
      const doc = first('document', 'file');
      const url = urlOf(doc);
      const fileName = text(doc?.fileName);
      return { kind: 'document', url, fileName, pdf: isPdf(url, fileName), viewerUrl: url && viewer ? viewer(url) : null };
    }
    case CLASSROOM_TYPE.IMAGE:
      return {
        kind: 'images',
        images: pageData
          .filter((c) => c.type === 'image')
          .map(urlOf)
          .filter((u): u is string => !!u),
        summary: text(first('summary')?.text),
      };
    case CLASSROOM_TYPE.HOMEWORK:
    case CLASSROOM_TYPE.TEST:
      return { kind: 'work', workType: l.classroomType };
    case CLASSROOM_TYPE.LIVE:
      return {
        kind: 'live',
        liveStatus: l.liveStatus,
        classStartTime: time(l.classStartAt),
        classEndTime: time(l.classEndAt),
        url: urlOf(first('video', 'replay')),
      };
    default: {
      const file = pageData.find((c) => urlOf(c));
      return { kind: 'other', url: urlOf(file), fileName: text(file?.fileName) };
    }
  }
}

/**
 * Whether studying a lesson can earn credit at `now` (decision 051): only content that exists and
 * can be played or read. A video or audio lesson needs a playable address; a live lesson plays
 * while it is live (from its scheduled start, when it has one) or as a replay with an address:
 * not before it starts, and not while its replay is being made. An article needs text, a document
 * its file, an image lesson a picture. Anything else (homework, tests, archives, unknown types)
 * is never credited by study. `content` is what lessonContent made of the stored JSON, so a
 * rejected or missing address counts as none.
 */
export function creditable(content: LessonContent, lesson: { classStartAt: number | null }, now: number): boolean {
  switch (content.kind) {
    case 'live':
      return liveCredited(content.liveStatus, lesson.classStartAt, now, () => content.url);
    case 'article':
      return content.html.trim() !== '';
    case 'media':
    case 'document':
      return content.url !== null;
    case 'images':
      return content.images.length > 0;
    default:
      return false;
  }
}

/** A live lesson earns credit while it is live (from its scheduled start, when it has one), or as a replay with an address. */
function liveCredited(status: number | null, classStartAt: number | null, now: number, replayUrl: () => string | null): boolean {
  switch (liveStatus(status)) {
    case 'live':
      return classStartAt === null || now >= classStartAt;
    case 'replay':
      return replayUrl() !== null;
    default:
      return false;
  }
}

const NO_TIME = () => null;

/**
 * `creditable(lessonContent(l, …), l, now)`, reading no more of the stored content than the answer needs: a video or
 * audio lesson's first safe address, and a live lesson's replay address only for a replay, where the content checks
 * and orders every transcoding's. A progress report asks it on every report; the other types go the whole way.
 */
export function creditableLesson(l: LessonLike, now: number): boolean {
  switch (l.classroomType) {
    case CLASSROOM_TYPE.VIDEO:
    case CLASSROOM_TYPE.AUDIO: {
      const { pageData, transCodeVideoList } = parse(l.classroomContent);
      const main = l.classroomType === CLASSROOM_TYPE.VIDEO ? firstOf(pageData, 'video', 'audio') : firstOf(pageData, 'audio', 'video');
      return urlOf(main) !== null || transCodeVideoList.some((v) => safeMediaUrl(text(v.url)) !== null);
    }
    case CLASSROOM_TYPE.LIVE:
      return liveCredited(l.liveStatus, l.classStartAt, now, () => urlOf(firstOf(parse(l.classroomContent).pageData, 'video', 'replay')));
    default:
      return creditable(lessonContent(l, NO_TIME), l, now);
  }
}
