import type { Selectable } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * The marking queue's works: the school's works answered on a portal paper with their class's
 * name, sorted by it. One query, as the queue shows every work of the classes in reach at once
 * (a class's name per work through learning/classes would be a read per class).
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['works', 'teachingClasses'] as const;

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
    .where((eb) => eb.or([eb('works.sourceType', 'is', null), eb('works.sourceType', '!=', 'xskt')]));
  if (classIds !== null) {
    if (!classIds.length) return Promise.resolve([] as MarkingWorkRow[]);
    q = q.where('works.classId', 'in', classIds);
  }
  if (filter.classId) q = q.where('works.classId', '=', filter.classId);
  if (filter.workId) q = q.where('works.id', '=', filter.workId);
  return q.orderBy('teachingClasses.name').orderBy('works.createdAt').orderBy('works.id').execute() as Promise<MarkingWorkRow[]>;
}
