import { t, type MessageKey } from '~/server/i18n';
import { HOUR, MINUTE } from '~/lib/time/cst';
import type { ReviewFile } from '~/lib/api/contracts/engagement';
import { safeMediaUrl } from '../sanitize';
import type { EngagementActionKind } from './engagement.table';

/** Pure engagement rules, shared by the services and unit-tested on their own. */

export const COMMENT_MAX_LENGTH = 500;

// Control characters other than tab and line breaks (PostgreSQL text also refuses NUL).
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export type CommentTextResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * A comment's text as stored: plain text (never interpreted as HTML), control characters removed,
 * trimmed. Empty or blank -> '请输入内容'; more than 500 characters (code points) -> refused.
 */
export function commentText(raw: string | null | undefined): CommentTextResult {
  const text = (raw ?? '').replace(CONTROL, '').replace(/\r\n?/g, '\n').trim();
  if (text === '') return { ok: false, message: t('engagement.contentRequired') };
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

/** Comments and replies together: per user (any school) and per client address (any school, any user). */
export const COMMENT_LIMITS = { perUserMinute: 5, perUserHour: 60, perIpMinute: 30 } as const;
/** Likes and unlikes together (a toggle is a write too). A classroom behind one address likes a lot. */
export const LIKE_LIMITS = { perUserMinute: 60, perIpMinute: 120 } as const;

/**
 * One limit: at most `max` actions of a kind by one user or from one address in the last
 * `windowMs` (the request's instant included, so after `windowMs` the oldest no longer counts).
 */
export interface ActionLimit {
  by: 'user' | 'ip';
  windowMs: number;
  max: number;
  message: MessageKey;
}

export const ACTION_LIMITS: Record<EngagementActionKind, readonly ActionLimit[]> = {
  COMMENT: [
    { by: 'user', windowMs: MINUTE, max: COMMENT_LIMITS.perUserMinute, message: 'engagement.tooManyCommentsMinute' },
    { by: 'user', windowMs: HOUR, max: COMMENT_LIMITS.perUserHour, message: 'engagement.tooManyCommentsHour' },
    { by: 'ip', windowMs: MINUTE, max: COMMENT_LIMITS.perIpMinute, message: 'engagement.tooManyCommentsIp' },
  ],
  LIKE: [
    { by: 'user', windowMs: MINUTE, max: LIKE_LIMITS.perUserMinute, message: 'engagement.tooManyLikes' },
    { by: 'ip', windowMs: MINUTE, max: LIKE_LIMITS.perIpMinute, message: 'engagement.tooManyLikesIp' },
  ],
};

/** How long an action row can still count: the longest window. */
export const ACTION_KEEP_MS = Math.max(...Object.values(ACTION_LIMITS).flat().map((l) => l.windowMs));

/** The message of a broken limit, naming the limit where it helps the user. */
export function limitMessage(limit: ActionLimit): string {
  return t(limit.message, { max: limit.max });
}
