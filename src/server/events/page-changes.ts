/**
 * The event "public pages changed": a domain that changed what a school's public pages show says
 * which school and which kinds of content; every cache subscribes (the render cache of each
 * instance, the look-ups of each instance, a CDN through the purge hook). Domains never know the
 * caches, and the caches never know the domains: both know only these kinds and tags.
 *
 * Each cacheable page is tagged with its school (`s:<schoolId>`) and with each kind of content it
 * shows (`s:<schoolId>:<kind>`). A change of some kinds drops the pages tagged with those kinds;
 * a change of the school itself (names, branding, host names, service points, agreements, a new
 * school) drops every page of the school and the instance's look-ups.
 */

/** The kinds of content a page may show besides the school itself, each owned by one domain. */
export const PAGE_KINDS = [
  /** News and their categories (content). */
  'news',
  /** Notices (content). */
  'notices',
  /** Training products, their categories, common questions and hot majors (products). */
  'catalogue',
  /** Coupons (leads). */
  'coupons',
  /** Home banners and the album: tabs, categories, materials (media). */
  'media',
  /** The school introduction's blocks and certification organisations (school). */
  'school-info',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** What changed. `kinds: 'all'` is the school itself; `schoolId: null` is every school (a listener that may have missed changes). */
export type PageChange = { schoolId: string; kinds: readonly PageKind[] | 'all' } | { schoolId: null; kinds: 'all' };

/** Where a listener hears a change from: this instance made it, or another one did. */
export type ChangeOrigin = 'here' | 'elsewhere';

/** A school id as the tags carry it (ids are made by src/server/ids.ts). */
const SCHOOL_ID = /^[0-9A-Za-z_-]{1,32}$/;

export const schoolTag = (schoolId: string): string => `s:${schoolId}`.toLowerCase();
export const kindTag = (schoolId: string, kind: PageKind): string => `s:${schoolId}:${kind}`.toLowerCase();

/** What a page shows: the kinds of content (besides its school), and other schools whose names it lists. */
export interface PageShows {
  kinds: readonly PageKind[];
  schools?: readonly string[];
}

/**
 * The tags of one page of a school. A page that did not say what it shows is tagged with every
 * kind: it leaves the caches on any change of its school, never too late.
 */
export function pageTags(schoolId: string, shows: PageShows | undefined): string[] {
  const kinds = shows?.kinds ?? PAGE_KINDS;
  return [schoolTag(schoolId), ...kinds.map((k) => kindTag(schoolId, k)), ...(shows?.schools ?? []).map(schoolTag)];
}

/** The tags whose pages a change drops, or 'all' for every stored page. */
export function purgeTagsOf(change: PageChange): string[] | 'all' {
  if (change.schoolId === null) return 'all';
  if (change.kinds === 'all') return [schoolTag(change.schoolId)];
  return [...new Set(change.kinds)].map((k) => kindTag(change.schoolId, k));
}

/** Whether a change reaches the instance's look-ups (tenant by host, the school's header data). */
export const changesSchool = (change: PageChange): boolean => change.kinds === 'all';

/** Whether a change reaches what shows any of `kinds`: a change of one of them, or of the school itself. */
export const changesAnyOf = (change: PageChange, kinds: readonly PageKind[]): boolean =>
  change.kinds === 'all' || change.kinds.some((kind) => kinds.includes(kind));

/** PostgreSQL's limit of a NOTIFY payload is 8,000 bytes; changes are far smaller (one id and a few kinds). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 8000;

/** The message other instances receive: the change and the instance that made it (it ignores its own). */
export function encodeChange(change: PageChange, origin: string): string {
  const text = JSON.stringify({ o: origin, s: change.schoolId, k: change.kinds });
  // Cannot happen with the kinds above; should it, the whole school is the safe, short message.
  if (Buffer.byteLength(text) > NOTIFY_PAYLOAD_MAX_BYTES) return JSON.stringify({ o: origin.slice(0, 64), s: change.schoolId, k: 'all' });
  return text;
}

/** A received message, checked: anything malformed is null (and ignored by the listener). */
export function decodeChange(text: string): { change: PageChange; origin: string } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { o, s, k } = parsed as Record<string, unknown>;
  if (typeof o !== 'string') return null;
  if (s === null) return k === 'all' ? { change: { schoolId: null, kinds: 'all' }, origin: o } : null;
  if (typeof s !== 'string' || !SCHOOL_ID.test(s)) return null;
  if (k === 'all') return { change: { schoolId: s, kinds: 'all' }, origin: o };
  if (!Array.isArray(k) || !k.every((x) => (PAGE_KINDS as readonly unknown[]).includes(x))) return null;
  return { change: { schoolId: s, kinds: k as PageKind[] }, origin: o };
}
