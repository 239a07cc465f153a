import { LRUCache } from 'lru-cache';
import { sanitizeRichText } from './sanitize';

/**
 * Rich HTML made safe once per text and school, not on every page that shows it (decision 105).
 *
 * Every page and API answer that shows a news item, a notice, a feed item, a school's information block or its
 * agreement passes the stored HTML through `sanitizeRichText` (decision 049). That is a whole parse and print of
 * the HTML: about 0.15 ms for a paragraph and over a millisecond for a long article, on each of the many readers of
 * the same text. What it answers depends on the text and the school alone, so the memo keeps the answer under
 * those two: an edited text is another key and is made safe anew, and nothing is ever stale or needs clearing.
 */
export interface RichTextMemo {
  /** `sanitizeRichText(html, school)`, the same string, made once while the memo keeps it. */
  sanitize(html: string | null | undefined, school: string): string;
  /** `sanitize` bound to one school, for a view that makes many texts of that school safe (a paper's questions). */
  forSchool(school: string): SchoolRichText;
  /** How much the memo keeps now, counted as RICH_TEXT_KEPT_CHARS counts it. */
  readonly keptChars: number;
}

/** A school's rich HTML made safe as its pages show it: `RichTextMemo.sanitize` with the school fixed. */
export type SchoolRichText = (html: string | null | undefined) => string;

/**
 * The most the memo keeps, in characters: texts and answers together, and each entry's own bookkeeping counted as
 * ENTRY_CHARS more, so many short texts (a paper's options) are bounded as well as a few long ones: about 8 MB.
 */
export const RICH_TEXT_KEPT_CHARS = 4_000_000;
/** What an entry costs besides its two strings (the cache's map and lists, the strings' headers: about 128 bytes), in characters. */
const ENTRY_CHARS = 64;
/** A text with its answer longer than this is made safe each time: no single article pushes out all the others. */
export const RICH_TEXT_LONGEST_KEPT = 400_000;

/** The key of a text of a school: a school's id never holds the separator (NUL). */
const keyOf = (school: string, html: string) => `${school}\u0000${html}`;

export function createRichTextMemo(keptChars = RICH_TEXT_KEPT_CHARS, longest = RICH_TEXT_LONGEST_KEPT): RichTextMemo {
  const kept = new LRUCache<string, string>({
    maxSize: keptChars,
    maxEntrySize: longest,
    sizeCalculation: (clean, key) => ENTRY_CHARS + key.length + clean.length,
  });
  const sanitize = (html: string | null | undefined, school: string): string => {
    if (!html) return '';
    const key = keyOf(school, html);
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const clean = sanitizeRichText(html, school);
    // lru-cache leaves out an entry over maxEntrySize.
    kept.set(key, clean);
    return clean;
  };
  return {
    sanitize,
    forSchool: (school) => (html) => sanitize(html, school),
    get keptChars() {
      return kept.calculatedSize;
    },
  };
}
