import { z } from './zod';
import { saying } from './parts';
import { ANSWER_MAX, HIDE_REASON_MAX } from '~/lib/api/contracts/admin-interaction';
import { t } from '~/lib/i18n/messages/admin-inbox';

/**
 * The teachers' inbox forms (an answer, the reason for hiding or showing a post): their fields'
 * limits and messages, written once for the route that validates them and the screen that checks
 * them as they are typed (schemaCheck).
 */

export const answerText = saying(ANSWER_MAX, t('inbox.answerRequired'), t('inbox.answerTooLong', { max: ANSWER_MAX }));
export const hideReason = saying(HIDE_REASON_MAX, t('inbox.reasonRequired'), t('inbox.reasonTooLong', { max: HIDE_REASON_MAX }));

/** An answer to a question, or one's answer changed. */
export const answerForm = z.object({ answer: answerText });
/** Why a note or comment is hidden or shown again (kept in the audit log). */
export const visibilityForm = z.object({ reason: hideReason });
