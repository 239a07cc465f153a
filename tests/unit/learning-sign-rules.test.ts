import { describe, expect, test } from 'vitest';
import { SIGN_IN, SIGN_OUT, autoSignApplies, signRefusal, validLocation } from '~/lib/learning/sign';

/** Sign-in and sign-out rules (src/lib/learning/sign.ts) at every boundary. */

/** A class on 2026-11-22 10:00–11:30 China Standard Time; that day opens at 2026-11-21 16:00 UTC. */
const START = Date.UTC(2026, 10, 22, 2, 0, 0);
const END = START + 90 * 60_000;
const DAY_OPENS = Date.UTC(2026, 10, 21, 16, 0, 0);
const state = (over: Partial<Parameters<typeof signRefusal>[1]> = {}) => ({ signIn: 1, signOut: 1, startAt: START, endAt: END, signedInAt: null, signedOutAt: null, ...over });

describe('signRefusal', () => {
  test('sign-in: opens at 00:00 of the class day (CST), not a millisecond before', () => {
    expect(signRefusal(SIGN_IN, state(), DAY_OPENS - 1)).toBe('signInNotOpen');
    expect(signRefusal(SIGN_IN, state(), DAY_OPENS)).toBeNull();
    expect(signRefusal(SIGN_IN, state(), START - 1)).toBeNull();
  });

  test('sign-in: allowed until the end instant, refused a millisecond after', () => {
    expect(signRefusal(SIGN_IN, state(), END - 1)).toBeNull();
    expect(signRefusal(SIGN_IN, state(), END)).toBeNull();
    expect(signRefusal(SIGN_IN, state(), END + 1)).toBe('signInClosed');
  });

  test('sign-in: once only, also after signing out; not when the activity does not use it', () => {
    expect(signRefusal(SIGN_IN, state({ signedInAt: 5 }), START)).toBe('duplicate');
    expect(signRefusal(SIGN_IN, state({ signedInAt: 0 }), START)).toBe('duplicate');
    expect(signRefusal(SIGN_IN, state({ signedInAt: 5, signedOutAt: 6 }), START)).toBe('duplicate');
    expect(signRefusal(SIGN_IN, state({ signIn: 0 }), START)).toBe('signInNotUsed');
    expect(signRefusal(SIGN_IN, state({ signIn: 0, signedInAt: 5 }), START)).toBe('signInNotUsed');
  });

  test('sign-out: after the sign-in only, once, also after the end; not when unused', () => {
    expect(signRefusal(SIGN_OUT, state(), 10)).toBe('signInFirst');
    expect(signRefusal(SIGN_OUT, state({ signedInAt: 5 }), 10)).toBeNull();
    expect(signRefusal(SIGN_OUT, state({ signedInAt: 5 }), END + 1)).toBeNull();
    expect(signRefusal(SIGN_OUT, state({ signedInAt: 5, signedOutAt: 6 }), 10)).toBe('duplicate');
    expect(signRefusal(SIGN_OUT, state({ signOut: 0, signedInAt: 5 }), 10)).toBe('signOutNotUsed');
  });
});

describe('autoSignApplies', () => {
  test('online, online attendance and sign-in on: all three needed', () => {
    expect(autoSignApplies({ onlineType: 1, onlineAttendance: 1, signIn: 1 })).toBe(true);
    expect(autoSignApplies({ onlineType: 2, onlineAttendance: 1, signIn: 1 })).toBe(false);
    expect(autoSignApplies({ onlineType: 1, onlineAttendance: 0, signIn: 1 })).toBe(false);
    expect(autoSignApplies({ onlineType: 1, onlineAttendance: 1, signIn: 0 })).toBe(false);
  });
});

describe('validLocation', () => {
  test('both or neither, within ±90 / ±180 inclusive', () => {
    expect(validLocation(undefined, undefined)).toBe(true);
    expect(validLocation(null, null)).toBe(true);
    expect(validLocation(0, 0)).toBe(true);
    expect(validLocation(90, 180)).toBe(true);
    expect(validLocation(-90, -180)).toBe(true);
    expect(validLocation(90.0001, 0)).toBe(false);
    expect(validLocation(0, -180.0001)).toBe(false);
    expect(validLocation(1, null)).toBe(false);
    expect(validLocation(undefined, 1)).toBe(false);
    expect(validLocation(Number.NaN, 1)).toBe(false);
  });
});
