/**
 * A school's 学号 as shown (browser-safe, pure; tests/unit/id-number.test.ts): the per-school
 * sequence number, zero-padded to six digits (000042); a larger one shows all its digits.
 */
export const STUDENT_NO_DIGITS = 6;

export function formatStudentNo(no: number | null | undefined): string {
  return no === null || no === undefined ? '' : String(no).padStart(STUDENT_NO_DIGITS, '0');
}
