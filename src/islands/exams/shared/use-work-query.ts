import { useEffect, useState } from 'react';
import { readQuery, type WorkQuery } from '~/lib/exams/routes';

export type ScreenQuery = WorkQuery & { status: string; answerLogId: string };

/** The screen's query, read after hydration (the page HTML is the same for every student and work). */
export function useWorkQuery(): ScreenQuery | null {
  const [query, setQuery] = useState<ScreenQuery | null>(null);
  useEffect(() => setQuery(readQuery(location.search)), []);
  return query;
}

/** The query names a class and its student: enough to look the work up. */
export const isComplete = (q: ScreenQuery) => !!q.classId && !!q.studentId && (!!q.workId || !!q.classroomId);
