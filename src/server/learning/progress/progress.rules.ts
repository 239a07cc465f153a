import type { ProgressSort } from '~/lib/api/contracts/admin-progress';

/**
 * The order of the staff progress list: by study time (most first, or least first), students with
 * the same time by their enrolment id so that paging never shows one twice or skips one.
 */
export function sortByStudy<T extends { id: string }>(students: readonly T[], studied: ReadonlyMap<string, number>, sort: ProgressSort): T[] {
  const sign = sort === 'studyAsc' ? 1 : -1;
  return [...students].sort((a, b) => {
    const d = (studied.get(a.id) ?? 0) - (studied.get(b.id) ?? 0);
    if (d !== 0) return sign * d;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
