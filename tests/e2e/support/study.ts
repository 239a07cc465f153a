import type { Page } from '@playwright/test';
import { openDatabase } from '../../../src/server/db/database';
import { DEMO_TENANT } from '../../../src/dev/seed/demo-data';
import { LEARNING_CLASSES } from '../../../src/dev/seed/learning-data';
import { ONLINE_COURSE } from '../../../src/dev/seed/online-classroom';
import { newId } from '../../../src/server/ids';
import { progressOf } from '../../../src/lib/learning/study-credit';
import { bindUserToTenant } from '../../../src/server/identity/identity.service';
import { E2E_DB_FILE } from './env';
import { loginStudent, type Student } from './session';

/**
 * Either resume notice at `time` (mm:ss): it plays on by itself, or it waits for a click. Which one is the
 * browser's autoplay policy at that moment, which its own tests pin down (learner-study-progress.spec.ts, "autoplay
 * allowed" and "autoplay blocked"); elsewhere what matters is where playback resumed.
 */
export const resumeNoticeAt = (time: string) => new RegExp(`^(上次学习到 ${time}，已为您自动续播|已定位到上次观看位置 ${time}，点击播放继续)$`);

const CLASS_A = LEARNING_CLASSES[DEMO_TENANT.id]!.find((c) => c.key === 'A')!.name;

/** A study record as the server keeps it: where the student is and what was credited. */
export interface StudyRow {
  lastPositionMs: number;
  furthestMs: number;
  creditedMs: number;
  seq: number;
}

/**
 * A new student of the demo school, logged in in the page and enrolled in class A, with no study
 * record: a browser test of study progress studies as them, and `remove()` takes them out of the
 * class again (their records go with the enrolment), so the class's counts and ranks that other
 * specs check stay as seeded.
 */
export async function newClassAStudent(page: Page) {
  const mobile = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const student: Student = await loginStudent(page, DEMO_TENANT.id, mobile);
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    const now = Date.now();
    const schoolStudentId = await bindUserToTenant(db, DEMO_TENANT.id, student.userId, now);
    const cls = await db
      .selectFrom('teachingClasses')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('name', '=', CLASS_A)
      .executeTakeFirstOrThrow();
    const course = await db
      .selectFrom('courses')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT.id)
      .where('name', '=', ONLINE_COURSE)
      .executeTakeFirstOrThrow();
    const studentId = newId(now);
    await db
      .insertInto('classStudents')
      .values({
        id: studentId,
        tenantId: DEMO_TENANT.id,
        classId: cls.id,
        userId: student.userId,
        schoolStudentId,
        periodId: null,
        serviceStatus: 2,
        enrolStateAt: now,
        visitCount: 1,
        statusAt: now,
        evaluateStatus: 0,
        createdAt: now,
      })
      .execute();
    const lessonIdOf = async (name: string) =>
      (await db.selectFrom('classrooms').select('id').where('courseId', '=', course.id).where('name', '=', name).executeTakeFirstOrThrow()).id;
    const lessons = { video: await lessonIdOf('电路的基本概念'), audio: await lessonIdOf('欧姆定律音频讲解') };
    return {
      student,
      classId: cls.id,
      studentId,
      courseId: course.id,
      lessons,
      /** The online classroom of the course '电工基础与安全用电', opening `classroomId` (else its first lesson). */
      url: (classroomId?: string) =>
        `/study/classroom/online?classId=${cls.id}&studentId=${studentId}&courseId=${course.id}${classroomId ? `&classroomId=${classroomId}` : ''}`,
      /** The student's record of a lesson, read from the server's database. */
      async record(classroomId: string): Promise<StudyRow | undefined> {
        const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
        try {
          const r = await db
            .selectFrom('lessonRecords')
            .selectAll()
            .where('classStudentId', '=', studentId)
            .where('classroomId', '=', classroomId)
            .executeTakeFirst();
          return r && { lastPositionMs: Number(r.lastPositionMs), furthestMs: Number(r.furthestMs), creditedMs: Number(r.creditedMs), seq: Number(r.seq) };
        } finally {
          await db.destroy();
        }
      },
      /** A record as if the student had studied the lesson before, up to `positionMs`. */
      async studied(classroomId: string, positionMs: number): Promise<void> {
        const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
        try {
          const at = Date.now() - 86_400_000;
          const lesson = await db.selectFrom('classrooms').select('durationMs').where('id', '=', classroomId).executeTakeFirstOrThrow();
          await db
            .insertInto('lessonRecords')
            .values({
              id: newId(at),
              tenantId: DEMO_TENANT.id,
              classId: cls.id,
              courseId: course.id,
              classroomId,
              classStudentId: studentId,
              lastPositionMs: positionMs,
              furthestMs: positionMs,
              creditedMs: positionMs,
              progress: progressOf(positionMs, Number(lesson.durationMs)),
              seq: 1,
              finishedAt: null,
              firstStudiedAt: at,
              lastReportAt: at,
              createdAt: at,
            })
            .execute();
        } finally {
          await db.destroy();
        }
      },
      /**
       * Takes the student out again. A lesson page is settled first (its media paused and their reports
       * answered: closing it sends nothing more), so no report of theirs arrives after. Another page
       * (a test that failed after leaving the lesson) has no reporter to wait for: its failure is the
       * one reported, not a wait here.
       */
      async remove(): Promise<void> {
        if (/^https?:/.test(page.url()) && (await page.locator('video, audio').count()) > 0) {
          const playing = await page.locator('video, audio').evaluateAll((media) => media.filter((m) => !(m as HTMLMediaElement).paused).length);
          const reported = playing ? page.waitForResponse((r) => r.url().includes('/classroom/online/progress')) : null;
          await page.locator('video, audio').evaluateAll((media) => {
            for (const m of media) (m as HTMLMediaElement).pause();
          });
          await reported;
          await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.startsWith('dcs.studyReport.')));
        }
        const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
        try {
          await db.deleteFrom('classStudents').where('id', '=', studentId).execute();
          await db.deleteFrom('studyClocks').where('userId', '=', student.userId).execute();
        } finally {
          await db.destroy();
        }
      },
    };
  } finally {
    await db.destroy();
  }
}
