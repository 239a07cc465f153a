import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ANSWER_SAVE_LIMITS,
  COMMENT_LIMITS,
  DRAFT_LIMITS,
  LIKE_LIMITS,
  NOTE_LIMITS,
  PROGRESS_LIMITS,
  QUESTION_LIMITS,
  RATE_KEEP_MS,
  RATE_LIMITS,
  RATE_SLOTS,
  RATE_WINDOWS,
  countedFor,
  countedFrom,
  countsUntil,
  limitMessage,
  ratePeriod,
  rateSlot,
  rateSubject,
  type RateLimit,
} from '~/server/limits/limits.rules';
import type { RateKind } from '~/server/limits/limits.table';

/** The rate limits of writes (src/server/limits/limits.rules.ts): which limits, and what a refusal says. */

const shape = (kind: keyof typeof RATE_LIMITS) => RATE_LIMITS[kind].map((l) => [l.by, l.windowMs, l.max]);

describe('rate limits', () => {
  test('the named limits are the ones enforced, per user before per address', () => {
    expect(shape('COMMENT')).toEqual([
      ['user', 60_000, COMMENT_LIMITS.perUserMinute],
      ['user', 3_600_000, COMMENT_LIMITS.perUserHour],
      ['ip', 60_000, COMMENT_LIMITS.perIpMinute],
    ]);
    expect(shape('LIKE')).toEqual([
      ['user', 60_000, LIKE_LIMITS.perUserMinute],
      ['ip', 60_000, LIKE_LIMITS.perIpMinute],
    ]);
    expect(shape('NOTE')).toEqual([
      ['user', 60_000, NOTE_LIMITS.perUserMinute],
      ['user', 3_600_000, NOTE_LIMITS.perUserHour],
      ['ip', 60_000, NOTE_LIMITS.perIpMinute],
    ]);
    expect(shape('QUESTION')).toEqual([
      ['user', 60_000, QUESTION_LIMITS.perUserMinute],
      ['user', 3_600_000, QUESTION_LIMITS.perUserHour],
      ['ip', 60_000, QUESTION_LIMITS.perIpMinute],
    ]);
    expect(shape('QUESTION_DRAFT')).toEqual([
      ['user', 60_000, DRAFT_LIMITS.perUserMinute],
      ['ip', 60_000, DRAFT_LIMITS.perIpMinute],
    ]);
    expect(shape('ANSWER_SAVE')).toEqual([
      ['user', 60_000, ANSWER_SAVE_LIMITS.perUserMinute],
      ['ip', 60_000, ANSWER_SAVE_LIMITS.perIpMinute],
    ]);
    expect(shape('PROGRESS')).toEqual([
      ['user', 60_000, PROGRESS_LIMITS.perUserMinute],
      ['ip', 60_000, PROGRESS_LIMITS.perIpMinute],
    ]);
    // The longest a write counts: an hour and one of its slots.
    expect(RATE_KEEP_MS).toBe(3_600_000 + 300_000);
  });

  test('an address holds more than one person; every window is whole slots, and the clean-up goes through each', () => {
    for (const [kind, limits] of Object.entries(RATE_LIMITS) as [RateKind, readonly RateLimit[]][]) {
      const user = limits.find((l) => l.by === 'user' && l.windowMs === 60_000)!;
      const ip = limits.find((l) => l.by === 'ip')!;
      expect(ip.max).toBeGreaterThan(user.max);
      for (const l of limits) {
        expect(Number.isInteger(l.windowMs / RATE_SLOTS)).toBe(true);
        expect(RATE_WINDOWS).toContainEqual({ kind, windowMs: l.windowMs });
        expect(countedFor(l.windowMs)).toBeLessThanOrEqual(RATE_KEEP_MS);
      }
    }
    // A user's counts and an address's are apart, whatever the user's id looks like.
    expect(rateSubject('user', '127.0.0.1')).toBe('user:127.0.0.1');
    expect(rateSubject('ip', '127.0.0.1')).toBe('ip:127.0.0.1');
    // A minute's slots are 5 s; an hour's 5 minutes.
    expect(countedFor(60_000)).toBe(65_000);
    expect(countedFor(3_600_000)).toBe(3_900_000);
  });

  test('a real student never meets their own limit: the answering screen and the player stay far below', () => {
    // The player reports every 10 s (6 a minute), also when the page is hidden; two tabs are 12.
    expect(PROGRESS_LIMITS.perUserMinute).toBeGreaterThanOrEqual(2 * 12);
    // A save at most every half second, all minute long.
    expect(ANSWER_SAVE_LIMITS.perUserMinute).toBeGreaterThanOrEqual(120);
  });

  test("a school behind one address: a real student's saves and reports are within their account's share, and a flood is not", () => {
    const share = (kind: 'ANSWER_SAVE' | 'PROGRESS') => RATE_LIMITS[kind].find((l) => l.by === 'ip')!.accountShare;
    // The player's reports of two tabs (12 a minute) and some seeking; a test-taker's saves, one every two seconds.
    expect(share('PROGRESS')).toBeGreaterThanOrEqual(2 * 12);
    expect(share('ANSWER_SAVE')).toBeGreaterThanOrEqual(30);
    // One account flooding at its own limit still counts against its address.
    expect(share('PROGRESS')).toBeLessThan(PROGRESS_LIMITS.perUserMinute);
    expect(share('ANSWER_SAVE')).toBeLessThan(ANSWER_SAVE_LIMITS.perUserMinute);
    // The classroom's writes give no share: a script with many tokens there stops at the address's limit.
    for (const kind of ['COMMENT', 'LIKE', 'NOTE', 'QUESTION', 'QUESTION_DRAFT'] as const) {
      expect(RATE_LIMITS[kind].every((l) => l.accountShare === 0)).toBe(true);
    }
  });

  test("each refusal says what was too frequent, in Chinese, with the number where it is the user's own", () => {
    expect(RATE_LIMITS.COMMENT.map(limitMessage)).toEqual([
      '评论太频繁了，每分钟最多发表5条，请稍后再试',
      '评论太频繁了，每小时最多发表60条，请稍后再试',
      '当前网络发表评论太频繁，请稍后再试',
    ]);
    expect(RATE_LIMITS.LIKE.map(limitMessage)).toEqual(['点赞太频繁了，每分钟最多操作60次，请稍后再试', '当前网络点赞太频繁，请稍后再试']);
    expect(RATE_LIMITS.NOTE.map(limitMessage)).toEqual([
      '笔记保存太频繁了，每分钟最多10次，请稍后再试',
      '笔记保存太频繁了，每小时最多100次，请稍后再试',
      '当前网络操作太频繁，请稍后再试',
    ]);
    expect(RATE_LIMITS.QUESTION.map(limitMessage)).toEqual([
      '提问太频繁了，每分钟最多5条，请稍后再试',
      '提问太频繁了，每小时最多30条，请稍后再试',
      '当前网络操作太频繁，请稍后再试',
    ]);
    expect(RATE_LIMITS.QUESTION_DRAFT.map(limitMessage)[0]).toBe('草稿保存太频繁了，请稍后再试');
    expect(RATE_LIMITS.ANSWER_SAVE.map(limitMessage)[0]).toBe('答案保存太频繁了，请稍后再试');
    expect(RATE_LIMITS.PROGRESS.map(limitMessage)[0]).toBe('学习进度上报太频繁了，请稍后再试');
  });

  test('a count holds every write of the last window, and none older than a window and a slot', () => {
    const windows = [...new Set(RATE_WINDOWS.map((w) => w.windowMs))];
    fc.assert(
      fc.property(fc.constantFrom(...windows), fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.nat(), (windowMs, now, back) => {
        const from = countedFrom(windowMs, now);
        // The last window whole: no limit passes in any window.
        expect(from).toBeLessThanOrEqual(now - windowMs + 1);
        // Never more than a window and a slot.
        expect(now - from).toBeLessThan(countedFor(windowMs));
        // From a slot's start: what the table's counts hold (a row a period, a count a slot).
        expect(rateSlot(windowMs, from)).toBe(rateSlot(windowMs, now));
        expect(ratePeriod(windowMs, from)).toBe(ratePeriod(windowMs, now) - 1);
        // A write made `back` ms before counts until countsUntil, not a moment longer.
        const at = now - (back % (2 * windowMs));
        expect(at >= countedFrom(windowMs, now)).toBe(now < countsUntil(windowMs, at));
        expect(countedFrom(windowMs, countsUntil(windowMs, at) - 1)).toBeLessThanOrEqual(at);
        expect(countedFrom(windowMs, countsUntil(windowMs, at))).toBeGreaterThan(at);
        // The slots of a period: 0 … RATE_SLOTS - 1, each a twelfth of it, in order.
        const slotMs = windowMs / RATE_SLOTS;
        const inPeriod = now - ratePeriod(windowMs, now) * windowMs;
        expect(rateSlot(windowMs, now)).toBe(Math.floor(inPeriod / slotMs));
        expect(rateSlot(windowMs, now)).toBeLessThan(RATE_SLOTS);
        expect(rateSlot(windowMs, ratePeriod(windowMs, now) * windowMs + (RATE_SLOTS - 1) * slotMs)).toBe(RATE_SLOTS - 1);
      }),
    );
  });
});
