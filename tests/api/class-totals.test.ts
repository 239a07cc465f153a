import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { DB } from '~/server/db/database';
import { newId } from '~/server/ids';
import { SERVICE_STATUS } from '~/lib/learning/codes';
import { DEMO, NOW, useTestServer } from '../setup/server';
import { createLearningClass } from '../setup/learning';
import { newMobile } from '../setup/enrol';
import { ACCOUNT_STATUS } from '~/lib/status';

/**
 * A class's numbers of students are kept by the database (class_totals, decision 124): everyone signed up, and those
 * admitted (a service status other than pending admission). The promise: whoever writes class_students, in whatever
 * statements and at once, each class's kept numbers are its rows counted by the rule in TypeScript below. The same
 * rule is the triggers' SQL on each engine; this file runs on both.
 */
const server = useTestServer();

const STATUSES = Object.values(SERVICE_STATUS);
const admitted = (status: number) => status !== SERVICE_STATUS.PENDING_ADMISSION;

/** Users of their own for one run, bound to the demo school (class_students names a user). */
async function makeUsers(db: DB, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId(NOW));
  await db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        mobile: newMobile(),
        username: null,
        passwordHash: null,
        passwordUpdatedAt: null,
        nickName: null,
        realName: `学员${i}`,
        avatar: null,
        status: ACCOUNT_STATUS.ACTIVE,
        createdAt: NOW,
        updatedAt: NOW,
      })),
    )
    .execute();
  return ids;
}

async function makeClass(db: DB, name: string): Promise<string> {
  return (await createLearningClass(db, { tenantId: DEMO.id, now: NOW, name, courseName: name, lessons: [], duties: [], userIds: [] })).classId;
}

const student = (classId: string, userId: string, serviceStatus: number) => ({
  id: newId(NOW),
  tenantId: DEMO.id,
  classId,
  userId,
  schoolStudentId: `S${userId.slice(-8)}`,
  periodId: null,
  serviceStatus,
  enrolStateAt: null,
  visitCount: 0,
  statusAt: NOW,
  evaluateStatus: 0,
  createdAt: NOW,
});

/** Each class's kept numbers against its rows counted by the rule. */
async function expectKept(db: DB, classIds: readonly string[]): Promise<void> {
  const rows = await db.selectFrom('classStudents').select(['classId', 'serviceStatus']).where('classId', 'in', classIds).execute();
  const kept = await db.selectFrom('classTotals').selectAll().where('classId', 'in', classIds).execute();
  const counted = classIds.map((classId) => {
    const of = rows.filter((r) => r.classId === classId);
    return { classId, signUpTotal: of.length, admittedTotal: of.filter((r) => admitted(r.serviceStatus)).length };
  });
  expect(kept.map((k) => ({ classId: k.classId, signUpTotal: Number(k.signUpTotal), admittedTotal: Number(k.admittedTotal) })).sort(byClass)).toEqual(
    counted.sort(byClass),
  );
}
const byClass = (a: { classId: string }, b: { classId: string }) => a.classId.localeCompare(b.classId);

/** One write to class_students, as any writer might make it (a staff screen, an import, the seed, an operator's SQL). */
type Op =
  | { kind: 'add'; cls: number; users: number[]; status: number }
  | { kind: 'status'; pick: number; status: number }
  | { kind: 'statusAll'; cls: number; from: number[]; to: number }
  | { kind: 'move'; pick: number; cls: number }
  | { kind: 'visit'; pick: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'removeAll'; cls: number; status: number };

const CLASSES = 2;
const USERS = 6;
const status = fc.constantFrom(...STATUSES);
const cls = fc.nat(CLASSES - 1);
const pick = fc.nat(40);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), cls, users: fc.uniqueArray(fc.nat(USERS - 1), { minLength: 1, maxLength: USERS }), status }),
  fc.record({ kind: fc.constant('status' as const), pick, status }),
  fc.record({ kind: fc.constant('statusAll' as const), cls, from: fc.uniqueArray(status, { minLength: 1 }), to: status }),
  fc.record({ kind: fc.constant('move' as const), pick, cls }),
  fc.record({ kind: fc.constant('visit' as const), pick }),
  fc.record({ kind: fc.constant('remove' as const), pick }),
  fc.record({ kind: fc.constant('removeAll' as const), cls, status }),
);

async function apply(db: DB, classIds: readonly string[], userIds: readonly string[], o: Op): Promise<void> {
  switch (o.kind) {
    case 'add':
      // One statement for all of them; someone in the class already is left as they are.
      await db
        .insertInto('classStudents')
        .values(o.users.map((u) => student(classIds[o.cls]!, userIds[u]!, o.status)))
        .onConflict((oc) => oc.columns(['classId', 'userId']).doNothing())
        .execute();
      return;
    case 'statusAll':
      await db.updateTable('classStudents').set({ serviceStatus: o.to }).where('classId', '=', classIds[o.cls]!).where('serviceStatus', 'in', o.from).execute();
      return;
    case 'removeAll':
      await db.deleteFrom('classStudents').where('classId', '=', classIds[o.cls]!).where('serviceStatus', '=', o.status).execute();
      return;
  }
  // The rest change one student, picked among those of the classes now.
  const students = await db.selectFrom('classStudents').select(['id', 'classId', 'userId']).where('classId', 'in', classIds).orderBy('id').execute();
  const picked = students[o.pick % Math.max(1, students.length)];
  if (!picked) return;
  if (o.kind === 'status') await db.updateTable('classStudents').set({ serviceStatus: o.status }).where('id', '=', picked.id).execute();
  else if (o.kind === 'visit')
    await db
      .updateTable('classStudents')
      .set((eb) => ({ visitCount: eb('visitCount', '+', 1) }))
      .where('id', '=', picked.id)
      .execute();
  else if (o.kind === 'remove') await db.deleteFrom('classStudents').where('id', '=', picked.id).execute();
  else {
    const to = classIds[o.cls]!;
    if (students.some((s) => s.classId === to && s.userId === picked.userId)) return;
    await db.updateTable('classStudents').set({ classId: to }).where('id', '=', picked.id).execute();
  }
}

test('a new class has its numbers kept from nothing, and they go with the class', async () => {
  const db = server().runtime.db;
  const classId = await makeClass(db, '新班级');
  expect(await db.selectFrom('classTotals').selectAll().where('classId', '=', classId).executeTakeFirst()).toEqual({
    classId,
    signUpTotal: 0,
    admittedTotal: 0,
  });
  const [userId] = await makeUsers(db, 1);
  await db
    .insertInto('classStudents')
    .values(student(classId, userId!, SERVICE_STATUS.IN_SERVICE))
    .execute();
  await expectKept(db, [classId]);
  await db.deleteFrom('teachingClasses').where('id', '=', classId).execute();
  expect(await db.selectFrom('classTotals').selectAll().where('classId', '=', classId).executeTakeFirst()).toBeUndefined();
});

test('any sequence of writes to class_students keeps each class its numbers', { timeout: 120_000 }, async () => {
  const db = server().runtime.db;
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      const classIds = [await makeClass(db, '甲班'), await makeClass(db, '乙班')];
      const userIds = await makeUsers(db, USERS);
      for (const o of ops) {
        await apply(db, classIds, userIds, o);
        await expectKept(db, classIds);
      }
    }),
    { numRuns: 25 },
  );
});

test('writes at once, from many connections, keep the numbers', { timeout: 60_000 }, async () => {
  const db = server().runtime.db;
  const classId = await makeClass(db, '丙班');
  const userIds = await makeUsers(db, 40);
  // 40 enrolments at once, half of them pending admission, each its own statement.
  await Promise.all(
    userIds.map((u, i) =>
      db
        .insertInto('classStudents')
        .values(student(classId, u, i % 2 ? SERVICE_STATUS.PENDING_ADMISSION : SERVICE_STATUS.GO_LEARN))
        .execute(),
    ),
  );
  await expectKept(db, [classId]);
  const ids = (await db.selectFrom('classStudents').select('id').where('classId', '=', classId).orderBy('id').execute()).map((r) => r.id);
  // Then admissions, withdrawals and removals at once, several on the same students, and the same enrolment twice.
  await Promise.all([
    ...ids.slice(0, 20).map((id, i) =>
      db
        .updateTable('classStudents')
        .set({ serviceStatus: STATUSES[i % STATUSES.length]! })
        .where('id', '=', id)
        .execute(),
    ),
    ...ids.slice(10, 30).map((id) => db.updateTable('classStudents').set({ serviceStatus: SERVICE_STATUS.PENDING_ADMISSION }).where('id', '=', id).execute()),
    ...ids.slice(25, 35).map((id) => db.deleteFrom('classStudents').where('id', '=', id).execute()),
    ...userIds.slice(0, 10).map((u) =>
      db
        .insertInto('classStudents')
        .values(student(classId, u, SERVICE_STATUS.GO_LEARN))
        .onConflict((oc) => oc.columns(['classId', 'userId']).doNothing())
        .execute(),
    ),
  ]);
  await expectKept(db, [classId]);
});
