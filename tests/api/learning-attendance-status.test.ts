import { beforeAll, describe, expect, test } from 'vitest';
import { ACTIVITY_STATUS, activityStatus } from '~/lib/learning/attendance';
import { findStudentActivity, listStudentActivities } from '~/server/learning/activities/activities.repository';
import { newId } from '~/server/ids';
import type { ClassActivity } from '~/server/learning/activities/activities.table';
import { DEMO, HOUR, NOW, useTestServer } from '../setup/server';
import { newStudentIn } from '../setup/study';

/**
 * The attendance status is one rule written twice: in TypeScript (src/lib/learning/attendance.ts
 * activityStatus, for one activity) and in SQL (activities.repository.ts, so a page filtered by
 * status counts and pages in the database). This table runs both on every case at the boundaries
 * of the end instant, signed in or not, on the test's database engine (SQLite, or PostgreSQL
 * with DATABASE_URL): the two must agree with each other and with the expected status.
 */
const server = useTestServer();

let classId: string;
let classStudentId: string;
let like: ClassActivity;

const END = NOW + 2 * HOUR;

const CASES: { name: string; now: number; signedInAt: number | null; expected: number }[] = [
  { name: 'before the start, not signed', now: END - 2 * HOUR, signedInAt: null, expected: ACTIVITY_STATUS.pending },
  { name: 'a millisecond before the end, not signed', now: END - 1, signedInAt: null, expected: ACTIVITY_STATUS.pending },
  { name: 'at the end instant, not signed (still during the activity)', now: END, signedInAt: null, expected: ACTIVITY_STATUS.pending },
  { name: 'a millisecond after the end, not signed', now: END + 1, signedInAt: null, expected: ACTIVITY_STATUS.missed },
  { name: 'days after the end, not signed', now: END + 3 * 24 * HOUR, signedInAt: null, expected: ACTIVITY_STATUS.missed },
  { name: 'signed in, before the end', now: END - 1, signedInAt: END - HOUR, expected: ACTIVITY_STATUS.attended },
  { name: 'signed in, at the end', now: END, signedInAt: END - HOUR, expected: ACTIVITY_STATUS.attended },
  { name: 'signed in, after the end', now: END + 1, signedInAt: END - HOUR, expected: ACTIVITY_STATUS.attended },
  { name: 'signed in at the end instant itself, after the end', now: END + 1, signedInAt: END, expected: ACTIVITY_STATUS.attended },
];

beforeAll(async () => {
  const s = server();
  // A student of class A of this file's own: the sign-ins below are theirs.
  const { in: at } = await newStudentIn(s, DEMO.id, ['A']);
  classId = at['A']!.classId;
  classStudentId = at['A']!.studentId;
  like = await s.runtime.db.selectFrom('classActivities').selectAll().where('classId', '=', classId).where('onlineType', '=', 2).executeTakeFirstOrThrow();
});

describe('the attendance status: TypeScript and SQL agree at every boundary', () => {
  test.each(CASES)('$name', async ({ now, signedInAt, expected }) => {
    const db = server().runtime.db;
    const id = newId(NOW);
    await db
      .insertInto('classActivities')
      .values({ ...like, id, startAt: END - 90 * 60_000, endAt: END })
      .execute();
    if (signedInAt !== null) {
      await db
        .insertInto('activityAttendance')
        .values({
          id: newId(NOW),
          tenantId: DEMO.id,
          classId,
          activityId: id,
          classStudentId,
          type: 1,
          signedAt: signedInAt,
          lat: null,
          lon: null,
          createdAt: signedInAt,
        })
        .execute();
    }
    const typescript = activityStatus({ signedInAt, endAt: END, now });
    const row = await findStudentActivity(db, DEMO.id, classId, classStudentId, now, id);
    expect(typescript).toBe(expected);
    expect(Number(row!.classActivityStatus)).toBe(expected);
    // The status filter of a page runs the same SQL in its WHERE clause.
    const filtered = await listStudentActivities(db, DEMO.id, classId, classStudentId, now, { status: expected as 0 | 1 | 2 });
    expect(filtered.map((r) => r.id)).toContain(id);
    for (const other of Object.values(ACTIVITY_STATUS).filter((x) => x !== expected)) {
      const rows = await listStudentActivities(db, DEMO.id, classId, classStudentId, now, { status: other });
      expect(rows.map((r) => r.id)).not.toContain(id);
    }
  });
});
