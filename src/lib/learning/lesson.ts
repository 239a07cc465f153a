import { capPercent } from './progress';

/**
 * Lesson progress label: 'Not yet started' when there is no
 * progress, otherwise the last learned position and the percent; at 100 (or more, capped) the
 * label is 'Learned to 100%'. Structured, the islands word it. Pure and browser-safe.
 */
export type LessonProgress =
  | { kind: 'notStarted' }
  | { kind: 'inProgress' /** last position, ms */; positionMs: number /** 0..100, two decimals at most, below 100 */; percent: number }
  | { kind: 'finished'; percent: 100 };

const toNumber = (v: number | string | null | undefined): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};

/**
 * learnProcess is a percentage (0..100, as the server sends it; a numeric string is accepted),
 * lastStudyTime the last position in ms. No progress means neither a positive percent nor a
 * positive position. A percent that rounds to 100 is finished.
 */
export function lessonProgress(input: { learnProcess?: number | string | null; lastStudyTime?: number | string | null }): LessonProgress {
  const raw = toNumber(input.learnProcess);
  const positionMs = Math.max(0, Math.floor(toNumber(input.lastStudyTime)));
  const percent = capPercent(raw);
  if (percent >= 100) return { kind: 'finished', percent: 100 };
  if (raw <= 0 && positionMs === 0) return { kind: 'notStarted' };
  return { kind: 'inProgress', positionMs, percent };
}
