import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import { hasAttempts } from './work-started.read-model';
import type { WorkTable } from './works.table';
import { whereEqual } from '../../db/clauses';
import { changedAny } from '../../db/rows';

/**
 * All SQL of the staff side of works (their lessons, papers and attempt counts are read in
 * staff-works.read-model.ts). Every query names the school and the class, or the course. Changes
 * attempts depend on are guarded by "nobody has started it" (work-started.read-model.ts) in the
 * same statement, so an attempt that starts meanwhile wins.
 */

export async function insertWork(db: DB, row: Insertable<WorkTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('works')
    .values(row)
    .onConflict((oc) => oc.columns(['classId', 'classroomId']).doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

export async function updateWork(db: DB, tenantId: string, classId: string, id: string, set: Partial<Insertable<WorkTable>>): Promise<void> {
  await db.updateTable('works').set(set).$call(whereEqual({ tenantId, classId, id })).execute();
}

/**
 * Changes what attempts depend on (the paper, the marking, the time limit) only while nobody has
 * started the work: one conditional statement, so an attempt that starts meanwhile wins.
 */
export async function updateUnstartedWork(db: DB, tenantId: string, classId: string, id: string, set: Partial<Insertable<WorkTable>>): Promise<boolean> {
  return changedAny(
    db
      .updateTable('works')
      .set(set)
      .$call(whereEqual({ tenantId, classId, id }))
      .where((eb) => eb.not(hasAttempts(eb, id))),
  );
}

/** Deletes the work while nobody has started it (one conditional statement). */
export async function deleteUnstartedWork(db: DB, tenantId: string, classId: string, id: string): Promise<boolean> {
  return changedAny(
    db
      .deleteFrom('works')
      .$call(whereEqual({ tenantId, classId, id }))
      .where((eb) => eb.not(hasAttempts(eb, id))),
  );
}

/** Moves a work to another lesson of its course while nobody has started it (one conditional statement). */
export async function moveUnstartedWork(db: DB, tenantId: string, courseId: string, workId: string, classroomId: string): Promise<boolean> {
  return changedAny(
    db
      .updateTable('works')
      .set({ classroomId })
      .$call(whereEqual({ tenantId, courseId, id: workId }))
      .where((eb) => eb.not(hasAttempts(eb, workId))),
  );
}
