import { describe, expect, test } from 'vitest';
import * as bank from '~/lib/api/contracts/admin-bank';
import * as crs from '~/lib/api/contracts/admin-courses';
import * as exams from '~/lib/api/contracts/exams';
import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { IMPORT_TEMPLATE } from '~/lib/exams/question-import';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { DEMO, useTestServer } from '../setup/server';
import { asStaff, auditOf } from '../setup/staff';
import { withToken } from '../setup/users';
import { makeClass, ok, onClass, staffer, type Staffer } from '../setup/classes';
import { attach, courseWithSection, onCourse, studentOf } from '../setup/courses';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The question bank, papers and works on the staff side (decision 048): every question type
 * created and read back, through a paper and a work, by the learner's paper call; the rules of
 * each type refused with their words and nothing changed; a teacher changing only what they made;
 * papers with groups, points and a total computed on the server; a paper with attempts refusing
 * edits and copied instead; deletion refused while used; works with their attempt policy and what
 * may change after attempts; the spreadsheet import with bad rows, dry run and apply, twice; the
 * class scope of works; the audit log.
 */

const server = useTestServer();
const s = () => server();
const as = (who: Staffer) => asStaff(who.session, DEMO.id);
const onPaper = (who: Staffer, id: string) => ({ ...as(who), params: { id } });
let n = 0;
const tag = () => `${process.pid}-${++n}-${Date.now() % 100000}`;

const P = (text: string) => `<p>${text}</p>`;

/** One question of every type, each stem unique to this run. */
function everyType(): bank.QuestionInput[] {
  const k = tag();
  return [
    {
      questionType: QUESTION_TYPE.SINGLE,
      category: '电工基础',
      trunk: P(`电阻的单位是（ ）${k}`),
      options: [
        { key: 'x', value: '欧姆' },
        { key: 'y', value: '伏特' },
        { key: 'z', value: '安培' },
      ],
      answerOptions: ['x'],
      explanation: P('电阻的单位是<strong>欧姆</strong>'),
      examPoint: 2,
    },
    {
      questionType: QUESTION_TYPE.MULTIPLE,
      category: '电工基础',
      trunk: P(`电路的组成有（ ）${k}`),
      options: [
        { key: 'A', value: '电源' },
        { key: 'B', value: '负载' },
        { key: 'C', value: '电表' },
      ],
      answerOptions: ['A', 'B'],
      examPoint: 3,
    },
    { questionType: QUESTION_TYPE.TRUE_FALSE, category: '安全用电', trunk: P(`串联电路电流处处相等${k}`), answerOptions: ['1'], examPoint: 2 },
    { questionType: QUESTION_TYPE.FILL_IN, trunk: P(`欧姆定律 I = ____，单位____${k}`), blanks: ['U/R', '安培'], examPoint: 4 },
    { questionType: QUESTION_TYPE.SHORT_ANSWER, trunk: P(`简述安全用电原则${k}`), reference: '不接触低压带电体', examPoint: 10 },
    {
      questionType: QUESTION_TYPE.READING,
      trunk: P(`Tom likes tea. ${k}`),
      subs: [
        {
          questionType: QUESTION_TYPE.SINGLE,
          trunk: P('What does Tom like?'),
          options: [
            { key: 'A', value: 'Tea' },
            { key: 'B', value: 'Milk' },
          ],
          answerOptions: ['A'],
          examPoint: 2,
        },
        { questionType: QUESTION_TYPE.FILL_IN, trunk: P('Tom likes ____.'), blanks: ['tea'], examPoint: 1.5 },
      ],
    },
    {
      questionType: QUESTION_TYPE.CLOZE,
      trunk: P(`I (1) a student. ${k}`),
      subs: [
        {
          questionType: QUESTION_TYPE.SINGLE,
          trunk: P('（1）'),
          options: [
            { key: 'A', value: 'am' },
            { key: 'B', value: 'is' },
          ],
          answerOptions: ['A'],
          examPoint: 1,
        },
      ],
    },
  ];
}

const saveQ = (who: Staffer, input: bank.QuestionInput) => s().call(bank.bankQuestionSave, input, as(who));
const made = (who: Staffer, input: bank.QuestionInput) => ok<bank.AdminQuestion>(saveQ(who, input));
const count = async () =>
  Number(
    (
      await s()
        .runtime.db.selectFrom('bankQuestions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** A class of the teacher with a course that has a test lesson and a homework lesson, and a student in it. */
async function classWithLessons(admin: Staffer, teacher: Staffer) {
  const cls = await makeClass(s(), admin, DEMO.id, { teachers: [{ accountId: teacher.account.id, role: 'course' }] });
  const { course, sectionId } = await courseWithSection(s(), admin, DEMO.id);
  await attach(s(), admin, DEMO.id, cls.id, course.id);
  const lesson = (name: string, classroomType: number) =>
    ok<crs.AdminCourse>(s().call(crs.adminLessonSave, { sectionId, name, classroomType, mustLearn: 1 }, onCourse(admin, course.id, DEMO.id)));
  await lesson('第一次测验', 7);
  const after = await lesson('课后作业', 6);
  const test = after.lessons.find((l) => l.name === '第一次测验')!;
  const homework = after.lessons.find((l) => l.name === '课后作业')!;
  const student = await studentOf(s(), admin, DEMO.id, cls.id);
  return { classId: cls.id, courseId: course.id, testLessonId: test.id, homeworkLessonId: homework.id, student };
}

const policy = {
  manualGrading: false,
  partialMultiple: true,
  maxAttempts: 2,
  scoreRule: 'highest',
  marksShown: 'after_submit',
  keysShown: 'after_last_attempt',
} as const;

describe('the question bank', () => {
  test('every type saved, read back with its keys, searched, filtered; options re-lettered; reading and cloze sum their sub-questions', async () => {
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const saved: bank.AdminQuestion[] = [];
    for (const q of everyType()) saved.push(await made(teacher, q));
    const [single, multiple, judge, fill, short, reading, cloze] = saved as [bank.AdminQuestion, ...bank.AdminQuestion[]] as bank.AdminQuestion[];
    expect(single!.options).toEqual([
      { key: 'A', value: '欧姆' },
      { key: 'B', value: '伏特' },
      { key: 'C', value: '安培' },
    ]);
    expect(single!.answerOptions).toEqual(['A']);
    expect(single!.explanation).toBe('<p>电阻的单位是<strong>欧姆</strong></p>');
    expect(multiple!.answerOptions).toEqual(['A', 'B']);
    expect(judge!.options).toEqual([
      { key: '1', value: '对' },
      { key: '2', value: '错' },
    ]);
    expect(judge!.answerOptions).toEqual(['1']);
    expect(fill!.blanks).toEqual(['U/R', '安培']);
    expect(short!.reference).toBe('不接触低压带电体');
    expect(reading!.examPoint).toBe(3.5);
    expect(reading!.subs.map((x) => x.questionType)).toEqual([1, 4]);
    expect(cloze!.examPoint).toBe(1);
    expect(saved.every((q) => q.mayEdit)).toBe(true);

    const read = await ok<bank.AdminQuestion>(s().call(bank.bankQuestionGet, {}, onPaper(teacher, reading!.id)));
    expect(read).toEqual(reading);
    const found = await ok<{ records: bank.AdminQuestion[]; total: number }>(s().call(bank.bankQuestions, { keyword: '电阻的单位是', size: 100 }, as(teacher)));
    expect(found.records.map((q) => q.id)).toContain(single!.id);
    expect(found.records.every((q) => q.trunk.includes('电阻的单位是'))).toBe(true);
    const judges = await ok<{ records: bank.AdminQuestion[] }>(s().call(bank.bankQuestions, { questionType: 3, size: 100 }, as(teacher)));
    expect(judges.records.every((q) => q.questionType === 3)).toBe(true);
    expect(judges.records.some((q) => q.id === judge!.id)).toBe(true);
    const categories = await ok<string[]>(s().call(bank.bankCategories, {}, as(teacher)));
    expect(categories).toEqual(expect.arrayContaining(['电工基础', '安全用电']));
  });

  test.each([
    [
      'single with two keys',
      {
        questionType: 1,
        trunk: 'x',
        options: [
          { key: 'A', value: '1' },
          { key: 'B', value: '2' },
        ],
        answerOptions: ['A', 'B'],
        examPoint: 1,
      },
      '单选题须有且只有一个正确答案',
    ],
    [
      'multiple with one key',
      {
        questionType: 2,
        trunk: 'x',
        options: [
          { key: 'A', value: '1' },
          { key: 'B', value: '2' },
        ],
        answerOptions: ['A'],
        examPoint: 1,
      },
      '多选题至少有两个正确答案',
    ],
    [
      'a key not among the options',
      {
        questionType: 1,
        trunk: 'x',
        options: [
          { key: 'A', value: '1' },
          { key: 'B', value: '2' },
        ],
        answerOptions: ['D'],
        examPoint: 1,
      },
      '答案不在选项中',
    ],
    ['one option', { questionType: 1, trunk: 'x', options: [{ key: 'A', value: '1' }], answerOptions: ['A'], examPoint: 1 }, '选项为 2 到 8 个'],
    ['judge without a key', { questionType: 3, trunk: 'x', answerOptions: [], examPoint: 1 }, '判断题的答案为“对”或“错”'],
    ['fill-in without blanks', { questionType: 4, trunk: '没有空', blanks: ['a'], examPoint: 1 }, '填空题的题干中请用 ____（四个下划线）标出空位'],
    ['fill-in blank count mismatch', { questionType: 4, trunk: 'a ____ b ____', blanks: ['a'], examPoint: 1 }, '答案的空数与题干中的空位数不一致'],
    ['a missing stem', { questionType: 6, trunk: '<p> </p>', examPoint: 1 }, '请填写题干'],
    ['zero points', { questionType: 6, trunk: 'x', examPoint: 0 }, '分值须大于 0 且不超过 100，最多两位小数'],
    ['an unknown type', { questionType: 5, trunk: 'x', examPoint: 1 }, '未知题型'],
    ['a reading question without sub-questions', { questionType: 11, trunk: 'x', subs: [] }, '请至少添加一道小题'],
    [
      'a cloze sub-question that is not single choice',
      { questionType: 13, trunk: 'x', subs: [{ questionType: 6, trunk: 'y', examPoint: 1 }] },
      '第 1 小题：小题题型不正确（阅读理解：单选、多选、判断、填空、简答；完形填空：单选）',
    ],
    ['a string for points', { questionType: 6, trunk: 'x', examPoint: '5' }, '分值须大于 0 且不超过 100，最多两位小数'],
  ])('refuses %s with its reason and changes nothing', async (_name, input, message) => {
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const before = await count();
    const answer = await saveQ(teacher, input as never);
    expect(answer.body).toEqual({ code: 400, data: null, message });
    expect(await count()).toBe(before);
  });

  test('the same question twice is refused; a teacher changes and deletes only their own questions, an administrator any', async () => {
    const [teacher, other, admin] = await Promise.all([
      staffer(s(), DEMO.id, STAFF_ROLE.teacher),
      staffer(s(), DEMO.id, STAFF_ROLE.teacher),
      staffer(s(), DEMO.id, STAFF_ROLE.admin),
    ]);
    const input = everyType()[0]!;
    const q = await made(teacher, input);
    expect((await saveQ(other, input)).body.message).toBe('题库中已有完全相同的题目');
    // Another teacher reads it and may use it, not change it.
    const seen = await ok<bank.AdminQuestion>(s().call(bank.bankQuestionGet, {}, onPaper(other, q.id)));
    expect(seen.mayEdit).toBe(false);
    const refused = await saveQ(other, { ...input, questionId: q.id, examPoint: 5 });
    expect(refused.body).toEqual({ code: 403, data: null, message: '只能修改自己创建的题目或试卷，请联系管理员' });
    expectRefused(await s().call(bank.bankQuestionDelete, {}, onPaper(other, q.id)), ErrorCode.FORBIDDEN, t('bank.notYours'));
    const changed = await made(admin, { ...input, questionId: q.id, examPoint: 5 });
    expect(changed.examPoint).toBe(5);
    expect(changed.id).toBe(q.id);
    await ok(s().call(bank.bankQuestionDelete, {}, onPaper(teacher, q.id)));
    expectRefused(await s().call(bank.bankQuestionGet, {}, onPaper(teacher, q.id)), ErrorCode.NOT_FOUND, t('bank.notFound'));
  });
});

describe('papers and works', () => {
  test('a two-group paper of every type becomes a test: the student reads it without keys, the preview alike; attempts fix it', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const place = await classWithLessons(admin, teacher);
    const questions: bank.AdminQuestion[] = [];
    for (const q of everyType()) questions.push(await made(teacher, q));

    let paper = await ok<bank.AdminPaper>(
      s().call(
        bank.bankPaperSave,
        { title: `期中测验${tag()}`, english: false, unitTime: 30, groups: [{ title: '一、客观题' }, { title: '二、主观题' }] },
        as(teacher),
      ),
    );
    const [g1, g2] = paper.groups;
    expect(paper.groups.map((g) => g.title)).toEqual(['一、客观题', '二、主观题']);
    paper = await ok(
      s().call(bank.bankPaperQuestionsAdd, { groupId: g1!.id!, questionIds: questions.slice(0, 4).map((q) => q.id) }, onPaper(teacher, paper.id)),
    );
    paper = await ok(s().call(bank.bankPaperQuestionsAdd, { groupId: g2!.id!, questionIds: questions.slice(4).map((q) => q.id) }, onPaper(teacher, paper.id)));
    expect(paper.totalPoints).toBe(2 + 3 + 2 + 4 + 10 + 3.5 + 1);
    expect(paper.groups.map((g) => g.points)).toEqual([11, 14.5]);
    expect(paper.questionCount).toBe(7);
    // Points in the paper: the paper's copy changes, not the bank's question.
    const first = paper.groups[0]!.questions[0]!;
    paper = await ok(s().call(bank.bankPaperQuestionPoints, { questionId: first.id, examPoint: 5 }, onPaper(teacher, paper.id)));
    expect(paper.totalPoints).toBe(28.5);
    expect((await ok<bank.AdminQuestion>(s().call(bank.bankQuestionGet, {}, onPaper(teacher, questions[0]!.id)))).examPoint).toBe(2);
    const readingCopy = paper.groups[1]!.questions.find((q) => q.questionType === 11)!;
    expect((await s().call(bank.bankPaperQuestionPoints, { questionId: readingCopy.id, examPoint: 5 }, onPaper(teacher, paper.id))).body.message).toBe(
      '阅读理解和完形填空的分值由小题分值相加，请修改小题的分值',
    );
    // Reorder within a group and move to the other group.
    paper = await ok(s().call(bank.bankPaperQuestionMove, { questionId: paper.groups[0]!.questions[1]!.id, direction: 'up' }, onPaper(teacher, paper.id)));
    expect(paper.groups[0]!.questions.map((q) => q.sourceId)).toEqual([questions[1]!.id, questions[0]!.id, questions[2]!.id, questions[3]!.id]);
    paper = await ok(s().call(bank.bankPaperQuestionMove, { questionId: paper.groups[0]!.questions[3]!.id, groupId: g2!.id! }, onPaper(teacher, paper.id)));
    expect(paper.groups.map((g) => g.questions.length)).toEqual([3, 4]);
    // A corrected bank question reaches the paper only when asked, in the same place.
    await made(teacher, { ...everyType()[2]!, questionId: questions[2]!.id, trunk: P(`串联电路中电流处处相等（改）${tag()}`), examPoint: 2 });
    const judgeCopy = paper.groups[0]!.questions.find((q) => q.sourceId === questions[2]!.id)!;
    expect(judgeCopy.trunk).toBe(questions[2]!.trunk);
    const at = paper.groups[0]!.questions.indexOf(judgeCopy);
    paper = await ok(s().call(bank.bankPaperQuestionRefresh, { questionId: judgeCopy.id }, onPaper(teacher, paper.id)));
    expect(paper.groups[0]!.questions[at]!.trunk).toContain('（改）');
    expect(paper.groups[0]!.questions[at]!.sourceId).toBe(questions[2]!.id);
    expect(paper.totalPoints).toBe(28.5);
    // Another teacher reads the paper but does not change it.
    const other = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    expectRefused(await s().call(bank.bankPaperQuestionRemove, { questionId: first.id }, onPaper(other, paper.id)), ErrorCode.FORBIDDEN, t('bank.notYours'));

    // The test work of the lesson, with its policy.
    const lessons = await ok<bank.AdminWorkLesson[]>(
      s().call(
        bank.adminWorkSave,
        {
          classroomId: place.testLessonId,
          source: 'paper',
          paperId: paper.id,
          title: '第一次测验',
          description: '闭卷',
          unitTime: 30,
          closesAt: '2027-01-10 18:00',
          ...policy,
        },
        onClass(teacher, place.classId, DEMO.id),
      ),
    );
    const work = lessons.find((l) => l.classroomId === place.testLessonId)!.work!;
    expect(work).toMatchObject({
      kind: 'test',
      paperTitle: paper.title,
      maxAttempts: 2,
      scoreRule: 'highest',
      unitTime: 30,
      partialMultiple: true,
      attempts: 0,
    });
    expect(work.closesAt).toBe(Date.UTC(2027, 0, 10, 10, 0));
    expect(lessons.find((l) => l.classroomId === place.homeworkLessonId)!.work).toBeNull();

    // The learner's calls: the work of the lesson, then the paper without keys.
    const ref = { classId: place.classId, studentId: place.student.studentId };
    const found = await ok<{ id: string }>(
      s().call(exams.workId, { ...ref, kind: 'test', classroomId: place.testLessonId, courseId: place.courseId }, withToken(place.student.user.token)),
    );
    expect(found.id).toBe(work.id);
    const learnerPaper = await ok<exams.Paper>(s().call(exams.paper, { ...ref, workId: work.id }, withToken(place.student.user.token)));
    const byType = learnerPaper.questionResultVOMap;
    expect(Object.keys(byType).sort()).toEqual(['1', '11', '13', '2', '3', '4', '6']);
    expect(byType['1']![0]!.examPoint).toBe(5);
    expect(byType['1']![0]!.questionContentVO.optionList).toEqual([
      { key: 'A', value: '欧姆' },
      { key: 'B', value: '伏特' },
      { key: 'C', value: '安培' },
    ]);
    expect(byType['4']![0]!.blankCount).toBe(2);
    expect(byType['11']![0]!.readQuestionList.map((x) => x.questionType)).toEqual([1, 4]);
    expect(byType['11']![0]!.examPoint).toBe(3.5);
    expect(JSON.stringify(learnerPaper)).not.toContain('U/R');
    expect(Object.values(byType).every((list) => list!.every((q) => q.questionAnswerVO === null))).toBe(true);
    expect(learnerPaper).toMatchObject({ unitTime: 30, partialMultiple: true, manualGrading: false, title: '第一次测验' });

    // The staff preview: the same questions as the student receives them.
    const preview = await ok<exams.Paper>(s().call(bank.bankPaperPreview, {}, onPaper(teacher, paper.id)));
    expect(preview.questionResultVOMap).toEqual(learnerPaper.questionResultVOMap);

    // The student starts: the paper's questions and what the attempts depend on are now fixed.
    await ok(s().call(exams.startAttempt, { ...ref, workId: work.id }, withToken(place.student.user.token)));
    const locked = await s().call(bank.bankPaperQuestionRemove, { questionId: first.id }, onPaper(teacher, paper.id));
    expect(locked.body).toEqual({ code: 409, data: null, message: '已有 1 次学员作答，试卷题目不能再修改；如需调整，请复制为新试卷后修改' });
    for (const call of [
      s().call(bank.bankPaperQuestionRefresh, { questionId: first.id }, onPaper(teacher, paper.id)),
      s().call(bank.bankPaperQuestionPoints, { questionId: first.id, examPoint: 1 }, onPaper(teacher, paper.id)),
      s().call(bank.bankPaperQuestionsAdd, { groupId: g1!.id!, questionIds: [questions[0]!.id] }, onPaper(teacher, paper.id)),
      s().call(bank.bankPaperQuestionMove, { questionId: first.id, direction: 'down' }, onPaper(teacher, paper.id)),
    ]) {
      expectRefused(await call, ErrorCode.CONFLICT, t('bank.paperLocked', { n: 1 }));
    }
    const after = await ok<exams.Paper>(s().call(exams.paper, { ...ref, workId: work.id }, withToken(place.student.user.token)));
    expect(after).toEqual(learnerPaper);
    // A title and the time limit of the paper may still change; the copy is a new paper with new question copies.
    const copy = await ok<bank.AdminPaper>(s().call(bank.bankPaperCopy, {}, onPaper(teacher, paper.id)));
    expect(copy.title).toBe(`${paper.title}（副本）`);
    expect(copy.totalPoints).toBe(28.5);
    expect(copy.attemptCount).toBe(0);
    await ok(s().call(bank.bankPaperQuestionRemove, { questionId: copy.groups[0]!.questions[0]!.id }, onPaper(teacher, copy.id)));
    // Deleting a paper a work uses is refused; an unused one goes.
    expect((await s().call(bank.bankPaperDelete, {}, onPaper(teacher, paper.id))).body).toEqual({
      code: 409,
      data: null,
      message: '有 1 个作业或考试使用这份试卷，不能删除',
    });
    await ok(s().call(bank.bankPaperDelete, {}, onPaper(teacher, copy.id)));
    expectRefused(await s().call(bank.bankPaperGet, {}, onPaper(teacher, copy.id)), ErrorCode.NOT_FOUND, t('bank.paperNotFound'));

    // The work after attempts: more attempts and a later close yes; another paper, fewer attempts, another time limit no.
    const base = {
      workId: work.id,
      classroomId: place.testLessonId,
      source: 'paper' as const,
      paperId: paper.id,
      title: '第一次测验',
      unitTime: 30,
      ...policy,
    };
    const more = await ok<bank.AdminWorkLesson[]>(
      s().call(
        bank.adminWorkSave,
        { ...base, maxAttempts: 3, keysShown: 'after_close', closesAt: '2027-01-20 18:00' },
        onClass(teacher, place.classId, DEMO.id),
      ),
    );
    expect(more.find((l) => l.work?.id === work.id)!.work).toMatchObject({ maxAttempts: 3, keysShown: 'after_close', attempts: 1 });
    const fewer = await s().call(bank.adminWorkSave, { ...base, maxAttempts: 1 }, onClass(teacher, place.classId, DEMO.id));
    expect(fewer.body).toEqual({ code: 409, data: null, message: '已有学员作答，作答次数只能增加' });
    const otherPaper = await ok<bank.AdminPaper>(s().call(bank.bankPaperSave, { title: '另一份', english: false, groups: [{ title: '一' }] }, as(teacher)));
    const switched = await s().call(
      bank.adminWorkSave,
      { ...base, maxAttempts: 3, paperId: otherPaper.id, unitTime: 60 },
      onClass(teacher, place.classId, DEMO.id),
    );
    expect(switched.body.message).toBe('已有学员作答（1 次），不能再修改：试卷、答题时长；可以增加作答次数、延后截止时间、修改标题说明和显示时机');
    expectRefused(
      await s().call(bank.adminWorkDelete, { workId: work.id }, onClass(teacher, place.classId, DEMO.id)),
      ErrorCode.CONFLICT,
      t('bank.work.deleteStarted', { n: 1 }),
    );
  });

  test('works: one per lesson, an external bank paper, unstarted ones changed and deleted, bad policies refused; other classes 404', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const stranger = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const place = await classWithLessons(admin, teacher);
    const paper = await ok<bank.AdminPaper>(s().call(bank.bankPaperSave, { title: `作业卷${tag()}`, english: false, groups: [{ title: '一' }] }, as(teacher)));
    const input = { classroomId: place.homeworkLessonId, source: 'paper' as const, paperId: paper.id, title: '课后作业', ...policy, maxAttempts: null };
    const on = onClass(teacher, place.classId, DEMO.id);
    const lessons = await ok<bank.AdminWorkLesson[]>(s().call(bank.adminWorkSave, input, on));
    const work = lessons.find((l) => l.classroomId === place.homeworkLessonId)!.work!;
    expect(work).toMatchObject({ kind: 'homework', maxAttempts: null, source: 'paper' });
    expect((await s().call(bank.adminWorkSave, input, on)).body.message).toBe('该课堂已有作业或考试');
    // Unstarted: anything may change, even to the external bank's paper.
    const bankWork = await ok<bank.AdminWorkLesson[]>(
      s().call(bank.adminWorkSave, { ...input, workId: work.id, source: 'xskt', paperId: null, externalPaperId: 'XS-1001', manualGrading: true }, on),
    );
    expect(bankWork.find((l) => l.work?.id === work.id)!.work).toMatchObject({
      source: 'xskt',
      externalPaperId: 'XS-1001',
      paperId: null,
      manualGrading: true,
    });
    for (const [bad, message] of [
      [{ keysShown: 'after_submit' }, '计分方式或显示时机不正确'],
      [{ scoreRule: 'best' }, '计分方式或显示时机不正确'],
      [{ maxAttempts: 0 }, '允许作答次数为 1 到 20 次，不限请留空'],
      [{ closesAt: '2027-13-01 10:00' }, '截止时间格式为 YYYY-MM-DD HH:mm'],
      [{ unitTime: 601 }, '答题时长为 1 到 600 分钟，不限时请留空'],
      [{ paperId: null }, '请选择试卷'],
      [{ classroomId: place.courseId }, '请选择本班课程中的作业或考试课堂'],
    ] as const) {
      const answer = await s().call(bank.adminWorkSave, { ...input, workId: work.id, ...bad } as never, on);
      expect(answer.body, JSON.stringify(bad)).toEqual({ code: 400, data: null, message });
    }
    // The class scope: another teacher's class is not found.
    expectRefused(await s().call(bank.adminClassWorks, {}, onClass(stranger, place.classId, DEMO.id)), ErrorCode.NOT_FOUND, t('classes.notFound'));
    expectRefused(
      await s().call(bank.adminWorkDelete, { workId: work.id }, onClass(stranger, place.classId, DEMO.id)),
      ErrorCode.NOT_FOUND,
      t('classes.notFound'),
    );
    await ok(s().call(bank.adminWorkDelete, { workId: work.id }, on));
    const left = await ok<bank.AdminWorkLesson[]>(s().call(bank.adminClassWorks, {}, on));
    expect(left.every((l) => l.work === null)).toBe(true);
    // The paper is free again.
    await ok(s().call(bank.bankPaperDelete, {}, onPaper(teacher, paper.id)));
  });

  test('groups: a group with questions is not deleted; an empty one is; a paper needs a group and a title', async () => {
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const q = await made(teacher, everyType()[2]!);
    let paper = await ok<bank.AdminPaper>(
      s().call(bank.bankPaperSave, { title: '题组', english: true, groups: [{ title: 'A' }, { title: 'B' }] }, as(teacher)),
    );
    const [a, b] = paper.groups;
    paper = await ok(s().call(bank.bankPaperQuestionsAdd, { groupId: a!.id!, questionIds: [q.id] }, onPaper(teacher, paper.id)));
    const refused = await s().call(bank.bankPaperSave, { paperId: paper.id, title: '题组', english: true, groups: [{ id: b!.id!, title: 'B' }] }, as(teacher));
    expect(refused.body).toEqual({ code: 409, data: null, message: '题组“A”中还有题目，请先移出题目再删除题组' });
    paper = await ok(
      s().call(bank.bankPaperSave, { paperId: paper.id, title: '题组改', english: true, unitTime: null, groups: [{ id: a!.id!, title: 'A2' }] }, as(teacher)),
    );
    expect(paper.groups.map((g) => g.title)).toEqual(['A2']);
    expect(paper.english).toBe(true);
    expect((await s().call(bank.bankPaperSave, { title: '', english: false, groups: [{ title: 'x' }] }, as(teacher))).body.message).toBe('请填写试卷名称');
    expect((await s().call(bank.bankPaperSave, { title: 'x', english: false, groups: [] }, as(teacher))).body.message).toBe('请至少保留一个题组');
    // Bad input changes nothing.
    for (const bad of [{ unitTime: 0 }, { unitTime: 601 }, { title: 'x'.repeat(201) }, { groups: [{ title: '' }] }, { english: 'yes' }]) {
      const answer = await s().call(
        bank.bankPaperSave,
        { paperId: paper.id, title: '题组改', english: true, groups: [{ id: a!.id!, title: 'A2' }], ...bad } as never,
        as(teacher),
      );
      expect(answer.body.code, JSON.stringify(bad)).toBe(400);
    }
    expect(await ok<bank.AdminPaper>(s().call(bank.bankPaperGet, {}, onPaper(teacher, paper.id)))).toEqual(paper);
    // An English paper's questions go in the English map of the preview.
    const preview = await ok<exams.Paper>(s().call(bank.bankPaperPreview, {}, onPaper(teacher, paper.id)));
    expect(preview.questionResultVOMap).toEqual({});
    expect(Object.keys(preview.englishQuestionResultVOMap)).toEqual(['3']);
  });
});

describe('importing questions from a spreadsheet', () => {
  const k = () => tag();
  const file = (id: string) =>
    [
      '题型,分类,题干,选项A,选项B,选项C,答案,分值,解析',
      `单选,导入,导入单选${id},甲,乙,丙,B,2,解析`,
      `多选,导入,导入多选${id},甲,乙,丙,A,3,`,
      `判断,导入,导入判断${id},,,,对,1,`,
      `论述,导入,未知题型${id},,,,x,1,`,
      `填空,导入,两个空____和____${id},,,,只有一个,2,`,
      `单选,导入,答案不在选项${id},甲,乙,,D,2,`,
      `简答,导入,,,,,参考,5,`,
      `简答,导入,分值不对${id},,,,参考,abc,`,
      `阅读理解,导入,短文${id},,,,,,`,
      `小题-单选,导入,小题一${id},对,错,,A,2,`,
      `小题-填空,导入,小题二 ____ ${id},,,,tea,1,`,
      `填空,导入,"含逗号, 的空 ____${id}",,,,"a,b",2,`,
    ].join('\r\n');

  test('a dry run reports every row and changes nothing; applying adds the good ones in one go; the second time adds none', async () => {
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const id = k();
    const before = await count();
    const dry = await ok<bank.QuestionImportReport>(s().call(bank.bankQuestionImport, { csv: `\uFEFF${file(id)}`, apply: false }, as(teacher)));
    expect(await count()).toBe(before);
    expect(dry.applied).toBe(false);
    expect(dry.rows.map((r) => [r.line, r.outcome, r.message ?? ''])).toEqual([
      [2, 'added', ''],
      [3, 'refused', '多选题至少有两个正确答案'],
      [4, 'added', ''],
      [5, 'refused', '未知题型'],
      [6, 'refused', '答案的空数与题干中的空位数不一致'],
      [7, 'refused', '答案不在选项中'],
      [8, 'refused', '请填写题干'],
      [9, 'refused', '分值须大于 0 且不超过 100，最多两位小数'],
      [10, 'added', ''],
      [13, 'added', ''],
    ]);
    expect(dry.rows.find((r) => r.line === 10)!.subLines).toEqual([11, 12]);
    expect(dry.counts).toEqual({ added: 4, exists: 0, refused: 6 });

    const applied = await ok<bank.QuestionImportReport>(s().call(bank.bankQuestionImport, { csv: file(id), apply: true }, as(teacher)));
    expect(applied.counts).toEqual({ added: 4, exists: 0, refused: 6 });
    // 4 questions and the reading question's 2 sub-questions.
    expect(await count()).toBe(before + 6);
    const again = await ok<bank.QuestionImportReport>(s().call(bank.bankQuestionImport, { csv: file(id), apply: true }, as(teacher)));
    expect(again.counts).toEqual({ added: 0, exists: 4, refused: 6 });
    expect(await count()).toBe(before + 6);

    const list = await ok<{ records: bank.AdminQuestion[] }>(s().call(bank.bankQuestions, { keyword: `导入单选${id}` }, as(teacher)));
    expect(list.records[0]).toMatchObject({ questionType: 1, category: '导入', answerOptions: ['B'], examPoint: 2, trunk: `<p>导入单选${id}</p>` });
    const reading = await ok<{ records: bank.AdminQuestion[] }>(s().call(bank.bankQuestions, { keyword: `短文${id}` }, as(teacher)));
    expect(reading.records[0]!.subs.map((x) => [x.questionType, x.examPoint])).toEqual([
      [1, 2],
      [4, 1],
    ]);
    const entries = (await auditOf(s(), DEMO.id, { actorId: teacher.account.id })).filter((r) => r.action === 'bankQuestion.import');
    expect(entries.map((r) => JSON.parse(r.afterJson!))).toEqual(
      expect.arrayContaining([
        { rows: 10, added: 4, exists: 0, refused: 6 },
        { rows: 10, added: 0, exists: 4, refused: 6 },
      ]),
    );
    expect(entries.length).toBe(2);
  });

  test('two imports of one file at once add each question once', async () => {
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const id = k();
    const before = await count();
    const csv = ['题型,题干,答案,分值', `判断,同时导入一${id},对,1`, `判断,同时导入二${id},错,1`, `简答,同时导入三${id},参考,5`].join('\n');
    const answers = await Promise.all([1, 2].map(() => s().call(bank.bankQuestionImport, { csv, apply: true }, as(teacher))));
    const counts = answers.map((a) => a.body.data.counts as bank.QuestionImportReport['counts']);
    expect(counts.reduce((sum, c) => sum + c.added, 0)).toBe(3);
    expect(counts.every((c) => c.added + c.exists === 3)).toBe(true);
    expect(await count()).toBe(before + 3);
  });

  test('the template imports; no columns, an unclosed quote or a sub-question without its passage is refused clearly', async () => {
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const dry = await ok<bank.QuestionImportReport>(s().call(bank.bankQuestionImport, { csv: IMPORT_TEMPLATE, apply: false }, as(teacher)));
    expect(dry.counts.refused).toBe(0);
    expect(dry.rows.length).toBe(6);
    expect((await s().call(bank.bankQuestionImport, { csv: '姓名,手机号\n张三,1', apply: false }, as(teacher))).body.message).toBe(
      '文件第一行须有“题型”和“题干”两列，请使用模板',
    );
    expect((await s().call(bank.bankQuestionImport, { csv: '题型,题干\n单选,"未闭合', apply: false }, as(teacher))).body.message).toBe(
      '文件格式不正确（引号未闭合）',
    );
    const orphan = await ok<bank.QuestionImportReport>(
      s().call(bank.bankQuestionImport, { csv: '题型,题干,答案,分值\n小题-单选,孤立小题,A,1', apply: true }, as(teacher)),
    );
    expect(orphan.rows).toEqual([expect.objectContaining({ line: 2, outcome: 'refused', message: '小题前面没有阅读理解或完形填空题' })]);
  });
});

describe('the audit log', () => {
  test('question, paper and work writes are audited with before and after', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const place = await classWithLessons(admin, teacher);
    const q = await made(teacher, everyType()[1]!);
    await made(teacher, { ...everyType()[1]!, questionId: q.id, trunk: P(`改过的题干${tag()}`) });
    const paper = await ok<bank.AdminPaper>(s().call(bank.bankPaperSave, { title: '审计卷', english: false, groups: [{ title: '一' }] }, as(teacher)));
    await ok(s().call(bank.bankPaperQuestionsAdd, { groupId: paper.groups[0]!.id!, questionIds: [q.id] }, onPaper(teacher, paper.id)));
    await ok(
      s().call(
        bank.adminWorkSave,
        { classroomId: place.testLessonId, source: 'paper', paperId: paper.id, title: '审计测验', ...policy },
        onClass(teacher, place.classId, DEMO.id),
      ),
    );
    const mine = await auditOf(s(), DEMO.id, { actorId: teacher.account.id });
    const actions = mine.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['bankQuestion.create', 'bankQuestion.update', 'paper.create', 'paper.questions', 'work.create']));
    const update = mine.find((r) => r.action === 'bankQuestion.update')!;
    expect(JSON.parse(update.beforeJson!).trunk).toBe(q.trunk);
    expect(update.targetType).toBe('bankQuestion');
    const work = mine.find((r) => r.action === 'work.create')!;
    expect(JSON.parse(work.afterJson!)).toMatchObject({ title: '审计测验', maxAttempts: 2, scoreRule: 'highest', paperId: paper.id });
  });
});

describe('a quick test (快速出题)', () => {
  const quick = (k: string): bank.QuestionDraftInput[] => [
    {
      questionType: QUESTION_TYPE.SINGLE,
      trunk: P(`安全电压不高于（ ）${k}`),
      options: [
        { key: 'A', value: '36V' },
        { key: 'B', value: '220V' },
      ],
      answerOptions: ['A'],
      examPoint: 4,
    },
    {
      questionType: QUESTION_TYPE.MULTIPLE,
      trunk: P(`属于导体的有（ ）${k}`),
      options: [
        { key: 'A', value: '铜' },
        { key: 'B', value: '铝' },
        { key: 'C', value: '橡胶' },
      ],
      answerOptions: ['A', 'B'],
      examPoint: 3,
    },
    { questionType: QUESTION_TYPE.TRUE_FALSE, trunk: P(`湿手可以触摸开关${k}`), answerOptions: ['2'], examPoint: 3 },
  ];

  test('one call makes the bank questions, a paper of the title at the points typed and the work; the student answers it', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const place = await classWithLessons(admin, teacher);
    const k = tag();
    // One of the three is in the bank already (at other points): it is used as it is, not refused as a repeat.
    const existing = await made(teacher, { ...quick(k)[2]!, examPoint: 1 });
    const before = await count();
    const title = `随堂测验${k}`;
    const lessons = await ok<bank.AdminWorkLesson[]>(
      s().call(bank.adminWorkQuick, { classroomId: place.testLessonId, title, ...policy, questions: quick(k) }, onClass(teacher, place.classId, DEMO.id)),
    );
    const work = lessons.find((l) => l.classroomId === place.testLessonId)!.work!;
    expect(work).toMatchObject({ kind: 'test', source: 'paper', title, paperTitle: title });
    expect(await count()).toBe(before + 2);
    const paper = await ok<bank.AdminPaper>(s().call(bank.bankPaperGet, {}, onPaper(teacher, work.paperId!)));
    expect(paper).toMatchObject({ title, questionCount: 3, totalPoints: 10 });
    expect(paper.groups[0]!.questions.map((q) => q.examPoint)).toEqual([4, 3, 3]);
    expect(paper.groups[0]!.questions[2]!.sourceId).toBe(existing.id);

    const ref = { classId: place.classId, studentId: place.student.studentId };
    const learnerPaper = await ok<exams.Paper>(s().call(exams.paper, { ...ref, workId: work.id }, withToken(place.student.user.token)));
    expect(Object.values(learnerPaper.questionResultVOMap).flat()).toHaveLength(3);
    const audit = (await auditOf(s(), DEMO.id, { actorId: teacher.account.id })).map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['bankQuestion.create', 'paper.create', 'paper.questions', 'work.create']));
  });

  test('a question the bank refuses is named, and nothing is left behind; a lesson with its work, none or too many questions are refused', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const place = await classWithLessons(admin, teacher);
    const k = tag();
    const on = onClass(teacher, place.classId, DEMO.id);
    const bad = quick(k);
    bad[1] = { ...bad[1]!, answerOptions: ['A'] };
    const [questions, papers] = [await count(), await s().runtime.db.selectFrom('examPapers').select('id').execute()];
    const input = { classroomId: place.testLessonId, title: `测验${k}`, ...policy };
    expectRefused(
      await s().call(bank.adminWorkQuick, { ...input, questions: bad }, on),
      400,
      t('bank.quick.inQuestion', { n: 2, reason: '多选题至少有两个正确答案' }),
    );
    expect(await count()).toBe(questions);
    expect(await s().runtime.db.selectFrom('examPapers').select('id').execute()).toHaveLength(papers.length);
    const lessons = await ok<bank.AdminWorkLesson[]>(s().call(bank.adminClassWorks, {}, on));
    expect(lessons.find((l) => l.classroomId === place.testLessonId)!.work).toBeNull();

    const quickCount = t('bank.quick.count', { max: 50 });
    expectRefused(await s().call(bank.adminWorkQuick, { ...input, questions: [] }, on), 400, quickCount);
    expect((await s().call(bank.adminWorkQuick, { ...input, questions: Array.from({ length: 51 }, () => quick(k)[0]!) }, on)).body.message).toContain(
      quickCount,
    );
    await ok(s().call(bank.adminWorkQuick, { ...input, questions: quick(k) }, on));
    expectRefused(await s().call(bank.adminWorkQuick, { ...input, questions: quick(tag()) }, on), ErrorCode.CONFLICT, t('bank.work.lessonTaken'));
    const stranger = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    expectRefused(
      await s().call(
        bank.adminWorkQuick,
        { ...input, classroomId: place.homeworkLessonId, questions: quick(tag()) },
        onClass(stranger, place.classId, DEMO.id),
      ),
      ErrorCode.NOT_FOUND,
      t('classes.notFound'),
    );
  });
});
