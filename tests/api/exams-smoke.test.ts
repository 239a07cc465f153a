import { beforeAll, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as api from '~/lib/api/contracts/exams';
import { DEMO_STUDENT } from '~/server/db/seed/login';
import { expectOk } from '../setup/api';
import { DEMO, useTestServer } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';

const server = useTestServer();
let demo: TestUser;
let classId: string;
let studentId: string;
const call = <Req>(c: Call<Req, unknown>, body: unknown, user: TestUser = demo) => server().call(c, body as Req, withToken(user.token));

beforeAll(async () => {
  demo = await loginAs(server(), DEMO.id, DEMO_STUDENT.mobile);
  const mine = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: demo.userId }));
  classId = mine.find((c) => c.className === '2026年秋季电工（四级）精品班')!.classId;
  studentId = expectOk<learning.StudentClassDetail>(await call(learning.studentClassDetail, { classId, userId: demo.userId })).studentId;
});

test('smoke', async () => {
  const lessons = await server().runtime.db.selectFrom('works').select(['id', 'title', 'classroomId', 'kind']).where('classId', '=', classId).execute();
  console.log(lessons.map((l) => l.title));
  for (const l of lessons) {
    const { id } = expectOk<{ id: string }>(await call(api.workId, { classId, studentId, kind: l.kind, classroomId: l.classroomId }));
    expect(id).toBe(l.id);
    const p = expectOk<api.Paper>(await call(api.paper, { classId, studentId, workId: id }));
    const logs = expectOk<api.AttemptLog[]>(await call(api.attemptLogs, { classId, studentId, workId: id }));
    process.stdout.write(`${l.title} ${Object.keys(p.questionResultVOMap)} ${Object.keys(p.englishQuestionResultVOMap)} logs=${JSON.stringify(logs)}\n`);
  }
  const w = lessons.find((l) => l.title === '第一章单元测验')!;
  const st = expectOk<api.AttemptState>(await call(api.startAttempt, { classId, studentId, workId: w.id }));
  console.log(st);
  const p = expectOk<api.Paper>(await call(api.paper, { classId, studentId, workId: w.id }));
  const single = p.questionResultVOMap['1']![0]!;
  const rec = (seq: number, keys: string[]) => ({ answerLogId: st.answerLogId, id: w.id, questionId: single.id, questionUnitId: single.questionUnitId, questionAnswerVO: { content: null, optionList: keys }, seq, answerTime: 1, submitTime: 2 });
  console.log(expectOk(await call(api.saveAnswers, { classId, studentId, answers: [rec(2, ['C']), rec(1, ['A'])] })));
  console.log(expectOk(await call(api.saveAnswers, { classId, studentId, answers: [rec(1, ['A'])] })));
  console.log(expectOk<api.AttemptState>(await call(api.attemptState, { classId, studentId, answerLogId: st.answerLogId })).answers);
  const [a, b] = await Promise.all([call(api.submitTest, { classId, studentId, testId: w.id, answerLogId: st.answerLogId }), call(api.submitTest, { classId, studentId, testId: w.id, answerLogId: st.answerLogId })]);
  console.log(expectOk(a), expectOk(b));
  const r = expectOk<api.ReviewedAttempt>(await call(api.reviewAttempt, { classId, studentId, workId: w.id, answerLogId: st.answerLogId }));
  console.log(JSON.stringify(r).slice(0, 1500));
});
