import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { parseDateTime } from '~/lib/time/cst';
import { MUST_LEARN, ONLINE_TYPE } from '~/lib/learning/codes';
import { RECURRENCE_CAP } from '~/lib/learning/recurrence';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, pageFields } from '../../http/list-query';
import { DAY } from '~/lib/time/cst';
import * as service from './activities.admin.service';
import { ACTIVITY_LIMITS } from './activities.admin.rules';

/**
 * The staff calls of a class's activities, each through the staff gate by its name (session,
 * CSRF, origin, role), then the class scope in the service. The class is the path's id. Bad input
 * is refused with the form's own words and changes nothing.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
const oneOf = (values: readonly number[], message: string) => z.coerce.number({ error: message }).refine((n) => values.includes(n), { message });
const optionalText = (max: number, message: string) => z.preprocess(blankIsNull, z.string({ error: message }).trim().max(max, message).nullable());
const flag = z.boolean({ error: t('validation.invalid') });
const scope = z.preprocess(blankIsNone, z.enum(['one', 'following'], { error: t('activities.badScope') }).default('one'));

/** 'YYYY-MM-DD HH:mm' (seconds allowed), China Standard Time, as epoch ms. */
const dateTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40, t('activities.badTime'))
    .transform((text, ctx) => {
      const ms = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(text) ? parseDateTime(text) : Number.NaN;
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: 'custom', message: t('activities.badTime') });
        return z.NEVER;
      }
      return ms;
    });
/** 'YYYY-MM-DD' as the epoch ms of its start (China Standard Time); blank is none. */
const optionalDay = z.preprocess(
  blankIsNone,
  z
    .string({ error: t('activities.badDay') })
    .transform((text, ctx) => {
      const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseDateTime(text) : Number.NaN;
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: 'custom', message: t('activities.badDay') });
        return z.NEVER;
      }
      return ms;
    })
    .optional(),
);

const listQuery = z
  .object({
    id: idSchema,
    ...pageFields,
    from: optionalDay,
    to: optionalDay,
    onlineType: z.preprocess(blankIsNone, oneOf([ONLINE_TYPE.ONLINE, ONLINE_TYPE.OFFLINE], t('activities.badOnlineType')).optional()),
    isRequired: z.preprocess(blankIsNone, oneOf([MUST_LEARN.ELECTIVE, MUST_LEARN.REQUIRED], t('activities.badRequired')).optional()),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: t('activities.badRange') })
  // "to" names a day: activities starting any time that day are in.
  .transform((q) => ({ ...q, to: q.to === undefined ? undefined : q.to + DAY }));

const repeat = z.preprocess(
  blankIsNull,
  body({
    weekdays: z
      .array(
        z
          .number({ error: t('activities.repeat.noWeekday') })
          .int(t('activities.repeat.noWeekday'))
          .min(0, t('activities.repeat.noWeekday'))
          .max(6, t('activities.repeat.noWeekday')),
        {
          error: t('activities.repeat.noWeekday'),
        },
      )
      .min(1, t('activities.repeat.noWeekday'))
      .max(7, t('activities.repeat.noWeekday')),
    until: z.preprocess((v) => blankIsNone(v) ?? undefined, optionalDay).transform((v) => v ?? null),
    count: z.preprocess(
      blankIsNull,
      z
        .number({ error: t('activities.repeat.badCount', { max: RECURRENCE_CAP }) })
        .int(t('activities.repeat.badCount', { max: RECURRENCE_CAP }))
        .min(1, t('activities.repeat.badCount', { max: RECURRENCE_CAP }))
        .max(RECURRENCE_CAP, t('activities.repeat.badCount', { max: RECURRENCE_CAP }))
        .nullable(),
    ),
  })
    .refine((r) => r.until !== null || r.count !== null, { message: t('activities.repeat.noEnd') })
    .refine((r) => r.until === null || r.count === null, { message: t('activities.repeat.bothEnds') })
    .nullable(),
);

const activityInput = body({
  id: idSchema,
  activityId: z.preprocess(blankIsNone, idSchema.optional()),
  name: z
    .string({ error: t('activities.nameRequired') })
    .trim()
    .min(1, t('activities.nameRequired'))
    .max(ACTIVITY_LIMITS.name, t('activities.nameTooLong', { max: ACTIVITY_LIMITS.name })),
  courseId: z.preprocess(blankIsNull, idSchema.nullable()),
  classroomId: z.preprocess(blankIsNull, idSchema.nullable()),
  onlineType: oneOf([ONLINE_TYPE.ONLINE, ONLINE_TYPE.OFFLINE], t('activities.badOnlineType')),
  isRequired: oneOf([MUST_LEARN.ELECTIVE, MUST_LEARN.REQUIRED], t('activities.badRequired')),
  start: dateTime(t('activities.startRequired')),
  end: dateTime(t('activities.endRequired')),
  position: optionalText(ACTIVITY_LIMITS.position, t('activities.placeTooLong', { max: ACTIVITY_LIMITS.position })),
  address: optionalText(ACTIVITY_LIMITS.address, t('activities.addressTooLong', { max: ACTIVITY_LIMITS.address })),
  signIn: flag,
  signOut: flag,
  onlineAttendance: flag,
  repeat: repeat.optional().transform((r) => r ?? null),
  scope,
});

export const activitiesAdminRoutes = new Hono<ApiEnv>();

serveStaff(activitiesAdminRoutes, 'adminActivities', listQuery, (s, actor, q) => service.pageActivities(s, actor, q.id, q));
serveStaff(activitiesAdminRoutes, 'adminActivityOptions', z.object({ id: idSchema }), (s, actor, q) => service.activityOptions(s, actor, q.id));
serveStaff(activitiesAdminRoutes, 'adminActivitySave', activityInput, (s, actor, b) =>
  service.saveActivity(s, actor, b.id, { ...b, startAt: b.start, endAt: b.end, position: b.position ?? null, address: b.address ?? null }),
);
serveStaff(activitiesAdminRoutes, 'adminActivityDelete', body({ id: idSchema, activityId: idSchema, scope }), (s, actor, b) =>
  service.deleteActivity(s, actor, b.id, b.activityId, b.scope),
);
