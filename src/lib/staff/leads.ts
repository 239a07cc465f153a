/**
 * Consult lead states, one definition for the server, its SQL (clues.state) and the staff screens.
 * A lead arrives new; staff mark it handled with a note once they have called the person back, and
 * may re-open it (the call did not reach them, they asked to be called again).
 */
export const LEAD_STATE = {
  new: 0,
  handled: 1,
} as const;

export type LeadState = (typeof LEAD_STATE)[keyof typeof LEAD_STATE];

export const LEAD_STATES: readonly LeadState[] = [LEAD_STATE.new, LEAD_STATE.handled];

/** The longest note staff may keep on a lead (the column's size). */
export const LEAD_NOTE_MAX = 500;

/** The most rows one CSV export holds: a filter narrows a larger list. */
export const LEAD_EXPORT_MAX = 10000;
