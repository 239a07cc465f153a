import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Scope } from '../../http/scope';
import { ErrorCode } from '~/lib/envelope';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { formatDateTime } from '~/lib/time/cst';
import { DUTY_TYPES, sumDutyFigures } from '~/lib/learning/duties';
import { activityJump } from '~/lib/learning/jumps';
import { ONLINE_TYPE } from '~/lib/learning/codes';
import { ACTIVITY_STATUS, activityExpected } from '~/lib/learning/attendance';
import { toICalendar, type CalendarEvent } from '~/lib/learning/ical';
import { dayOptions, finishedShare, rangeProblem, rankingOf, type Ranking } from '~/lib/learning/timetable';
import type {
  CalendarFeed,
  EvaluateType,
  TimetableActivity,
  TimetableData,
  TimetableDutyCount,
  TimetableDutyKey,
} from '~/lib/api/contracts/learning-timetable';
import { studentEnrolment, type StudentEnrolment } from '../classes/classes.service';
import { membershipsIn, studentActivities, type StudentActivity } from '../activities/activities.service';
import { courseDuties } from '../duties/duties.service';
import { findLiveFeedByHash } from './calendar-feed.read-model';
import { classRanking, type StartRange } from './class-ranking.read-model';
import * as repo from './timetable.repository';

/**
 * The timetable: a student's activities of a class by date, the duty count
 * with the class ranking, and the private calendar feed (decision 020). Every call that a student
 * makes starts with studentEnrolment (the token's user, enrolled in the class); the feed file is
 * opened by a calendar app with the address's token instead, in the school of the host.
 */

export interface PeriodInput {
  classId: string;
  userId: string;
  studentId?: string | undefined;
  evaluateType: EvaluateType;
  /** Epoch ms, both ends included; required unless evaluateType is UNIT. */
  start?: number | undefined;
  end?: number | undefined;
}

const ref = (e: StudentEnrolment) => ({ tenantId: e.tenantId, classId: e.classId, classStudentId: e.classStudentId });

/** The start-time range [from, to) of a query; UNIT is the whole class. */
function rangeOf(input: PeriodInput): StartRange {
  if (input.evaluateType === 'UNIT') return {};
  if (input.start === undefined || input.end === undefined) throw AppError.badRequest(t('learning.rangeMissing'));
  const problem = rangeProblem(input.start, input.end);
  if (problem === 'inverted') throw AppError.badRequest(t('learning.rangeInverted'));
  if (problem === 'tooLong') throw AppError.badRequest(t('learning.rangeTooLong'));
  return { from: input.start, to: input.end + 1 };
}

function activityOf(a: StudentActivity): TimetableActivity {
  return {
    id: a.id,
    activityId: a.id,
    activityName: a.name,
    isRequired: a.isRequired === 1 ? 1 : 0,
    onlineType: a.onlineType,
    classActivityStatus: a.classActivityStatus,
    finStatus: a.finished ? 1 : 0,
    startTime: formatDateTime(a.startAt),
    endTime: formatDateTime(a.endAt),
    extendId: a.courseId,
    courseName: a.courseName,
    classroomId: a.classroomId,
    classroomName: a.classroomName,
    classroomType: a.classroomType ?? null,
    bizType: a.bizType,
    position: a.position,
    address: a.address,
  };
}

/** The user's activities by date: the range's activities, and by day with the day's colour. */
export async function timetableActivities(s: Scope, input: PeriodInput): Promise<TimetableData> {
  const e = await studentEnrolment(s, input);
  const range = rangeOf(input);
  const rows = await studentActivities(s, ref(e), range);
  const vo = new Map(rows.map((r) => [r.id, activityOf(r)]));
  return {
    optionData: dayOptions(rows).map((d) => ({ dateKey: d.dateKey, colorStatus: d.colorStatus, activityResultVOList: d.items.map((r) => vo.get(r.id)!) })),
    activityResultVOList: rows.map((r) => vo.get(r.id)!),
  };
}

const meets = (window: { learnStartAt: number | null; learnEndAt: number | null }, range: StartRange) =>
  (range.to === undefined || window.learnStartAt === null || window.learnStartAt < range.to) &&
  (range.from === undefined || window.learnEndAt === null || window.learnEndAt >= range.from);

/**
 * How long a class's ranking over a range is kept once made (decision 125). It is the same for every classmate who
 * asks and it reads the whole class (every student's required activities, sign-ins, hand-ins and study records): in a
 * class of 20,000 it cost each student's timetable that whole class. A place in it may be this far behind a
 * classmate's (or the student's own) latest finished activity, on every instance; the student's own counts beside it
 * are read on each call.
 */
export const RANKINGS_KEPT_MS = 30_000;
/** Rankings a process keeps at once (a class and range each; the oldest made is dropped first). */
export const RANKINGS_KEPT = 200;

/**
 * Each admitted student's share of the required activities in the range that are theirs (from their enrolment, in
 * their periods; decision 051), made at most once per RANKINGS_KEPT_MS per class and range (by the request clock).
 * Class-wide scores by class student id: the caller answers only its own student's place.
 */
function classRankingOf(s: Scope, e: StudentEnrolment, range: StartRange): Promise<Ranking> {
  const key = `${e.tenantId}/${e.classId}/${range.from ?? ''}/${range.to ?? ''}`;
  return s.lookups.rankings.get(key, async () => {
    const [ranking, memberships] = await Promise.all([
      classRanking(s.classWideDb, e.tenantId, e.classId, range),
      membershipsIn(s, { tenantId: e.tenantId, classId: e.classId, students: 'admitted' }, s.classWideDb),
    ]);
    const { activities, finished } = ranking;
    const scores = [...memberships].map(([id, theirs]) => {
      let expected = 0;
      for (const a of activities) if (activityExpected(a, theirs)) expected += 1;
      let finishedOfTheirs = 0;
      for (const k of finished.get(id) ?? []) if (activityExpected(activities[k]!, theirs)) finishedOfTheirs += 1;
      return { id, score: finishedShare(finishedOfTheirs, expected) };
    });
    return rankingOf(scores);
  });
}

/** The user's duty count over the period, with the class ranking. */
export async function timetableDutyCount(s: Scope, input: PeriodInput): Promise<TimetableDutyCount> {
  const e = await studentEnrolment(s, input);
  const range = rangeOf(input);
  const [required, ranking, duties] = await Promise.all([
    studentActivities(s, ref(e), { ...range, isRequired: 1 }),
    classRankingOf(s, e, range),
    courseDuties(s, ref(e)),
  ]);
  const figures = sumDutyFigures(duties.filter((d) => meets(d.course, range)).map((d) => d.figures));
  const resultMap = Object.fromEntries(DUTY_TYPES.map((k) => [k, figures.resultMap[k] ?? { totalNum: 0, finishNum: 0 }])) as Record<
    TimetableDutyKey,
    { totalNum: number; finishNum: number }
  >;
  const rank = ranking.place(e.classStudentId);
  return {
    requiredActivityNum: required.length,
    // Attended by the one rule (a sign-in, or an online activity's lesson done by its end; decision 051).
    finishSignActivityNum: required.filter((a) => a.classActivityStatus === ACTIVITY_STATUS.attended).length,
    rankIndex: rank.rankIndex,
    rankTotal: rank.rankTotal,
    resultMap,
  };
}

// --- The private calendar feed (decision 020) -------------------------------------------------

/** The token of a feed: HMAC of its random nonce under the server secret, 256 bits, base64url (43 characters). */
function tokenOf(secret: string, feed: { id: string; nonce: string }): string {
  return createHmac('sha256', secret).update(`calendar-feed\n${feed.id}\n${feed.nonce}`).digest('base64url');
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const feedUrl = (origin: string, token: string) => `${origin}/api/calendar/${token}.ics`;

async function liveFeed(s: Scope, e: StudentEnrolment) {
  const existing = await repo.findLiveFeed(s.db, e.tenantId, e.classStudentId);
  if (existing) return existing;
  const fresh = { id: newId(s.now), nonce: randomBytes(16).toString('hex') };
  const tokenHash = hashOf(tokenOf(s.config.SESSION_SECRET, fresh));
  await repo.insertFeed(s.db, { ...fresh, tenantId: e.tenantId, classStudentId: e.classStudentId, tokenHash, createdAt: s.now });
  const made = await repo.findLiveFeed(s.db, e.tenantId, e.classStudentId);
  if (!made) throw AppError.conflict(t('learning.feedBusy'));
  return made;
}

/**
 * The student's feed address, made on first use. `origin` is where the request came in
 * (scheme and host): the feed is served by the school of that host.
 */
export async function calendarFeed(s: Scope, input: { classId: string; userId: string }, origin: string): Promise<CalendarFeed> {
  const e = await studentEnrolment(s, input);
  const feed = await liveFeed(s, e);
  return { url: feedUrl(origin, tokenOf(s.config.SESSION_SECRET, feed)) };
}

/** A new address; the old one is revoked first, so it stops working at once. */
export async function resetCalendarFeed(s: Scope, input: { classId: string; userId: string }, origin: string): Promise<CalendarFeed> {
  const e = await studentEnrolment(s, input);
  await repo.revokeFeeds(s.db, e.tenantId, e.classStudentId, s.now);
  const feed = await liveFeed(s, e);
  return { url: feedUrl(origin, tokenOf(s.config.SESSION_SECRET, feed)) };
}

/** HTTP 404 as well as the envelope's code: calendar apps read the status, not the body. */
const feedNotFound = () => new AppError(ErrorCode.NOT_FOUND, t('learning.feedNotFound'), 404);

/**
 * The feed file: the class's activities as VEVENTs. A malformed, unknown or revoked token, or one
 * of another school than the host's, is the same 404 with no detail.
 */
export async function calendarFile(s: Scope, file: string, origin: string): Promise<string> {
  const token = TOKEN_FILE.exec(file)?.[1];
  if (!token) throw feedNotFound();
  const tenant = await s.tenant();
  const feed = await findLiveFeedByHash(s.db, hashOf(token));
  if (!feed || feed.tenantId !== tenant.id) throw feedNotFound();
  const e = { tenantId: feed.tenantId, classId: feed.classId, classStudentId: feed.classStudentId };
  const rows = await studentActivities(s, e, {});
  const context = { classId: feed.classId, studentId: feed.classStudentId, userId: feed.userId };
  const events: CalendarEvent[] = rows.map((a) => {
    const offline = a.onlineType === ONLINE_TYPE.OFFLINE;
    const place = [a.position, a.address].filter(Boolean).join(' ');
    const lines = [
      a.courseName ? t('learning.feedCourse', { name: a.courseName }) : null,
      `${t(a.isRequired === 1 ? 'timetable.required' : 'timetable.elective')} · ${t(offline ? 'timetable.offline' : 'timetable.online')}`,
    ].filter((l): l is string => l !== null);
    return {
      uid: `activity-${a.id}@${feed.tenantId}.timetable`,
      start: a.startAt,
      end: a.endAt,
      summary: a.name,
      location: place || (offline ? null : t('timetable.online')),
      description: lines.join('\n'),
      url:
        origin +
        activityJump(
          {
            id: a.id,
            onlineType: a.onlineType,
            courseId: a.courseId,
            classroomId: a.classroomId,
            bizType: a.bizType,
            isRequired: a.isRequired,
            classroomType: a.classroomType,
          },
          context,
        ),
    };
  });
  return toICalendar({ name: t('learning.feedName', { className: feed.className }), events, stamp: s.now });
}
