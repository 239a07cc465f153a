/**
 * The longest text answer kept (characters as a reader counts them): far above any essay a test
 * asks for, far below what a script pastes. Browser-safe, so the answering screen can show it.
 */
export const ANSWER_MAX_LENGTH = 5000;

/** Whether a text answer is longer than ANSWER_MAX_LENGTH characters (code points). */
export function answerTooLong(content: string | null | undefined): boolean {
  if (!content || content.length <= ANSWER_MAX_LENGTH) return false;
  let n = 0;
  for (const _ of content) if (++n > ANSWER_MAX_LENGTH) return true;
  return false;
}
