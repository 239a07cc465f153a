/**
 * The marking rules both the marking screen and the server use (decision 047). Pure and
 * browser-safe: the screen checks a score before sending it, the server checks it again.
 */

/** Scores are given in steps of half a point, as on a paper test (1, 1.5, 2…). */
export const MARK_STEP = 0.5;
/** A teacher's comment on one answer: optional, at most this many characters. */
export const MARK_COMMENT_MAX = 500;

/** The revision a save names when the teacher saw no mark yet (the first accepted mark is revision 1). */
export const FIRST_MARK_REVISION = 0;

/** Where an attempt is in the marking: a question still needs a mark, every one has it, or released to the student. */
export const MARKING_STATES = ['waiting', 'marked', 'released'] as const;
export type MarkingState = (typeof MARKING_STATES)[number];

/** Why a score cannot be given to a question worth `points` (null: it can). */
export type MarkRefusal = 'notNumber' | 'negative' | 'overPoints' | 'notHalf';

export function markRefusal(score: number, points: number): MarkRefusal | null {
  if (!Number.isFinite(score)) return 'notNumber';
  if (score < 0) return 'negative';
  if (score > points) return 'overPoints';
  if (!Number.isInteger(score / MARK_STEP)) return 'notHalf';
  return null;
}

/**
 * The marking state of a handed-in attempt: released once a teacher (or the automatic scoring)
 * marked it reviewed; otherwise marked when every question that needs a hand mark has one.
 */
export function markingStateOf(reviewed: boolean, needed: readonly string[], marked: ReadonlySet<string>): MarkingState {
  if (reviewed) return 'released';
  return needed.every((id) => marked.has(id)) ? 'marked' : 'waiting';
}

/** A score typed in the screen ("7.5", " 8 "): a number, or NaN for anything else (blank included). */
export function parseScore(text: string): number {
  const v = text.trim();
  return /^\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
}
