/**
 * Where the class page's inline script leaves its first view for the island (decision 081): the
 * two are bundled apart, so they meet on the window. Imports nothing, so the island's directive
 * (src/lib/directives/after-first-view.ts), written into the page, stays a few bytes.
 */
/** What the first view is asked with: the class, the student, and the class's school when the address names it. */
export interface FirstViewAsk {
  classId: string;
  userId: string;
  schoolId: string | undefined;
}

export const EARLY_FIRST_VIEW_SLOT = '__szyxClassFirstView';

export interface EarlySlot {
  ask: FirstViewAsk | null;
  /** The answer's envelope; rejected when no answer came. */
  answer: Promise<unknown> | null;
  /** The island has asked: nothing is asked early any more (a visit is counted once). */
  taken: boolean;
}

/** The page's slot (made empty when there is none yet). */
export function earlySlot(): EarlySlot {
  const w = window as unknown as Record<string, EarlySlot | undefined>;
  w[EARLY_FIRST_VIEW_SLOT] ??= { ask: null, answer: null, taken: false };
  return w[EARLY_FIRST_VIEW_SLOT];
}
