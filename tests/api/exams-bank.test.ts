import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import { BANK_PAPER_ID } from '~/dev/seed/exams-data';
import { CLASSMATES } from '~/dev/seed/learning-data';
import { expectOk, expectRefused } from '../setup/api';
import { startFakeBank, fakeBankToken, FAKE_BANK_QUESTIONS, type FakeBank } from '../setup/fake-bank';
import { startTestServer, type TestServer, startEachTestAtNow } from '../setup/server';
import { allQuestions, callAs, examPlace, setPolicy, type ExamPlace } from '../setup/exams';
import { SAVE_GRACE_MS } from '~/server/exams/attempts/deadline.rules';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Works from the external question bank (sourceType 'xskt') against a fake bank started here
 * (tests/setup/fake-bank.ts): the bank's paper and the student's bank token, no saves while
 * answering, one submission forwarded to the bank and recorded as the bank marked it, the review
 * from that marking; the bank failing or not configured is a clear 503 and changes nothing.
 */

let fake: FakeBank;
let server: TestServer;
let bare: TestServer;
let p: ExamPlace;
let mate: ExamPlace;

const TITLE = '题库练习';
const call = <Req>(c: Call<Req, unknown>, body: unknown, who = p, s = server) => callAs(s, c, body, who.user);
const me = (who = p) => ({ classId: who.classId, studentId: who.studentId });
const work = (who = p) => who.works[TITLE]!;
const ANSWERS = [
  { questions_id: 'XS-101', user_answer: 'A' },
  { questions_id: 'XS-102', user_answer: 'B,A,D' },
  { questions_id: 'XS-103', user_answer: '2' },
  { questions_id: 'XS-104', user_answer: '预防' },
];

startEachTestAtNow(() => [server, bare]);
beforeAll(async () => {
  fake = await startFakeBank();
  server = await startTestServer({ XSKT_BANK_URL: fake.url });
  bare = await startTestServer();
  p = await examPlace(server);
  mate = await examPlace(server, CLASSMATES[0]!.mobile);
});

afterAll(async () => {
  await server?.close();
  await bare?.close();
  await fake?.close();
});

const submitBody = (a: api.AttemptState, token: string, answers = ANSWERS, who = p) => ({
  ...me(who),
  studentWorkId: work(who).id,
  classroomId: work(who).classroomId,
  courseId: work(who).courseId,
  activityId: '',
  answerLogId: a.answerLogId,
  use_time: 312,
  userAnswerObjects: answers,
  xsktUserToken: token,
});

describe('the bank’s paper', () => {
  test('the questions in the bank’s format, sanitised, with the student’s own bank token; no countdown', async () => {
    fake.calls.length = 0;
    const x = expectOk<api.XsktPaper>(await call(api.xsktPaper, { ...me(), workId: work().id }));
    expect(x.xsktUserToken).toBe(fakeBankToken(p.user.userId, BANK_PAPER_ID));
    expect(x.xiongsongQuestionUnitCAResultVO.title).toBe('电工安全技术题库练习');
    const questions = Object.values(x.xiongsongQuestionUnitCAResultVO.questionResultVOMap).flat();
    expect(questions.map((q) => q!.questions_id)).toEqual(FAKE_BANK_QUESTIONS.map((q) => q.questions_id));
    expect(questions.every((q) => q!.submit.user_answer === '' && q!.submit.is_right === null)).toBe(true);
    expect(JSON.stringify(x)).not.toContain('analysis');
    expect(fake.calls).toEqual([{ path: '/paper', body: { paperId: BANK_PAPER_ID, tenantId: expect.any(String), userId: p.user.userId } }]);
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work().id }));
    expect(a).toMatchObject({ status: 0, remainingSeconds: null, totalSeconds: null });
  });

  test('the answering page’s first view of a bank work starts no attempt: the page reads the bank’s paper first', async () => {
    const who = await examPlace(server, CLASSMATES[1]!.mobile);
    const first = expectOk<api.WorkFirstView>(await call(api.workFirstView, { ...me(who), kind: work(who).kind, step: 'answer', workId: work(who).id }, who));
    expect(first.paper.sourceType).toBe('xskt');
    expect(first.attempt).toBeNull();
    expect(expectOk<api.AttemptLog[]>(await call(api.attemptLogs, { ...me(who), workId: work(who).id }, who))).toEqual([]);
  });

  test('a work that is not the bank’s is refused; without a configured bank 503 题库服务未开通', async () => {
    const notBank = await call(api.xsktPaper, { ...me(), workId: p.works['随堂小测']!.id });
    expectRefused(notBank, ErrorCode.BAD_REQUEST, t('exams.notBankWork'));
    const there = await examPlace(bare);
    const off = await callAs(bare, api.xsktPaper, { classId: there.classId, studentId: there.studentId, workId: there.works[TITLE]!.id }, there.user);
    expectRefused(off, ErrorCode.UNAVAILABLE, t('exams.bankNotConfigured'));
  });

  test('without a configured bank the standing says why and a start is refused with that message, opening nothing (issue 27)', async () => {
    const there = await examPlace(bare);
    const ref = { classId: there.classId, studentId: there.studentId, workId: there.works[TITLE]!.id };
    const NO_BANK = '本测验的题目来自外部题库，本校尚未开通题库服务，暂时无法作答，请联系班主任';
    const standing = expectOk<api.WorkStanding>(await callAs(bare, api.workStanding, ref, there.user));
    expect(standing).toMatchObject({ refusal: 'bankNotConfigured', refusalMessage: NO_BANK, open: false, attemptsUsed: 0 });
    const start = await callAs(bare, api.startAttempt, ref, there.user);
    expectRefused(start, ErrorCode.CONFLICT, t('exams.bankNotOpen', { name: t('exams.test') }));
    expect(expectOk<api.AttemptLog[]>(await callAs(bare, api.attemptLogs, ref, there.user))).toEqual([]);
    // Where the bank is configured, the same work may start.
    expect(expectOk<api.WorkStanding>(await call(api.workStanding, { ...me(), workId: work().id })).refusal).toBeNull();
  });
});

describe('answering and submitting', () => {
  test('answers stay on the device: saves and the ordinary submissions are refused', async () => {
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work().id }));
    const save = await call(api.saveAnswers, {
      ...me(),
      answers: [
        {
          answerLogId: a.answerLogId,
          id: work().id,
          questionId: 'XS-101',
          questionUnitId: BANK_PAPER_ID,
          questionAnswerVO: { content: null, optionList: ['A'] },
          seq: 1,
          answerTime: 1,
          submitTime: 2,
        },
      ],
    });
    expectRefused(save, ErrorCode.BAD_REQUEST, t('exams.bankAnswersOnSubmit'));
    const submit = await call(api.submitTest, { ...me(), testId: work().id, answerLogId: a.answerLogId });
    expectRefused(submit, ErrorCode.BAD_REQUEST, t('exams.bankSubmitOnly'));
  });

  test('the bank failing or its token not the student’s: a clear refusal, the attempt still open', async () => {
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work().id }));
    for (const mode of ['error', 'http500', 'hangup', 'garbage'] as const) {
      fake.mode = mode;
      const failed = await call(api.submitXskt, submitBody(a, fakeBankToken(p.user.userId, BANK_PAPER_ID)));
      expectRefused(failed, ErrorCode.UNAVAILABLE, t('exams.bankFailed'));
    }
    fake.mode = 'ok';
    // The classmate's bank token is not the demo student's.
    const stolen = await call(api.submitXskt, submitBody(a, fakeBankToken(mate.user.userId, BANK_PAPER_ID)));
    expectRefused(stolen, ErrorCode.BAD_REQUEST, t('exams.bankTokenRequired'));
    expect((await server.runtime.db.selectFrom('workAttempts').select('status').where('id', '=', a.answerLogId).executeTakeFirstOrThrow()).status).toBe(0);
  });

  test('one batch to the bank, recorded as the bank marked it, once; the review shows the bank’s keys', async () => {
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work().id }));
    fake.calls.length = 0;
    const token = fakeBankToken(p.user.userId, BANK_PAPER_ID);
    // The same question twice keeps its first answer.
    const both = await Promise.all([
      call(api.submitXskt, submitBody(a, token, [...ANSWERS, { questions_id: 'XS-104', user_answer: '错误答案' }])),
      call(api.submitXskt, submitBody(a, token)),
    ]);
    const first = expectOk<api.SubmitResult>(both[0]!);
    // A practice of unlimited attempts: no total after each attempt (decision 052); the row keeps the bank's 80.
    expect(first).toEqual({ answerLogId: a.answerLogId, status: 2, score: null });
    expect(expectOk(both[1]!)).toEqual(first);
    const submits = fake.calls.filter((c) => c.path === '/submit');
    expect(submits[0]!.body).toMatchObject({ paperId: BANK_PAPER_ID, userId: p.user.userId, userToken: token, useTime: 312, userAnswerObjects: ANSWERS });
    // A later submission: the first one's result, the bank not asked again.
    const calls = fake.calls.length;
    expect(expectOk(await call(api.submitXskt, submitBody(a, token)))).toEqual(first);
    expect(fake.calls.length).toBe(calls);
    const row = await server.runtime.db.selectFrom('workAttempts').selectAll().where('id', '=', a.answerLogId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, score: 80, useTime: 312, answeredCount: 4, questionCount: 4 });

    // A choice is kept as its chosen keys; an answer kept before choices were split (its keys as text) reads the same in review.
    const kept = await server.runtime.db
      .selectFrom('workAnswers')
      .select(['questionId', 'content', 'optionKeys'])
      .where('attemptId', '=', a.answerLogId)
      .orderBy('questionId')
      .execute();
    expect(kept.map((x) => [x.questionId, x.content, x.optionKeys])).toEqual([
      ['XS-101', null, '["A"]'],
      ['XS-102', null, '["B","A","D"]'],
      ['XS-103', null, '["2"]'],
      ['XS-104', '预防', '[]'],
    ]);
    await server.runtime.db
      .updateTable('workAnswers')
      .set({ content: 'B,A,D', optionKeys: '[]' })
      .where('attemptId', '=', a.answerLogId)
      .where('questionId', '=', 'XS-102')
      .execute();
    // A practice shows its keys once it has closed (decision 028): closed, and the save grace after it passed.
    await setPolicy(server, work().id, { closesAt: server.clock.value - SAVE_GRACE_MS - 1 });
    const r = expectOk<api.ReviewedAttempt>(await call(api.reviewAttempt, { ...me(), workId: work().id, answerLogId: a.answerLogId }));
    await setPolicy(server, work().id, { closesAt: null });
    expect(r.visibility).toEqual({ marks: { shown: true }, questionMarks: { shown: true }, keys: { shown: true } });
    expect(r.testStudentResultVO).toMatchObject({ testName: TITLE, status: 2, score: 80 });
    expect(r.results).toEqual([
      { questionId: 'XS-101', correct: true, score: 20 },
      { questionId: 'XS-102', correct: true, score: 30 },
      { questionId: 'XS-103', correct: false, score: 0 },
      { questionId: 'XS-104', correct: true, score: 30 },
    ]);
    const questions = allQuestions(r.questionUnitCAResultVO.questionResultVOMap);
    expect(questions.find((q) => q.id === 'XS-102')!.questionAnswerVO).toMatchObject({ optionList: ['A', 'B', 'D'] });
    expect(questions.find((q) => q.id === 'XS-104')!.questionAnswerVO).toMatchObject({ content: '预防', contentDesc: '<p>《安全生产法》规定的方针。</p>' });
    expect(
      questions
        .find((q) => q.id === 'XS-101')!
        .questionContentVO.optionList.filter((o) => o.answer)
        .map((o) => o.key),
    ).toEqual(['A']);
    // The student's answers as the review reads them: a choice's keys as the chosen options (not as text, which read as unanswered).
    expect(r.questionUnitCAResultVO.answerQuestion.map((x) => [x.questionId, x.questionAnswerVO])).toEqual([
      ['XS-101', { content: null, optionList: ['A'] }],
      ['XS-102', { content: null, optionList: ['B', 'A', 'D'] }],
      ['XS-103', { content: null, optionList: ['2'] }],
      ['XS-104', { content: '预防', optionList: [] }],
    ]);
    const logs = expectOk<api.AttemptLog[]>(await call(api.attemptLogs, { ...me(), workId: work().id }));
    expect(logs[0]).toMatchObject({ id: a.answerLogId, status: 2, score: null });
  });

  test('once the work has closed (and the save grace after it), the submission is refused and the bank not asked', async () => {
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(mate), workId: work(mate).id }, mate));
    const closesAt = server.clock.value - SAVE_GRACE_MS - 1;
    await setPolicy(server, work().id, { closesAt });
    fake.calls.length = 0;
    const late = await call(api.submitXskt, submitBody(a, fakeBankToken(mate.user.userId, BANK_PAPER_ID), ANSWERS, mate), mate);
    await setPolicy(server, work().id, { closesAt: null });
    expectRefused(late, ErrorCode.CONFLICT, t('exams.closedSubmit', { name: t('exams.test'), time: '2026-11-22 09:59' }));
    expect(late.body.message).toMatch(/^本测验已于 \d{4}-\d\d-\d\d \d\d:\d\d 截止，答案未能提交$/);
    expect(fake.calls.filter((c) => c.path === '/submit')).toEqual([]);
    expect((await server.runtime.db.selectFrom('workAttempts').select('status').where('id', '=', a.answerLogId).executeTakeFirstOrThrow()).status).toBe(0);
  });

  test('the lesson, course and activity must be the work’s', async () => {
    const a = expectOk<api.AttemptState>(await call(api.startAttempt, { ...me(), workId: work().id }));
    const token = fakeBankToken(p.user.userId, BANK_PAPER_ID);
    const other = p.works['随堂小测']!;
    expectRefused(await call(api.submitXskt, { ...submitBody(a, token), classroomId: other.classroomId }), ErrorCode.NOT_FOUND, t('exams.workNotFound'));
    expectRefused(
      await call(api.submitXskt, { ...submitBody(a, token), courseId: p.works['安全用电单元测试']!.courseId }),
      ErrorCode.NOT_FOUND,
      t('exams.workNotFound'),
    );
    const activity = await server.runtime.db
      .selectFrom('classActivities')
      .select('id')
      .where('classId', '=', p.classId)
      .where('classroomId', '=', p.works['第一章单元测验']!.classroomId)
      .executeTakeFirstOrThrow();
    expectRefused(await call(api.submitXskt, { ...submitBody(a, token), activityId: activity.id }), ErrorCode.NOT_FOUND, t('learning.activityNotFound'));
    expect((await server.runtime.db.selectFrom('workAttempts').select('status').where('id', '=', a.answerLogId).executeTakeFirstOrThrow()).status).toBe(0);
  });
});
