import { z } from './zod';
import { blankIsNull, given, oneOf, optionalText } from './parts';
import { t } from '~/lib/i18n/messages/admin-activities';
import { MUST_LEARN, ONLINE_TYPE } from '~/lib/learning/codes';
import { parseDateTime } from '~/lib/time/cst';

/**
 * The class activity screen's forms (src/islands/admin/activities): an activity and an attendance
 * correction, each field's limit and message written once. The routes
 * (src/server/learning/activities/activities.admin.routes.ts, attendance/attendance.admin.routes.ts)
 * validate with these fields and add what only they know (ids, flags, the repeat rule); the
 * islands check a field with them (schemaCheck).
 */

export const ACTIVITY_LIMITS = { name: 50, position: 50, address: 200 } as const;
/** A correction's reason is said in a few sentences. */
export const CORRECTION_REASON_MAX = 200;
/** A date and time typed is never longer than this: a longer text is wrong without parsing it. */
const DATE_TIME_MAX = 40;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** 'YYYY-MM-DD HH:mm' (a 'T' between, seconds allowed), China Standard Time, as epoch ms. */
export const dateTimeText = z
  .string({ error: t('activities.badTime') })
  .max(DATE_TIME_MAX, t('activities.badTime'))
  .transform((text, ctx) => {
    const ms = DATE_TIME.test(text.trim()) ? parseDateTime(text) : Number.NaN;
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: t('activities.badTime') });
      return z.NEVER;
    }
    return ms;
  });

/** A required date and time: blank says which one is missing. */
const requiredDateTime = (required: string) => z.string({ error: required }).trim().min(1, required).pipe(dateTimeText);

export const activityFields = z.object({
  name: given(ACTIVITY_LIMITS.name, t('activities.nameRequired'), t('activities.nameTooLong', { max: ACTIVITY_LIMITS.name })),
  onlineType: oneOf([ONLINE_TYPE.ONLINE, ONLINE_TYPE.OFFLINE], t('activities.badOnlineType')),
  isRequired: oneOf([MUST_LEARN.ELECTIVE, MUST_LEARN.REQUIRED], t('activities.badRequired')),
  start: requiredDateTime(t('activities.startRequired')),
  end: requiredDateTime(t('activities.endRequired')),
  position: optionalText(ACTIVITY_LIMITS.position, t('activities.placeTooLong', { max: ACTIVITY_LIMITS.position })),
  address: optionalText(ACTIVITY_LIMITS.address, t('activities.addressTooLong', { max: ACTIVITY_LIMITS.address })),
});

export const correctionFields = z.object({
  signedAt: z.preprocess(blankIsNull, dateTimeText.nullable()),
  reason: given(CORRECTION_REASON_MAX, t('attendance.reasonRequired'), t('attendance.reasonTooLong', { max: CORRECTION_REASON_MAX })),
});
