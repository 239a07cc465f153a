import { describe, expect, test } from 'vitest';
import { correctionRefusal } from '~/server/learning/attendance/attendance.admin.rules';
import { SIGN_IN, SIGN_OUT } from '~/lib/learning/sign';

const none = { signedInAt: null, signedOutAt: null };
const inOnly = { signedInAt: 100, signedOutAt: null };
const both = { signedInAt: 100, signedOutAt: 200 };

describe('correctionRefusal', () => {
  test.each([
    ['set a missing sign-in', none, SIGN_IN, 50, null],
    ['move a sign-in', inOnly, SIGN_IN, 90, null],
    ['the same sign-in time', inOnly, SIGN_IN, 100, 'unchanged'],
    ['a sign-in after the sign-out', both, SIGN_IN, 250, 'signOutBeforeSignIn'],
    ['remove a sign-in', inOnly, SIGN_IN, null, null],
    ['remove a missing sign-in', none, SIGN_IN, null, 'unchanged'],
    ['remove a sign-in with a sign-out standing', both, SIGN_IN, null, 'removeSignOutFirst'],
    ['a sign-out without a sign-in', none, SIGN_OUT, 150, 'signInFirst'],
    ['a sign-out after the sign-in', inOnly, SIGN_OUT, 150, null],
    ['a sign-out at the sign-in instant', inOnly, SIGN_OUT, 100, null],
    ['a sign-out before the sign-in', inOnly, SIGN_OUT, 99, 'signOutBeforeSignIn'],
    ['remove a sign-out', both, SIGN_OUT, null, null],
    ['remove a missing sign-out', inOnly, SIGN_OUT, null, 'unchanged'],
    ['a sign-in moved earlier with the sign-out standing', both, SIGN_IN, 50, null],
    ['a sign-in moved to the sign-out instant', both, SIGN_IN, 200, null],
    ['the same sign-out time', both, SIGN_OUT, 200, 'unchanged'],
    ['a sign-out moved later', both, SIGN_OUT, 300, null],
    ['a kind of record that is neither', both, 99, 300, 'unchanged'],
    ['a kind of record that is neither, removed', both, 99, null, 'unchanged'],
  ] as const)('%s', (_name, current, type, signedAt, refusal) => {
    expect(correctionRefusal(current, { type, signedAt })).toBe(refusal);
  });
});
