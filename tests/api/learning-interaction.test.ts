import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as api from '~/lib/api/contracts/classroom-interaction';
import { LEARNING_CLASSES, SECOND_STUDENT } from '~/dev/seed/learning-data';
import { INTERACTION_DEMO } from '~/dev/seed/classroom-interaction';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { expectOk, expectRefused, invalidField } from '../setup/api';
import { DEMO, HUAXIA, startTestServer, type TestServer, startEachTestAtNow } from '../setup/server';
import { loginAs, withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { COMMENT_LIMITS } from '~/server/limits/limits.rules';

/**
 * The classroom interaction panel on the seeded demo:
 * class A's lessons '电路的基本概念' and '三相交流电讲义'. Questions with answers and drafts, notes
 * (private ones invisible to a classmate, author-only edit and delete), comments and replies,
 * likes (once per student, concurrent toggles), the 100-character limits at 0, 1, 100 and 101,
 * and every way of reaching someone else's data: a classmate's class student id and class,
 * another school, another user's userId, a lesson of another class, bad input.
 */

type AnyCall = Call<any, unknown>;

const MINUTE = 60_000;

let server: TestServer;
let demo: TestUser;
let mate: TestUser;
let huaxia: TestUser;
let classA: string;
let classH: string;
let me: string;
let mateId: string;
let huaxiaClass: string;
let huaxiaStudent: string;
let courseId: string;
let video: string;
let doc: string;
/** A lesson of a course class A does not teach. */
let foreignLesson: string;
let foreignCourse: string;

const className = (key: string) => LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === key)!.name;
const call = (c: AnyCall, body: unknown, user: TestUser = demo) => server.call(c, body as never, withToken(user.token));
const huaxiaCall = (c: AnyCall, body: unknown) => server.call(c, body as never, { tenant: HUAXIA.id, ...withToken(huaxia.token) });
const text = (n: number) => '电'.repeat(n);

const lesson = (classroomId = video, user: 'me' | 'mate' = 'me') => ({ classId: classA, classroomId, studentId: user === 'me' ? me : mateId });
const noteQuery = (dataType: 0 | 1 | 3, user: 'me' | 'mate' = 'me', classroomId = video) => ({ ...lesson(classroomId, user), courseId, dataType });
const notes = async (dataType: 0 | 1 | 3, user: 'me' | 'mate' = 'me', classroomId = video) =>
  expectOk<api.Note[]>(await call(api.noteList, noteQuery(dataType, user, classroomId), user === 'me' ? demo : mate));
const questions = async (classroomId = video, studentId?: string) =>
  expectOk<{ records: api.Question[]; total: number }>(
    await call(api.questionPage, { model: { classId: classA, classroomId, ...(studentId ? { studentId } : {}) } }),
  );
const comments = async (classroomId = video) =>
  expectOk<{ records: api.Comment[]; total: number }>(await call(api.commentPage, { model: { infoId: classroomId, classId: classA } }));
const dynamics = async (type: number) =>
  Number(
    (
      await server.runtime.db
        .selectFrom('classDynamics')
        .where('classStudentId', '=', me)
        .where('type', '=', type)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

startEachTestAtNow(() => [server]);
beforeAll(async () => {
  server = await startTestServer();
  demo = await loginAs(server, DEMO.id, DEMO_STUDENT.mobile);
  mate = await loginAs(server, DEMO.id, '13900000002');
  huaxia = await loginAs(server, HUAXIA.id, SECOND_STUDENT.mobile);
  const mine = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: demo.userId }));
  classA = mine.find((c) => c.className === className('A'))!.classId;
  me = expectOk<learning.StudentClassDetail>(await call(learning.studentClassDetail, { classId: classA, userId: demo.userId })).studentId;
  mateId = expectOk<learning.StudentClassDetail>(await call(learning.studentClassDetail, { classId: classA, userId: mate.userId }, mate)).studentId;
  const theirs = expectOk<learning.LearnerClass[]>(await call(learning.studentClasses, { userId: mate.userId }, mate));
  classH = theirs.find((c) => c.className === className('H'))!.classId;
  huaxiaClass = expectOk<learning.LearnerClass[]>(await huaxiaCall(learning.studentClasses, { userId: huaxia.userId }))[0]!.classId;
  huaxiaStudent = expectOk<learning.StudentClassDetail>(
    await huaxiaCall(learning.studentClassDetail, { classId: huaxiaClass, userId: huaxia.userId }),
  ).studentId;
  const db = server.runtime.db;
  courseId = (
    await db.selectFrom('courses').where('tenantId', '=', DEMO.id).where('name', '=', INTERACTION_DEMO.courseName).select('id').executeTakeFirstOrThrow()
  ).id;
  const rows = await db.selectFrom('classrooms').where('courseId', '=', courseId).select(['id', 'name']).execute();
  video = rows.find((r) => r.name === INTERACTION_DEMO.lessons[0])!.id;
  doc = rows.find((r) => r.name === INTERACTION_DEMO.lessons[1])!.id;
  const taught = (await db.selectFrom('classCourses').where('classId', '=', classA).select('courseId').execute()).map((r) => r.courseId);
  const foreign = await db
    .selectFrom('classrooms')
    .where('tenantId', '=', DEMO.id)
    .where('courseId', 'not in', taught)
    .select(['id', 'courseId'])
    .executeTakeFirstOrThrow();
  foreignLesson = foreign.id;
  foreignCourse = foreign.courseId;
});

afterAll(async () => {
  await server?.close();
});

describe('questions', () => {
  test('the lesson lists the class questions newest first with the teachers’ answers; studentId narrows to mine; the count matches', async () => {
    const all = await questions();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(expectOk(await call(api.questionCount, lesson())).questionTotal).toBe(all.total);
    const answered = all.records.find((q) => q.title === '串联电路中电流处处相等的原因是什么？')!;
    expect(answered.studentId).toBe(me);
    expect(answered.answerList.map((a) => a.teacherName)).toEqual(['王建国', '刘晓梅']);
    expect(answered.answerList[0]!.createdTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const times = all.records.map((q) => q.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = await questions(video, me);
    expect(mine.records.length).toBeGreaterThan(0);
    expect(mine.records.every((q) => q.studentId === me)).toBe(true);
    expect(mine.total).toBeLessThan(all.total);
  });

  test('a kept draft pre-fills; a new draft replaces it; asking clears it, adds a dynamic and says 问题已发送，请等待老师回复', async () => {
    expect(expectOk(await call(api.questionDraft, lesson()))).toMatchObject({ title: '电阻的单位换算还不太熟练，' });
    const body = { ...lesson(), courseId, classroomName: '电路的基本概念', studentName: '冒名顶替', title: '草稿第二版', isDraft: true };
    expectOk(await call(api.questionSubmit, body));
    expectOk(await call(api.questionSubmit, { ...body, title: '草稿第三版' }));
    expect(expectOk(await call(api.questionDraft, lesson()))).toMatchObject({ title: '草稿第三版' });
    const rows = await server.runtime.db
      .selectFrom('classroomQuestionDrafts')
      .where('classStudentId', '=', me)
      .where('classroomId', '=', video)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);

    const before = await questions();
    const dynamicsBefore = await dynamics(2);
    const asked = await call(api.questionSubmit, { ...body, title: '  三相电如何测量？  ', isDraft: false });
    expectOk(asked);
    expect(asked.body.message).toBe('问题已发送，请等待老师回复');
    expect(expectOk(await call(api.questionDraft, lesson()))).toBeNull();
    const after = await questions();
    expect(after.total).toBe(before.total + 1);
    expect(after.records[0]).toMatchObject({ title: '三相电如何测量？', studentId: me, answerList: [] });
    expect(after.records[0]!.studentName).not.toBe('冒名顶替');
    expect(await dynamics(2)).toBe(dynamicsBefore + 1);
    // Another lesson's draft is its own.
    expect(expectOk(await call(api.questionDraft, lesson(doc)))).toBeNull();
  });

  test('the question text: empty → 请填写问题内容, 1 and 100 characters pass, 101 is refused and nothing is written', async () => {
    const body = (title: string) => ({ ...lesson(doc), courseId, title, isDraft: false });
    const before = (await questions(doc)).total;
    for (const empty of ['', '   ']) {
      const answer = await call(api.questionSubmit, body(empty));
      expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.questionRequired'));
    }
    expectOk(await call(api.questionSubmit, body('问')));
    expectOk(await call(api.questionSubmit, body(text(100))));
    const tooLong = await call(api.questionSubmit, body(text(101)));
    expectRefused(tooLong, ErrorCode.BAD_REQUEST, t('learning.questionTooLong'));
    // An emoji is one character.
    expectOk(await call(api.questionSubmit, body('😀'.repeat(100))));
    expect((await questions(doc)).total).toBe(before + 3);
    expectRefused(await call(api.questionSubmit, { ...body(text(101)), isDraft: true }), ErrorCode.BAD_REQUEST, t('learning.questionTooLong'));
  });
});

describe('notes', () => {
  test('all (0) shows shared notes, the teachers’ and my private ones, never a classmate’s private one; 1 mine; 3 the teachers’', async () => {
    const all = await notes(0);
    const titles = all.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['电路三要素', '我的复习提醒', '欧姆定律要点', '本节重点']));
    expect(titles).not.toContain('雨桐的私人笔记');
    expect(all.find((n) => n.title === '本节重点')).toMatchObject({ teacher: true, studentId: null, createdName: '王建国', mine: false });
    expect(all.find((n) => n.title === '欧姆定律要点')).toMatchObject({ mine: false, isShared: 1, createdName: '李雨桐' });
    expect((await notes(1)).every((n) => n.mine && n.studentId === me)).toBe(true);
    expect((await notes(1)).map((n) => n.title)).toEqual(expect.arrayContaining(['电路三要素', '我的复习提醒']));
    expect((await notes(3)).map((n) => n.title)).toEqual(['本节重点']);
    expect(expectOk(await call(api.noteCount, noteQuery(0))).total).toBe(all.length);

    const theirs = await notes(0, 'mate');
    expect(theirs.map((n) => n.title)).toContain('电路三要素');
    expect(theirs.map((n) => n.title)).toContain('雨桐的私人笔记');
    expect(theirs.map((n) => n.title)).not.toContain('我的复习提醒');
  });

  test('create (shared: a dynamic), update by PUT (sharing unchanged), delete by DELETE; a private note stays invisible to the classmate', async () => {
    const base = { ...lesson(), courseId };
    const dynamicsBefore = await dynamics(4);
    const created = await call(api.noteCreate, { ...base, title: '私密笔记', notes: '只有我看', isShared: 0 });
    expect(created.body.message).toBe('笔记添加成功');
    const privateId = expectOk<{ id: string }>(created).id;
    const sharedId = expectOk<{ id: string }>(await call(api.noteCreate, { ...base, title: '共享笔记', notes: '大家看', isShared: 1 })).id;
    expect(await dynamics(4)).toBe(dynamicsBefore + 1);
    expect((await notes(0, 'mate')).map((n) => n.id)).toContain(sharedId);
    expect((await notes(0, 'mate')).map((n) => n.id)).not.toContain(privateId);

    const updated = await call(api.noteUpdate, { ...base, id: privateId, title: '私密笔记（改）', notes: '改过了', isShared: 1 });
    expect(updated.body.message).toBe('笔记修改成功');
    expect((await notes(1)).find((n) => n.id === privateId)).toMatchObject({ title: '私密笔记（改）', notes: '改过了', isShared: 0 });
    expect((await notes(0, 'mate')).map((n) => n.id)).not.toContain(privateId);

    const deleted = expectOk<{ deleted: number }>(await call(api.noteDelete, { classId: classA, ids: [privateId, sharedId] }));
    expect(deleted.deleted).toBe(2);
    expect((await notes(1)).map((n) => n.id)).not.toContain(privateId);
  });

  test('only the author edits or deletes: a classmate’s and a teacher’s note are refused with 403 and nothing changes', async () => {
    const all = await notes(0);
    const theirs = all.find((n) => n.title === '欧姆定律要点')!;
    const teachers = all.find((n) => n.teacher)!;
    const mineNote = all.find((n) => n.title === '电路三要素')!;
    for (const target of [theirs, teachers]) {
      const answer = await call(api.noteUpdate, { ...lesson(), courseId, id: target.id, title: '改掉', notes: '', isShared: 1 });
      expectRefused(answer, ErrorCode.FORBIDDEN, t('learning.noteNotYours'));
      const gone = await call(api.noteDelete, { classId: classA, ids: [mineNote.id, target.id] });
      expectRefused(gone, ErrorCode.FORBIDDEN, t('learning.noteNotYours'));
    }
    const after = await notes(0);
    expect(after.find((n) => n.id === theirs.id)!.title).toBe('欧姆定律要点');
    expect(after.map((n) => n.id)).toEqual(expect.arrayContaining([theirs.id, teachers.id, mineNote.id]));
    // The classmate's private note cannot be reached by id either.
    const privateOfMate = (await notes(1, 'mate')).find((n) => n.title === '雨桐的私人笔记')!;
    expectRefused(
      await call(api.noteUpdate, { ...lesson(), courseId, id: privateOfMate.id, title: 'x', isShared: 0 }),
      ErrorCode.FORBIDDEN,
      t('learning.noteNotYours'),
    );
    expect((await notes(1, 'mate')).find((n) => n.id === privateOfMate.id)!.title).toBe('雨桐的私人笔记');
    // An unknown id is not found, and deletes nothing.
    expectRefused(await call(api.noteDelete, { classId: classA, ids: [mineNote.id, 'nosuchnote'] }), ErrorCode.NOT_FOUND, t('learning.noteNotFound'));
    expect((await notes(1)).map((n) => n.id)).toContain(mineNote.id);
  });

  test("the author's own note named through another of their classes, or another school's, is not found and stays", async () => {
    // The notes are found by their ids, the class compared on the rows found (findNotes): the classmate is also in class H.
    const own = (await notes(1, 'mate')).find((n) => n.title === '雨桐的私人笔记')!;
    const elsewhere = { ...lesson(video, 'mate'), classId: classH };
    expectRefused(await call(api.noteDelete, { classId: classH, ids: [own.id] }, mate), ErrorCode.NOT_FOUND, t('learning.noteNotFound'));
    const refused = await call(api.noteUpdate, { ...elsewhere, courseId, id: own.id, title: '改掉', isShared: 0 }, mate);
    expect(refused.body.code).not.toBe(ErrorCode.OK);
    expect((await notes(1, 'mate')).find((n) => n.id === own.id)!.title).toBe('雨桐的私人笔记');
    // Another school's student names the note by its id in their own class.
    const fromHuaxia = await huaxiaCall(api.noteDelete, { classId: huaxiaClass, ids: [own.id] });
    expectRefused(fromHuaxia, ErrorCode.NOT_FOUND, t('learning.noteNotFound'));
    expect((await notes(1, 'mate')).map((n) => n.id)).toContain(own.id);
  });

  test('title required (请先填写笔记名称), title and text 1 and 100 pass, 101 refused', async () => {
    const base = { ...lesson(doc), courseId, isShared: 0 as const };
    const empty = await call(api.noteCreate, { ...base, title: '' });
    expectRefused(empty, ErrorCode.BAD_REQUEST, t('learning.noteTitleRequired'));
    expectOk(await call(api.noteCreate, { ...base, title: '记' }));
    expectOk(await call(api.noteCreate, { ...base, title: text(100), notes: text(100) }));
    const longTitle = await call(api.noteCreate, { ...base, title: text(101) });
    expectRefused(longTitle, ErrorCode.BAD_REQUEST, t('learning.noteTitleTooLong'));
    const longText = await call(api.noteCreate, { ...base, title: '好', notes: text(101) });
    expectRefused(longText, ErrorCode.BAD_REQUEST, t('learning.noteTooLong'));
    const id = (await notes(1, 'me', doc)).find((n) => n.title === '记')!.id;
    expectRefused(await call(api.noteUpdate, { ...base, id, title: '' }), ErrorCode.BAD_REQUEST, t('learning.noteTitleRequired'));
    expectRefused(await call(api.noteUpdate, { ...base, id, title: text(101) }), ErrorCode.BAD_REQUEST, t('learning.noteTitleTooLong'));
    expect((await notes(1, 'me', doc)).find((n) => n.id === id)!.title).toBe('记');
  });

  test('a title of only zero-width and other invisible characters is empty: refused, nothing stored (issue 27)', async () => {
    const base = { ...lesson(doc), courseId, isShared: 0 as const };
    const before = (await notes(1, 'me', doc)).length;
    for (const title of ['\u200B\u200B\u200B', '\u200C\u200D', '\u2060\uFEFF', ' \u3000\u200B ']) {
      const refused = await call(api.noteCreate, { ...base, title });
      expectRefused(refused, ErrorCode.BAD_REQUEST, t('learning.noteTitleRequired'));
    }
    const question = await call(api.questionSubmit, { ...lesson(doc), courseId, title: '\u200B\u2060' });
    expectRefused(question, ErrorCode.BAD_REQUEST, t('learning.questionRequired'));
    const comment = await call(api.commentSubmit, { classId: classA, id: video, commentContent: '\uFEFF\u200B' });
    expectRefused(comment, ErrorCode.BAD_REQUEST, t('learning.commentRequired'));
    expect((await notes(1, 'me', doc)).length).toBe(before);
    // A visible character among them is text.
    expectOk(await call(api.noteCreate, { ...base, title: '\u200B记\u200B' }));
    expect((await notes(1, 'me', doc)).length).toBe(before + 1);
  });
});

describe('comments', () => {
  test('comments and replies, oldest first, with the parent’s author; 评论成功; required and 100-character limits', async () => {
    server.clock.advance(2 * MINUTE);
    const seeded = await comments();
    const reply = seeded.records.find((c) => c.commentParent !== null)!;
    expect(reply).toMatchObject({ commentContent: '同感，我看了两遍。', commentParentAuthorName: '李雨桐', mine: true });
    const sent = await call(api.commentSubmit, { classId: classA, id: video, commentContent: '一' });
    expect(sent.body.message).toBe('评论成功');
    const parent = expectOk<{ id: string }>(sent).id;
    server.clock.advance(1000);
    expectOk(await call(api.commentSubmit, { classId: classA, commentParent: parent, commentContent: text(100) }, mate));
    const after = await comments();
    expect(after.total).toBe(seeded.total + 2);
    expect(after.records.at(-1)).toMatchObject({ commentParent: parent, commentContent: text(100), commentParentAuthorName: expect.any(String), mine: false });
    const empty = await call(api.commentSubmit, { classId: classA, id: video, commentContent: '  ' });
    expectRefused(empty, ErrorCode.BAD_REQUEST, t('learning.commentRequired'));
    const long = await call(api.commentSubmit, { classId: classA, id: video, commentContent: text(101) });
    expectRefused(long, ErrorCode.BAD_REQUEST, t('learning.commentTooLong'));
    expect((await comments()).total).toBe(after.total);
    // The portal's comment limit: five a minute.
    for (let i = 0; i < COMMENT_LIMITS.perUserMinute - 1; i += 1)
      expectOk(await call(api.commentSubmit, { classId: classA, id: doc, commentContent: `第${i}条` }));
    expectRefused(
      await call(api.commentSubmit, { classId: classA, id: doc, commentContent: '太多了' }),
      ErrorCode.TOO_MANY_REQUESTS,
      t('engagement.tooManyCommentsMinute', { max: COMMENT_LIMITS.perUserMinute }),
    );
  });

  test('a reply to a comment of another lesson or class is refused', async () => {
    server.clock.advance(2 * MINUTE);
    const parent = (await comments()).records[0]!.id;
    expectRefused(
      await call(api.commentSubmit, { classId: classA, id: doc, commentParent: parent, commentContent: '错位回复' }),
      ErrorCode.NOT_FOUND,
      t('learning.commentNotFound'),
    );
    expectRefused(
      await call(api.commentSubmit, { classId: classH, commentParent: parent, commentContent: '跨班回复' }, mate),
      ErrorCode.NOT_FOUND,
      t('learning.commentNotFound'),
    );
    expectRefused(await call(api.commentSubmit, { classId: classA, commentContent: '无课节' }), ErrorCode.NOT_FOUND, t('learning.lessonNotFound'));
  });
});

describe('likes', () => {
  test('like once per student; liking again changes nothing; taking it back returns to the start; concurrent likes count one', async () => {
    server.clock.advance(2 * MINUTE);
    const start = expectOk<api.LikeState>(await call(api.likeState, { classroomId: video, classId: classA }));
    expect(start).toEqual({ isLike: false, likeTotal: 2 });
    const toggle = (isThumb: boolean | 0 | 1) => call(api.likeToggle, { bizType: 1, likeObjectId: video, isThumb, userId: demo.userId, classId: classA });
    expect(expectOk(await toggle(true))).toEqual({ isLike: true, likeTotal: 3 });
    expect(expectOk(await toggle(1))).toEqual({ isLike: true, likeTotal: 3 });
    expect(expectOk(await toggle(false))).toEqual(start);
    expect(expectOk(await toggle(0))).toEqual(start);
    const answers = await Promise.all(Array.from({ length: 8 }, () => toggle(true)));
    for (const a of answers) expectOk(a);
    expect(expectOk(await call(api.likeState, { classroomId: video, classId: classA }))).toEqual({ isLike: true, likeTotal: 3 });
    expect(expectOk(await call(api.likeState, { classroomId: video, classId: classA }, mate))).toEqual({ isLike: true, likeTotal: 3 });
    expectOk(await toggle(false));
  });
});

describe('refusals', () => {
  const every = (): [string, AnyCall, Record<string, unknown>][] => [
    ['questionCount', api.questionCount, lesson()],
    ['questionPage', api.questionPage, { model: lesson() }],
    ['questionDraft', api.questionDraft, lesson()],
    ['questionSubmit', api.questionSubmit, { ...lesson(), courseId, title: '问', isDraft: false }],
    ['noteCount', api.noteCount, noteQuery(0)],
    ['noteList', api.noteList, noteQuery(0)],
    ['noteCreate', api.noteCreate, { ...lesson(), courseId, title: '记', isShared: 1 }],
    ['commentPage', api.commentPage, { model: { infoId: video, classId: classA } }],
    ['commentSubmit', api.commentSubmit, { classId: classA, id: video, commentContent: '评' }],
    ['likeState', api.likeState, { classroomId: video, classId: classA }],
    ['likeToggle', api.likeToggle, { bizType: 1, likeObjectId: video, isThumb: 1, userId: demo.userId, classId: classA }],
  ];
  const swap = (body: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> =>
    'model' in body ? { ...body, model: { ...(body['model'] as object), ...change } } : { ...body, ...change };

  test('a classmate’s class student id, a classmate’s class and another school’s class are the same 404; nothing is written', async () => {
    server.clock.advance(2 * MINUTE);
    const counts = async () =>
      Promise.all(
        ['classroomQuestions', 'classroomNotes', 'classroomComments', 'classroomLikes'].map(
          async (t) =>
            (
              await server.runtime.db
                .selectFrom(t as 'classroomNotes')
                .selectAll()
                .execute()
            ).length,
        ),
      );
    const before = await counts();
    for (const [, c, body] of every()) {
      const cases: Record<string, unknown>[] = [swap(body, { classId: classH }), swap(body, { classId: huaxiaClass })];
      const named = 'model' in body ? 'studentId' in (body['model'] as object) : 'studentId' in body;
      if (named) cases.push(swap(body, { studentId: mateId }));
      for (const b of cases) {
        const answer = await call(c, b);
        expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
      }
      // The other school's student with the demo school's class, in their own school.
      const other = await huaxiaCall(c, swap(body, { userId: huaxia.userId }));
      expectRefused(other, ErrorCode.NOT_FOUND, t('learning.classNotFound'));
    }
    expect(await counts()).toEqual(before);
  });

  test('another user’s userId is 403', async () => {
    const answer = await call(api.likeToggle, { bizType: 1, likeObjectId: video, isThumb: 1, userId: mate.userId, classId: classA });
    expectRefused(answer, ErrorCode.FORBIDDEN, t('learning.notYourAccount'));
    expectRefused(await call(api.questionCount, { ...lesson(), userId: mate.userId }), ErrorCode.FORBIDDEN, t('learning.notYourAccount'));
  });

  test('a lesson or course of another class is 404 未找到该课节', async () => {
    for (const [, c, body] of every()) {
      const changed =
        'model' in body
          ? swap(body, 'infoId' in (body['model'] as object) ? { infoId: foreignLesson } : { classroomId: foreignLesson })
          : 'likeObjectId' in body
            ? { ...body, likeObjectId: foreignLesson }
            : 'id' in body
              ? { ...body, id: foreignLesson }
              : { ...body, classroomId: foreignLesson };
      const answer = await call(c, changed);
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.lessonNotFound'));
    }
    // The lesson is the class's but the course named is another.
    for (const c of [api.noteList, api.noteCreate, api.questionSubmit]) {
      const answer = await call(c, { ...lesson(), courseId: foreignCourse, title: '问', dataType: 0, isShared: 0, isDraft: false });
      expectRefused(answer, ErrorCode.NOT_FOUND, t('learning.lessonNotFound'));
    }
  });

  test('bad input is a clear 400', async () => {
    const missing = '无效输入：期望 string，实际接收 undefined';
    const bad: [AnyCall, unknown, string][] = [
      [api.questionCount, { classroomId: video, studentId: me }, invalidField('classId', missing)],
      [api.questionPage, { model: { classId: classA } }, invalidField('model.classroomId', missing)],
      [api.questionPage, { size: 1000, model: lesson() }, invalidField('size', '数值过大：期望 number <=999')],
      [api.questionSubmit, { ...lesson(), courseId, title: 5, isDraft: false }, invalidField('title', '无效输入：期望 string，实际接收 数字')],
      [api.noteList, { ...noteQuery(0), dataType: 2 }, invalidField('dataType', '无效输入')],
      [api.noteCreate, { ...lesson(), courseId, title: '记', isShared: 2 }, invalidField('isShared', '无效输入')],
      [api.noteUpdate, { ...lesson(), courseId, title: '记', isShared: 0 }, invalidField('id', missing)],
      [api.noteDelete, { classId: classA, ids: [] }, invalidField('ids', t('learning.noteNotFound'))],
      [api.noteDelete, { classId: classA, ids: ['../x'] }, invalidField('ids.0', t('validation.badFormat'))],
      [api.commentSubmit, { classId: classA, id: video, commentContent: text(3000) }, invalidField('commentContent', '数值过大：期望 string <=2000 字符')],
      [api.likeToggle, { bizType: 2, likeObjectId: video, isThumb: 1, userId: demo.userId, classId: classA }, invalidField('bizType', '无效输入：期望 1')],
      [api.likeToggle, { bizType: 1, likeObjectId: video, isThumb: 'yes', userId: demo.userId, classId: classA }, invalidField('isThumb', '无效输入')],
      [api.likeState, { classroomId: "1' or '1'='1", classId: classA }, invalidField('classroomId', t('validation.badFormat'))],
    ];
    for (const [c, body, message] of bad) {
      const answer = await call(c, body);
      expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    }
  });

  test('without a token every call asks to log in', async () => {
    for (const [, c, body] of every()) expectRefused(await server.call(c as never, body as never), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });

  test('the other school’s student sees nothing of the demo school by naming its ids', async () => {
    expectRefused(
      await huaxiaCall(api.questionPage, { model: { classId: huaxiaClass, classroomId: video, studentId: huaxiaStudent } }),
      ErrorCode.NOT_FOUND,
      t('learning.lessonNotFound'),
    );
    expectRefused(
      await huaxiaCall(api.noteList, { classId: huaxiaClass, classroomId: video, studentId: huaxiaStudent, courseId, dataType: 0 }),
      ErrorCode.NOT_FOUND,
      t('learning.lessonNotFound'),
    );
  });
});
