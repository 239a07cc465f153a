import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as api from '~/lib/api/contracts/exams';
import { EXAM_WORKS } from '~/dev/seed/exams-data';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, useTestServer } from '../setup/server';
import { allQuestions, callAs, examPlace, leaves, newStudentPlace, record, rightAnswer, seededQuestions, type ExamPlace } from '../setup/exams';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Homework and tests from the start page to the review (issue 13) on the
 * seeded demo: the work of a lesson, the paper without keys, the attempt logs in every state,
 * starting and continuing an attempt, saves where the highest sequence wins whatever the order,
 * scoring of every question type, one submission, the review with keys and the duty report.
 */

const server = useTestServer();
let p: ExamPlace;

// The helpers read as the demo student (the seeded attempts); every test that starts, saves or submits
// names a new student of its own.
const call = <Req>(c: Call<Req, unknown>, body: unknown, who = p) => callAs(server(), c, body, who.user);
const ok = async <T>(c: Call<unknown, T>, body: unknown, who = p): Promise<T> => expectOk<T>(await call(c, body, who));
const me = (who = p) => ({ classId: who.classId, studentId: who.studentId });
const workOf = (title: string) => p.works[title]!;
const paperOf = (title: string) => ok<api.Paper>(api.paper, { ...me(), workId: workOf(title).id });
const start = (title: string, who = p) => ok<api.AttemptState>(api.startAttempt, { ...me(who), workId: workOf(title).id }, who);
const stateOf = (answerLogId: string, who = p) => ok<api.AttemptState>(api.attemptState, { ...me(who), answerLogId }, who);
const save = (answers: api.AnswerRecord[], who = p) => ok<api.SaveAnswersResult>(api.saveAnswers, { ...me(who), answers }, who);
const submitTest = (title: string, answerLogId: string, who = p) =>
  ok<api.SubmitResult>(api.submitTest, { ...me(who), testId: workOf(title).id, answerLogId }, who);
const submitHomework = (title: string, answerLogId: string, who = p) =>
  ok<api.SubmitResult>(api.submitHomework, { ...me(who), studentWorkId: workOf(title).id, answerLogId }, who);
const review = (title: string, answerLogId: string, who = p) => call(api.reviewAttempt, { ...me(who), workId: workOf(title).id, answerLogId }, who);
const logs = (title: string, who = p) => ok<api.AttemptLog[]>(api.attemptLogs, { ...me(who), workId: workOf(title).id }, who);
/** A new student of class A for a test that starts and submits attempts (most works allow one). */
const newStudent = () => newStudentPlace(server());

/** Answers every question of a paper right, as records of one attempt. */
function rightRecords(title: string, paper: api.Paper, a: api.AttemptState, seq = 1): api.AnswerRecord[] {
  return leaves(paper).map((q) => record({ workId: paper.workId, answerLogId: a.answerLogId }, q, seq, rightAnswer(title, q)));
}

beforeAll(async () => {
  p = await examPlace(server());
});

describe('the work of a lesson and its paper', () => {
  test('every seeded work of class A is found from its lesson and kind', async () => {
    const titles = ['第一章课后作业', '第二章课后作业', '第一章单元测验', '随堂小测', '期中测验', '第一次模拟考试', '题库练习', '英语阅读测验'];
    for (const title of titles) {
      const w = workOf(title);
      expect(w, title).toBeDefined();
      expect(await ok(api.workId, { ...me(), kind: w.kind, classroomId: w.classroomId, courseId: w.courseId })).toEqual({ id: w.id });
      expect(await ok(api.workId, { ...me(), kind: w.kind, classroomId: w.classroomId, courseId: '' })).toEqual({ id: w.id });
    }
  });

  test('another kind, another course or a lesson without a work is 404', async () => {
    const w = workOf('第一章单元测验');
    const other = workOf('第一章课后作业');
    for (const body of [
      { ...me(), kind: 'homework', classroomId: w.classroomId },
      { ...me(), kind: 'test', classroomId: w.classroomId, courseId: workOf('安全用电单元测试').courseId },
      { ...me(), kind: 'test', classroomId: other.classroomId },
    ]) {
      const a = await call(api.workId, body);
      expectRefused(a, ErrorCode.NOT_FOUND, t('exams.workNotFound'));
    }
  });

  test('the paper while answering: every type grouped in order, no keys, no option flags, no explanations', async () => {
    const paper = await paperOf('第一章课后作业');
    expect(paper).toMatchObject({
      kind: 'homework',
      title: '第一章课后作业',
      unitTime: null,
      manualGrading: false,
      sourceType: null,
      englishQuestionResultVOMap: {},
    });
    expect(Object.keys(paper.questionResultVOMap)).toEqual(['1', '2', '3', '4', '6', '11', '13']);
    const questions = allQuestions(paper.questionResultVOMap);
    for (const q of questions) {
      expect(q.questionAnswerVO).toBeNull();
      for (const o of q.questionContentVO.optionList) expect(o).not.toHaveProperty('answer');
    }
    const text = JSON.stringify(paper);
    for (const seeded of seededQuestions('第一章课后作业').values()) {
      if (seeded.explanation) expect(text).not.toContain(seeded.explanation);
      if (seeded.content) expect(text).not.toContain(seeded.content.split('|')[0]!);
    }
    const reading = paper.questionResultVOMap['11']![0]!;
    expect(reading.readQuestionList.map((q) => q.questionType)).toEqual([1, 3]);
    expect(reading.examPoint).toBe(reading.readQuestionList.reduce((sum, q) => sum + q.examPoint, 0));
    expect(paper.questionResultVOMap['3']![0]!.questionContentVO.optionList.map((o) => o.key)).toEqual(['1', '2']);
    expect(paper.questionResultVOMap['4']![0]!.blankCount).toBe(2);
    expect(new Set(questions.map((q) => q.questionUnitId)).size).toBe(1);
  });

  test('an English paper comes in englishQuestionResultVOMap; an external bank’s work has no questions here', async () => {
    const english = await paperOf('英语阅读测验');
    expect(english.questionResultVOMap).toEqual({});
    expect(Object.keys(english.englishQuestionResultVOMap)).toEqual(['11', '13']);
    expect(english.unitTime).toBe(20);
    const bank = await paperOf('题库练习');
    expect(bank).toMatchObject({ sourceType: 'xskt', unitTime: null, questionResultVOMap: {}, englishQuestionResultVOMap: {} });
  });
});

describe('attempt logs in every state', () => {
  test('not started, in progress, pending review, reviewed twice (newest first, scores of reviewed ones only)', async () => {
    expect(await logs('第一章课后作业')).toEqual([]);
    expect((await logs('第二章课后作业')).map((l) => [l.status, l.score])).toEqual([[0, null]]);
    expect((await logs('期中测验')).map((l) => [l.status, l.score])).toEqual([[1, null]]);
    const mock = await logs('第一次模拟考试');
    expect(mock.map((l) => [l.status, l.score])).toEqual([
      [2, 90],
      [2, 50],
    ]);
    expect(mock[0]!.createdTime).toBeGreaterThan(mock[1]!.createdTime);
  });
});

describe('starting and continuing an attempt', () => {
  test('the attempt in progress continues with its kept answers; no time limit, it ends when the homework closes', async () => {
    const [open] = await logs('第二章课后作业');
    const a = await start('第二章课后作业');
    const { closesAt } = await server()
      .runtime.db.selectFrom('works')
      .select('closesAt')
      .where('id', '=', workOf('第二章课后作业').id)
      .executeTakeFirstOrThrow();
    const untilClose = Math.ceil((Number(closesAt) - server().clock.value) / 1000);
    expect(a).toMatchObject({ answerLogId: open!.id, status: 0, remainingSeconds: untilClose, totalSeconds: null });
    expect(a.answers).toHaveLength(2);
  });

  test('a test starts with its deadline fixed now; a reload or a second tab continues the same attempt', async () => {
    const who = await newStudent();
    const first = await start('第一章单元测验', who);
    expect(first).toMatchObject({ status: 0, remainingSeconds: 1800, totalSeconds: 1800, answers: [] });
    server().clock.advance(61_000);
    const again = await start('第一章单元测验', who);
    expect(again.answerLogId).toBe(first.answerLogId);
    expect(again.remainingSeconds).toBe(1800 - 61);
    expect((await stateOf(first.answerLogId, who)).remainingSeconds).toBe(1739);
    const tabs = await Promise.all(Array.from({ length: 6 }, () => start('第一章单元测验', who)));
    expect(new Set(tabs.map((t) => t.answerLogId))).toEqual(new Set([first.answerLogId]));
    const open = await server()
      .runtime.db.selectFrom('workAttempts')
      .select('id')
      .where('workId', '=', workOf('第一章单元测验').id)
      .where('classStudentId', '=', who.studentId)
      .where('status', '=', 0)
      .execute();
    expect(open).toHaveLength(1);
  });

  test('started from an activity: the new attempt and its continuation both name the activity for the duty report', async () => {
    const who = await newStudent();
    const work = workOf('第一章单元测验');
    const activity = await server()
      .runtime.db.selectFrom('classActivities')
      .select(['id', 'bizType'])
      .where('classId', '=', who.classId)
      .where('classroomId', '=', work.classroomId)
      .executeTakeFirstOrThrow();
    const expected = { activityId: activity.id, bizType: activity.bizType, activityContentId: work.classroomId, tenantId: DEMO.id };
    const first = await ok<api.AttemptState>(api.startAttempt, { ...me(who), workId: work.id, activityId: activity.id }, who);
    expect(first.activity).toEqual(expected);
    // A reload of the answering page continues the same attempt and names the activity again.
    const again = await ok<api.AttemptState>(api.startAttempt, { ...me(who), workId: work.id, activityId: activity.id }, who);
    expect(again.answerLogId).toBe(first.answerLogId);
    expect(again.activity).toEqual(expected);
    // Without an activity there is none to name.
    expect((await start('第一章单元测验', who)).activity).toBeNull();
  });

  test('six tabs starting at the same moment open one attempt', async () => {
    const who = await newStudent();
    const tabs = await Promise.all(Array.from({ length: 6 }, () => start('随堂小测', who)));
    expect(new Set(tabs.map((t) => t.answerLogId)).size).toBe(1);
  });
});

describe('saves: the highest sequence per question wins', () => {
  test('one batch replayed twice and in reverse order leaves the highest sequence of each question', async () => {
    const who = await newStudent();
    const paper = await paperOf('第一章课后作业');
    const a = await start('第一章课后作业', who);
    const ref = { workId: paper.workId, answerLogId: a.answerLogId };
    const ofType = (type: number) => leaves(paper).find((x) => x.questionType === type)!;
    const [single, multiple, fill, short] = [ofType(1), ofType(2), ofType(4), ofType(6)];
    const batch = [
      record(ref, single!, 1, { optionList: ['A'] }),
      record(ref, single!, 2, { optionList: ['B'] }),
      record(ref, single!, 3, { optionList: ['C'] }),
      record(ref, multiple!, 1, { optionList: ['A'] }),
      record(ref, multiple!, 2, { optionList: ['A', 'B'] }),
      record(ref, fill!, 5, { content: 'U/R|安培' }),
      record(ref, fill!, 4, { content: 'U/R|' }),
      record(ref, short!, 1, { content: '先断电，再检修。' }),
    ];
    const expected = [
      { questionId: single!.id, optionList: ['C'], content: null, seq: 3 },
      { questionId: multiple!.id, optionList: ['A', 'B'], content: null, seq: 2 },
      { questionId: fill!.id, optionList: [], content: 'U/R|安培', seq: 5 },
      { questionId: short!.id, optionList: [], content: '先断电，再检修。', seq: 1 },
    ].sort((x, y) => x.questionId.localeCompare(y.questionId));
    const kept = async () =>
      (await stateOf(a.answerLogId, who)).answers
        .map((x) => ({ questionId: x.questionId, optionList: x.questionAnswerVO.optionList, content: x.questionAnswerVO.content, seq: x.seq }))
        .sort((x, y) => x.questionId.localeCompare(y.questionId));
    const revisions = async () => Object.fromEntries((await stateOf(a.answerLogId, who)).answers.map((x) => [x.questionId, x.revision]));
    let after: Record<string, number> | null = null;
    for (const order of [batch, batch, [...batch].reverse()]) {
      const { acked, conflicts, late } = await save(order, who);
      expect(acked.map(({ questionId, seq }) => ({ questionId, seq }))).toEqual(order.map((r) => ({ questionId: r.questionId, seq: r.seq })));
      expect([conflicts, late]).toEqual([[], []]);
      expect(await kept()).toEqual(expected);
      // Replays change nothing, not even the revisions.
      if (after) expect(await revisions()).toEqual(after);
      after = await revisions();
    }
    // Each record alone, oldest last: still acknowledged, nothing changes.
    for (const r of [...batch].reverse()) {
      expect((await save([r], who)).acked).toEqual([{ questionId: r.questionId, seq: r.seq, revision: after![r.questionId] }]);
    }
    expect(await revisions()).toEqual(after);
    expect(await kept()).toEqual(expected);
    // A newer change replaces it; the server's time of saving is kept, the device's too.
    await save([record(ref, single!, 4, { optionList: ['D'] }, 42)], who);
    const row = await server()
      .runtime.db.selectFrom('workAnswers')
      .selectAll()
      .where('attemptId', '=', a.answerLogId)
      .where('questionId', '=', single!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ seq: 4, answeredAt: 42, savedAt: server().clock.value, optionKeys: '["D"]' });
  });
});

describe('scoring every type on submission, and the review', () => {
  test('all right on a test of every auto-scored type: 100, reviewed at once with keys and explanations', async () => {
    const title = '第一章单元测验';
    const who = await newStudent();
    const paper = await paperOf(title);
    const a = await start(title, who);
    await save(rightRecords(title, paper, a), who);
    const result = await submitTest(title, a.answerLogId, who);
    expect(result).toEqual({ answerLogId: a.answerLogId, status: 2, score: 100 });
    const r = expectOk<api.ReviewedAttempt>(await review(title, a.answerLogId, who));
    expect(r.testStudentResultVO).toMatchObject({ testName: title, status: 2, score: 100 });
    expect(r.testStudentResultVO.submittedTime).toBe(server().clock.value);
    const questions = allQuestions(r.questionUnitCAResultVO.questionResultVOMap);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions.filter((x) => x.readQuestionList.length === 0)) {
      expect(q.questionAnswerVO).not.toBeNull();
      expect(r.results.find((x) => x.questionId === q.id)).toMatchObject({ correct: true, score: q.examPoint });
      if (q.questionType === 1 || q.questionType === 3)
        expect(q.questionContentVO.optionList.filter((o) => o.answer).map((o) => o.key)).toEqual(q.questionAnswerVO!.optionList);
    }
    const withExplanation = questions.find((q) => q.trunk.includes('串联，总电阻'))!;
    expect(withExplanation.questionAnswerVO!.contentDesc).toContain('4 + 6 = 10 Ω');
    expect(r.questionUnitCAResultVO.answerQuestion).toHaveLength(leaves(paper).length);
    expect(r.questionUnitCAResultVO.answerQuestion[0]).toMatchObject({ answerLogId: a.answerLogId, questionUnitId: questions[0]!.questionUnitId, seq: 1 });
  });

  test('wrong, partial and fairly typed answers: fill-in per blank, reading and cloze per sub-question', async () => {
    const title = '第一章单元测验';
    const paper = await paperOf(title);
    const who = await newStudent();
    const a = await start(title, who);
    const ref = { workId: paper.workId, answerLogId: a.answerLogId };
    const q = (trunk: string) => leaves(paper).find((x) => x.trunk.includes(trunk))!;
    await save(
      [
        // single 10: right; single 10: wrong
        record(ref, q('串联，总电阻'), 1, { optionList: ['C'] }),
        record(ref, q('并联，总电阻'), 1, { optionList: ['B'] }),
        // multiple 15, all or nothing: a right subset scores 0
        record(ref, q('三要素'), 1, { optionList: ['A', 'B'] }),
        // true/false 10 + 10: one right
        record(ref, q('50 Hz'), 1, { optionList: ['1'] }),
        record(ref, q('电容器'), 1, { optionList: ['1'] }),
        // fill-in 15, two blanks: full-width digits and a trailing Chinese full stop are the same answer; √3 typed as 1.732 is not
        record(ref, q('线电压是相电压'), 1, { content: '1.732|３８０。' }),
        // reading: 10 right, fill-in 5 with full-width digits right
        record(ref, q('正常工作时的电流'), 1, { optionList: ['C'] }),
        record(ref, q('消耗的电能'), 1, { content: '１．１' }),
        // cloze: two of three
        record(ref, q('（1）'), 1, { optionList: ['A'] }),
        record(ref, q('（2）'), 1, { optionList: ['A'] }),
        record(ref, q('（3）'), 1, { optionList: ['B'] }),
      ],
      who,
    );
    const result = await submitTest(title, a.answerLogId, who);
    expect(result).toMatchObject({ status: 2, score: 10 + 0 + 0 + 10 + 0 + 7.5 + 15 + 10 });
    const r = expectOk<api.ReviewedAttempt>(await review(title, a.answerLogId, who));
    const of = (trunk: string) => r.results.find((x) => x.questionId === q(trunk).id)!;
    expect(of('线电压是相电压')).toMatchObject({ correct: false, score: 7.5 });
    expect(of('消耗的电能')).toMatchObject({ correct: true, score: 5 });
    expect(of('三要素')).toMatchObject({ correct: false, score: 0 });
    const reading = allQuestions(paper.questionResultVOMap).find((x) => x.questionType === 11)!;
    const cloze = allQuestions(paper.questionResultVOMap).find((x) => x.questionType === 13)!;
    expect(r.results.find((x) => x.questionId === reading.id)).toEqual({ questionId: reading.id, correct: true, score: 15 });
    expect(r.results.find((x) => x.questionId === cloze.id)).toEqual({ questionId: cloze.id, correct: false, score: 10 });
  });

  test('partial multiple choice: half the points for a right subset, none with a wrong option', async () => {
    const title = '第一次模拟考试';
    const paper = await paperOf(title);
    expect(paper.partialMultiple).toBe(true);
    const who = await newStudent();
    const a = await start(title, who);
    const ref = { workId: paper.workId, answerLogId: a.answerLogId };
    const multi = leaves(paper).filter((x) => x.questionType === 2);
    await save([record(ref, multi[0]!, 1, { optionList: ['A', 'B', 'C'] }), record(ref, multi[1]!, 1, { optionList: ['A', 'C'] })], who);
    const result = await submitTest(title, a.answerLogId, who);
    expect(result).toMatchObject({ status: 2, score: multi[0]!.examPoint / 2 });
    // A second attempt remains: the review holds each question's mark back (decision 052); the stored marking has it.
    expect(expectOk<api.ReviewedAttempt>(await review(title, a.answerLogId, who)).results).toEqual([]);
    const row = await server().runtime.db.selectFrom('workAttempts').select('results').where('id', '=', a.answerLogId).executeTakeFirstOrThrow();
    const results = JSON.parse(row.results ?? '[]') as api.QuestionResult[];
    expect(results.find((x) => x.questionId === multi[1]!.id)).toMatchObject({ correct: false, score: 0 });
  });

  test('a short answer keeps the homework pending review: no score, the review refused until the teacher marks it', async () => {
    const title = '第一章课后作业';
    const who = await newStudent();
    const paper = await paperOf(title);
    const a = await start(title, who);
    await save(rightRecords(title, paper, a), who);
    const result = await submitHomework(title, a.answerLogId, who);
    expect(result).toEqual({ answerLogId: a.answerLogId, status: 1, score: null });
    const refused = await review(title, a.answerLogId, who);
    expectRefused(refused, ErrorCode.CONFLICT, t('exams.reviewPending'));
    // The objective questions were marked; the short answer waits.
    const row = await server()
      .runtime.db.selectFrom('workAttempts')
      .select(['results', 'answeredCount', 'questionCount', 'submittedBy'])
      .where('id', '=', a.answerLogId)
      .executeTakeFirstOrThrow();
    const results = JSON.parse(row.results!) as api.QuestionResult[];
    const short = leaves(paper).find((x) => x.questionType === 6)!;
    expect(results.find((x) => x.questionId === short.id)).toEqual({ questionId: short.id, correct: null, score: null });
    expect(results.filter((x) => x.correct === false)).toEqual([]);
    expect(row).toMatchObject({ answeredCount: leaves(paper).length, questionCount: leaves(paper).length, submittedBy: 'student' });
  });

  test('a manually graded test stays pending whatever its questions; the seeded one too', async () => {
    const [seeded] = await logs('期中测验');
    expectRefused(await review('期中测验', seeded!.id), ErrorCode.CONFLICT, t('exams.reviewPending'));
    const who = await newStudent();
    const a = await start('期中测验', who);
    expect(await submitTest('期中测验', a.answerLogId, who)).toMatchObject({ status: 1, score: null });
  });

  test('an attempt still being answered has no review', async () => {
    const who = await newStudent();
    const a = await start('英语阅读测验', who);
    const refused = await review('英语阅读测验', a.answerLogId, who);
    expectRefused(refused, ErrorCode.CONFLICT, t('exams.reviewNotSubmitted'));
  });

  test('the seeded reviewed attempts have their answers, results and explanations', async () => {
    // The seeded attempts began before the test clock's start (the one made above after it).
    const latest = (await logs('第一次模拟考试'))[0];
    const r = expectOk<api.ReviewedAttempt>(await review('第一次模拟考试', latest!.id));
    expect(r.testStudentResultVO).toMatchObject({ status: 2, score: 90 });
    expect(r.results.filter((x) => x.correct === false)).toHaveLength(2);
    expect(r.questionUnitCAResultVO.answerQuestion).toHaveLength(
      Object.keys(EXAM_WORKS.find((w) => w.lesson === '第一次模拟考试')!.attempts![1]!.answers).length,
    );
    expect(allQuestions(r.questionUnitCAResultVO.questionResultVOMap).every((q) => q.questionAnswerVO !== null)).toBe(true);
  });
});

describe('one submission', () => {
  test('two submits at once give one submission and the same result; a later one the same again; then a new attempt starts', async () => {
    const title = '英语阅读测验';
    // Two attempts allowed here, so that the next one can start.
    await server().runtime.db.updateTable('works').set({ maxAttempts: 2 }).where('id', '=', workOf(title).id).execute();
    const who = await newStudent();
    const paper = await paperOf(title);
    const a = await start(title, who);
    await save(rightRecords(title, paper, a), who);
    const both = await Promise.all([submitTest(title, a.answerLogId, who), submitTest(title, a.answerLogId, who)]);
    expect(both[0]).toEqual({ answerLogId: a.answerLogId, status: 2, score: 50 });
    expect(both[1]).toEqual(both[0]);
    const at = server().clock.value;
    server().clock.advance(5_000);
    expect(await submitTest(title, a.answerLogId, who)).toEqual(both[0]);
    const row = await server()
      .runtime.db.selectFrom('workAttempts')
      .select(['submittedAt', 'status'])
      .where('id', '=', a.answerLogId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ submittedAt: at, status: 2 });
    // A save to a submitted attempt is kept as a late answer: it changes no kept answer and no score.
    const late = await save([record({ workId: paper.workId, answerLogId: a.answerLogId }, leaves(paper)[0]!, 99, { optionList: ['C'] })], who);
    expect(late).toEqual({ acked: [], conflicts: [], late: [{ questionId: leaves(paper)[0]!.id, seq: 99 }], othersSavedAt: null });
    const after = await stateOf(a.answerLogId, who);
    expect(after.answers.every((x) => x.seq === 1)).toBe(true);
    const lateOne = { questionId: leaves(paper)[0]!.id, questionAnswerVO: { content: null, optionList: ['C'] }, savedAt: server().clock.value };
    expect(after.lateAnswers).toEqual([lateOne]);
    expect(await submitTest(title, a.answerLogId, who)).toEqual(both[0]);
    const next = await start(title, who);
    expect(next.answerLogId).not.toBe(a.answerLogId);
    expect(next).toMatchObject({ status: 0, answers: [], remainingSeconds: 1200 });
  });

  test('a homework submitted as a test, or a test as a homework, is not found', async () => {
    const who = await newStudent();
    const a = await start('随堂小测', who);
    expectRefused(
      await call(api.submitHomework, { ...me(who), studentWorkId: workOf('随堂小测').id, answerLogId: a.answerLogId }, who),
      ErrorCode.NOT_FOUND,
      t('exams.workNotFound'),
    );
    expectRefused(
      await call(api.submitTest, { ...me(who), testId: workOf('第二章课后作业').id, answerLogId: a.answerLogId }, who),
      ErrorCode.NOT_FOUND,
      t('exams.workNotFound'),
    );
    expectRefused(
      await call(api.submitTest, { ...me(who), testId: workOf('第一章单元测验').id, answerLogId: a.answerLogId }, who),
      ErrorCode.NOT_FOUND,
      t('exams.attemptNotFound'),
    );
    expect((await stateOf(a.answerLogId, who)).status).toBe(0);
  });
});

describe('the duty report after a submission in an activity', () => {
  test('refused before the submission, recorded once after it; another lesson’s activity is 404', async () => {
    const db = server().runtime.db;
    const who = await newStudent();
    const w = workOf('随堂小测');
    const test = workOf('第一章单元测验');
    const activity = await db
      .selectFrom('classActivities')
      .select(['id', 'classroomId'])
      .where('classId', '=', who.classId)
      .where('classroomId', '=', test.classroomId)
      .executeTakeFirstOrThrow();
    const body = (contentId: string) => ({
      activityId: activity.id,
      bizId: who.classId,
      contentId,
      currentTime: '2026-11-22 10:05:00',
      finStatus: 2,
      realValue: 1,
      userId: who.user.userId,
      dutyType: 'SUBMIT',
      studentId: who.studentId,
      bizType: 'ONLINE_CLASSROOM',
      activityContentId: '',
    });
    // Nothing handed in yet: refused, nothing recorded.
    const early = await call(api.reportDuty, body(test.classroomId), who);
    expectRefused(early, ErrorCode.CONFLICT, t('exams.submitFirst'));
    const a = await start('第一章单元测验', who);
    await submitTest('第一章单元测验', a.answerLogId, who);
    expectRefused(await call(api.reportDuty, body(w.classroomId), who), ErrorCode.NOT_FOUND, t('learning.classroomNotFound'));
    // Handed in: the activity of its lesson takes the report, once.
    expect(await ok(api.reportDuty, body(test.classroomId), who)).toEqual({ recorded: true });
    expect(await ok(api.reportDuty, body(test.classroomId), who)).toEqual({ recorded: true });
    expect(
      await db.selectFrom('workDutyReports').selectAll().where('activityId', '=', activity.id).where('classStudentId', '=', who.studentId).execute(),
    ).toHaveLength(1);
  });

  test('an attempt started from an activity of its lesson keeps the activity; another lesson’s activity is 404', async () => {
    const db = server().runtime.db;
    const test = workOf('第一章单元测验');
    const activity = await db
      .selectFrom('classActivities')
      .select('id')
      .where('classId', '=', p.classId)
      .where('classroomId', '=', test.classroomId)
      .executeTakeFirstOrThrow();
    const who = await newStudent();
    const a = await ok<api.AttemptState>(api.startAttempt, { ...me(who), workId: test.id, activityId: activity.id }, who);
    expect((await db.selectFrom('workAttempts').select('activityId').where('id', '=', a.answerLogId).executeTakeFirstOrThrow()).activityId).toBe(activity.id);
    const refused = await call(api.startAttempt, { ...me(who), workId: workOf('随堂小测').id, activityId: activity.id }, who);
    expectRefused(refused, ErrorCode.NOT_FOUND, t('learning.activityNotFound'));
  });
});
