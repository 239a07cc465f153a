import fc from 'fast-check';
import { expect, test } from 'vitest';
import * as api from '~/lib/api/contracts/learning-class';
import { newId } from '~/server/ids';
import { expectOk } from '../setup/api';
import { createLearningClass } from '../setup/learning';
import { DEMO, HOUR, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

/**
 * The class page shows the newest five dynamics of each of today's activities (decision 129: each activity's read from
 * its own index up to the limit, all in one statement). Generated dynamics of two activities today, of the class
 * itself (no activity) and of another class's activity today, with times that tie: each activity shows its own newest
 * five by time and then id, newest first, and nothing of the class's or of the other class.
 */
const server = useTestServer();
const SHOWN = 5;

const lesson = { name: '课', type: 1, minutes: 10 };

async function classToday(name: string, users: readonly TestUser[]) {
  const db = server().runtime.db;
  const now = server().clock.value;
  const activities = [0, 1].map((i) => ({ lesson: '课', startAt: now + (i + 1) * HOUR, endAt: now + (i + 2) * HOUR }));
  const c = await createLearningClass(db, {
    tenantId: DEMO.id,
    now,
    name: `${name}${newId(now)}`,
    courseName: '动态课',
    lessons: [lesson],
    duties: [],
    userIds: users.map((u) => u.userId),
    activities,
  });
  const rows = await db.selectFrom('classActivities').select('id').where('classId', '=', c.classId).orderBy('startAt').execute();
  return { ...c, activityIds: rows.map((r) => r.id) };
}

const dynamic = fc.record({
  /** 0 and 1: today's activities; 2: the class (no activity); 3: the other class's activity. */
  where: fc.integer({ min: 0, max: 3 }),
  /** Minutes before now: few, so that times tie. */
  minutesAgo: fc.integer({ min: 0, max: 2 }),
  student: fc.integer({ min: 0, max: 1 }),
  type: fc.constantFrom(0, 2, 4),
});

test("each of today's activities shows its own newest five dynamics, ties broken by id", async () => {
  const users = [await loginAs(server(), DEMO.id), await loginAs(server(), DEMO.id)] as const;
  const [viewer] = users;
  await fc.assert(
    fc.asyncProperty(fc.array(dynamic, { minLength: 12, maxLength: 40 }), async (generated) => {
      const db = server().runtime.db;
      const now = server().clock.value;
      const mine = await classToday('今日动态班', users);
      const other = await classToday('别班', users);
      const rows = generated.map((g) => {
        const x = g.where === 3 ? other : mine;
        const user = users[g.student]!;
        return {
          id: newId(now - g.minutesAgo * 60_000),
          tenantId: DEMO.id,
          classId: x.classId,
          activityId: g.where === 2 ? null : g.where === 3 ? other.activityIds[0]! : mine.activityIds[g.where]!,
          classStudentId: x.studentIds[user.userId]!,
          type: g.type,
          content: `动态${g.where}`,
          createdAt: now - g.minutesAgo * 60_000,
        };
      });
      if (rows.length) await db.insertInto('classDynamics').values(rows).execute();
      const today = expectOk<{ activityResultVOList: api.TodayActivity[] }>(
        await server().call(api.todayActivities, { classId: mine.classId, userId: viewer.userId }, withToken(viewer.token)),
      ).activityResultVOList;
      expect(today.map((a) => a.id)).toEqual(mine.activityIds);
      for (const a of today) {
        const expected = rows
          .filter((r) => r.activityId === a.id)
          .sort((x, y) => y.createdAt - x.createdAt || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0))
          .slice(0, SHOWN)
          .map((r) => r.id);
        expect(a.dynamic.map((d) => d.id)).toEqual(expected);
      }
    }),
    { numRuns: 30 },
  );
});
