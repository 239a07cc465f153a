import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { activityFields } from '~/lib/forms/activities';
import { RECURRENCE_CAP } from '~/lib/learning/recurrence';
import type { ApiEnv } from '../../http/scope';
import { idSchema } from '../../http/validate';
import { serveStaff } from '../../http/staff-gate';
import { blankIsNone, pageFields } from '../../http/list-query';
import { DAY } from '~/lib/time/cst';
import * as service from './activities.admin.service';
import { cstTime } from '../../http/cst-time';

/**
 * The staff calls of a class's activities, each through the staff gate by its name (session,
 * CSRF, origin, role), then the class scope in the service. The class is the path's id. Bad input
 * is refused with the form's own words and changes nothing.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);
const f = activityFields.shape;
const flag = z.boolean({ error: t('validation.invalid') });
const scope = z.preprocess(blankIsNone, z.enum(['one', 'following'], { error: t('activities.badScope') }).default('one'));

/** 'YYYY-MM-DD' as the epoch ms of its start (China Standard Time); blank is none. */
const optionalDay = z.preprocess(
  blankIsNone,
  z
    .string({ error: t('activities.badDay') })
    .transform(cstTime(t('activities.badDay'), /^\d{4}-\d{2}-\d{2}$/))
    .optional(),
);

const listQuery = z
  .object({
    id: idSchema,
    ...pageFields,
    from: optionalDay,
    to: optionalDay,
    onlineType: z.preprocess(blankIsNone, f.onlineType.optional()),
    isRequired: z.preprocess(blankIsNone, f.isRequired.optional()),
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
  name: f.name,
  courseId: z.preprocess(blankIsNull, idSchema.nullable()),
  classroomId: z.preprocess(blankIsNull, idSchema.nullable()),
  onlineType: f.onlineType,
  isRequired: f.isRequired,
  start: f.start,
  end: f.end,
  position: f.position,
  address: f.address,
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
