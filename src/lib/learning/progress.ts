/**
 * Percentages of the learner area: every percent shown is capped at 100, with 1 or 2 decimals (the
 * student card's completion rate too). Pure and browser-safe.
 *
 * Decision on "1 or 2 decimals": a percentage is rounded to two decimals and shown without
 * trailing zeros, so a rate reads 33.33, 12.5 or 50 (never 50.00 or 12.50). Whole numbers keep no
 * decimals because "50.0%" tells a student nothing more than "50%".
 */

/** A percentage clamped to 0..100 and rounded to two decimals; anything not a finite number is 0. */
export function capPercent(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  if (value >= 100) return 100;
  // Round half up on the decimal value, so 1.005 gives 1.01 as a person would expect (binary
  // floating point would make 1.005 * 100 = 100.49999…).
  return Math.round(Number((value * 100).toPrecision(15))) / 100;
}

/**
 * Completion rate of the class student card (completed activities divided by assessed activities),
 * as a percentage: finish / total * 100, capped at 100, two decimals at most.
 * A total of 0 (or anything not a positive finite number) gives 0: nothing to complete is not 100%.
 */
export function completionRate(finish: number | null | undefined, total: number | null | undefined): number {
  // `!(total > 0)` also refuses NaN. A finish that is missing, not positive or not finite needs no test of
  // its own: its ratio is 0, negative, NaN or infinite, which capPercent makes 0.
  if (typeof total !== 'number' || !(total > 0)) return 0;
  return capPercent(((finish ?? 0) / total) * 100);
}

/** The text of a percentage as shown (without the % sign): capped, at most two decimals, no trailing zeros. */
export function percentText(value: number | null | undefined): string {
  return String(capPercent(value));
}

/**
 * The width of a progress bar (the timetable's and the course's targets: required classrooms, video study time,
 * homework/test completion): done / target as a capped percentage. A zero target is not a duty, so
 * its bar is 0 (the islands hide it, see targets.ts).
 */
export function progressPercent(done: number | null | undefined, target: number | null | undefined): number {
  return completionRate(done, target);
}
