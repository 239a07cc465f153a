/**
 * The on/off states that rows of the public side carry, one constant per family, shared by the
 * repositories' SQL and the code that reads the rows. Browser-safe.
 */

/**
 * Whether the public may see a row: news, notices, hot majors, school pages, videos, materials,
 * content operations, reviews, product questions, customer-service entries (their status, state,
 * open or enabled column). Public calls answer only PUBLISHED rows; DRAFT is not published yet, and
 * a news item with any other value was withdrawn. News and notices also use WITHDRAWN (published,
 * then taken down by staff) and SCHEDULED (waiting for the server to publish it at its publish
 * time: a job of kind content.publish).
 */
export const PUBLICATION = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2, SCHEDULED: 3 } as const;

/** Whether an account may be used: a school (tenant), a user, an enterprise invitation code. */
export const ACCOUNT_STATUS = { DISABLED: 0, ACTIVE: 1 } as const;
