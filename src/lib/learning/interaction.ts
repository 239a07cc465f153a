/**
 * Pure rules of the classroom interaction panel: questions,
 * note titles, note texts and comments are at most 100 characters, counted as a reader counts
 * them (an emoji or a Chinese character is one), after trimming the ends; some are required.
 * The server refuses what breaks them and the island shows the same counter and message.
 */

import { CLASSROOM_TYPE } from './codes';
import { isBlank } from '~/lib/rules/rule';

/** Text limit of a question, a note's title and text, a comment. */
export const TEXT_LIMIT = 100;

/** Lists of the panel are read in one page of this size (large enough to be the whole list). */
export const LIST_SIZE = 999;

/** The characters of a text as a reader counts them (code points, not UTF-16 units). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

export type TextProblem = 'required' | 'tooLong';

/** What is wrong with a text the student typed (trimmed), or null when it may be sent. */
export function textProblem(text: string, required: boolean, limit = TEXT_LIMIT): TextProblem | null {
  const trimmed = text.trim();
  if (required && isBlank(trimmed)) return 'required';
  return textLength(trimmed) > limit ? 'tooLong' : null;
}

/** The counter under a text box: "n/100". */
export function counterText(text: string, limit = TEXT_LIMIT): string {
  return `${textLength(text)}/${limit}`;
}

/** Notes filter (dataType): every note the student may see (shared ones, the teachers' and their own), their own, the teachers'. */
export const NOTE_DATA_TYPE = { ALL: 0, MINE: 1, TEACHERS: 3 } as const;
export type NoteDataType = (typeof NOTE_DATA_TYPE)[keyof typeof NOTE_DATA_TYPE];

/** A like after a toggle: the state asked for, and the total moved only when the state changed. */
export function likeAfter(before: { isLike: boolean; likeTotal: number }, want: boolean): { isLike: boolean; likeTotal: number } {
  if (before.isLike === want) return before;
  return { isLike: want, likeTotal: Math.max(0, before.likeTotal + (want ? 1 : -1)) };
}

/** Classroom types without a like button: video and live lessons, whose replay is a video. */
const NO_LIKE_TYPES: ReadonlySet<number> = new Set([CLASSROOM_TYPE.VIDEO, CLASSROOM_TYPE.LIVE, CLASSROOM_TYPE.LIVE_LECTURE]);

/**
 * The like button sits in the interaction panel of content that is not a video: articles,
 * documents, images, archives and audio lessons have one.
 */
export function hasLikeButton(classroomType: number): boolean {
  return !NO_LIKE_TYPES.has(classroomType);
}
