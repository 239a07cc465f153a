import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/learning-timetable';
import { t } from '~/server/i18n';
import { requestOrigin } from '../../http/origin';
import type { ApiEnv } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './timetable.service';
import { cstTime } from '../../http/cst-time';

/** Empty values (`"studentId": ""`) mean "not given". */
const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time, as epoch ms; blank is not given. */
const dateTime = z.preprocess(
  blank,
  z
    .string()
    .max(40)
    .transform(cstTime(t('learning.badDateTime')))
    .optional(),
);
const evaluateType = z.enum(['WEEK', 'MONTH', 'UNIT']);

const activitiesBody = z
  .object({ classId: idSchema, userId: idSchema, studentId: optionalId, evaluateType, startTime: dateTime, endTime: dateTime })
  .loose()
  .transform(({ startTime, endTime, ...rest }) => ({ ...rest, start: startTime, end: endTime }));
const dutyBody = z
  .object({ classId: idSchema, userId: idSchema, studentId: optionalId, evaluateType, beginDateTime: dateTime, endDateTime: dateTime })
  .loose()
  .transform(({ beginDateTime, endDateTime, ...rest }) => ({ ...rest, start: beginDateTime, end: endDateTime }));
const feedBody = z.object({ classId: idSchema, userId: idSchema }).loose();
// Any text: a malformed file name is the same 404 as an unknown token.
const fileParams = z.object({ file: z.string().max(300) }).loose();

/** The timetable and the private calendar feed (decision 020). */
export const timetableRoutes = new Hono<ApiEnv>();

serve(timetableRoutes, api.timetableActivities, activitiesBody, (s, b) => service.timetableActivities(s, b));
serve(timetableRoutes, api.timetableDutyCount, dutyBody, (s, b) => service.timetableDutyCount(s, b));
serve(timetableRoutes, api.calendarFeed, feedBody, (s, b, c) => service.calendarFeed(s, b, requestOrigin(s, c)));
serve(timetableRoutes, api.resetCalendarFeed, feedBody, (s, b, c) => service.resetCalendarFeed(s, b, requestOrigin(s, c)));
serve(timetableRoutes, api.calendarFile, fileParams, async (s, p, c) =>
  c.body(await service.calendarFile(s, p.file, requestOrigin(s, c)), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    // The feed is one student's: never in a shared cache; calendar apps poll, a few minutes is fresh enough.
    'Cache-Control': 'private, max-age=300',
    'Content-Disposition': 'inline; filename="timetable.ics"',
    'X-Robots-Tag': 'noindex, nofollow',
    'Referrer-Policy': 'no-referrer',
  }),
);
