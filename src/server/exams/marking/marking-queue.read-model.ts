import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { countOf } from '../../db/rows';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';

/**
 * The marking queue's works: the school's works answered on a portal paper with their class's
 * name, sorted by it. One query, as the queue shows every work of the classes in reach at once
 * (a class's name per work through learning/classes would be a read per class). And how many
 * handed-in attempts at those works wait for a teacher, in one count (the dashboard's).
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['works', 'teachingClasses', 'workAttempts'] as const;

/** The external question bank's works: marked there, never in the portal's marking. */
const EXTERNAL_BANK = 'xskt';

export type MarkingWorkRow = Selectable<Database['works']> & { className: string };

/** The school's works answered on a paper of the portal (not the external bank's), of the classes given (null: every class), with the class's name. */
export function listPaperWorks(
  db: DB,
  tenantId: string,
  classIds: readonly string[] | null,
  filter: { classId?: string | undefined; workId?: string | undefined },
) {
  let q = db
    .selectFrom('works')
    .innerJoin('teachingClasses', (j) => j.onRef('teachingClasses.id', '=', 'works.classId').onRef('teachingClasses.tenantId', '=', 'works.tenantId'))
    .selectAll('works')
    .select('teachingClasses.name as className')
    .where('works.tenantId', '=', tenantId)
    .where('works.paperId', 'is not', null)
    .where((eb) => eb.or([eb('works.sourceType', 'is', null), eb('works.sourceType', '!=', EXTERNAL_BANK)]));
  if (classIds !== null) {
    if (!classIds.length) return Promise.resolve([] as MarkingWorkRow[]);
    q = q.where('works.classId', 'in', classIds);
  }
  if (filter.classId) q = q.where('works.classId', '=', filter.classId);
  if (filter.workId) q = q.where('works.id', '=', filter.workId);
  return q.orderBy('teachingClasses.name').orderBy('works.createdAt').orderBy('works.id').execute() as Promise<MarkingWorkRow[]>;
}

/**
 * How many handed-in attempts at the school's portal-paper works of the classes given (null: every
 * class) wait for a teacher: pending, i.e. not yet released to the student (their marks not all
 * given, or given and not released). Read from the attempts' index on tenant, status and class,
 * each attempt's work by its key.
 */
export async function countPendingAttempts(db: DB, tenantId: string, classIds: readonly string[] | null): Promise<number> {
  if (classIds !== null && !classIds.length) return 0;
  let q = db
    .selectFrom('workAttempts')
    .innerJoin('works', (j) => j.onRef('works.id', '=', 'workAttempts.workId').onRef('works.tenantId', '=', 'workAttempts.tenantId'))
    .where('workAttempts.tenantId', '=', tenantId)
    .where('workAttempts.status', '=', ATTEMPT_STATUS.PENDING)
    .where('works.paperId', 'is not', null)
    .where((eb) => eb.or([eb('works.sourceType', 'is', null), eb('works.sourceType', '!=', EXTERNAL_BANK)]));
  if (classIds !== null) q = q.where('workAttempts.classId', 'in', classIds);
  return countOf(q);
}
