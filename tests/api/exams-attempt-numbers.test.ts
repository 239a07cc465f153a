import { describe, expect, test } from 'vitest';
import type { Kysely } from 'kysely';
import { numberAttempts } from '~/server/db/migrations/20261125T1330_attempt_policy';
import * as api from '~/lib/api/contracts/exams';
import { expectOk } from '../setup/api';
import { useTestServer } from '../setup/server';
import { callAs, newStudentPlace, setPolicy } from '../setup/exams';

/**
 * Migration 20261125T1330_attempt_policy numbers the attempts that exist already (decision 028):
 * per work and student 1, 2, … in the order they started, ties by id, on SQLite and PostgreSQL.
 */

const server = useTestServer();

describe('existing attempts get their numbers', () => {
  test('per work and student, by start then id; the seeded ones and attempts started in one millisecond alike', async () => {
    const db = server().runtime.db;
    const who = await newStudentPlace(server());
    const quiz = who.works['随堂小测']!;
    await setPolicy(server(), quiz.id, { maxAttempts: null });
    const start = () => callAs(server(), api.startAttempt, { classId: who.classId, studentId: who.studentId, workId: quiz.id }, who.user);
    const submit = (answerLogId: string) =>
      callAs(server(), api.submitTest, { classId: who.classId, studentId: who.studentId, testId: quiz.id, answerLogId }, who.user);
    // Two in the same millisecond, then one a minute later.
    for (const advance of [0, 0, 60_000]) {
      server().clock.advance(advance);
      expectOk(await submit(expectOk<api.AttemptState>(await start()).answerLogId));
    }
    const numbered = async () =>
      (await db.selectFrom('workAttempts').select(['id', 'workId', 'classStudentId', 'startedAt', 'attemptNo']).where('workId', 'is not', null).execute()).map(
        (r) => ({
          ...r,
          startedAt: Number(r.startedAt),
        }),
      );
    const before = await numbered();
    expect(before.length).toBeGreaterThan(3);
    await db.updateTable('workAttempts').set({ attemptNo: null }).execute();
    await numberAttempts(db as unknown as Kysely<any>);
    const after = await numbered();
    const groups = new Map<string, typeof after>();
    for (const r of after) groups.set(`${r.workId}:${r.classStudentId}`, [...(groups.get(`${r.workId}:${r.classStudentId}`) ?? []), r]);
    for (const list of groups.values()) {
      const ordered = [...list].sort((x, y) => x.startedAt - y.startedAt || (x.id < y.id ? -1 : 1));
      expect(ordered.map((r) => r.attemptNo)).toEqual(ordered.map((_, i) => i + 1));
    }
    // The new student's three: the minute-later one is the third.
    const mine = after.filter((r) => r.classStudentId === who.studentId && r.workId === quiz.id).sort((x, y) => Number(x.attemptNo) - Number(y.attemptNo));
    expect(mine.map((r) => r.startedAt)).toEqual([mine[0]!.startedAt, mine[0]!.startedAt, mine[0]!.startedAt + 60_000]);
  });
});
