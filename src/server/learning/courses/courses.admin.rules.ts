/**
 * Pure rules of the staff side of courses: the order of chapters, lessons and a class's courses
 * when one moves, and the lesson content JSON each lesson type stores (the shape
 * online-classroom.rules.ts reads), with the staff fields read back from it.
 */

export type Direction = 'up' | 'down';

/**
 * The new order after moving one item up or down among its siblings (in their current order):
 * every sibling numbered 1..n, so gaps and ties left by earlier data are mended. null: the item
 * is not there or is already at that end.
 */
export function moved<T extends { id: string }>(siblings: readonly T[], id: string, direction: Direction): { id: string; seq: number }[] | null {
  const i = siblings.findIndex((x) => x.id === id);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= siblings.length) return null;
  const order = siblings.map((x) => x.id);
  [order[i], order[j]] = [order[j]!, order[i]!];
  return order.map((x, k) => ({ id: x, seq: k + 1 }));
}

interface StoredContent {
  pageData?: { type?: string; url?: string; html?: string; text?: string; fileName?: string }[];
  transCodeVideoList?: unknown[];
  /** The media library files the content was made from (the classroom ignores it). */
  assetIds?: string[];
}

function parse(json: string | null): StoredContent {
  try {
    const v: unknown = json ? JSON.parse(json) : null;
    return v && typeof v === 'object' ? (v as StoredContent) : {};
  } catch {
    return {};
  }
}

/** A media lesson's content: the library's content JSON for the file(s), naming the files it came from. */
export function mediaContent(sources: readonly { assetId: string; classroomContent: string }[], summary: string | null): string {
  const parts = sources.map((x) => parse(x.classroomContent));
  const pageData = parts.flatMap((p) => p.pageData ?? []);
  if (summary) pageData.push({ type: 'summary', text: summary });
  return JSON.stringify({ pageData, transCodeVideoList: parts[0]?.transCodeVideoList ?? [], assetIds: sources.map((x) => x.assetId) });
}

/** An article's content: its HTML, sanitised by the caller. */
export const articleContent = (html: string): string => JSON.stringify({ pageData: [{ type: 'article', html }] });

/** A live lesson's content: its replay's address once there is one. */
export const liveContent = (replayUrl: string | null): string => JSON.stringify({ pageData: replayUrl ? [{ type: 'replay', url: replayUrl }] : [] });

/** What the staff form shows of a stored lesson's content. */
export function contentFields(json: string | null): { assetIds: string[]; html: string | null; summary: string | null; replayUrl: string | null } {
  const c = parse(json);
  const pageData = Array.isArray(c.pageData) ? c.pageData : [];
  const find = (type: string) => pageData.find((p) => p && p.type === type);
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    assetIds: Array.isArray(c.assetIds) ? c.assetIds.filter((x): x is string => typeof x === 'string') : [],
    html: str(find('article')?.html),
    summary: str(find('summary')?.text),
    replayUrl: str(find('replay')?.url),
  };
}
