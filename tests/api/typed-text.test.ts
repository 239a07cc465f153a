import { beforeEach, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import * as interaction from '~/lib/api/contracts/classroom-interaction';
import { INTERACTION_DEMO } from '~/dev/seed/classroom-interaction';
import { PATH, expectOk, expectRefused } from '../setup/api';
import { postAs } from '../setup/login';
import { DEMO, HOUR, useTestServer } from '../setup/server';
import { newStudentIn } from '../setup/study';
import { withToken, type TestUser } from '../setup/users';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * Text typed for others to read loses its bidirectional formatting characters (U+202A–202E,
 * U+2066–2069, U+200E, U+200F, U+061C) and control characters before it is stored, everywhere
 * it is typed: the portal's comments, the classroom's comments, replies, notes, questions and
 * drafts (the consult lead: tests/api/leads-clue.test.ts). Classmates then read what was meant,
 * not a line reversed from the control on ("gpj.exe").
 */
const server = useTestServer();

const TRICK = '作业\u202Egpj.exe\u202C看\u2066这里\u2069\u200E\u200F\u061C\u0007';
const CLEAN = '作业gpj.exe看这里';

let student: TestUser;
let ref: { classId: string; classroomId: string; courseId: string; studentId: string };

const call = (c: Call<any, unknown>, body: unknown) => server().call(c, body as never, withToken(student.token));
const db = () => server().runtime.db;

// Each test types as a new student of class A of its own.
beforeEach(async () => {
  const { user, in: at } = await newStudentIn(server(), DEMO.id, ['A']);
  student = user;
  const { classId, studentId } = at['A']!;
  const courseId = (
    await db().selectFrom('courses').where('tenantId', '=', DEMO.id).where('name', '=', INTERACTION_DEMO.courseName).select('id').executeTakeFirstOrThrow()
  ).id;
  const classroomId = (
    await db().selectFrom('classrooms').where('courseId', '=', courseId).where('name', '=', INTERACTION_DEMO.lessons[0]!).select('id').executeTakeFirstOrThrow()
  ).id;
  ref = { classId, classroomId, courseId, studentId };
});

describe('bidirectional controls are removed from typed text', () => {
  test('classroom: a question, a draft, a note (title and text), a comment and a reply', async () => {
    server().clock.advance(2 * HOUR);
    const q = expectOk<{ id: string }>(await call(interaction.questionSubmit, { ...ref, title: TRICK, isDraft: false }));
    expect((await db().selectFrom('classroomQuestions').select('title').where('id', '=', q.id).executeTakeFirstOrThrow()).title).toBe(CLEAN);
    expectOk(await call(interaction.questionSubmit, { ...ref, title: TRICK, isDraft: true }));
    expect(expectOk<{ title: string }>(await call(interaction.questionDraft, ref)).title).toBe(CLEAN);
    const n = expectOk<{ id: string }>(await call(interaction.noteCreate, { ...ref, title: TRICK, notes: `${TRICK}\r\n第二行`, isShared: 1 }));
    const note = await db().selectFrom('classroomNotes').select(['title', 'notes']).where('id', '=', n.id).executeTakeFirstOrThrow();
    expect(note).toEqual({ title: CLEAN, notes: `${CLEAN}\n第二行` });
    const c = expectOk<{ id: string }>(await call(interaction.commentSubmit, { classId: ref.classId, id: ref.classroomId, commentContent: TRICK }));
    const r = expectOk<{ id: string }>(await call(interaction.commentSubmit, { classId: ref.classId, commentParent: c.id, commentContent: `\u202B${TRICK}` }));
    const rows = await db().selectFrom('classroomComments').select(['id', 'content']).where('id', 'in', [c.id, r.id]).execute();
    expect(rows.map((x) => x.content)).toEqual([CLEAN, CLEAN]);
  });

  test('classroom: a question of nothing but controls is empty, refused with its message', async () => {
    server().clock.advance(2 * HOUR);
    const answer = await call(interaction.questionSubmit, { ...ref, title: '\u202E\u2067\u200F', isDraft: false });
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('learning.questionRequired'));
  });

  test("the portal's comments", async () => {
    server().clock.advance(2 * HOUR);
    const material = expectOk<{ id: string }[]>(await server().get(PATH.albumMaterials, { open: 1 }))[0]!.id;
    const saved = expectOk<{ id: string }>(
      await postAs(
        server(),
        PATH.saveComment,
        { commentObjectId: material, commentObjectType: 'UNIVERSITY_PIC', commentContent: TRICK },
        { token: student.token },
      ),
    );
    expect((await db().selectFrom('comments').select('content').where('id', '=', saved.id).executeTakeFirstOrThrow()).content).toBe(CLEAN);
  });
});
