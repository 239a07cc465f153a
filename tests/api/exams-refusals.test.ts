import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import * as learning from '~/lib/api/contracts/learning';
import { LEARNING_CLASSES, SECOND_STUDENT } from '~/dev/seed/learning-data';
import { expectOk, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { enrolInClass } from '../setup/enrol';
import { callAs, examPlace, leaves, newStudentPlace, record, type ExamPlace } from '../setup/exams';
import { loginAs, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Every homework and test call refused (issue 13): bad input is a clear 400
 * that changes nothing; another student's, class's or school's ids and another user's token are
 * refused, revealing nothing (the same 404 for "not yours" and "does not exist"), and change
 * nothing either.
 */

const server = useTestServer();
let p: ExamPlace;
let mate: ExamPlace;
let huaxia: TestUser;
let huaxiaClassId: string;
let huaxiaStudentId: string;
let classB: { classId: string; studentId: string };

const CLASS_NOT_FOUND = '未找到该班级，或您不在该班级中';
const WORK_NOT_FOUND = '未找到该作业或测验，或它不属于此班级';
const ATTEMPT_NOT_FOUND = '未找到该次作答记录';
const NOT_YOURS = '只能查看本人的学习信息，请重新登录后再试';

let test1: api.Paper;
let open: api.AttemptState;
let homeworkOpen: api.AttemptState;
let activityId: string;

const ALL_CALLS = [
  api.workId,
  api.paper,
  api.xsktPaper,
  api.attemptLogs,
  api.startAttempt,
  api.attemptState,
  api.saveAnswers,
  api.submitHomework,
  api.submitTest,
  api.submitXskt,
  api.reportDuty,
  api.reviewAttempt,
] as Call<unknown, unknown>[];

/** A valid body of each call for a student's place (the test student's by default). */
function bodyOf(c: Call<unknown, unknown>, who: { classId: string; studentId: string } = p): Record<string, unknown> {
  const me = { classId: who.classId, studentId: who.studentId };
  const quiz = p.works['第一章单元测验']!;
  const bank = p.works['题库练习']!;
  switch (c) {
    case api.workId:
      return { ...me, kind: 'test', classroomId: quiz.classroomId };
    case api.paper:
    case api.attemptLogs:
    case api.startAttempt:
      return { ...me, workId: quiz.id };
    case api.xsktPaper:
      return { ...me, workId: bank.id };
    case api.attemptState:
      return { ...me, answerLogId: open.answerLogId };
    case api.saveAnswers:
      return { ...me, answers: [record({ workId: quiz.id, answerLogId: open.answerLogId }, leaves(test1)[0]!, 50, { optionList: ['A'] })] };
    case api.submitHomework:
      return { ...me, studentWorkId: p.works['第一章课后作业']!.id, answerLogId: homeworkOpen.answerLogId };
    case api.submitTest:
      return { ...me, testId: quiz.id, answerLogId: open.answerLogId };
    case api.submitXskt:
      return {
        ...me,
        studentWorkId: bank.id,
        classroomId: bank.classroomId,
        answerLogId: open.answerLogId,
        use_time: 60,
        userAnswerObjects: [{ questions_id: 'XS-101', user_answer: 'A' }],
        xsktUserToken: 'token',
      };
    case api.reportDuty:
      return {
        activityId,
        bizId: me.classId,
        contentId: quiz.classroomId,
        currentTime: '2026-11-22 10:00:00',
        finStatus: 2,
        realValue: 1,
        userId: p.user.userId,
        dutyType: 'SUBMIT',
        studentId: me.studentId,
      };
    case api.reviewAttempt:
      return { ...me, workId: quiz.id, answerLogId: open.answerLogId };
    default:
      throw new Error(`no body for ${c.path}`);
  }
}

const send = (c: Call<unknown, unknown>, body: unknown, user: TestUser = p.user, tenant?: string): Promise<Answer> => callAs(server(), c, body, user, tenant);

/** What a refused call must not have changed. */
async function snapshot() {
  const db = server().runtime.db;
  const [attempts, answers, reports] = await Promise.all([
    db.selectFrom('workAttempts').select(['id', 'status', 'score', 'submittedAt', 'lastSavedAt']).orderBy('id').execute(),
    db.selectFrom('workAnswers').selectAll().orderBy('attemptId').orderBy('questionId').execute(),
    db.selectFrom('workDutyReports').selectAll().execute(),
  ]);
  return { attempts, answers, reports };
}

beforeAll(async () => {
  const s = server();
  // Students of this file's own (the attempts below are theirs): a student of classes A and B, and a classmate.
  p = await newStudentPlace(s);
  mate = await newStudentPlace(s);
  const b = LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === 'B')!.name;
  const bId = (await s.runtime.db.selectFrom('teachingClasses').select('id').where('tenantId', '=', DEMO.id).where('name', '=', b).executeTakeFirstOrThrow())
    .id;
  await enrolInClass(s.runtime.db, { tenantId: DEMO.id, classId: bId, userId: p.user.userId, now: s.clock.value });
  const inB = await examPlace(s, p.user.mobile, b);
  classB = { classId: inB.classId, studentId: inB.studentId };
  huaxia = await loginAs(s, HUAXIA.id, SECOND_STUDENT.mobile);
  const hx = expectOk<learning.LearnerClass[]>(await send(learning.studentClasses, { userId: huaxia.userId }, huaxia, HUAXIA.id));
  huaxiaClassId = hx.find((c) => c.tenantId === HUAXIA.id)!.classId;
  huaxiaStudentId = expectOk<learning.StudentClassDetail>(
    await send(learning.studentClassDetail, { classId: huaxiaClassId, userId: huaxia.userId }, huaxia, HUAXIA.id),
  ).studentId;
  const quiz = p.works['第一章单元测验']!;
  test1 = expectOk(await send(api.paper, { classId: p.classId, studentId: p.studentId, workId: quiz.id }));
  open = expectOk(await send(api.startAttempt, { classId: p.classId, studentId: p.studentId, workId: quiz.id }));
  homeworkOpen = expectOk(await send(api.startAttempt, { classId: p.classId, studentId: p.studentId, workId: p.works['第一章课后作业']!.id }));
  activityId = (
    await s.runtime.db
      .selectFrom('classActivities')
      .select('id')
      .where('classId', '=', p.classId)
      .where('classroomId', '=', quiz.classroomId)
      .executeTakeFirstOrThrow()
  ).id;
});

describe("someone else's ids, another user's token", () => {
  test('every call: no token, a classmate’s class student id, a class the student is not in, another school, another user id', async () => {
    const before = await snapshot();
    for (const c of ALL_CALLS) {
      const body = bodyOf(c);
      // No token: the login-invalid code.
      const none = await server().call(c, body);
      expectRefused(none, ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
      // The student's token with the classmate's class student id.
      const theirs = await send(c, bodyOf(c, mate));
      expectRefused(theirs, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
      // The classmate's token with the student's ids (the duty report names the student's user id: 403).
      const [namedCode, named] = c === api.reportDuty ? [ErrorCode.FORBIDDEN, NOT_YOURS] : [ErrorCode.NOT_FOUND, CLASS_NOT_FOUND];
      const asMate = await send(c, body, mate.user);
      expectRefused(asMate, namedCode, named);
      // Another school's student, in their school, naming the demo class.
      const other = await send(c, body, huaxia, HUAXIA.id);
      expectRefused(other, namedCode, named);
      // The student's token presented to another school.
      expectRefused(await send(c, body, p.user, HUAXIA.id), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
      // Another user's userId.
      const notMe = await send(c, { ...body, userId: mate.user.userId });
      expectRefused(notMe, ErrorCode.FORBIDDEN, t('learning.notYourAccount'));
    }
    expect(await snapshot()).toEqual(before);
  });

  test('works and attempts of another class, another school or unknown are the same 404', async () => {
    const before = await snapshot();
    const workCalls = [api.paper, api.xsktPaper, api.attemptLogs, api.startAttempt, api.reviewAttempt, api.submitTest, api.submitHomework, api.submitXskt];
    for (const c of workCalls as Call<unknown, unknown>[]) {
      // Class B is the student's too, but the work is class A's.
      const elsewhere = await send(c, { ...bodyOf(c), ...classB });
      expectRefused(elsewhere, ErrorCode.NOT_FOUND, t('exams.workNotFound'));
      const key = c === api.submitTest ? 'testId' : c === api.submitHomework || c === api.submitXskt ? 'studentWorkId' : 'workId';
      const unknown = await send(c, { ...bodyOf(c), [key]: '1234567890123' });
      expectRefused(unknown, ErrorCode.NOT_FOUND, t('exams.workNotFound'));
    }
    // The work lookup from a lesson of another class.
    const lookup = await send(api.workId, { ...bodyOf(api.workId), ...classB });
    expect(lookup.body.message).toBe(WORK_NOT_FOUND);
    // The classmate, in their own right, naming the student's attempt.
    for (const c of [api.attemptState, api.saveAnswers, api.submitTest, api.submitHomework, api.reviewAttempt] as Call<unknown, unknown>[]) {
      const theirs = await send(c, bodyOf(c, mate), mate.user);
      expectRefused(theirs, ErrorCode.NOT_FOUND, t('exams.attemptNotFound'));
    }
    // The student naming the attempt in class B.
    const state = await send(api.attemptState, { ...bodyOf(api.attemptState), ...classB });
    expect(state.body.message).toBe(ATTEMPT_NOT_FOUND);
    // Another school's own class is no way in either.
    const hx = await send(api.attemptState, { classId: huaxiaClassId, studentId: huaxiaStudentId, answerLogId: open.answerLogId }, huaxia, HUAXIA.id);
    expect(hx.body.message).toBe(ATTEMPT_NOT_FOUND);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input: a clear 400, nothing changed', () => {
  test('every call: missing, mistyped, malformed and oversized fields', async () => {
    const before = await snapshot();
    for (const c of ALL_CALLS) {
      const body = bodyOf(c);
      const classKey = c === api.reportDuty ? 'bizId' : 'classId';
      // The first field each call reads is the activity id (offline sign-in) or the class key.
      const firstKey = 'activityId' in body ? 'activityId' : classKey;
      const missing = invalidField(classKey, '无效输入：期望 string，实际接收 undefined');
      const bad: [unknown, string][] = [
        [{}, invalidField(firstKey, '无效输入：期望 string，实际接收 undefined')],
        ['{"classId": ', t('validation.badJson')],
        [{ ...body, [classKey]: 42 }, invalidField(classKey, '无效输入：期望 string，实际接收 数字')],
        [{ ...body, [classKey]: 'x'.repeat(33) }, invalidField(classKey, t('validation.badFormat'))],
        [{ ...body, studentId: '../../etc' }, invalidField('studentId', t('validation.badFormat'))],
        [{ ...body, [classKey]: undefined }, missing],
      ];
      for (const [b, message] of bad) {
        const a = await send(c, b);
        expectRefused(a, ErrorCode.BAD_REQUEST, message);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  test('saves: sequence, options, content, batch size, questions of another paper, a mixed batch', async () => {
    const before = await snapshot();
    const quiz = p.works['第一章单元测验']!;
    const ref = { workId: quiz.id, answerLogId: open.answerLogId };
    const q = leaves(test1);
    const single = q.find((x) => x.questionType === 1)!;
    const good = record(ref, single, 3, { optionList: ['A'] });
    const reading = Object.values(test1.questionResultVOMap)
      .flat()
      .find((x) => x!.questionType === 11)!;
    const otherPaper = expectOk<api.Paper>(await send(api.paper, { classId: p.classId, studentId: p.studentId, workId: p.works['随堂小测']!.id }));
    const otherQuestion = leaves(otherPaper)[0]!;
    const cases: [unknown[], string][] = [
      [[{ ...good, seq: 0 }], invalidField('answers.0.seq', '数值过小：期望 number >=1')],
      [[{ ...good, seq: 1.5 }], invalidField('answers.0.seq', '无效输入：期望 int，实际接收 数字')],
      [[{ ...good, seq: '2' }], invalidField('answers.0.seq', '无效输入：期望 数字，实际接收 string')],
      [[{ ...good, seq: 2 ** 31 }], invalidField('answers.0.seq', `数值过大：期望 number <=${2 ** 31 - 1}`)],
      [[{ ...good, answerTime: -1 }], invalidField('answers.0.answerTime', '数值过小：期望 number >=0')],
      [
        [{ ...good, questionAnswerVO: { content: null, optionList: 'A' } }],
        invalidField('answers.0.questionAnswerVO.optionList', '无效输入：期望 数组，实际接收 string'),
      ],
      [
        [{ ...good, questionAnswerVO: { content: 'x'.repeat(20_001), optionList: [] } }],
        invalidField('answers.0.questionAnswerVO.content', '数值过大：期望 string <=20000 字符'),
      ],
      [[], invalidField('answers', t('exams.noAnswers'))],
      [Array.from({ length: 201 }, (_, i) => ({ ...good, seq: i + 1 })), invalidField('answers', '数值过大：期望 array <=200 项')],
      [[{ ...good, questionAnswerVO: { content: null, optionList: ['E'] } }], t('exams.badOption', { id: single.id })],
      [[{ ...good, questionAnswerVO: { content: null, optionList: ['A', 'A'] } }], t('exams.badOption', { id: single.id })],
      [[{ ...good, questionAnswerVO: { content: null, optionList: ['A', 'B'] } }], t('exams.oneOption')],
      [[record(ref, otherQuestion, 1, { optionList: ['A'] })], t('exams.questionNotInPaper', { id: otherQuestion.id })],
      [[{ ...good, questionId: reading!.id }], t('exams.questionNotInPaper', { id: reading!.id })],
      [[{ ...good, questionUnitId: otherQuestion.questionUnitId }], t('exams.questionNotInPaper', { id: single.id })],
      [[good, { ...good, answerLogId: homeworkOpen.answerLogId }], t('exams.oneAttemptPerSave')],
      // A good record first: nothing of the batch is kept when one record is bad.
      [[good, { ...good, questionId: 'nosuchquestion' }], t('exams.questionNotInPaper', { id: 'nosuchquestion' })],
    ];
    for (const [answers, message] of cases) {
      const a = await send(api.saveAnswers, { classId: p.classId, studentId: p.studentId, answers });
      expectRefused(a, ErrorCode.BAD_REQUEST, message);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('the duty report and the external bank’s submission: fixed values and formats', async () => {
    const before = await snapshot();
    const duty = bodyOf(api.reportDuty);
    for (const [b, message] of [
      [{ ...duty, finStatus: 1 }, invalidField('finStatus', '无效输入：期望 2')],
      [{ ...duty, realValue: 2 }, invalidField('realValue', '无效输入：期望 1')],
      [{ ...duty, dutyType: 'VIEW' }, invalidField('dutyType', '无效输入：期望 "SUBMIT"')],
      [{ ...duty, currentTime: '2026/11/22 10:00' }, invalidField('currentTime', '时间格式应为 YYYY-MM-DD HH:mm:ss')],
      [{ ...duty, bizId: undefined }, invalidField('bizId', '无效输入：期望 string，实际接收 undefined')],
    ] as const) {
      expectRefused(await send(api.reportDuty, b), ErrorCode.BAD_REQUEST, message);
    }
    const xs = bodyOf(api.submitXskt);
    for (const [b, message] of [
      [{ ...xs, use_time: -1 }, invalidField('use_time', '数值过小：期望 number >=0')],
      [{ ...xs, use_time: 1.5 }, invalidField('use_time', '无效输入：期望 int，实际接收 数字')],
      [{ ...xs, userAnswerObjects: 'A' }, invalidField('userAnswerObjects', '无效输入：期望 数组，实际接收 string')],
      [
        { ...xs, userAnswerObjects: [{ questions_id: '', user_answer: 'A' }] },
        invalidField('userAnswerObjects.0.questions_id', '数值过小：期望 string >=1 字符'),
      ],
      [{ ...xs, xsktUserToken: '' }, invalidField('xsktUserToken', '数值过小：期望 string >=1 字符')],
    ] as const) {
      expectRefused(await send(api.submitXskt, b), ErrorCode.BAD_REQUEST, message);
    }
    for (const kind of ['exam', '', 1])
      expectRefused(
        await send(api.workId, { ...bodyOf(api.workId), kind }),
        ErrorCode.BAD_REQUEST,
        invalidField('kind', '无效选项：期望以下之一 "homework"|"test"'),
      );
    expect(await snapshot()).toEqual(before);
  });
});
