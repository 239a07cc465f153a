import { AppError } from '../../errors';
import type { DB } from '../../db/database';
import type { Scope } from '../../http/scope';
import { newId } from '../../ids';
import { t } from '~/server/i18n';
import { AUDIT_ACTION, AUDIT_TARGET } from '~/lib/staff/roles';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { policyOf } from '~/lib/exams/attempt-policy';
import type { AdminWork, AdminWorkLesson, WorkInput } from '~/lib/api/contracts/admin-bank';
import type { StaffActor } from '../../staff/accounts/sessions.service';
import { auditStaffAction } from '../../staff/audit/audit.service';
import { assertClassInScope } from '../../learning/classes/classes.admin.service';
import { checkWorkChange, type WorkSettings } from './works.admin.rules';
import * as repo from './works.admin.repository';
import * as reads from './staff-works.read-model';

/**
 * The works of a class on the staff side (decision 048): for each homework (6) or test (7) lesson
 * of the courses the class teaches, the paper it is answered on (a paper of the school, or the
 * external bank's paper id), its title, description, time limit, marking and attempt policy. A
 * teacher reaches the works of their classes only (the class scope: any other class is the same
 * 404 as a missing one); any teacher of the class may set them, as any may edit its courses'
 * lessons. Once students have started a work, what their attempts depend on is fixed
 * (checkWorkChange), and the conditional statements make an attempt that starts meanwhile win.
 */

const XSKT = 'xskt';
const notFound = () => AppError.notFound(t('bank.work.notFound'));

function workOf(w: reads.WorkRow): AdminWork {
  const policy = policyOf(w);
  return {
    id: w.id,
    classId: w.classId,
    courseId: w.courseId,
    classroomId: w.classroomId,
    kind: w.kind === 'homework' ? 'homework' : 'test',
    source: w.sourceType === XSKT ? 'xskt' : 'paper',
    paperId: w.paperId,
    paperTitle: w.paperTitle ?? null,
    externalPaperId: w.externalPaperId,
    title: w.title,
    description: w.description,
    unitTime: w.unitTime,
    manualGrading: w.manualGrading === 1,
    partialMultiple: w.partialMultiple === 1,
    maxAttempts: policy.maxAttempts,
    scoreRule: policy.scoreRule,
    marksShown: policy.marksShown,
    keysShown: policy.keysShown,
    closesAt: policy.closesAt,
    attempts: w.attempts ?? 0,
  };
}

async function lessonsOf(db: DB, tenantId: string, classId: string): Promise<AdminWorkLesson[]> {
  const [lessons, works] = await Promise.all([reads.workLessons(db, tenantId, classId), reads.classWorks(db, tenantId, classId)]);
  return lessons.map((l) => {
    const w = works.find((x) => x.classroomId === l.classroomId);
    return {
      classroomId: l.classroomId,
      lessonName: l.lessonName,
      courseId: l.courseId,
      courseName: l.courseName,
      kind: l.classroomType === CLASSROOM_TYPE.HOMEWORK ? 'homework' : 'test',
      work: w ? workOf(w) : null,
    };
  });
}

export async function listClassWorks(s: Scope, actor: StaffActor, classId: string): Promise<AdminWorkLesson[]> {
  await assertClassInScope(s, actor, classId);
  return lessonsOf(s.db, actor.tenant.id, classId);
}

const settingsOf = (w: WorkSettings): WorkSettings => ({
  sourceType: w.sourceType,
  paperId: w.paperId,
  externalPaperId: w.externalPaperId,
  unitTime: w.unitTime,
  manualGrading: w.manualGrading,
  partialMultiple: w.partialMultiple,
  maxAttempts: w.maxAttempts,
});

const pick = (w: AdminWork) => {
  const { attempts: _a, paperTitle: _p, ...rest } = w;
  return rest;
};

export type SaveInput = Omit<WorkInput, 'closesAt'> & { closesAt: number | null };

/** The columns a save writes: the school's paper (checked) or the external bank's paper, and the settings. */
async function workFields(db: DB, tenantId: string, input: SaveInput) {
  const bank = input.source === 'xskt';
  let paperId: string | null = null;
  if (!bank) {
    if (!input.paperId) throw AppError.badRequest(t('bank.work.paperRequired'));
    const paper = await reads.schoolPaper(db, tenantId, input.paperId);
    if (!paper) throw AppError.notFound(t('bank.paperNotFound'));
    paperId = paper.id;
  } else if (!input.externalPaperId) throw AppError.badRequest(t('bank.work.externalRequired'));
  return {
    paperId,
    externalPaperId: bank ? (input.externalPaperId ?? null) : null,
    sourceType: bank ? XSKT : null,
    title: input.title,
    description: input.description ?? null,
    unitTime: input.unitTime ?? null,
    manualGrading: input.manualGrading ? 1 : 0,
    partialMultiple: input.partialMultiple ? 1 : 0,
    maxAttempts: input.maxAttempts,
    scoreRule: input.scoreRule,
    marksShown: input.marksShown,
    keysShown: input.keysShown,
    closesAt: input.closesAt,
  };
}
type WorkFields = Awaited<ReturnType<typeof workFields>>;

/** A new work on a lesson that has none (one per lesson: the unique key decides two at once). */
async function createWork(trx: DB, s: Scope, actor: StaffActor, classId: string, lesson: AdminWorkLesson, fields: WorkFields): Promise<AdminWorkLesson[]> {
  const tenantId = actor.tenant.id;
  if (lesson.work) throw AppError.conflict(t('bank.work.lessonTaken'));
  const id = newId(s.now);
  const added = await repo.insertWork(trx, {
    id,
    tenantId,
    classId,
    courseId: lesson.courseId,
    classroomId: lesson.classroomId,
    kind: lesson.kind,
    createdAt: s.now,
    ...fields,
  });
  if (!added) throw AppError.conflict(t('bank.work.lessonTaken'));
  const after = await lessonsOf(trx, tenantId, classId);
  const made = after.find((l) => l.work?.id === id)!.work!;
  await auditStaffAction(trx, s, actor, AUDIT_ACTION.workCreate, { type: AUDIT_TARGET.work, id }, null, pick(made));
  return after;
}

/** A change of a work: what its attempts depend on (paper, time, marking) only while none has started. */
async function changeWork(trx: DB, s: Scope, actor: StaffActor, classId: string, current: AdminWork, fields: WorkFields): Promise<AdminWorkLesson[]> {
  const tenantId = actor.tenant.id;
  const works = await reads.classWorks(trx, tenantId, classId);
  const row = works.find((w) => w.id === current.id)!;
  const check = checkWorkChange(settingsOf(row), settingsOf({ ...fields }), current.attempts);
  if (!check.ok) {
    if (check.reason === 'fewerAttempts') throw AppError.conflict(t('bank.work.fewerAttempts'));
    const names = check.fields.map((f) => t(`bank.work.field.${f}`)).join('、');
    throw AppError.conflict(t('bank.work.started', { n: current.attempts, fields: names }));
  }
  const locked = {
    paperId: fields.paperId,
    externalPaperId: fields.externalPaperId,
    sourceType: fields.sourceType,
    unitTime: fields.unitTime,
    manualGrading: fields.manualGrading,
    partialMultiple: fields.partialMultiple,
  };
  const { paperId: _p, externalPaperId: _e, sourceType: _s, unitTime: _u, manualGrading: _m, partialMultiple: _pm, ...free } = fields;
  if (current.attempts === 0 && !(await repo.updateUnstartedWork(trx, tenantId, classId, current.id, locked))) {
    // An attempt started since the check: what it depends on stays.
    throw AppError.conflict(t('bank.work.started', { n: 1, fields: t('bank.work.field.paper') }));
  }
  await repo.updateWork(trx, tenantId, classId, current.id, free);
  const after = await lessonsOf(trx, tenantId, classId);
  const saved = after.find((l) => l.work?.id === current.id)!.work!;
  await auditStaffAction(trx, s, actor, AUDIT_ACTION.workUpdate, { type: AUDIT_TARGET.work, id: current.id }, pick(current), pick(saved));
  return after;
}

/** Adds a work to a lesson of the class, or changes the lesson's work (`workId`); answers the class's lessons with their works. */
export function saveWork(s: Scope, actor: StaffActor, classId: string, input: SaveInput): Promise<AdminWorkLesson[]> {
  return s.db.transaction().execute((trx) => saveWorkIn(trx, s, actor, classId, input));
}

/** saveWork in the caller's transaction. */
export async function saveWorkIn(trx: DB, s: Scope, actor: StaffActor, classId: string, input: SaveInput): Promise<AdminWorkLesson[]> {
  const tenantId = actor.tenant.id;
  await assertClassInScope(s, actor, classId, trx);
  const lessons = await lessonsOf(trx, tenantId, classId);
  const lesson = lessons.find((l) => l.classroomId === input.classroomId);
  if (!lesson) throw AppError.badRequest(t('bank.work.lessonNotFound'));
  const fields = await workFields(trx, tenantId, input);
  if (!input.workId) return createWork(trx, s, actor, classId, lesson, fields);
  const current = lessons.find((l) => l.work?.id === input.workId)?.work;
  if (!current) throw notFound();
  if (current.classroomId !== input.classroomId) throw AppError.badRequest(t('bank.work.lessonNotFound'));
  return changeWork(trx, s, actor, classId, current, fields);
}

/** The lesson of the class a new work is set on: refused when it has its work already (in the caller's transaction). */
export async function lessonForNewWork(trx: DB, s: Scope, actor: StaffActor, classId: string, classroomId: string): Promise<AdminWorkLesson> {
  await assertClassInScope(s, actor, classId, trx);
  const lesson = (await lessonsOf(trx, actor.tenant.id, classId)).find((l) => l.classroomId === classroomId);
  if (!lesson) throw AppError.badRequest(t('bank.work.lessonNotFound'));
  if (lesson.work) throw AppError.conflict(t('bank.work.lessonTaken'));
  return lesson;
}

export { body as workBody, workInput } from './works.admin.input';

export async function deleteWork(s: Scope, actor: StaffActor, classId: string, workId: string): Promise<AdminWorkLesson[]> {
  const tenantId = actor.tenant.id;
  return s.db.transaction().execute(async (trx) => {
    await assertClassInScope(s, actor, classId, trx);
    const lessons = await lessonsOf(trx, tenantId, classId);
    const current = lessons.find((l) => l.work?.id === workId)?.work;
    if (!current) throw notFound();
    if (!(await repo.deleteUnstartedWork(trx, tenantId, classId, workId))) throw AppError.conflict(t('bank.work.deleteStarted', { n: current.attempts || 1 }));
    await auditStaffAction(trx, s, actor, AUDIT_ACTION.workDelete, { type: AUDIT_TARGET.work, id: workId }, pick(current), null);
    return lessonsOf(trx, tenantId, classId);
  });
}

/**
 * The works of a course in every class, with the class's name and how many attempts were started
 * (the course's lesson editor, whose page is built from a database handle alone: only `db` is read).
 */
export function courseWorks(s: Pick<Scope, 'db'>, input: { tenantId: string; courseId: string }): Promise<reads.CourseWorkRow[]> {
  return reads.courseWorks(s.db, input.tenantId, input.courseId);
}

/** Moves a work to another lesson of its course while nobody has started it (one statement with the guard); whether it moved. */
export function moveUnstartedWork(s: Scope, input: { tenantId: string; courseId: string; workId: string; classroomId: string }): Promise<boolean> {
  return repo.moveUnstartedWork(s.db, input.tenantId, input.courseId, input.workId, input.classroomId);
}
