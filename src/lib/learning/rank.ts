import { capPercent } from './progress';

/**
 * Rank and defeat rate of the timetable's target block: the rank (rankIndex of rankTotal) gives
 * the share of classmates the student is ahead of. Pure and browser-safe.
 */
export interface Rank {
  /** 1-based place in the class (rankIndex). */
  rank: number;
  /** Students ranked (rankTotal). */
  total: number;
  /**
   * Share of classmates ranked below the student, as a capped percentage with at most two
   * decimals: (total - rank) / (total - 1) * 100. First of the class is 100, last is 0. Null when
   * the student is alone in the class: there is nobody to defeat, and neither 0% nor 100% is true.
   */
  defeatRate: number | null;
}

const wholeNumber = (n: unknown): n is number => Number.isInteger(n);

/**
 * The rank from rankIndex / rankTotal, or null when there is no rank to show: rankTotal 0 or
 * missing (nobody ranked yet), or a rankIndex outside 1..rankTotal (an inconsistent answer is not
 * shown as a made-up rate).
 */
export function rankOf(rankIndex: number | null | undefined, rankTotal: number | null | undefined): Rank | null {
  // 1 <= rankIndex <= rankTotal also refuses a rankTotal below 1.
  if (!wholeNumber(rankTotal) || !wholeNumber(rankIndex)) return null;
  if (rankIndex < 1 || rankIndex > rankTotal) return null;
  const defeatRate = rankTotal === 1 ? null : capPercent(((rankTotal - rankIndex) / (rankTotal - 1)) * 100);
  return { rank: rankIndex, total: rankTotal, defeatRate };
}
