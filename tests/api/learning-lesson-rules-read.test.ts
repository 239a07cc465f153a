import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as api from '~/lib/api/contracts/classroom-online';
import { CLASSROOM_TYPE, LIVE_STATUS } from '~/lib/learning/codes';
import { completionPercent } from '~/lib/learning/duties';
import { newId } from '~/server/ids';
import { expectOk } from '../setup/api';
import { createLearningClass } from '../setup/learning';
import { DEMO, HOUR, useTestServer } from '../setup/server';
import { loginAs, withToken } from '../setup/users';

/**
 * A progress report reads its lesson, the course's name and the course's own duty rules in one statement (the rules
 * as a JSON list beside the lesson's row, on SQLite and on PostgreSQL). The percent that learns a video or a live
 * lesson is still duties.ts completionPercent over the course's rules: generated rules, repeated types, zero and
 * over-100 targets, rules of single lessons (which do not count) and another course's rules beside them.
 */

const server = useTestServer();
const PLAYED_TYPES = ['VIDEO_PROGRESS', 'EE_LIVE_LECTURES_VIDEO_PROGRESS'] as const;
const OTHER_TYPES = ['ONLINE_HOMEWORK_SUBMIT', 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES'] as const;
const ruleOf = (...types: string[]) => fc.record({ dutyType: fc.constantFrom(...types), targetValue: fc.integer({ min: 0, max: 150 }) });
const rule = ruleOf(...PLAYED_TYPES, ...OTHER_TYPES);
/** Rules that would change the percent were they read as the course's: of the played types only. */
const playedRule = ruleOf(...PLAYED_TYPES);

describe("a lesson's read with its course's rules", () => {
  test('the target percent of a played lesson is completionPercent of the course-wide rules, whatever else is stored', async () => {
    const s = server();
    const user = await loginAs(s, DEMO.id);
    await fc.assert(
      fc.asyncProperty(
        fc.array(rule, { maxLength: 6 }),
        fc.array(playedRule, { maxLength: 3 }),
        fc.array(playedRule, { maxLength: 3 }),
        fc.boolean(),
        async (courseRules, lessonRules, otherCourseRules, live) => {
          const suffix = Math.random().toString(36).slice(2, 8);
          const lessonName = live ? '直播课' : '视频课';
          const made = await createLearningClass(s.runtime.db, {
            tenantId: DEMO.id,
            now: s.clock.value,
            name: `规则读取班${suffix}`,
            courseName: `规则读取课${suffix}`,
            lessons: [{ name: lessonName, type: live ? CLASSROOM_TYPE.LIVE : CLASSROOM_TYPE.VIDEO, minutes: 10, content: live ? null : undefined }],
            duties: courseRules,
            userIds: [user.userId],
          });
          const classroomId = made.lessons[lessonName]!;
          if (live)
            await s.runtime.db
              .updateTable('classrooms')
              .set({ liveStatus: LIVE_STATUS.LIVE, classStartAt: s.clock.value - HOUR })
              .where('id', '=', classroomId)
              .execute();
          // Rules of this very lesson, and the rules of another course of the school: neither is the course's own.
          const other = await createLearningClass(s.runtime.db, {
            tenantId: DEMO.id,
            now: s.clock.value,
            name: `规则旁班${suffix}`,
            courseName: `规则旁课${suffix}`,
            lessons: [{ name: '旁课视频', type: CLASSROOM_TYPE.VIDEO, minutes: 10 }],
            duties: otherCourseRules,
            userIds: [],
          });
          if (lessonRules.length)
            await s.runtime.db
              .insertInto('dutyRules')
              .values(
                lessonRules.map((r) => ({ id: newId(s.clock.value), tenantId: DEMO.id, courseId: made.courseId, classroomId, ...r, createdAt: s.clock.value })),
              )
              .execute();
          expect(other.courseId).not.toBe(made.courseId);

          const ref = { classroomId, courseId: made.courseId, classId: made.classId, studentId: made.studentIds[user.userId]! };
          expectOk(await s.call(api.recordView, ref as never, withToken(user.token)));
          const answer = expectOk<api.ProgressReportAnswer>(
            await s.call(api.reportProgress, { ...ref, seq: 1, positionMs: 1_000, watchedMs: 1_000, client: 'Web' } as never, withToken(user.token)),
          );
          expect(answer.targetPercent).toBe(completionPercent(courseRules, live ? 'EE_LIVE_LECTURES_VIDEO_PROGRESS' : 'VIDEO_PROGRESS'));
        },
      ),
      { numRuns: 40 },
    );
  });
});
