import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';

/** Pure rules of a teacher's attendance correction (tests/unit/attendance-admin-rules.test.ts). */

export type CorrectionRefusal = 'unchanged' | 'signInFirst' | 'signOutBeforeSignIn' | 'removeSignOutFirst';

/**
 * Why a correction cannot be made, or null. The result must be an attendance a student could have
 * had themselves: a sign-out only after a sign-in, and not before it; removing a sign-in while a
 * sign-out stands would leave a sign-out alone, so the sign-out goes first. A correction that
 * changes nothing is refused rather than audited as a change.
 */
export function correctionRefusal(
  current: { signedInAt: number | null; signedOutAt: number | null },
  change: { type: number; signedAt: number | null },
): CorrectionRefusal | null {
  const { signedInAt, signedOutAt } = current;
  if (change.type === SIGN_IN) {
    if (change.signedAt === null) {
      if (signedInAt === null) return 'unchanged';
      return signedOutAt !== null ? 'removeSignOutFirst' : null;
    }
    if (change.signedAt === signedInAt) return 'unchanged';
    return signedOutAt !== null && signedOutAt < change.signedAt ? 'signOutBeforeSignIn' : null;
  }
  if (change.type === SIGN_OUT) {
    if (change.signedAt === null) return signedOutAt === null ? 'unchanged' : null;
    if (signedInAt === null) return 'signInFirst';
    if (change.signedAt === signedOutAt) return 'unchanged';
    return change.signedAt < signedInAt ? 'signOutBeforeSignIn' : null;
  }
  return 'unchanged';
}
