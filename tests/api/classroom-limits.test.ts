import { beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import { urlOf } from '~/lib/api/contract';
import * as learning from '~/lib/api/contracts/learning';
import * as interaction from '~/lib/api/contracts/classroom-interaction';
import * as online from '~/lib/api/contracts/classroom-online';
import * as exams from '~/lib/api/contracts/exams';
import { ANSWER_MAX_LENGTH } from '~/lib/exams/answer-limits';
import { parseConfig } from '~/server/config';
import { closeRuntime, createServer } from '~/server/runtime';
import { INTERACTION_DEMO } from '~/dev/seed/classroom-interaction';
import { LEARNING_CLASSES } from '~/dev/seed/learning-data';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { bindUserToTenant } from '~/server/identity/identity.service';
import { newId } from '~/server/ids';
import {
  ANSWER_SAVE_LIMITS,
  DRAFT_LIMITS,
  NOTE_LIMITS,
  PROGRESS_LIMITS,
  QUESTION_LIMITS,
  RATE_KEEP_MS,
  countedFor,
  countsUntil,
} from '~/server/limits/limits.rules';
import { expectOk, expectRefused } from '../setup/api';
import { leaves, record } from '../setup/exams';
import { uniqueIp } from '../setup/login';
import { DEMO, HOUR, TOKEN_PARAM_SECRET, parse, useTestServer, type Answer } from '../setup/server';
import { loginAs, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The rate limits of the classroom's writes and of answer saves and progress reports
 * (src/server/limits): both sides of each, with the clock moved, never waited for. A real
 * student's pace over a lesson or a test passes; a flood is refused with 429 and a Chinese message
 * and writes nothing; a classroom behind one address writes on, a script with many tokens behind
 * one address is stopped; two instances on one database share the count. Also: a text answer is
 * capped at ANSWER_MAX_LENGTH characters with a clear message. Counts are kept by slot (decision 097):
 * a write counts for its window and at most one slot more (countedFor, countsUntil).
 */
const server = useTestServer();
const MINUTE = 60_000;
const FROM_ADDRESS = t('limits.tooManyFromAddress');

type AnyCall = Call<any, unknown>;

interface Student {
  user: TestUser;
  studentId: string;
}

let classId: string;
let courseId: string;
let lessonId: string;

/** A call from a client address (as the proxy reports it) with the student's token. */
async function callFrom(c: AnyCall, body: unknown, user: TestUser, ip = uniqueIp()): Promise<Answer> {
  const init = { method: c.method, headers: { 'Content-Type': 'application/json', TenantId: DEMO.id, Token: user.token }, body: JSON.stringify(body) };
  return parse(await server().app.request(urlOf(c), init, { ip }));
}

/** A new student enrolled in class A (in service), for tests that need many of them. */
async function newStudent(): Promise<Student> {
  const s = server();
  const user = await loginAs(s, DEMO.id);
  const schoolStudentId = await bindUserToTenant(s.runtime.db, DEMO.id, user.userId, s.clock.value);
  const like = await s.runtime.db.selectFrom('classStudents').select('periodId').where('classId', '=', classId).executeTakeFirstOrThrow();
  const id = newId(s.clock.value);
  await s.runtime.db
    .insertInto('classStudents')
    .values({
      id,
      tenantId: DEMO.id,
      classId,
      userId: user.userId,
      schoolStudentId,
      periodId: like.periodId,
      serviceStatus: 2,
      enrolStateAt: null,
      visitCount: 1,
      statusAt: s.clock.value - HOUR,
      evaluateStatus: 0,
      createdAt: s.clock.value - HOUR,
    })
    .execute();
  return { user, studentId: id };
}

const lesson = (st: Student) => ({ classId, classroomId: lessonId, courseId, studentId: st.studentId });
const note = (st: Student, title: string, ip?: string) => callFrom(interaction.noteCreate, { ...lesson(st), title, notes: '要点', isShared: 1 }, st.user, ip);
const ask = (st: Student, title: string, ip?: string) => callFrom(interaction.questionSubmit, { ...lesson(st), title, isDraft: false }, st.user, ip);
const draft = (st: Student, title: string) => callFrom(interaction.questionSubmit, { ...lesson(st), title, isDraft: true }, st.user);

const db = () => server().runtime.db;
const notesOf = async (st: Student) => (await db().selectFrom('classroomNotes').select('id').where('classStudentId', '=', st.studentId).execute()).length;
const questionsOf = async (st: Student) =>
  (await db().selectFrom('classroomQuestions').select('id').where('classStudentId', '=', st.studentId).execute()).length;
const dynamicsOf = async (st: Student) => (await db().selectFrom('classDynamics').select('id').where('classStudentId', '=', st.studentId).execute()).length;

function expectTooMany(answer: Answer, message: string) {
  expectRefused(answer, ErrorCode.TOO_MANY_REQUESTS, message);
}

beforeAll(async () => {
  const s = server();
  const demo = await loginAs(s, DEMO.id, DEMO_STUDENT.mobile);
  const mine = expectOk<learning.LearnerClass[]>(await callFrom(learning.studentClasses, { userId: demo.userId }, demo));
  const className = LEARNING_CLASSES[DEMO.id]!.find((c) => c.key === 'A')!.name;
  classId = mine.find((c) => c.className === className)!.classId;
  courseId = (
    await db().selectFrom('courses').where('tenantId', '=', DEMO.id).where('name', '=', INTERACTION_DEMO.courseName).select('id').executeTakeFirstOrThrow()
  ).id;
  lessonId = (
    await db().selectFrom('classrooms').where('courseId', '=', courseId).where('name', '=', INTERACTION_DEMO.lessons[0]!).select('id').executeTakeFirstOrThrow()
  ).id;
});

describe('classroom notes, questions and drafts', () => {
  test('a real student over a 45-minute lesson: a note or an edit every couple of minutes, questions and drafts now and then: all accepted', async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    for (let minute = 0; minute < 45; minute++) {
      if (minute % 2 === 0) {
        const { id } = expectOk<{ id: string }>(await note(st, `第${minute}分钟的笔记`));
        if (minute % 6 === 0)
          expectOk(await callFrom(interaction.noteUpdate, { ...lesson(st), id, title: `第${minute}分钟的笔记（改）`, notes: '补充', isShared: 1 }, st.user));
      }
      if (minute % 9 === 4) {
        expectOk(await draft(st, '这个公式是怎么推出来的'));
        expectOk(await ask(st, `第${minute}分钟的问题：这个公式是怎么推出来的？`));
      }
      server().clock.advance(MINUTE);
    }
    expect(await notesOf(st)).toBe(23);
    expect(await questionsOf(st)).toBe(5);
  });

  test(`notes: ${NOTE_LIMITS.perUserMinute} a minute (writes and edits together); the next is refused, writes nothing, passes after the minute`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    const at = server().clock.value;
    const first = expectOk<{ id: string }>(await note(st, '笔记 0'));
    for (let i = 1; i < NOTE_LIMITS.perUserMinute; i++) expectOk(await note(st, `笔记 ${i}`));
    const dynamics = await dynamicsOf(st);
    expectTooMany(await note(st, '第11条'), t('limits.tooManyNotesMinute', { max: NOTE_LIMITS.perUserMinute }));
    expectTooMany(
      await callFrom(interaction.noteUpdate, { ...lesson(st), id: first.id, title: '改', notes: '', isShared: 1 }, st.user),
      t('limits.tooManyNotesMinute', { max: NOTE_LIMITS.perUserMinute }),
    );
    expect(await notesOf(st)).toBe(NOTE_LIMITS.perUserMinute);
    expect(await dynamicsOf(st)).toBe(dynamics);
    const kept = await db().selectFrom('classroomNotes').select('title').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(kept.title).toBe('笔记 0');
    server().clock.advance(MINUTE - 1);
    expectRefused(await note(st, '还早'), ErrorCode.TOO_MANY_REQUESTS, t('limits.tooManyNotesMinute', { max: NOTE_LIMITS.perUserMinute }));
    server().clock.advance(countsUntil(MINUTE, at) - 1 - server().clock.value);
    expectRefused(await note(st, '还早'), ErrorCode.TOO_MANY_REQUESTS, t('limits.tooManyNotesMinute', { max: NOTE_LIMITS.perUserMinute }));
    server().clock.advance(1);
    expectOk(await note(st, '一分钟后'));
  });

  test(`notes: ${NOTE_LIMITS.perUserHour} an hour`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    for (let i = 0; i < NOTE_LIMITS.perUserHour; i++) {
      expectOk(await note(st, `笔记 ${i}`));
      if (i % NOTE_LIMITS.perUserMinute === NOTE_LIMITS.perUserMinute - 1) server().clock.advance(countedFor(MINUTE));
    }
    expectTooMany(await note(st, '太多了'), t('limits.tooManyNotesHour', { max: NOTE_LIMITS.perUserHour }));
    expect(await notesOf(st)).toBe(NOTE_LIMITS.perUserHour);
  });

  test(`questions: 200 posted in a burst: ${QUESTION_LIMITS.perUserMinute} land in the class, the rest are refused and reach no classmate`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push(await ask(st, `刷屏 ${i}`));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(QUESTION_LIMITS.perUserMinute);
    for (const a of answers.slice(QUESTION_LIMITS.perUserMinute)) expectTooMany(a, t('limits.tooManyQuestionsMinute', { max: QUESTION_LIMITS.perUserMinute }));
    expect(await questionsOf(st)).toBe(QUESTION_LIMITS.perUserMinute);
    expect(await dynamicsOf(st)).toBe(QUESTION_LIMITS.perUserMinute);
    // the hour: the minute's limit spread over a minute and a slot goes on until the hourly limit
    server().clock.advance(countedFor(MINUTE));
    for (let i = QUESTION_LIMITS.perUserMinute; i < QUESTION_LIMITS.perUserHour; i++) {
      expectOk(await ask(st, `第${i}个问题`));
      server().clock.advance(countedFor(MINUTE) / QUESTION_LIMITS.perUserMinute);
    }
    server().clock.advance(countedFor(MINUTE));
    expectTooMany(await ask(st, '又一个'), t('limits.tooManyQuestionsHour', { max: QUESTION_LIMITS.perUserHour }));
  });

  test(`question drafts: ${DRAFT_LIMITS.perUserMinute} kept a minute; the next is refused and the kept draft stays`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    for (let i = 0; i < DRAFT_LIMITS.perUserMinute; i++) expectOk(await draft(st, `草稿 ${i}`));
    expectTooMany(await draft(st, '最后'), t('limits.tooManyDrafts'));
    const kept = expectOk<{ title: string }>(await callFrom(interaction.questionDraft, lesson(st), st.user));
    expect(kept.title).toBe(`草稿 ${DRAFT_LIMITS.perUserMinute - 1}`);
  });

  test(`a class behind one address asks and notes; a script with many tokens there stops at ${QUESTION_LIMITS.perIpMinute} questions a minute`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const school = uniqueIp();
    const classmates = await Promise.all(Array.from({ length: 40 }, () => newStudent()));
    for (const st of classmates) {
      expectOk(await ask(st, '老师，这里能再讲一遍吗？', school));
      expectOk(await note(st, '课堂笔记', school));
    }
    server().clock.advance(MINUTE);
    const script = await Promise.all(Array.from({ length: Math.ceil(QUESTION_LIMITS.perIpMinute / QUESTION_LIMITS.perUserMinute) + 1 }, () => newStudent()));
    const proxy = uniqueIp();
    let accepted = 0;
    for (const st of script) for (let i = 0; i < QUESTION_LIMITS.perUserMinute; i++) if ((await ask(st, `广告 ${i}`, proxy)).body.code === 0) accepted++;
    expect(accepted).toBe(QUESTION_LIMITS.perIpMinute);
    expectTooMany(await ask(script.at(-1)!, '广告', proxy), FROM_ADDRESS);
    // another address goes on
    expectOk(await ask(script.at(-1)!, '正常提问', uniqueIp()));
  });

  test('two instances on one database share the count', async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const s = server();
    const other = await createServer(
      parseConfig({
        NODE_ENV: 'test',
        DATABASE_URL: s.databaseUrl,
        LOG_LEVEL: 'silent',
        TENANT_BASE_DOMAINS: 'localhost',
        DEFAULT_PREDOMAIN: 'demo',
        TOKEN_PARAM_SECRET,
      }),
      () => s.clock.value,
    );
    try {
      const st = await newStudent();
      const viaOther = async (title: string) => {
        const init = {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', TenantId: DEMO.id, Token: st.user.token },
          body: JSON.stringify({ ...lesson(st), title, isDraft: false }),
        };
        return parse(await other.app.request(urlOf(interaction.questionSubmit), init, { ip: uniqueIp() }));
      };
      const send = (i: number) => (i % 2 ? ask(st, `问 ${i}`) : viaOther(`问 ${i}`));
      const burst = Array.from({ length: 2 * QUESTION_LIMITS.perUserMinute }, (_, i) => i);
      // At once on PostgreSQL. On SQLite both instances are in this one thread, each with its own connection: a write
      // of one while the other's transaction waits between statements would wait out the busy timeout with the
      // thread blocked, which separate processes (the way SQLite runs several) never do. They take turns there.
      const answers = s.databaseUrl.startsWith('postgres')
        ? await Promise.all(burst.map(send))
        : await burst.reduce<Promise<Answer[]>>(async (done, i) => [...(await done), await send(i)], Promise.resolve([]));
      expect(answers.filter((a) => a.body.code === 0).length).toBeLessThanOrEqual(QUESTION_LIMITS.perUserMinute);
      // Requests at the same moment may both be refused, never both accepted past the limit: one
      // after another, the two instances then fill the minute exactly.
      for (let i = 0; (await questionsOf(st)) < QUESTION_LIMITS.perUserMinute && i < 10; i++) expectOk(await (i % 2 ? ask(st, '补问') : viaOther('补问')));
      expect(await questionsOf(st)).toBe(QUESTION_LIMITS.perUserMinute);
      expectTooMany(await viaOther('再问'), t('limits.tooManyQuestionsMinute', { max: QUESTION_LIMITS.perUserMinute }));
      expectTooMany(await ask(st, '再问'), t('limits.tooManyQuestionsMinute', { max: QUESTION_LIMITS.perUserMinute }));
    } finally {
      await closeRuntime(other.runtime);
    }
  });
});

describe('answer saves', () => {
  async function openAttempt(st: Student) {
    const rows = await db().selectFrom('works').select(['id', 'title']).where('classId', '=', classId).execute();
    for (const w of rows) {
      const paper = await callFrom(exams.paper, { classId, studentId: st.studentId, workId: w.id }, st.user);
      if (paper.body.code !== 0) continue;
      const text = leaves(paper.body.data as exams.Paper).find((q) => q.questionType === 6);
      if (!text) continue;
      const started = await callFrom(exams.startAttempt, { classId, studentId: st.studentId, workId: w.id }, st.user);
      if (started.body.code !== 0) continue;
      const a = started.body.data as exams.AttemptState;
      return { ref: { workId: w.id, answerLogId: a.answerLogId }, question: text };
    }
    throw new Error('no work with a short-answer question to start');
  }

  test(`a student answering for 3 minutes, a save every second, is never refused; a flood stops at ${ANSWER_SAVE_LIMITS.perUserMinute} a minute`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    const { ref, question } = await openAttempt(st);
    const save = (seq: number, content: string) =>
      callFrom(exams.saveAnswers, { classId, studentId: st.studentId, answers: [record(ref, question, seq, { content })] }, st.user);
    let seq = 0;
    for (let i = 0; i < 180; i++) {
      expectOk(await save(++seq, `安全用电第${i}稿`));
      server().clock.advance(1_000);
    }
    server().clock.advance(countedFor(MINUTE));
    for (let i = 0; i < ANSWER_SAVE_LIMITS.perUserMinute; i++) expectOk(await save(++seq, `刷 ${i}`));
    expectTooMany(await save(++seq, '被拒'), t('limits.tooManyAnswerSaves'));
    const kept = await db()
      .selectFrom('workAnswers')
      .selectAll()
      .where('attemptId', '=', ref.answerLogId)
      .where('questionId', '=', question.id)
      .executeTakeFirstOrThrow();
    expect(kept.content).toBe(`刷 ${ANSWER_SAVE_LIMITS.perUserMinute - 1}`);
  });

  test(`a text answer of ${ANSWER_MAX_LENGTH} characters is kept; one more is refused with a clear message and changes nothing`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    const { ref, question } = await openAttempt(st);
    const save = (seq: number, content: string) =>
      callFrom(exams.saveAnswers, { classId, studentId: st.studentId, answers: [record(ref, question, seq, { content })] }, st.user);
    const longest = `${'电'.repeat(ANSWER_MAX_LENGTH - 1)}😀`;
    expectOk(await save(1, longest));
    const refused = await save(2, '电'.repeat(ANSWER_MAX_LENGTH + 1));
    expectRefused(refused, ErrorCode.BAD_REQUEST, t('exams.answerTooLong', { max: ANSWER_MAX_LENGTH }));
    expectRefused(await save(3, 'x'.repeat(20_000)), ErrorCode.BAD_REQUEST, t('exams.answerTooLong', { max: ANSWER_MAX_LENGTH }));
    const kept = await db()
      .selectFrom('workAnswers')
      .selectAll()
      .where('attemptId', '=', ref.answerLogId)
      .where('questionId', '=', question.id)
      .executeTakeFirstOrThrow();
    expect(kept.content).toBe(longest);
  });
});

describe('progress reports', () => {
  test(`10 minutes of play and a minute of scrubbing pass; a burst stops at ${PROGRESS_LIMITS.perUserMinute} a minute`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    const video = await db()
      .selectFrom('classrooms')
      .select(['id', 'courseId'])
      .where('tenantId', '=', DEMO.id)
      .where('name', '=', '基本指令视频')
      .executeTakeFirstOrThrow();
    const ref = { classId, courseId: video.courseId, classroomId: video.id, studentId: st.studentId };
    expectOk(await callFrom(online.recordView, ref, st.user));
    let seq = 1;
    for (let i = 1; i <= 60; i++) {
      server().clock.advance(10_000);
      expectOk(await callFrom(online.reportProgress, { ...ref, seq: ++seq, positionMs: i * 10_000, watchedMs: 10_000, client: 'Web' }, st.user));
    }
    // then a minute of scrubbing through it: a seek (and its report) every second
    for (let i = 1; i <= 60; i++) {
      server().clock.advance(1_000);
      expectOk(await callFrom(online.reportProgress, { ...ref, seq: ++seq, positionMs: (i * 37_000) % 600_000, watchedMs: 0 }, st.user));
    }
    server().clock.advance(countedFor(MINUTE));
    for (let i = 0; i < PROGRESS_LIMITS.perUserMinute; i++)
      expectOk(await callFrom(online.reportProgress, { ...ref, seq: ++seq, positionMs: 600_000, watchedMs: 0 }, st.user));
    expectTooMany(
      await callFrom(online.reportProgress, { ...ref, seq: ++seq, positionMs: 300_000, watchedMs: 0, sought: true }, st.user),
      t('limits.tooManyProgressReports'),
    );
    // The refused report wrote nothing: the record is the last accepted report's.
    const kept = await db()
      .selectFrom('lessonRecords')
      .selectAll()
      .where('classStudentId', '=', st.studentId)
      .where('classroomId', '=', video.id)
      .executeTakeFirstOrThrow();
    expect([kept.seq, kept.lastPositionMs]).toEqual([seq - 1, 600_000]);
  });

  test(`reports refused by their checks count nothing: ${PROGRESS_LIMITS.perUserMinute} of each kind, then one goes through`, async () => {
    server().clock.advance(RATE_KEEP_MS + HOUR);
    const st = await newStudent();
    const lessons = await db().selectFrom('classrooms').select(['id', 'courseId', 'name']).where('tenantId', '=', DEMO.id).execute();
    const video = lessons.find((l) => l.name === '基本指令视频')!;
    const reading = lessons.find((l) => l.name === '三相交流电讲义')!;
    const ref = { classId, courseId: video.courseId, classroomId: video.id, studentId: st.studentId };
    for (let i = 0; i < PROGRESS_LIMITS.perUserMinute; i++) {
      const notOfCourse = await callFrom(online.reportProgress, { ...ref, classroomId: classId, seq: i + 1, positionMs: 0, watchedMs: 0 }, st.user);
      expectRefused(notOfCourse, ErrorCode.NOT_FOUND, t('learning.courseLessonNotFound'));
      const notPlayed = { ...ref, courseId: reading.courseId, classroomId: reading.id, seq: i + 1, positionMs: 0, watchedMs: 0 };
      expectRefused(await callFrom(online.reportProgress, notPlayed, st.user), ErrorCode.BAD_REQUEST, t('learning.notPlayable'));
    }
    expect(
      (expectOk(await callFrom(online.reportProgress, { ...ref, seq: 1, positionMs: 10_000, watchedMs: 0 }, st.user)) as online.ProgressReportAnswer).applied,
    ).toBe(true);
  });
});
