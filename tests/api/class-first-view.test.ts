import { describe, expect, test } from 'vitest';
import * as learning from '~/lib/api/contracts/learning';
import * as cls from '~/lib/api/contracts/learning-class';
import { DEFAULT_PAST_PAGE_SIZE, DYNAMIC_PAGE_SIZE } from '~/lib/learning/class-detail';
import { expectOk, expectRefused } from '../setup/api';
import { DAY, DEMO, HOUR, useTestServer } from '../setup/server';
import { newStudentIn } from '../setup/study';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { MINUTE, startOfCstDay } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { createLearningClass } from '../setup/learning';

/**
 * The class page's first view in one call (classFirstView) answers, part by part, what the page's
 * own calls answer right after it: the detail (its visit counted once), the student card's
 * statistics, the courses, and the first tab's content: today's activities and the class's newest
 * dynamics for a class that is running, the past sums and first page for a class that is over. Only
 * the student's own enrolment answers.
 */
const server = useTestServer();

const call = async <T>(c: { path: string; method: string }, body: unknown, user: TestUser): Promise<T> =>
  expectOk<T>(await server().call(c as never, body as never, withToken(user.token)));

async function bothWays(classKey: string) {
  const { user, in: enrolled } = await newStudentIn(server(), DEMO.id, [classKey], { joinedAt: server().clock.value - 30 * 86_400_000 });
  const { classId, studentId } = enrolled[classKey]!;
  const first = await call<cls.ClassFirstView>(cls.classFirstView, { classId, userId: user.userId }, user);
  const ids = { classId, userId: user.userId };
  const mine = { classId, studentId };
  const own = {
    detail: await call<learning.StudentClassDetail>(learning.studentClassDetail, ids, user),
    situation: await call<cls.UserStudySituation>(cls.userStudySituation, mine, user),
    courses: await call<{ classStudentCourseResultVOS: cls.ClassStudentCourse[] }>(cls.studentCourseStatistic, mine, user),
    today: await call<{ activityResultVOList: cls.TodayActivity[] }>(cls.todayActivities, ids, user),
    dynamics: await call<{ records: cls.ActivityDynamic[] }>(cls.activityDynamicPage, { current: 1, size: DYNAMIC_PAGE_SIZE, model: { classId } }, user),
    sums: await call<cls.PastActivitySum>(cls.pastActivitySum, ids, user),
    past: await call<unknown>(cls.pastActivityPage, { current: 1, size: DEFAULT_PAST_PAGE_SIZE, order: 'descending', sort: 'id', model: ids }, user),
  };
  return { user, classId, first, own };
}

describe('the class page in one call', () => {
  test('a running class: each part is what its own call answers, the visit counted once', async () => {
    const { first, own } = await bothWays('A');
    expect(first.detail.studentId).toBe(own.detail.studentId);
    // The first view counted this visit: the detail read after it shows the count it answered.
    expect(first.visits).toBe(first.detail.visitCount + 1);
    expect(own.detail).toEqual({ ...first.detail, visitCount: first.visits });
    expect(first.situation).toEqual(own.situation);
    expect(first.courses).toEqual(own.courses);
    expect(first.today).toEqual({ activities: own.today.activityResultVOList, dynamics: own.dynamics.records });
    expect(first.today!.activities.length).toBeGreaterThan(0);
    expect(first.past).toBeNull();
  });

  test('a class that is over opens on its past: the sums and the first page, no today', async () => {
    const { first, own } = await bothWays('C');
    expect(first.detail.teachingClassStatus).toBe(2);
    expect(first.today).toBeNull();
    expect(first.past).toEqual({ sums: own.sums, page: own.past });
  });

  test("another user's id or a class of someone else's is refused, and counts no visit", async () => {
    const { user, classId, first } = await bothWays('A');
    const stranger = await loginAs(server(), DEMO.id);
    expectRefused(await server().call(cls.classFirstView, { classId, userId: stranger.userId }, withToken(user.token)), ErrorCode.FORBIDDEN, /.+/);
    const refused = await server().call(cls.classFirstView, { classId, userId: stranger.userId }, withToken(stranger.token));
    expect(refused.body.code).not.toBe(0);
    const again = await call<learning.StudentClassDetail>(learning.studentClassDetail, { classId, userId: user.userId }, user);
    expect(again.visitCount).toBe(first.visits);
  });

  test("today's list is read once with the card's: activities at the day's edges are in it exactly as today's own call has them", async () => {
    const now = server().clock.value;
    const user = await loginAs(server(), DEMO.id);
    const midnight = startOfCstDay(now);
    // The last minute before today, today's first and last minute, and tomorrow's first (China time).
    const starts = [midnight - MINUTE, midnight, midnight + DAY - MINUTE, midnight + DAY];
    const c = await createLearningClass(server().runtime.db, {
      tenantId: DEMO.id,
      now,
      name: `今日边界班${newId(now)}`,
      courseName: '今日边界课',
      lessons: [{ name: '边界课时', type: 1, minutes: 10 }],
      duties: [],
      userIds: [user.userId],
      activities: starts.map((startAt) => ({ lesson: '边界课时', startAt, endAt: startAt + HOUR })),
    });
    const ids = { classId: c.classId, userId: user.userId };
    const first = await call<cls.ClassFirstView>(cls.classFirstView, ids, user);
    const own = await call<{ activityResultVOList: cls.TodayActivity[] }>(cls.todayActivities, ids, user);
    expect(first.today!.activities).toEqual(own.activityResultVOList);
    expect(first.today!.activities.map((a) => a.startTime)).toHaveLength(2);
  });
});
