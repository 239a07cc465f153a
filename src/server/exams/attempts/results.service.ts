import type { Scope } from '../../http/scope';
import { ATTEMPT_STATUS, countedScore, type CountedScore, type ScoredAttempt } from '~/lib/exams/attempt-policy';
import { attemptPolicyOf, classTestWorks, type Work } from '../works/works.service';
import * as repo from './results.repository';

/**
 * A work's results for staff: each student's counted score by the work's own attempt policy (its
 * score rule: highest, last, first or average), computed by the same rule the student's completion
 * page shows (countedScore). Only handed-in attempts count; an attempt still being answered is
 * nobody's result yet.
 */

export interface WorkResult {
  classStudentId: string;
  counted: CountedScore;
}

/** The class's test works, from exams/works (a certificate reads them with their results). */
export { classTestWorks };

/** Only handed-in attempts are read: marked, or waiting for marking. */
const statusOf = (status: number): number => (status === ATTEMPT_STATUS.REVIEWED ? ATTEMPT_STATUS.REVIEWED : ATTEMPT_STATUS.PENDING);

/** Every student with a handed-in attempt at the work, with their counted score. */
export async function countedScores(s: Scope, input: { tenantId: string; work: Work }): Promise<WorkResult[]> {
  const rows = await repo.handedInAttempts(s.db, input.tenantId, input.work.id);
  const byStudent = new Map<string, ScoredAttempt[]>();
  for (const r of rows) {
    if (!r.classStudentId) continue;
    const list = byStudent.get(r.classStudentId) ?? [];
    // Attempts made before numbering existed count in the order they started.
    list.push({
      attemptNo: r.attemptNo === null ? list.length + 1 : r.attemptNo,
      status: statusOf(r.status),
      score: r.score,
    });
    byStudent.set(r.classStudentId, list);
  }
  const rule = attemptPolicyOf(input.work).scoreRule;
  return [...byStudent].map(([classStudentId, attempts]) => ({ classStudentId, counted: countedScore(rule, attempts) }));
}
