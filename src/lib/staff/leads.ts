/**
 * Consult lead states, one definition for the server, its SQL (clues.state) and the staff screens.
 * A lead arrives new; staff mark it handled with a note once they have called the person back, and
 * may re-open it (the call did not reach them, they asked to be called again). A lead that signs up
 * is converted (转为学员): the person becomes the school's student in a class, once; a converted
 * lead is not re-opened or marked again.
 */
export const LEAD_STATE = {
  new: 0,
  handled: 1,
  converted: 2,
} as const;

export type LeadState = (typeof LEAD_STATE)[keyof typeof LEAD_STATE];

export const LEAD_STATES: readonly LeadState[] = [LEAD_STATE.new, LEAD_STATE.handled, LEAD_STATE.converted];

/** The states a lead may be converted from (a converted lead stays so). */
export const CONVERTIBLE_LEAD_STATES: readonly LeadState[] = [LEAD_STATE.new, LEAD_STATE.handled];

/** The longest note staff may keep on a lead (the column's size). */
export const LEAD_NOTE_MAX = 500;

/** The most rows one CSV export holds: a filter narrows a larger list. */
export const LEAD_EXPORT_MAX = 10000;
