import { Hono, type Context } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/learning-timetable';
import { parseDateTime } from '~/lib/time/cst';
import { t } from '~/server/i18n';
import { fetchHeaders, isHttps, isPlausibleHost } from '../../http/forwarded';
import type { ApiEnv, Scope } from '../../http/scope';
import { serve } from '../../http/serve';
import { idSchema } from '../../http/validate';
import * as service from './timetable.service';

/** Empty values (`"studentId": ""`) mean "not given". */
const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optionalId = z.preprocess(blank, idSchema.optional());

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time, as epoch ms; blank is not given. */
const dateTime = z.preprocess(
  blank,
  z
    .string()
    .max(40)
    .transform((text, ctx) => {
      const ms = parseDateTime(text);
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: 'custom', message: t('learning.badDateTime') });
        return z.NEVER;
      }
      return ms;
    })
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

/** The first value of a header that may list several. */
const firstOf = (value: string | undefined) => (value ?? '').split(',')[0]!.trim();

/**
 * Where the request came in, scheme and host with its port, for the feed address: the forwarded
 * host and scheme only behind a trusted proxy (as everywhere), a host that is not plausible falls
 * back to the request's resolved host.
 */
function originOf(s: Scope, c: Context<ApiEnv>): string {
  const url = new URL(c.req.url);
  const forwarded = s.config.TRUST_PROXY ? firstOf(c.req.header('x-forwarded-host')) : '';
  const given = forwarded || firstOf(c.req.header('host')) || url.host;
  const host = isPlausibleHost(given) ? given.toLowerCase() : s.host;
  const https = s.config.SITE_ON_HTTPS || isHttps(fetchHeaders(c.req.raw.headers), s.config.TRUST_PROXY, url.protocol === 'https:');
  return `${https ? 'https' : 'http'}://${host}`;
}

/** The timetable (learner-area.md 2.3) and the private calendar feed (decision 020). */
export const timetableRoutes = new Hono<ApiEnv>();

serve(timetableRoutes, api.timetableActivities, activitiesBody, (s, b) => service.timetableActivities(s, b));
serve(timetableRoutes, api.timetableDutyCount, dutyBody, (s, b) => service.timetableDutyCount(s, b));
serve(timetableRoutes, api.calendarFeed, feedBody, (s, b, c) => service.calendarFeed(s, b, originOf(s, c)));
serve(timetableRoutes, api.resetCalendarFeed, feedBody, (s, b, c) => service.resetCalendarFeed(s, b, originOf(s, c)));
serve(timetableRoutes, api.calendarFile, fileParams, async (s, p, c) =>
  c.body(await service.calendarFile(s, p.file, originOf(s, c)), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    // The feed is one student's: never in a shared cache; calendar apps poll, a few minutes is fresh enough.
    'Cache-Control': 'private, max-age=300',
    'Content-Disposition': 'inline; filename="timetable.ics"',
    'X-Robots-Tag': 'noindex, nofollow',
    'Referrer-Policy': 'no-referrer',
  }),
);
