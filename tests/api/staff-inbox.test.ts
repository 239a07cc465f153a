import fc from 'fast-check';
import { beforeEach, describe, expect, test } from 'vitest';
import * as inbox from '~/lib/api/contracts/admin-interaction';
import * as progress from '~/lib/api/contracts/admin-progress';
import * as panel from '~/lib/api/contracts/classroom-interaction';
import * as learnerClass from '~/lib/api/contracts/learning-class';
import { STAFF_CALLS } from '~/lib/api/contracts/staff-calls';
import { callsOf, urlOf } from '~/lib/api/contract';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { DEMO, HUAXIA, type Answer, useTestServer } from '../setup/server';
import { asStaff, auditOf, freshRequestId } from '../setup/staff';
import { withToken, type TestUser } from '../setup/users';
import { staffer, type Staffer } from '../setup/classes';
import { inboxClass, linkTeacher, studyRecord } from '../setup/inbox';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The teachers' inbox and the progress screen's calls: questions of the classes in reach (a
 * teacher's linked classes, an administrator's whole school), filters and paging; an answer shows
 * in the student's classroom panel under the teacher's name, is edited by its author (or an
 * administrator), several teachers answer one question; hiding a note or comment takes it out of
 * classmates' panels and marks it for its author; every write is audited with its reason and a
 * refused one changes and logs nothing; progress equals what the learner calls give the same
 * student (a property over generated study records), sorted and paged; the CSV file's bytes; every
 * call on another teacher's class is "not found".
 */

const server = useTestServer();
const s = () => server();
/** Each test's own request id: the audit entries it caused are the ones carrying it. */
let requestId = '';
beforeEach(() => {
  requestId = freshRequestId('inbox-audit');
});

const as = (who: Staffer, headers: Record<string, string> = {}) => asStaff(who.session, DEMO.id, { 'X-Request-Id': requestId, ...headers });
async function ok<T>(p: Promise<Answer>): Promise<T> {
  const a = await p;
  expect(a.body.code, a.text).toBe(0);
  return a.body.data as T;
}
const learner = (u: TestUser) => withToken(u.token);

async function world() {
  const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
  const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  const other = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  const a = await inboxClass(s(), DEMO.id, 2);
  const b = await inboxClass(s(), DEMO.id, 1);
  const db = s().runtime.db;
  await linkTeacher(db, DEMO.id, a.classId, teacher.account.id, 'course', s().clock.value);
  await linkTeacher(db, DEMO.id, b.classId, other.account.id, 'head', s().clock.value);
  return { admin, teacher, other, a, b };
}

type Klass = Awaited<ReturnType<typeof world>>['a'];
const lessonOf = (k: Klass, i: number, name = '视频一') => ({
  classId: k.classId,
  classroomId: k.lessons[name]!,
  studentId: k.studentIds[k.users[i]!.userId]!,
});

async function ask(k: Klass, i: number, title: string, lesson = '视频一'): Promise<string> {
  const body = { ...lessonOf(k, i, lesson), courseId: k.courseId, title, isDraft: false };
  return (await ok<{ id: string }>(s().call(panel.questionSubmit, body, learner(k.users[i]!)))).id;
}

async function panelQuestions(k: Klass, i: number) {
  const { classId, classroomId } = lessonOf(k, i);
  return (await ok<{ records: panel.Question[] }>(s().call(panel.questionPage, { model: { classId, classroomId } }, learner(k.users[i]!)))).records;
}

describe('the inbox', () => {
  test("lists the questions of the teacher's classes newest first; filters by answered, class, lesson and text; pages; counts the unanswered", async () => {
    const { admin, teacher, a, b } = await world();
    const q1 = await ask(a, 0, '三相电如何测量？');
    s().clock.advance(1000);
    const q2 = await ask(a, 1, '接地电阻多少合格？', '音频一');
    s().clock.advance(1000);
    const qb = await ask(b, 0, '另一个班的问题');
    const mine = await ok<{ records: inbox.InboxQuestion[]; total: number }>(s().call(inbox.adminQuestions, { classId: a.classId }, as(teacher)));
    expect(mine.records.map((q) => q.id)).toEqual([q2, q1]);
    expect(mine.records[0]).toMatchObject({ title: '接地电阻多少合格？', className: a.name, lessonName: '音频一', answers: [] });
    expect(mine.records[0]!.studentName).toBe(await nameOf(a.users[1]!.userId));
    // Unfiltered, a teacher sees only their classes' questions; an administrator the school's.
    const all = await ok<{ records: inbox.InboxQuestion[] }>(s().call(inbox.adminQuestions, { size: 100 }, as(teacher)));
    expect(all.records.map((q) => q.id)).toContain(q1);
    expect(all.records.map((q) => q.id)).not.toContain(qb);
    const school = await ok<{ records: inbox.InboxQuestion[] }>(s().call(inbox.adminQuestions, { size: 100 }, as(admin)));
    expect(school.records.map((q) => q.id)).toEqual(expect.arrayContaining([q1, q2, qb]));

    expect(await ok(s().call(inbox.adminQuestionsUnanswered, {}, as(teacher)))).toEqual({ count: 2 });
    await ok(s().call(inbox.adminQuestionAnswer, { questionId: q1, answer: '用钳形电流表。' }, as(teacher)));
    expect(await ok(s().call(inbox.adminQuestionsUnanswered, {}, as(teacher)))).toEqual({ count: 1 });
    const pick = async (q: inbox.InboxQuery) =>
      (await ok<{ records: inbox.InboxQuestion[] }>(s().call(inbox.adminQuestions, { classId: a.classId, ...q }, as(teacher)))).records.map((r) => r.id);
    expect(await pick({ status: 'unanswered' })).toEqual([q2]);
    expect(await pick({ status: 'answered' })).toEqual([q1]);
    expect(await pick({ classroomId: a.lessons['视频一']! })).toEqual([q1]);
    expect(await pick({ keyword: '接地' })).toEqual([q2]);
    expect(await pick({ size: 1, current: 2 })).toEqual([q1]);
    // The lesson filter's choices: the class's lessons.
    const lessons = await ok<inbox.InboxLesson[]>(s().call(inbox.adminQuestionLessons, { classId: a.classId }, as(teacher)));
    expect(lessons.map((l) => l.name)).toEqual(['视频一', '音频一', '讲义一', '作业一', '测试一', '选修视频']);
  });

  test("an answer shows in the student's panel under the teacher's name; several teachers answer; the author or an administrator edits", async () => {
    const { admin, teacher, a } = await world();
    const db = s().runtime.db;
    const second = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    await linkTeacher(db, DEMO.id, a.classId, second.account.id, 'tutor', s().clock.value);
    const q = await ask(a, 0, '什么是相电压？');
    const answered = await ok<inbox.InboxQuestion>(s().call(inbox.adminQuestionAnswer, { questionId: q, answer: '  相线与零线之间的电压。 ' }, as(teacher)));
    expect(answered.answers).toEqual([
      {
        id: expect.any(String),
        answer: '相线与零线之间的电压。',
        teacherName: teacher.account.name,
        createdAt: s().clock.value,
        updatedAt: null,
        mayEdit: true,
      },
    ]);
    s().clock.advance(60_000);
    await ok(s().call(inbox.adminQuestionAnswer, { questionId: q, answer: '补充：一般为 220V。' }, as(second)));
    const seen = (await panelQuestions(a, 0)).find((x) => x.id === q)!;
    expect(seen.answerList.map((x) => [x.answer, x.teacherName])).toEqual([
      ['相线与零线之间的电压。', teacher.account.name],
      ['补充：一般为 220V。', second.account.name],
    ]);
    // A classmate sees the same answers (the panel's question list is the class's).
    expect((await panelQuestions(a, 1)).find((x) => x.id === q)!.answerList).toHaveLength(2);

    const firstId = answered.answers[0]!.id;
    const refused = await s().call(inbox.adminQuestionAnswerEdit, { answerId: firstId, answer: '改掉' }, as(second));
    expect(refused.body).toEqual({ code: 403, data: null, message: '只能修改自己写的回答' });
    const edited = await ok<inbox.InboxQuestion>(s().call(inbox.adminQuestionAnswerEdit, { answerId: firstId, answer: '相线对零线的电压。' }, as(teacher)));
    expect(edited.answers[0]).toMatchObject({ answer: '相线对零线的电压。', updatedAt: s().clock.value });
    await ok(s().call(inbox.adminQuestionAnswerEdit, { answerId: firstId, answer: '相线对零线的电压（管理员修订）。' }, as(admin)));
    expect((await panelQuestions(a, 0)).find((x) => x.id === q)!.answerList[0]!.answer).toBe('相线对零线的电压（管理员修订）。');
  });
});

async function nameOf(userId: string): Promise<string> {
  const u = await s().runtime.db.selectFrom('users').select('realName').where('id', '=', userId).executeTakeFirstOrThrow();
  return u.realName ?? '';
}

describe('hiding notes and comments', () => {
  test("a hidden note and comment leave classmates' panels; their author sees them marked hidden; shown again they come back", async () => {
    const { teacher, a } = await world();
    const [author, mate] = [0, 1];
    const noteBody = { ...lessonOf(a, author), courseId: a.courseId, title: '不当笔记', notes: '内容', isShared: 1 as const };
    const noteId = (await ok<{ id: string }>(s().call(panel.noteCreate, noteBody, learner(a.users[author]!)))).id;
    const commentBody = { classId: a.classId, id: a.lessons['视频一']!, commentContent: '不当评论' };
    const commentId = (await ok<{ id: string }>(s().call(panel.commentSubmit, commentBody, learner(a.users[author]!)))).id;
    const notesOf = async (i: number) =>
      ok<panel.Note[]>(s().call(panel.noteList, { ...lessonOf(a, i), courseId: a.courseId, dataType: 0 }, learner(a.users[i]!)));
    const noteCountOf = async (i: number) =>
      (await ok<{ total: number }>(s().call(panel.noteCount, { ...lessonOf(a, i), courseId: a.courseId, dataType: 0 }, learner(a.users[i]!)))).total;
    const commentsOf = async (i: number) =>
      ok<{ records: panel.Comment[]; total: number }>(
        s().call(panel.commentPage, { model: { infoId: a.lessons['视频一']!, classId: a.classId } }, learner(a.users[i]!)),
      );
    expect((await notesOf(mate)).map((n) => n.id)).toContain(noteId);
    expect((await commentsOf(mate)).records.map((c) => c.id)).toContain(commentId);

    const listed = await ok<{ records: inbox.InboxPost[] }>(s().call(inbox.adminInteractionPosts, { kind: 'note', classId: a.classId }, as(teacher)));
    expect(listed.records.map((p) => [p.id, p.text, p.hiddenAt])).toEqual([[noteId, '不当笔记\n内容', null]]);

    const hidden = await ok<inbox.InboxPost>(
      s().call(inbox.adminInteractionVisibility, { kind: 'note', id: noteId, hidden: true, reason: '与课程无关' }, as(teacher)),
    );
    expect(hidden).toMatchObject({ hiddenAt: s().clock.value, hiddenReason: '与课程无关' });
    await ok(s().call(inbox.adminInteractionVisibility, { kind: 'comment', id: commentId, hidden: true, reason: '言语不当' }, as(teacher)));

    expect((await notesOf(mate)).map((n) => n.id)).not.toContain(noteId);
    expect(await noteCountOf(mate)).toBe(0);
    const own = (await notesOf(author)).find((n) => n.id === noteId);
    expect(own).toMatchObject({ id: noteId, mine: true, hidden: true });
    expect(await noteCountOf(author)).toBe(1);
    const mateComments = await commentsOf(mate);
    expect(mateComments.records.map((c) => c.id)).not.toContain(commentId);
    expect(mateComments.total).toBe(0);
    expect((await commentsOf(author)).records.find((c) => c.id === commentId)).toMatchObject({ mine: true, hidden: true });
    // The screen's "hidden" filter.
    const hiddenOnly = await ok<{ records: inbox.InboxPost[] }>(
      s().call(inbox.adminInteractionPosts, { kind: 'comment', classId: a.classId, hidden: 1 }, as(teacher)),
    );
    expect(hiddenOnly.records.map((p) => p.id)).toEqual([commentId]);

    // Hiding again is refused and changes nothing; showing brings it back, without the mark.
    const again = await s().call(inbox.adminInteractionVisibility, { kind: 'note', id: noteId, hidden: true, reason: '再次' }, as(teacher));
    expect(again.body).toEqual({ code: 409, data: null, message: '该内容已经隐藏' });
    await ok(s().call(inbox.adminInteractionVisibility, { kind: 'note', id: noteId, hidden: false, reason: '误操作' }, as(teacher)));
    const back = (await notesOf(mate)).find((n) => n.id === noteId);
    expect(back).toBeDefined();
    expect(back).not.toHaveProperty('hidden');
  });

  test('a private note is never listed for staff', async () => {
    const { admin, a } = await world();
    const body = { ...lessonOf(a, 0), courseId: a.courseId, title: '私人笔记', notes: '', isShared: 0 as const };
    const id = (await ok<{ id: string }>(s().call(panel.noteCreate, body, learner(a.users[0]!)))).id;
    const listed = await ok<{ records: inbox.InboxPost[] }>(s().call(inbox.adminInteractionPosts, { kind: 'note', classId: a.classId }, as(admin)));
    expect(listed.records.map((p) => p.id)).not.toContain(id);
    const hide = await s().call(inbox.adminInteractionVisibility, { kind: 'note', id, hidden: true, reason: '试试' }, as(admin));
    expectRefused(hide, ErrorCode.NOT_FOUND, t('inbox.postNotFound'));
  });
});

describe("another teacher's class, another school: not found", () => {
  test("every inbox and progress call on class B by a teacher of class A, or by another school's administrator, is 404 and changes nothing", async () => {
    const { teacher, other, b } = await world();
    const foreign = await staffer(s(), HUAXIA.id, STAFF_ROLE.admin);
    const q = await ask(b, 0, 'B 班的问题');
    const answerId = (await ok<inbox.InboxQuestion>(s().call(inbox.adminQuestionAnswer, { questionId: q, answer: 'B 班老师的回答' }, as(other)))).answers[0]!
      .id;
    const noteBody = { ...lessonOf(b, 0), courseId: b.courseId, title: 'B 班笔记', notes: '', isShared: 1 as const };
    const noteId = (await ok<{ id: string }>(s().call(panel.noteCreate, noteBody, learner(b.users[0]!)))).id;
    const studentId = b.studentIds[b.users[0]!.userId]!;
    const CALLS: [keyof typeof STAFF_CALLS, unknown, string][] = [
      ['adminQuestions', { classId: b.classId }, '班级不存在或已删除'],
      ['adminQuestionLessons', { classId: b.classId }, '班级不存在或已删除'],
      ['adminQuestionAnswer', { questionId: q, answer: '越权回答' }, '该提问不存在或不在您的班级中'],
      ['adminQuestionAnswerEdit', { answerId, answer: '越权修改' }, '该回答不存在或不在您的班级中'],
      ['adminInteractionPosts', { kind: 'note', classId: b.classId }, '班级不存在或已删除'],
      ['adminInteractionVisibility', { kind: 'note', id: noteId, hidden: true, reason: '越权' }, '该笔记或评论不存在或不在您的班级中'],
      ['adminProgress', { classId: b.classId }, '班级不存在或已删除'],
      ['adminProgressStudent', { classId: b.classId, studentId }, '班级不存在或已删除'],
      ['adminProgressExport', { classId: b.classId }, '班级不存在或已删除'],
    ];
    const covered = CALLS.map(([n]) => n).sort();
    expect(covered).toEqual([...Object.keys(callsOf(inbox)), ...Object.keys(callsOf(progress))].filter((n) => n !== 'adminQuestionsUnanswered').sort());
    for (const [name, input, message] of CALLS) {
      const call = STAFF_CALLS[name];
      for (const [who, tenant] of [
        [teacher, DEMO.id],
        [foreign, HUAXIA.id],
      ] as const) {
        const answer = await s().call(call as never, input as never, asStaff(who.session, tenant));
        expect([name, answer.body], answer.text).toEqual([name, { code: 404, data: null, message }]);
      }
    }
    // Nothing changed: one answer, the note shown, and the teacher of A counts no unanswered question of B.
    expect((await panelQuestions(b, 0)).find((x) => x.id === q)!.answerList.map((x) => x.answer)).toEqual(['B 班老师的回答']);
    const notes = await ok<panel.Note[]>(s().call(panel.noteList, { ...lessonOf(b, 0), courseId: b.courseId, dataType: 0 }, learner(b.users[0]!)));
    expect(notes.find((n) => n.id === noteId)).not.toHaveProperty('hidden');
    expect(await ok(s().call(inbox.adminQuestionsUnanswered, {}, as(teacher)))).toEqual({ count: 0 });
  });
});

describe('audit', () => {
  async function entries() {
    return (await auditOf(s(), DEMO.id, { requestId }))
      .filter((r) => r.createdAt === s().clock.value)
      .map((r) => ({
        action: r.action,
        actorId: r.actorId,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.beforeJson === null ? null : JSON.parse(r.beforeJson),
        after: r.afterJson === null ? null : JSON.parse(r.afterJson),
      }));
  }

  test('every inbox write writes its entry with what changed and why; refused writes and an unchanged edit write none', async () => {
    const { teacher, a } = await world();
    const q = await ask(a, 0, '审计的问题');
    s().clock.advance(60_000);
    const answered = await ok<inbox.InboxQuestion>(s().call(inbox.adminQuestionAnswer, { questionId: q, answer: '第一版' }, as(teacher)));
    const answerId = answered.answers[0]!.id;
    const who = { actorId: teacher.account.id, targetType: 'classQuestion', targetId: q };
    expect(await entries()).toEqual([
      { action: AUDIT_ACTION.questionAnswer, ...who, before: null, after: { answerId, question: '审计的问题', answer: '第一版' } },
    ]);
    s().clock.advance(60_000);
    await ok(s().call(inbox.adminQuestionAnswerEdit, { answerId, answer: '第二版' }, as(teacher)));
    expect(await entries()).toEqual([{ action: AUDIT_ACTION.questionAnswerEdit, ...who, before: { answer: '第一版' }, after: { answer: '第二版' } }]);

    const body = { classId: a.classId, id: a.lessons['视频一']!, commentContent: '要隐藏的评论' };
    const commentId = (await ok<{ id: string }>(s().call(panel.commentSubmit, body, learner(a.users[0]!)))).id;
    const author = await nameOf(a.users[0]!.userId);
    const target = { actorId: teacher.account.id, targetType: 'classComment', targetId: commentId };
    s().clock.advance(60_000);
    await ok(s().call(inbox.adminInteractionVisibility, { kind: 'comment', id: commentId, hidden: true, reason: '广告' }, as(teacher)));
    expect(await entries()).toEqual([
      { action: AUDIT_ACTION.postHide, ...target, before: { hidden: false }, after: { hidden: true, reason: '广告', author, text: '要隐藏的评论' } },
    ]);
    s().clock.advance(60_000);
    await ok(s().call(inbox.adminInteractionVisibility, { kind: 'comment', id: commentId, hidden: false, reason: '申诉通过' }, as(teacher)));
    expect(await entries()).toEqual([
      { action: AUDIT_ACTION.postShow, ...target, before: { hidden: true }, after: { hidden: false, reason: '申诉通过', author, text: '要隐藏的评论' } },
    ]);

    s().clock.advance(60_000);
    expectRefused(
      await s().call(inbox.adminInteractionVisibility, { kind: 'comment', id: commentId, hidden: false, reason: '再来' }, as(teacher)),
      ErrorCode.CONFLICT,
      t('inbox.alreadyShown'),
    );
    expect((await s().call(inbox.adminQuestionAnswerEdit, { answerId, answer: '第二版' }, as(teacher))).body.code).toBe(0);
    expectRefused(await s().call(inbox.adminQuestionAnswer, { questionId: q, answer: '' }, as(teacher)), ErrorCode.BAD_REQUEST, t('inbox.answerRequired'));
    expect(await entries()).toEqual([]);
  });
});

describe('bad input', () => {
  test("is refused with the form's words and changes nothing", async () => {
    const { teacher, a } = await world();
    const q = await ask(a, 0, '坏输入的问题');
    const cases: [keyof typeof STAFF_CALLS, unknown, string][] = [
      ['adminQuestionAnswer', { questionId: q, answer: '   ' }, '请填写回答内容'],
      ['adminQuestionAnswer', { questionId: q, answer: '电'.repeat(501) }, '回答不能超过 500 个字'],
      ['adminQuestionAnswer', { questionId: q }, '请填写回答内容'],
      ['adminInteractionVisibility', { kind: 'note', id: q, hidden: true, reason: '' }, '请填写原因'],
      ['adminInteractionVisibility', { kind: 'note', id: q, hidden: true, reason: '电'.repeat(201) }, '原因不能超过 200 个字'],
      ['adminInteractionVisibility', { kind: 'like', id: q, hidden: true, reason: '原因' }, '类型只能是笔记或评论'],
      ['adminInteractionVisibility', { kind: 'note', id: q, hidden: 'yes', reason: '原因' }, '隐藏状态不正确'],
      ['adminQuestions', { status: 'maybe' }, '回答状态不正确'],
      ['adminQuestions', { keyword: '电'.repeat(41) }, '搜索内容不能超过 40 个字'],
      ['adminInteractionPosts', { kind: 'note', hidden: 2 }, '隐藏状态不正确'],
    ];
    for (const [name, input, message] of cases) {
      const answer = await s().call(STAFF_CALLS[name] as never, input as never, as(teacher));
      expect([name, answer.status, answer.body], answer.text).toEqual([name, 200, { code: 400, data: null, message }]);
    }
    expect(answer500(await s().call(inbox.adminQuestionAnswer, { questionId: q, answer: 'x'.repeat(1e5) }, as(teacher)))).toBe(false);
    expect((await panelQuestions(a, 0)).find((x) => x.id === q)!.answerList).toEqual([]);
  });
});

const answer500 = (a: Answer) => a.status >= 500;

describe('progress', () => {
  const LESSONS = ['视频一', '音频一', '讲义一', '作业一', '测试一', '选修视频'] as const;
  const record = fc.option(fc.record({ creditedMs: fc.integer({ min: 0, max: 15 * 60_000 }), progress: fc.integer({ min: 0, max: 100 }) }), { nil: null });
  const student = fc.tuple(...LESSONS.map(() => record));

  test('every figure equals what the learner calls give the same student, over generated study records; sorted by study time and paged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(student, { minLength: 1, maxLength: 3 }), async (students) => {
        const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
        const k = await inboxClass(s(), DEMO.id, students.length);
        const db = s().runtime.db;
        for (const [i, lessons] of students.entries()) {
          for (const [j, r] of lessons.entries()) {
            if (!r) continue;
            const classStudentId = k.studentIds[k.users[i]!.userId]!;
            const at = { tenantId: DEMO.id, classId: k.classId, courseId: k.courseId, classStudentId, now: s().clock.value };
            await studyRecord(db, { ...at, classroomId: k.lessons[LESSONS[j]!]!, ...r });
          }
        }
        const page = await ok<{ records: progress.StudentProgress[]; total: number }>(
          s().call(progress.adminProgress, { classId: k.classId, size: 100 }, as(admin)),
        );
        expect(page.total).toBe(students.length);
        const times = page.records.map((r) => r.studyDuration);
        expect(times).toEqual([...times].sort((x, y) => y - x));
        for (const u of k.users) {
          const studentId = k.studentIds[u.userId]!;
          const mine = page.records.find((r) => r.studentId === studentId)!;
          const ref = { classId: k.classId, studentId };
          const stat = await ok<learnerClass.UserStatistic>(s().call(learnerClass.studentUserStatistic, ref, learner(u)));
          expect(mine.studyDuration).toBe(stat.effectiveLearningDuration);
          const courses = (
            await ok<{ classStudentCourseResultVOS: learnerClass.ClassStudentCourse[] }>(s().call(learnerClass.studentCourseStatistic, ref, learner(u)))
          ).classStudentCourseResultVOS;
          const detail = await ok<progress.StudentProgressDetail>(s().call(progress.adminProgressStudent, ref, as(admin)));
          expect(detail.courses.map((c) => c.courseId)).toEqual(courses.map((c) => c.courseId));
          for (const [i, c] of courses.entries()) {
            expect(detail.courses[i]).toMatchObject({
              studyTime: c.needStudyDuration,
              finishStudyTime: c.finishedStudyDuration,
              faceTeachingNumber: c.faceTeachingNumber,
              finishFaceTeachingNumber: c.finishFaceTeachingNumber,
              homeworkNumber: c.homeworkNumber,
              finishHomeworkNumber: c.finishHomeworkNumber,
              testNumber: c.testNumber,
              finishTestNumber: c.finishTestNumber,
            });
          }
          expect(mine.finishStudyTime).toBe(courses.reduce((n, c) => n + c.finishedStudyDuration, 0));
          expect(detail.student).toEqual(mine);
        }
        const asc = await ok<{ records: progress.StudentProgress[] }>(
          s().call(progress.adminProgress, { classId: k.classId, sort: 'studyAsc', size: 1 }, as(admin)),
        );
        expect(asc.records[0]!.studyDuration).toBe(Math.min(...times));
      }),
      { numRuns: 6 },
    );
  });

  test('the CSV file: UTF-8 with a BOM, CRLF, every student most study time first, formulas guarded; a teacher sees masked mobiles', async () => {
    const { teacher, a } = await world();
    const db = s().runtime.db;
    await db.updateTable('users').set({ realName: '=HYPERLINK("x")' }).where('id', '=', a.users[1]!.userId).execute();
    const at = { tenantId: DEMO.id, classId: a.classId, courseId: a.courseId, now: s().clock.value };
    await studyRecord(db, {
      ...at,
      classStudentId: a.studentIds[a.users[1]!.userId]!,
      classroomId: a.lessons['视频一']!,
      creditedMs: 9 * 60_000,
      progress: 90,
    });
    const res = await s().app.request(`${urlOf(progress.adminProgressExport)}?classId=${a.classId}`, {
      headers: { TenantId: DEMO.id, Cookie: teacher.session.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`${a.name}-学习进度-`));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '姓名,手机号,期次,学习时长（分钟）,已完成必修课节,必修课节,已学视频（分钟）,应学视频（分钟）,已参加面授,面授,已交作业,作业,已交测试,测试',
    );
    const m1 = a.users[1]!.mobile;
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",${m1.slice(0, 3)}****${m1.slice(-4)},${a.name}第1期,9,1,5,9,15,0,0,0,1,0,1`);
    expect(lines[2]!.startsWith(`${await nameOf(a.users[0]!.userId)},`)).toBe(true);
    expect(lines[2]!.endsWith(',0,5,0,15,0,0,0,1,0,1')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
});
