import { expect, test } from 'vitest';
import * as tt from '~/lib/api/contracts/learning-timetable';
import { newId } from '~/server/ids';
import { CLASSROOM_TYPE, ONLINE_TYPE, SERVICE_STATUS } from '~/lib/learning/codes';
import { SIGN_IN } from '~/lib/learning/sign';
import { RANKINGS_KEPT_MS } from '~/server/learning/timetable/timetable.service';
import { expectOk } from '../setup/api';
import { createLearningClass, finishLesson, handIn, type FixtureLesson } from '../setup/learning';
import { DAY, DEMO, HOUR, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

/**
 * The timetable's class ranking is made once per class and range and kept RANKINGS_KEPT_MS (decision 125). The
 * promise: a place is never more than that behind what the students did, the student's own counts beside it are never
 * behind, and a ranking is never another class's or another range's. This test makes its own class and moves its own
 * clock.
 */
const server = useTestServer();
const s = () => server();

async function twoStudents() {
  const now = s().clock.value;
  const users = [await loginAs(s(), DEMO.id), await loginAs(s(), DEMO.id)] as const;
  const c = await createLearningClass(s().runtime.db, {
    tenantId: DEMO.id,
    now,
    name: `排名班${newId(now)}`,
    courseName: '排名课',
    lessons: [{ name: '安全用电', type: 1, minutes: 10 }],
    duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 80 }],
    userIds: users.map((u) => u.userId),
    activities: [{ lesson: '安全用电', startAt: now - 2 * DAY, endAt: now - 2 * DAY + 2 * HOUR }],
  });
  return { ...c, users };
}

const countOf = async (user: TestUser, classId: string, range: Record<string, unknown> = { evaluateType: 'UNIT' }) =>
  expectOk<tt.TimetableDutyCount>(await s().call(tt.timetableDutyCount, { classId, userId: user.userId, ...range } as never, withToken(user.token)));

test("a place is kept a while and then follows what the class did; the student's own counts never wait", async () => {
  const x = await twoStudents();
  const [a, b] = x.users;
  expect(await countOf(a, x.classId)).toMatchObject({ finishSignActivityNum: 0, rankIndex: 1, rankTotal: 2 });
  // b finishes the activity's lesson in time: b's own count shows it at once, the kept places do not yet.
  await finishLesson(s().runtime.db, DEMO.id, x, x.studentIds[b.userId]!, '安全用电', s().clock.value - 2 * DAY + HOUR);
  expect(await countOf(b, x.classId)).toMatchObject({ finishSignActivityNum: 1, rankIndex: 1, rankTotal: 2 });
  expect(await countOf(a, x.classId)).toMatchObject({ rankIndex: 1 });
  // A range not asked for before is made now, with b's lesson in it.
  const week = { evaluateType: 'WEEK', beginDateTime: '2026-11-16 00:00:00', endDateTime: '2026-11-22 23:59:59' };
  expect(await countOf(a, x.classId, week)).toMatchObject({ rankIndex: 2, rankTotal: 2 });
  // Just before the kept time ends the place is the same; once it has passed, a is second.
  s().clock.advance(RANKINGS_KEPT_MS - 1);
  expect(await countOf(a, x.classId)).toMatchObject({ rankIndex: 1 });
  s().clock.advance(1);
  expect(await countOf(a, x.classId)).toMatchObject({ finishSignActivityNum: 0, rankIndex: 2, rankTotal: 2 });
  expect(await countOf(b, x.classId)).toMatchObject({ rankIndex: 1, rankTotal: 2 });
});

test("a class's kept ranking is not another class's, and many asking at once get one ranking", async () => {
  const first = await twoStudents();
  const second = await twoStudents();
  await finishLesson(s().runtime.db, DEMO.id, second, second.studentIds[second.users[1].userId]!, '安全用电', s().clock.value - 2 * DAY + HOUR);
  expect(await countOf(first.users[0], first.classId)).toMatchObject({ rankIndex: 1, rankTotal: 2 });
  const asked = await Promise.all([...second.users, ...second.users, ...second.users].map((u) => countOf(u, second.classId)));
  expect(asked.map((d) => d.rankIndex)).toEqual([2, 1, 2, 1, 2, 1]);
});

/** A video lesson, a homework and a face-to-face activity's lesson: one for each way of finishing. */
const WAYS: FixtureLesson[] = [
  { name: '安全用电', type: CLASSROOM_TYPE.VIDEO, minutes: 10 },
  { name: '用电作业', type: CLASSROOM_TYPE.HOMEWORK },
  { name: '现场实操', type: CLASSROOM_TYPE.VIDEO, minutes: 10 },
];

test('each way of finishing an activity places a student: a sign-in, a hand-in, a finished lesson', async () => {
  const now = s().clock.value;
  const db = s().runtime.db;
  const users = [await loginAs(s(), DEMO.id), await loginAs(s(), DEMO.id), await loginAs(s(), DEMO.id), await loginAs(s(), DEMO.id)] as const;
  const past = (days: number, lesson: string) => ({ lesson, startAt: now - days * DAY, endAt: now - days * DAY + 2 * HOUR });
  const activities = [past(3, '安全用电'), past(2, '用电作业'), past(1, '现场实操')];
  const name = `排名方式班${newId(now)}`;
  const x = await createLearningClass(db, {
    tenantId: DEMO.id,
    now,
    name,
    courseName: '排名方式课',
    lessons: WAYS,
    duties: [],
    userIds: users.map((u) => u.userId),
    activities,
  });
  const [video, homework, onSite] = await db.selectFrom('classActivities').select(['id']).where('classId', '=', x.classId).orderBy('startAt').execute();
  await db.updateTable('classActivities').set({ onlineType: ONLINE_TYPE.OFFLINE }).where('id', '=', onSite!.id).execute();
  const [, signs, handsIn, studies] = users.map((u) => x.studentIds[u.userId]!);
  const at = (a: { id: string }) => now - (a === video ? 3 : a === homework ? 2 : 1) * DAY + HOUR;
  await db
    .insertInto('activityAttendance')
    .values({
      id: newId(now),
      tenantId: DEMO.id,
      classId: x.classId,
      activityId: onSite!.id,
      classStudentId: signs!,
      type: SIGN_IN,
      signedAt: at(onSite!),
      lat: null,
      lon: null,
      createdAt: at(onSite!),
      correctedBy: null,
    })
    .execute();
  await handIn(db, {
    tenantId: DEMO.id,
    classId: x.classId,
    courseId: x.courseId,
    classroomId: x.lessons['用电作业']!,
    classStudentId: handsIn!,
    submittedAt: at(homework!),
  });
  await finishLesson(db, DEMO.id, x, studies!, '安全用电', at(video!));
  // Each of the three finished one of three; the fourth none.
  const places = await Promise.all(users.map((u) => countOf(u, x.classId)));
  expect(places.map((p) => [p.finishSignActivityNum, p.rankIndex, p.rankTotal])).toEqual([
    [0, 4, 4],
    [1, 1, 4],
    [1, 1, 4],
    [1, 1, 4],
  ]);
});

test('a student not yet admitted is not in the ranking, even with the activity finished', async () => {
  const now = s().clock.value;
  const db = s().runtime.db;
  const users = [await loginAs(s(), DEMO.id), await loginAs(s(), DEMO.id), await loginAs(s(), DEMO.id)] as const;
  const x = await createLearningClass(db, {
    tenantId: DEMO.id,
    now,
    name: `录取班${newId(now)}`,
    courseName: '录取课',
    lessons: [{ name: '安全用电', type: CLASSROOM_TYPE.VIDEO, minutes: 10 }],
    duties: [],
    userIds: users.map((u) => u.userId),
    activities: [{ lesson: '安全用电', startAt: now - 2 * DAY, endAt: now - 2 * DAY + 2 * HOUR }],
  });
  const [, done, pending] = users.map((u) => x.studentIds[u.userId]!);
  await db.updateTable('classStudents').set({ serviceStatus: SERVICE_STATUS.PENDING_ADMISSION }).where('id', '=', pending!).execute();
  await finishLesson(db, DEMO.id, x, done!, '安全用电', now - 2 * DAY + HOUR);
  await finishLesson(db, DEMO.id, x, pending!, '安全用电', now - 2 * DAY + HOUR);
  // The two admitted are ranked: the one who finished first, the other second of two.
  const places = await Promise.all(users.slice(0, 2).map((u) => countOf(u, x.classId)));
  expect(places.map((p) => [p.finishSignActivityNum, p.rankIndex, p.rankTotal])).toEqual([
    [0, 2, 2],
    [1, 1, 2],
  ]);
});
