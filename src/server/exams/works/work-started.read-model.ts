import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Whether anyone has started a work (an attempt of any status): the guard of the statements that
 * change what attempts depend on (a work's paper, marking and time limit, its lesson, its
 * deletion), inside the same statement so that an attempt that starts meanwhile wins. A read model
 * of exams/works rather than a builder exported by exams/attempts: attempts read works (the
 * enrolled work, its policy, its paper), so works importing attempts would put the two
 * directories in a circle.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['workAttempts'] as const;

// biome-ignore lint/suspicious/noExplicitAny: the builder of any statement on works: the subquery names only its own table
export function hasAttempts(eb: ExpressionBuilder<Database, any>, workId: string): Expression<SqlBool> {
  return eb.exists(eb.selectFrom('workAttempts as wa').select('wa.id').where('wa.workId', '=', workId));
}
