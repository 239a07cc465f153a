import { studentTransaction, type Scope } from '../../http/scope';
import type { LessonRecord } from './study.table';
import * as repo from './study.repository';
import { newId } from '../../ids';
import { creditReport, creditedStudyMs, freshState, type ProgressReport, type StudyState } from '~/lib/learning/study-credit';
import type { ClassCourses } from '~/lib/learning/requirements';
import type { LessonFilter } from '../../db/clauses';

/**
 * Lesson study records: what the server credited of each lesson a student studied (the reporting
 * that writes them belongs to the classroom). Read for one class student in one school; the
 * callers have checked the enrolment.
 */

export type { LessonRecord };

/** The student's records, most recently studied first: of some lessons, or of one course. */
export function lessonRecords(s: Scope, input: { tenantId: string; classStudentId: string } & LessonFilter): Promise<LessonRecord[]> {
  return repo.listLessonRecords(s.db, input.tenantId, input.classStudentId, input);
}

/**
 * Who of the class has a record of which lessons of a course at the lesson's target, as a statement (class-wide: for the
 * finishers' count only, never their records).
 */
export function classRecordsAtTargets(
  s: Pick<Scope, 'db'>,
  input: { tenantId: string; classId: string; courseId: string; targets: readonly [repo.LessonsAtTarget, ...repo.LessonsAtTarget[]] },
) {
  return repo.classRecordsAtTargetsQuery(s.db, input.tenantId, input.classId, input.courseId, input.targets);
}

/**
 * A student's study time in a class: what was credited in the class's lessons (creditedStudyMs,
 * the rule the student card uses). `classStudyTimes` answers it for every student of the class at
 * once (the staff progress list sorts by it); a student with no record has 0.
 */
export async function studyTimeIn(s: Scope, input: { tenantId: string; classId: string; classStudentId: string }): Promise<number> {
  const records = await repo.listLessonRecords(s.db, input.tenantId, input.classStudentId, {});
  return creditedStudyMs(records.filter((r) => r.classId === input.classId));
}

export async function classStudyTimes(s: Scope, input: { tenantId: string; classId: string }): Promise<Map<string, number>> {
  const rows = await repo.listClassStudyCredits(s.db, input.tenantId, input.classId);
  const byStudent = new Map<string, { creditedMs: number }[]>();
  for (const r of rows) byStudent.set(r.classStudentId, [...(byStudent.get(r.classStudentId) ?? []), r]);
  return new Map([...byStudent].map(([id, records]) => [id, creditedStudyMs(records)]));
}

/** Who of the class has a study record of which of the courses, as a statement (class-wide: for counts only, never their records). */
export function courseLearnerPairs(s: Pick<Scope, 'db'>, input: ClassCourses) {
  return repo.courseLearnersQuery(s.db, input.tenantId, input.classId, input.courseIds);
}

/** One lesson's record of the class student, or undefined when never opened. */
export function lessonRecord(s: Scope, input: { tenantId: string; classStudentId: string; classroomId: string }): Promise<LessonRecord | undefined> {
  return repo.findLessonRecord(s.db, input.tenantId, input.classStudentId, input.classroomId);
}

export interface StudyLesson {
  tenantId: string;
  classId: string;
  courseId: string;
  classroomId: string;
  classStudentId: string;
  /** The person (the token's user): the study clock is theirs, whatever class the lesson is studied in. */
  userId: string;
}

const fresh = (l: StudyLesson, now: number): LessonRecord => ({
  id: newId(now),
  tenantId: l.tenantId,
  classId: l.classId,
  courseId: l.courseId,
  classroomId: l.classroomId,
  classStudentId: l.classStudentId,
  ...freshState(now),
  firstStudiedAt: now,
  createdAt: now,
});

/** Opening a lesson: creates the record (first studied now) or makes now its last contact (no credit from before it). */
export async function openLesson(s: Scope, l: StudyLesson): Promise<LessonRecord> {
  const existing = await repo.findLessonRecord(s.db, l.tenantId, l.classStudentId, l.classroomId);
  if (existing) await repo.touchLessonRecord(s.db, l.classStudentId, l.classroomId, s.now);
  else await repo.insertLessonRecordIfAbsent(s.db, fresh(l, s.now));
  return (await repo.findLessonRecord(s.db, l.tenantId, l.classStudentId, l.classroomId))!;
}

const stateOf = (r: LessonRecord): StudyState => ({
  seq: r.seq,
  lastPositionMs: r.lastPositionMs,
  furthestMs: r.furthestMs,
  creditedMs: r.creditedMs,
  progress: r.progress,
  finishedAt: r.finishedAt,
  lastReportAt: r.lastReportAt,
});

/** The student's study clock, made (at 0) on their first report. */
async function studyClock(s: Scope, l: StudyLesson): Promise<number> {
  const clockAt = await repo.findStudyClock(s.db, l.tenantId, l.userId);
  if (clockAt !== undefined) return clockAt;
  await repo.insertStudyClockIfAbsent(s.db, l.tenantId, l.userId);
  return (await repo.findStudyClock(s.db, l.tenantId, l.userId)) ?? 0;
}

/** Another report or another lesson's credit was applied between reading and writing: judge the report again. */
class LostRace extends Error {}

/** Enough for reports sent at once by one person's tabs; a report still losing is answered unapplied and sent again. */
const REPORT_ATTEMPTS = 8;

/** A played lesson as its report credits it: its length and the percent that learns it. */
export type CreditedLesson = StudyLesson & { lengthMs: number; completionPercent: number };

/** What `find` answers in the report's transaction: the lesson and the report to credit it with. */
export interface StudyReport {
  lesson: CreditedLesson;
  report: ProgressReport;
}

/**
 * A progress report, credited by the rules of study-credit.ts against the lesson's record and the
 * student's study clock. The whole report is one transaction: `find` (the caller's checks and reads,
 * through the scope it is given), the record and the clock in one read, and the two writes, each
 * only if nobody changed it meanwhile (the record's seq, the clock's value). On a lost race (a
 * concurrent writer on PostgreSQL; SQLite's transactions take the write lock first, decision 102)
 * the transaction is rolled back and the report judged again from `find` on. So a duplicate sent to
 * two instances is applied once, and two lessons reported at once cannot both spend the same real
 * time. Answers what `find` found, with the record after the report.
 */
export async function reportStudy<F extends StudyReport>(
  s: Scope,
  find: (ts: Scope) => Promise<F>,
): Promise<{ applied: boolean; record: LessonRecord; found: F }> {
  let last: F | undefined;
  for (let attempt = 0; attempt < REPORT_ATTEMPTS; attempt++) {
    try {
      return await studentTransaction(s, async (ts) => {
        last = await find(ts);
        return { ...(await creditOnce(ts, last)), found: last };
      });
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
    }
  }
  // Every attempt lost (`find` ran, so `last` is set): answered unapplied with the record as it now stands.
  const found = last!;
  const l = found.lesson;
  const row = (await repo.findLessonRecord(s.db, l.tenantId, l.classStudentId, l.classroomId))!;
  return { applied: false, record: row, found };
}

/** One attempt at crediting a report, in the report's transaction (`ts.db`); throws LostRace when a conditional write finds the row changed. */
async function creditOnce(ts: Scope, { lesson: l, report }: StudyReport): Promise<{ applied: boolean; record: LessonRecord }> {
  // The record and the clock in one read; a first report (no record, or no clock yet) makes what is missing.
  const found = await repo.findLessonRecordAndClock(ts.db, l.tenantId, l.classStudentId, l.classroomId, l.userId);
  let row = found?.record;
  if (!row) {
    // A report without an opening: the record's first contact is now, so only the tolerance is credited.
    await repo.insertLessonRecordIfAbsent(ts.db, fresh(l, ts.now));
    row = (await repo.findLessonRecord(ts.db, l.tenantId, l.classStudentId, l.classroomId))!;
  }
  const stored = stateOf(row);
  const clockAt = found?.clockAt ?? (await studyClock(ts, l));
  const result = creditReport(stored, report, { now: ts.now, lengthMs: l.lengthMs, completionPercent: l.completionPercent, clockAt });
  if (!result.applied) return { applied: false, record: row };
  if (!(await repo.updateLessonRecordIfSeq(ts.db, l.classStudentId, l.classroomId, stored.seq, result.state))) throw new LostRace();
  if (result.clockAt !== clockAt && !(await repo.advanceStudyClockIf(ts.db, l.tenantId, l.userId, clockAt, result.clockAt))) throw new LostRace();
  return { applied: true, record: { ...row, ...result.state } };
}

/** Reading lessons (article, document, images) count as learned once opened. */
export async function readLesson(s: Scope, l: StudyLesson & { lengthMs: number }): Promise<LessonRecord> {
  await openLesson(s, l);
  await repo.completeReading(s.db, l.classStudentId, l.classroomId, l.lengthMs, s.now);
  return (await repo.findLessonRecord(s.db, l.tenantId, l.classStudentId, l.classroomId))!;
}
