import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { urlOf } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as learningClass from '~/lib/api/contracts/learning-class';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { createApp } from '~/server/app';
import { createRuntime } from '~/server/runtime';
import type { Runtime } from '~/server/http/context';
import { bindUserToTenant } from '~/server/identity/identity.service';
import { DEMO, HOUR, parse, useTestServer } from '../setup/server';
import { loginAs, type TestUser } from '../setup/users';
import { enrolInClass } from '../setup/enrol';

/**
 * The class page's first view is eight calls (bench/learners.mjs classScreenCalls). Each call's
 * database statements are counted through a runtime whose database counts every statement it
 * sends; the counts are bounded, and they do not grow with the class: twenty more classmates with
 * their visits change none of them (no statement per student).
 */
const server = useTestServer();

let statements = 0;
const counting: KyselyPlugin = {
  // Counted as each statement's answer comes back: statements printed once (src/server/db/prepared.ts) are counted too.
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements++;
    return args.result;
  },
};

let runtime: Runtime;
let app: ReturnType<typeof createApp>;
let student: TestUser;
let classId: string;
let studentId: string;

/**
 * The most statements each of the class page's calls may send: what they sent on 2026-11-29 (67 for the
 * whole first view, the session and school look-ups included; 59 once the school look-up was kept and an
 * enrolment stopped counting its class). The page now makes its first view in one call (below); these
 * calls stay for what changes later.
 */
const MAX_STATEMENTS: Record<string, number> = {
  detail: 5,
  increaseVisit: 5,
  userStudySituation: 11,
  todayActivities: 10,
  dynamicPage: 5,
  courseStatistic: 12,
  pastActivitySum: 9,
  pastActivityPage: 10,
};

function calls(): [string, string, unknown][] {
  const ids = { classId, userId: student.userId };
  const mine = { classId, studentId };
  return [
    ['detail', '/api/teaching/anyone/classStudent/detail', ids],
    ['increaseVisit', '/api/teaching/anyone/classStudent/increaseVisit', mine],
    ['userStudySituation', '/api/teaching/anyone/classStudent/userStudySituation', mine],
    ['todayActivities', '/api/teaching/anyone/classActivity/todayActivities', ids],
    ['dynamicPage', '/api/teaching/anyone/classActivity/dynamicPage', { current: 1, size: 30, model: { classId } }],
    ['courseStatistic', '/api/teaching/anyone/classStudent/courseStatistic', mine],
    ['pastActivitySum', '/api/teaching/anyone/classActivity/pastActivitySum', ids],
    ['pastActivityPage', '/api/teaching/anyone/classActivity/pastActivityPage', { current: 1, size: 6, order: 'descending', sort: 'id', model: ids }],
  ];
}

/**
 * The most statements the page's first view in one call (classFirstView) may send: 30 until the student's
 * activities were read once for the card and today's list (2026-11-29).
 */
const MAX_FIRST_VIEW_STATEMENTS = 24;

/** Statements of one call of the first view as the page makes it now. */
async function countFirstView(): Promise<number> {
  statements = 0;
  const init = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', TenantId: DEMO.id, Token: student.token },
    body: JSON.stringify({ classId, userId: student.userId }),
  };
  const answer = await parse(await app.request(urlOf(learningClass.classFirstView), init, { ip: '203.0.113.9' }));
  expect(answer.body.code, JSON.stringify(answer.body).slice(0, 200)).toBe(0);
  return statements;
}

/** Each call once, as the page makes them: the statements each sent. */
async function countEach(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, path, body] of calls()) {
    statements = 0;
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json', TenantId: DEMO.id, Token: student.token }, body: JSON.stringify(body) };
    const answer = await parse(await app.request(path, init, { ip: '203.0.113.9' }));
    expect(answer.body.code, `${name}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(0);
    counts[name] = statements;
  }
  return counts;
}

beforeAll(async () => {
  const s = server();
  runtime = createRuntime(s.runtime.config, s.runtime.db.withPlugin(counting), s.runtime.dbKind, () => s.clock.value, s.runtime.logger);
  app = createApp(runtime);
  student = await loginAs(s, DEMO.id, DEMO_STUDENT.mobile);
  const call = async <T>(contract: { path: string; method: string }, body: unknown) => {
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json', TenantId: DEMO.id, Token: student.token }, body: JSON.stringify(body) };
    return (await parse(await s.app.request(urlOf(contract as never), init))).body.data as T;
  };
  const className = LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === 'A')!.name;
  classId = (await call<learning.LearnerClass[]>(learning.studentClasses, { userId: student.userId })).find((c) => c.className === className)!.classId;
  studentId = (await call<learning.StudentClassDetail>(learning.studentClassDetail, { classId, userId: student.userId })).studentId;
  // The school is looked up once per process and kept (runtime.lookups): counted from the second view on.
  await countEach();
});

afterAll(async () => {
  // The database is the test server's: only the runtime's own listener is closed here.
  await runtime?.pageChanges.close();
});

describe("the class page's statements", () => {
  test('each call sends a bounded number of statements, and twenty more classmates change none of the counts', async () => {
    const before = await countEach();
    for (const [name, count] of Object.entries(before)) expect(count, name).toBeLessThanOrEqual(MAX_STATEMENTS[name]!);

    const s = server();
    for (let i = 0; i < 20; i++) {
      const mate = await loginAs(s, DEMO.id);
      await bindUserToTenant(s.runtime.db, DEMO.id, mate.userId, s.clock.value);
      await enrolInClass(s.runtime.db, { tenantId: DEMO.id, classId, userId: mate.userId, now: s.clock.value, joinedAt: s.clock.value - HOUR });
    }
    expect(await countEach()).toEqual(before);
  });

  test('the first view in one call sends fewer statements than the eight calls, and a bounded number that the class size does not change', async () => {
    const eight = Object.values(await countEach()).reduce((a, b) => a + b, 0);
    const one = await countFirstView();
    expect(one).toBeLessThan(eight);
    expect(one).toBeLessThanOrEqual(MAX_FIRST_VIEW_STATEMENTS);
    const s = server();
    for (let i = 0; i < 5; i++) {
      const mate = await loginAs(s, DEMO.id);
      await bindUserToTenant(s.runtime.db, DEMO.id, mate.userId, s.clock.value);
      await enrolInClass(s.runtime.db, { tenantId: DEMO.id, classId, userId: mate.userId, now: s.clock.value, joinedAt: s.clock.value - HOUR });
    }
    expect(await countFirstView()).toBe(one);
  });
});
