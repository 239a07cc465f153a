import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { whereEqual } from '../../db/clauses';

/**
 * How much a paper is used: the works answered on it and the attempts at those works. The paper
 * list shows both for every paper of a page, as two columns of its one query; a paper's questions
 * are fixed once it has an attempt (its edits read the count inside their transaction).
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['works', 'workAttempts'] as const;

type PaperRow = ExpressionBuilder<Database & { p: Database['examPapers'] }, 'p'>;

/** The number of works answered on the paper `p` (a column of a select from examPapers as p). */
export const worksOnPaper = (eb: PaperRow) => eb.selectFrom('works as w').whereRef('w.paperId', '=', 'p.id').select(eb.fn.countAll<number>().as('n'));

/** The number of attempts at works answered on the paper `p`. */
export const attemptsOnPaper = (eb: PaperRow) =>
  eb.selectFrom('workAttempts as wa').innerJoin('works as w', 'w.id', 'wa.workId').whereRef('w.paperId', '=', 'p.id').select(eb.fn.countAll<number>().as('n'));

/** How many attempts were made at works answered on the paper. */
export async function attemptsOn(db: DB, tenantId: string, paperId: string): Promise<number> {
  const r = await db
    .selectFrom('workAttempts as wa')
    .innerJoin('works as w', 'w.id', 'wa.workId')
    .$call(whereEqual({ 'w.tenantId': tenantId, 'w.paperId': paperId }))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
