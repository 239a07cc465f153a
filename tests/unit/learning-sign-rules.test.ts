import { describe, expect, test } from 'vitest';
import {
  SIGN_IN,
  SIGN_IN_OPENS_BEFORE_MS,
  SIGN_OUT,
  SIGN_OUT_CLOSES_AFTER_MS,
  autoSignApplies,
  opensAtText,
  signRefusal,
  signWindow,
  validLocation,
} from '~/lib/learning/sign';

/** Sign-in and sign-out rules (src/lib/learning/sign.ts) at every boundary. */

/** A class on 2026-11-22 10:00–11:30 China Standard Time (02:00–03:30 UTC). */
const START = Date.UTC(2026, 10, 22, 2, 0, 0);
const END = START + 90 * 60_000;
const MINUTE = 60_000;
const state = (over: Partial<Parameters<typeof signRefusal>[1]> = {}) => ({
  signIn: 1,
  signOut: 1,
  startAt: START,
  endAt: END,
  signedInAt: null,
  signedOutAt: null,
  ...over,
});
const signedIn = (over: Partial<Parameters<typeof signRefusal>[1]> = {}) => state({ signedInAt: START - 10 * MINUTE, ...over });

describe('signWindow', () => {
  test('sign-in: 30 minutes before the start to the end; sign-out: the start to an hour after the end', () => {
    expect(SIGN_IN_OPENS_BEFORE_MS).toBe(30 * MINUTE);
    expect(SIGN_OUT_CLOSES_AFTER_MS).toBe(60 * MINUTE);
    expect(signWindow(SIGN_IN, { startAt: START, endAt: END })).toEqual({ opensAt: START - 30 * MINUTE, closesAt: END });
    expect(signWindow(SIGN_OUT, { startAt: START, endAt: END })).toEqual({ opensAt: START, closesAt: END + 60 * MINUTE });
  });
});

describe('signRefusal', () => {
  test('sign-in: opens 30 minutes before the start, not a millisecond earlier', () => {
    expect(signRefusal(SIGN_IN, state(), START - 30 * MINUTE - 1)).toBe('signInNotOpen');
    expect(signRefusal(SIGN_IN, state(), START - 30 * MINUTE)).toBeNull();
    expect(signRefusal(SIGN_IN, state(), START - 1)).toBeNull();
    // the case that was accepted: hours before a class the same evening
    expect(signRefusal(SIGN_IN, state(), START - 2 * 60 * MINUTE - 28 * MINUTE)).toBe('signInNotOpen');
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

  test('sign-out: opens at the start, not a millisecond earlier', () => {
    expect(signRefusal(SIGN_OUT, signedIn(), START - 1)).toBe('signOutNotOpen');
    expect(signRefusal(SIGN_OUT, signedIn(), START)).toBeNull();
    expect(signRefusal(SIGN_OUT, signedIn(), END)).toBeNull();
  });

  test('sign-out: open until an hour after the end, refused a millisecond later', () => {
    expect(signRefusal(SIGN_OUT, signedIn(), END + 60 * MINUTE)).toBeNull();
    expect(signRefusal(SIGN_OUT, signedIn(), END + 60 * MINUTE + 1)).toBe('signOutClosed');
  });

  test('sign-out: after the sign-in only, once; not when unused; those come before the window', () => {
    expect(signRefusal(SIGN_OUT, state(), START)).toBe('signInFirst');
    expect(signRefusal(SIGN_OUT, state(), START - 60 * MINUTE)).toBe('signInFirst');
    expect(signRefusal(SIGN_OUT, signedIn({ signedOutAt: START + 1 }), START + 2)).toBe('duplicate');
    expect(signRefusal(SIGN_OUT, signedIn({ signedOutAt: START + 1 }), END + 2 * 60 * MINUTE)).toBe('duplicate');
    expect(signRefusal(SIGN_OUT, signedIn({ signOut: 0 }), START)).toBe('signOutNotUsed');
  });
});

describe('opensAtText', () => {
  test('HH:mm on the same China Standard Time day, M月D日 HH:mm on another', () => {
    // 09:30 CST on 2026-11-22
    const opens = START - 30 * MINUTE;
    expect(opensAtText(opens, START - 3 * 60 * MINUTE)).toBe('09:30');
    // 2026-11-21 23:59 CST: the day before
    expect(opensAtText(opens, Date.UTC(2026, 10, 21, 15, 59))).toBe('11月22日 09:30');
    // 2026-11-22 00:00 CST: the same day
    expect(opensAtText(opens, Date.UTC(2026, 10, 21, 16, 0))).toBe('09:30');
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

  // Rule: half a location is no location, whichever half is missing; a coordinate that is not a finite number
  // is outside every range.
  test.each([
    [null, 1],
    [1, undefined],
    [0, null],
    [null, 0],
    [1, Number.NaN],
    [Number.POSITIVE_INFINITY, 0],
    [0, Number.NEGATIVE_INFINITY],
  ])('(%s, %s) is refused', (lat, lon) => {
    expect(validLocation(lat, lon)).toBe(false);
  });
});
