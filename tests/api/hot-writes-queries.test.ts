import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as exams from '~/lib/api/contracts/exams';
import * as online from '~/lib/api/contracts/classroom-online';
import { urlOf } from '~/lib/api/contract';
import { createApp } from '~/server/app';
import { createRuntime } from '~/server/runtime';
import type { Runtime } from '~/server/http/context';
import { DEMO, parse, useTestServer } from '../setup/server';
import { leaves, newStudentPlace, record } from '../setup/exams';

/**
 * The two writes a class sends most (an answer save every few seconds of a test, a progress report
 * every few seconds of a video) send a bounded number of statements: counted through a runtime whose
 * database counts what it sends, after the first of each (the school's look-up is kept per process,
 * a student's study clock is made once). A statement added to either path shows here.
 */
const server = useTestServer();
let statements = 0;
let runtime: Runtime;
let app: ReturnType<typeof createApp>;

/**
 * The most statements of a save and of a report: what they send (13 each before 2026-11-29; a save 11 before 2026-12-02;
 * a report 10 before 2026-12-04; a save 9 and a report 8 before 2026-12-06; a save 8, then 7, until later that day: the bounds are what each sends today).
 */
const MAX_SAVE_STATEMENTS = 6;
const MAX_REPORT_STATEMENTS = 7;

beforeAll(() => {
  const s = server();
  const counting: KyselyPlugin = {
    // Counted as each statement's answer comes back: statements printed once (src/server/db/prepared.ts) are counted too.
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  };
  runtime = createRuntime(s.runtime.config, s.runtime.db.withPlugin(counting), s.runtime.dbKind, () => s.clock.value, s.runtime.logger);
  app = createApp(runtime);
});
afterAll(async () => runtime?.pageChanges.close());

describe('the statements of the hot writes', () => {
  test('an answer save and a progress report each send a bounded number of statements, the same every time', async () => {
    const s = server();
    const place = await newStudentPlace(s);
    const work = place.works['第一章单元测验']!;
    const ref = { classId: place.classId, studentId: place.studentId };
    const send = async (c: { path: string; method: string }, body: unknown) => {
      const init = { method: 'POST', headers: { 'Content-Type': 'application/json', TenantId: DEMO.id, Token: place.user.token }, body: JSON.stringify(body) };
      statements = 0;
      const answer = await parse(await app.request(urlOf(c as never), init, { ip: '203.0.113.9' }));
      expect(answer.body.code, JSON.stringify(answer.body).slice(0, 200)).toBe(0);
      return { data: answer.body.data, statements };
    };
    const started = (await send(exams.startAttempt, { ...ref, workId: work.id })).data as exams.AttemptState;
    const [q] = leaves((await send(exams.paper, { ...ref, workId: work.id })).data as exams.Paper);
    const saves = [];
    for (const seq of [1, 2, 3]) {
      saves.push(
        (await send(exams.saveAnswers, { ...ref, answers: [record({ workId: work.id, answerLogId: started.answerLogId }, q!, seq, { content: `答${seq}` })] }))
          .statements,
      );
    }
    // The first save inserts the answer, the later ones update it: the same number either way.
    expect(new Set(saves).size).toBe(1);
    expect(saves[0]).toBeLessThanOrEqual(MAX_SAVE_STATEMENTS);

    const video = await s.runtime.db
      .selectFrom('classrooms')
      .select(['id', 'courseId'])
      .where('name', '=', '电路的基本概念')
      .where('tenantId', '=', DEMO.id)
      .executeTakeFirstOrThrow();
    const lesson = { classroomId: video.id, courseId: video.courseId, ...ref };
    await send(online.recordView, lesson);
    const reports = [];
    for (const seq of [1, 2, 3]) {
      s.clock.value += 10_000;
      reports.push((await send(online.reportProgress, { ...lesson, seq, positionMs: seq * 10_000, watchedMs: 10_000, client: 'Web' })).statements);
    }
    // The first report makes the student's study clock; the next ones are the steady cost.
    expect(reports[1]).toBe(reports[2]);
    expect(reports[1]).toBeLessThanOrEqual(MAX_REPORT_STATEMENTS);
  });
});
