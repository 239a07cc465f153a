import { t } from '~/server/i18n';
import type { ReviewFile } from '~/lib/api/contracts/engagement';
import { plainText } from '~/lib/plain-text';
import { isBlank } from '~/lib/rules/rule';
import { safeMediaUrl } from '../sanitize';

/** Pure engagement rules, shared by the services and unit-tested on their own. */

export const COMMENT_MAX_LENGTH = 500;

export type CommentTextResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * A comment's text as stored: plain text (never interpreted as HTML), control and bidirectional
 * formatting characters removed (src/lib/plain-text.ts), trimmed. Empty or blank (only white space or
 * zero-width characters) -> '请输入内容'; more than 500 characters (code points) -> refused.
 */
export function commentText(raw: string | null | undefined): CommentTextResult {
  const text = plainText(raw ?? '').trim();
  if (isBlank(text)) return { ok: false, message: t('engagement.contentRequired') };
  if ([...text].length > COMMENT_MAX_LENGTH) return { ok: false, message: t('engagement.contentTooLong', { max: COMMENT_MAX_LENGTH }) };
  return { ok: true, text };
}

/** The name a user's comment shows: nick name, else real name, else 学员 + last 4 digits of the mobile. */
export function authorNameOf(user: { nickName: string | null; realName: string | null; mobile: string }): string {
  const nick = user.nickName?.trim();
  if (nick) return nick.slice(0, 64);
  const real = user.realName?.trim();
  if (real) return real.slice(0, 64);
  return t('engagement.studentName', { tail: user.mobile.slice(-4) });
}

/** A review file is a video when its path ends in .mp4 (query and fragment ignored), else an image. */
export function fileTypeOf(url: string): 'image' | 'video' {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return /\.mp4$/i.test(path) ? 'video' : 'image';
}

/** The stored JSON list of file URLs -> [{url, type}]; unsafe URLs and bad JSON are dropped. */
export function reviewFiles(json: string | null): ReviewFile[] {
  if (!json) return [];
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const files: ReviewFile[] = [];
  for (const item of list) {
    const url = safeMediaUrl(typeof item === 'string' ? item : null);
    if (url) files.push({ url, type: fileTypeOf(url) });
  }
  return files;
}

/** Ids of the replies below `id` in a thread (children, their children, …). */
export function descendantsOf(id: string, links: { id: string; parentId: string | null }[]): string[] {
  const children = new Map<string, string[]>();
  for (const l of links) if (l.parentId) children.set(l.parentId, [...(children.get(l.parentId) ?? []), l.id]);
  const found: string[] = [];
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
