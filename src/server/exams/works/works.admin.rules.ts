/**
 * What a work's form may change once students have started it (decision 048). An attempt was
 * answered against the work's paper, within its time limit, and is marked by its marking rules
 * (by hand or not, partial credit for multiple choice): those stay as they were. Fewer attempts
 * would take away attempts students were promised, so the number may only grow (or become
 * unlimited). The rest (title, description, which score counts, when marks and keys show, the
 * close time) is the teacher's to change at any time, as Moodle lets a quiz's review options and
 * close date change after attempts. Pure.
 */

export interface WorkSettings {
  sourceType: string | null;
  paperId: string | null;
  externalPaperId: string | null;
  unitTime: number | null;
  manualGrading: number;
  partialMultiple: number;
  maxAttempts: number | null;
}

export type LockedField = 'paper' | 'unitTime' | 'manualGrading' | 'partialMultiple';

export type WorkChangeCheck = { ok: true } | { ok: false; reason: 'locked'; fields: LockedField[] } | { ok: false; reason: 'fewerAttempts' };

export function checkWorkChange(before: WorkSettings, after: WorkSettings, attempts: number): WorkChangeCheck {
  if (attempts <= 0) return { ok: true };
  const fields: LockedField[] = [];
  if (before.sourceType !== after.sourceType || before.paperId !== after.paperId || before.externalPaperId !== after.externalPaperId) fields.push('paper');
  if (before.unitTime !== after.unitTime) fields.push('unitTime');
  if (before.manualGrading !== after.manualGrading) fields.push('manualGrading');
  if (before.partialMultiple !== after.partialMultiple) fields.push('partialMultiple');
  if (fields.length) return { ok: false, reason: 'locked', fields };
  if (after.maxAttempts !== null && (before.maxAttempts === null || after.maxAttempts < before.maxAttempts)) return { ok: false, reason: 'fewerAttempts' };
  return { ok: true };
}
