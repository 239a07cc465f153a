import { describe, expect, test } from 'vitest';
import * as api from '~/lib/api/contracts/exams';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { expectOk, expectRefused } from '../setup/api';
import { callAs, newStudentPlace, type ExamPlace } from '../setup/exams';
import { useTestServer } from '../setup/server';

/**
 * A homework's or test's page in one call (workFirstView): the work's id (looked up from the lesson
 * when the address has none), the paper, and the step's first content, each what its own call answers:
 * on the start page the attempts and the standing, on the answering page the attempt, the same one the
 * start call then continues. Only the student's own class answers, and nothing is started on a refusal.
 */
const server = useTestServer();

const TITLE = '第一章单元测验';
const ask = (p: ExamPlace, c: { path: string; method: string }, body: unknown) => callAs(server(), c as never, body, p.user);
const ok = async <T>(p: ExamPlace, c: { path: string; method: string }, body: unknown) => expectOk<T>(await ask(p, c, body));

describe('a work page in one call', () => {
  test('the start page, from the lesson alone: the work, its paper, the attempts and the standing as their own calls answer them', async () => {
    const p = await newStudentPlace(server());
    const w = p.works[TITLE]!;
    const me = { classId: p.classId, studentId: p.studentId };
    const first = await ok<api.WorkFirstView>(p, api.workFirstView, { ...me, kind: w.kind, step: 'start', classroomId: w.classroomId, courseId: w.courseId });
    const ref = { ...me, workId: w.id };
    expect(first.workId).toBe((await ok<{ id: string }>(p, api.workId, { ...me, kind: w.kind, classroomId: w.classroomId, courseId: w.courseId })).id);
    expect(first.paper).toEqual(await ok<api.Paper>(p, api.paper, ref));
    expect(first.start).toEqual({ logs: await ok(p, api.attemptLogs, ref), standing: await ok(p, api.workStanding, ref) });
    expect(first.attempt).toBeNull();
    // The start page starts nothing.
    expect(first.start!.logs).toEqual([]);
  });

  test('the answering page: the attempt is started, and the start call continues the same one', async () => {
    const p = await newStudentPlace(server());
    const w = p.works[TITLE]!;
    const me = { classId: p.classId, studentId: p.studentId };
    const first = await ok<api.WorkFirstView>(p, api.workFirstView, { ...me, kind: w.kind, step: 'answer', workId: w.id, activityId: '' });
    expect(first.start).toBeNull();
    expect(first.paper).toEqual(await ok<api.Paper>(p, api.paper, { ...me, workId: w.id }));
    const again = await ok<api.AttemptState>(p, api.startAttempt, { ...me, workId: w.id });
    expect(first.attempt!.answerLogId).toBe(again.answerLogId);
    expect(first.attempt!.answers).toEqual(again.answers);
    const logs = await ok<api.AttemptLog[]>(p, api.attemptLogs, { ...me, workId: w.id });
    expect(logs.map((l) => l.id)).toEqual([first.attempt!.answerLogId]);
  });

  test('neither a work nor a lesson, a wrong kind, or another student: refused, and no attempt is started', async () => {
    const p = await newStudentPlace(server());
    const other = await newStudentPlace(server());
    const w = p.works[TITLE]!;
    const me = { classId: p.classId, studentId: p.studentId };
    expectRefused(await ask(p, api.workFirstView, { ...me, kind: w.kind, step: 'answer' }), ErrorCode.BAD_REQUEST, t('exams.noQuery'));
    const wrongKind = w.kind === 'test' ? 'homework' : 'test';
    expect((await ask(p, api.workFirstView, { ...me, kind: wrongKind, step: 'answer', classroomId: w.classroomId })).body.code).not.toBe(0);
    expect((await ask(other, api.workFirstView, { ...me, kind: w.kind, step: 'answer', workId: w.id })).body.code).not.toBe(0);
    expect((await ask(p, api.workFirstView, { ...me, kind: w.kind, step: 'finish', workId: w.id })).body.code).not.toBe(0);
    expect(await ok<api.AttemptLog[]>(p, api.attemptLogs, { ...me, workId: w.id })).toEqual([]);
  });
});
