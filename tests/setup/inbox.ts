import type { DB } from '~/server/db/database';
import { newId } from '~/server/ids';
import type { TestServer } from './server';
import { createLearningClass, type FixtureClass, type FixtureLesson } from './learning';
import { loginAs, type TestUser } from './users';

/**
 * A class of its own for the inbox and progress tests: its course's lessons, students logged in
 * (with tokens for the learner calls) and staff linked as its teachers.
 */

export const INBOX_LESSONS: readonly FixtureLesson[] = [
  { name: '视频一', type: 1, minutes: 10 },
  { name: '音频一', type: 2, minutes: 5 },
  { name: '讲义一', type: 3 },
  { name: '作业一', type: 6 },
  { name: '测试一', type: 7 },
  { name: '选修视频', type: 1, minutes: 8, mustLearn: 2 },
];

export const INBOX_DUTIES = [
  { dutyType: 'VIDEO_PROGRESS', targetValue: 80 },
  { dutyType: 'ONLINE_VIDEO_TEACHING_STUDY_TIMES', targetValue: 10 },
  { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 },
];

let counter = 0;

export async function inboxClass(
  server: TestServer,
  tenantId: string,
  students: number,
  names: readonly string[] = [],
): Promise<FixtureClass & { users: TestUser[]; name: string }> {
  counter += 1;
  const users: TestUser[] = [];
  for (let i = 0; i < students; i++) users.push(await loginAs(server, tenantId));
  const db = server.runtime.db;
  for (const [i, u] of users.entries())
    await db
      .updateTable('users')
      .set({ realName: names[i] ?? `学员${counter}-${i + 1}` })
      .where('id', '=', u.userId)
      .execute();
  const name = `答疑班${process.pid}-${counter}`;
  const made = await createLearningClass(db, {
    tenantId,
    now: server.clock.value,
    name,
    courseName: `答疑课程${counter}`,
    lessons: INBOX_LESSONS,
    duties: INBOX_DUTIES,
    userIds: users.map((u) => u.userId),
  });
  return { ...made, users, name };
}

/** Links a staff account to a class as one of its teachers. */
export async function linkTeacher(
  db: DB,
  tenantId: string,
  classId: string,
  accountId: string,
  role: 'head' | 'course' | 'tutor' = 'course',
  now = Date.now(),
) {
  await db
    .insertInto('classTeachers')
    .values({ id: newId(now), tenantId, classId, accountId, role, createdAt: now })
    .execute();
}

/** A study record of one lesson, as the classroom's reports would have left it. */
export async function studyRecord(
  db: DB,
  input: {
    tenantId: string;
    classId: string;
    courseId: string;
    classroomId: string;
    classStudentId: string;
    creditedMs: number;
    progress: number;
    now: number;
  },
) {
  const { now, ...rest } = input;
  await db
    .insertInto('lessonRecords')
    .values({
      id: newId(now),
      ...rest,
      lastPositionMs: 0,
      furthestMs: 0,
      seq: 1,
      finishedAt: input.progress >= 100 ? now : null,
      firstStudiedAt: now,
      lastReportAt: now,
      createdAt: now,
    })
    .execute();
}
