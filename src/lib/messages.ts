import { UNREAD_SHOWN_MAX } from './api/contracts/messages';

/** The learner's message centre. */
export const MESSAGES_PATH = '/study/messages';

/** An unread count as a badge shows it: up to 99, then '99+'. */
export const unreadText = (n: number): string => (n > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(n));
