import { describe, expect, test } from 'vitest';
import { atEnd, END_MARGIN_MS, endMargin, playbackStart, RESUME_MIN_MS } from '~/lib/learning/resume';
import { creditReport, freshState, progressOf } from '~/lib/learning/study-credit';

/** An 18-minute video, as the demo's first lesson. */
const LENGTH = 18 * 60_000;
/** A 50-second clip: 1% of it (500 ms) is less than the one-second margin. */
const CLIP = 50_000;

describe('the end of a lesson (issue 27)', () => {
  test('the last second is the end; a short clip’s margin is 1% of it; no length, no end', () => {
    expect(END_MARGIN_MS).toBe(1_000);
    expect(endMargin(LENGTH)).toBe(1_000);
    expect(endMargin(CLIP)).toBe(500);
    expect(endMargin(0)).toBe(0);
    expect(atEnd(LENGTH - 1_000, LENGTH)).toBe(true);
    expect(atEnd(LENGTH - 1_001, LENGTH)).toBe(false);
    expect(atEnd(LENGTH - 500, LENGTH)).toBe(true);
    expect(atEnd(LENGTH + 5_000, LENGTH)).toBe(true);
    expect(atEnd(CLIP - 500, CLIP)).toBe(true);
    expect(atEnd(CLIP - 501, CLIP)).toBe(false);
    expect(atEnd(0, 0)).toBe(false);
    expect(atEnd(Number.NaN, LENGTH)).toBe(false);
  });

  test('progress: the end’s margin is 100%, just before it is not', () => {
    expect(progressOf(LENGTH - 500, LENGTH)).toBe(100);
    expect(progressOf(LENGTH - 1_000, LENGTH)).toBe(100);
    expect(progressOf(LENGTH - 1_001, LENGTH)).toBe(99.9);
    expect(progressOf(CLIP - 500, CLIP)).toBe(100);
    expect(progressOf(CLIP - 501, CLIP)).toBe(98.99);
  });

  test('a student who stopped 0.5 s before the end has learned the lesson; a report at 0 afterwards lowers nothing', () => {
    const now = 10 * 60_000;
    const ctx = { now, lengthMs: LENGTH, completionPercent: 100, clockAt: 0 };
    const stopped = creditReport(freshState(0), { seq: 1, positionMs: LENGTH - 500, watchedMs: LENGTH - 500 }, ctx).state;
    expect(stopped).toMatchObject({ progress: 100, finishedAt: now, lastPositionMs: LENGTH - 500, furthestMs: LENGTH - 500 });
    // The player starts again from 0 (not a seek of the student's): the point, progress and finish stay.
    const again = creditReport(stopped, { seq: 2, positionMs: 0, watchedMs: 0 }, { ...ctx, now: now + 1_000 }).state;
    expect(again).toMatchObject({ progress: 100, finishedAt: now, lastPositionMs: LENGTH - 500, creditedMs: stopped.creditedMs });
  });
});

describe('where the player starts (issue 27)', () => {
  test('under a second is the beginning; before the end’s margin it resumes; in the margin or past the end it starts again', () => {
    expect(playbackStart(0, LENGTH)).toEqual({ kind: 'beginning' });
    expect(playbackStart(RESUME_MIN_MS - 1, LENGTH)).toEqual({ kind: 'beginning' });
    expect(playbackStart(RESUME_MIN_MS, LENGTH)).toEqual({ kind: 'resume', ms: RESUME_MIN_MS });
    expect(playbackStart(LENGTH - 1_001, LENGTH)).toEqual({ kind: 'resume', ms: LENGTH - 1_001 });
    expect(playbackStart(LENGTH - 1_000, LENGTH)).toEqual({ kind: 'again' });
    expect(playbackStart(LENGTH - 500, LENGTH)).toEqual({ kind: 'again' });
    expect(playbackStart(LENGTH + 60_000, LENGTH)).toEqual({ kind: 'again' });
  });

  test('a media length not known yet (NaN, Infinity, 0) starts again rather than seeking blind', () => {
    expect(playbackStart(60_000, Number.NaN)).toEqual({ kind: 'again' });
    expect(playbackStart(60_000, Number.POSITIVE_INFINITY)).toEqual({ kind: 'again' });
    expect(playbackStart(60_000, 0)).toEqual({ kind: 'again' });
    expect(playbackStart(Number.NaN, LENGTH)).toEqual({ kind: 'beginning' });
  });
});
