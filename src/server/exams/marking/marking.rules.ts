import { countedScore, ATTEMPT_STATUS, type ScoreRule } from '~/lib/exams/attempt-policy';
import { csvFile } from '../../csv.rules';

/**
 * The scores CSV of a work (pure): one row per student of the class, in the order given, with
 * their attempts (each attempt's score, 待阅卷 while a teacher has not released it, 作答中 while
 * still being answered) and the score that counts under the work's score rule. The columns of
 * attempts are as many as the most attempts any student made.
 */

export interface CsvStudent {
  id: string;
  name: string;
  mobile: string;
}

export interface CsvAttempt {
  classStudentId: string;
  attemptNo: number;
  status: number;
  score: number | null;
}

export interface CsvWords {
  name: string;
  mobile: string;
  attempts: string;
  attempt: (n: number) => string;
  counted: string;
  pending: string;
  answering: string;
}

export function scoresCsv(students: readonly CsvStudent[], attempts: readonly CsvAttempt[], rule: ScoreRule, w: CsvWords): string {
  const by = new Map<string, CsvAttempt[]>();
  for (const a of attempts) by.set(a.classStudentId, [...(by.get(a.classStudentId) ?? []), a]);
  for (const list of by.values()) list.sort((x, y) => x.attemptNo - y.attemptNo);
  const columns = Math.max(0, ...students.map((st) => by.get(st.id)?.length ?? 0));
  const header = [w.name, w.mobile, w.attempts, ...Array.from({ length: columns }, (_, i) => w.attempt(i + 1)), w.counted];
  const cell = (a: CsvAttempt | undefined): string | number => {
    if (!a) return '';
    if (a.status === ATTEMPT_STATUS.ANSWERING) return w.answering;
    if (a.status !== ATTEMPT_STATUS.REVIEWED || a.score === null) return w.pending;
    return a.score;
  };
  const rows = students.map((st) => {
    const mine = by.get(st.id) ?? [];
    const counted = countedScore(rule, mine);
    const countedCell = counted.score !== null ? counted.score : counted.pending ? w.pending : '';
    return [st.name, st.mobile, mine.length, ...Array.from({ length: columns }, (_, i) => cell(mine[i])), countedCell];
  });
  return csvFile(header, rows);
}
