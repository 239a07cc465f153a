import { describe, expect, test } from 'vitest';
import { courseParticipants, requirementBars, REQUIREMENT_BARS } from '~/lib/learning/requirements';

/** What a course asks and who takes part: the one derivation behind the class page's courses and the course page. */

describe('requirementBars', () => {
  test('one bar per duty of the resultMap, in the fixed order, whatever order the map has', () => {
    expect(
      requirementBars({
        ONLINE_TEST_SUBMIT: { totalNum: 2, finishNum: 1 },
        ONLINE_VIDEO_TEACHING_STUDY_TIMES: { totalNum: 20, finishNum: 7 },
        OFFLINE_FACE2FACE_TEACHING_FIN_TIMES: { totalNum: 1, finishNum: 1 },
        ONLINE_HOMEWORK_SUBMIT: { totalNum: 1, finishNum: 0 },
        EE_LIVE_LECTURES_VIDEO_PROGRESS: { totalNum: 1, finishNum: 0 },
        VIDEO_PROGRESS: { totalNum: 2, finishNum: 1 },
      }).map((b) => b.key),
    ).toEqual(REQUIREMENT_BARS.map(([key]) => key));
  });

  test('a duty the map does not hold (target 0) is not a requirement, even when the course has such lessons', () => {
    expect(requirementBars({ VIDEO_PROGRESS: { totalNum: 2, finishNum: 1 }, ONLINE_HOMEWORK_SUBMIT: { totalNum: 1, finishNum: 1 } })).toEqual([
      { key: 'videoProgress', total: 2, done: 1 },
      { key: 'homework', total: 1, done: 1 },
    ]);
  });

  test('nothing to reach is no requirement (a test duty in a course without tests); no map, none', () => {
    expect(requirementBars({ ONLINE_TEST_SUBMIT: { totalNum: 0, finishNum: 0 } })).toEqual([]);
    expect(requirementBars({})).toEqual([]);
    expect(requirementBars(null)).toEqual([]);
    expect(requirementBars(undefined)).toEqual([]);
  });

  test('whole numbers, never more done than asked, never negative', () => {
    expect(requirementBars({ ONLINE_VIDEO_TEACHING_STUDY_TIMES: { totalNum: 20, finishNum: 25 } })).toEqual([{ key: 'studyTime', total: 20, done: 20 }]);
    expect(requirementBars({ ONLINE_VIDEO_TEACHING_STUDY_TIMES: { totalNum: 20.9, finishNum: 7.8 } })).toEqual([{ key: 'studyTime', total: 20, done: 7 }]);
    expect(requirementBars({ VIDEO_PROGRESS: { totalNum: 2, finishNum: -1 } })).toEqual([{ key: 'videoProgress', total: 2, done: 0 }]);
    expect(requirementBars({ VIDEO_PROGRESS: { totalNum: Number.NaN, finishNum: 1 } })).toEqual([]);
  });
});

describe('courseParticipants', () => {
  test("each course asked has the database's count, as a number whichever engine's type it came in", () => {
    expect(
      courseParticipants(
        ['c1', 'c2', 'c3'],
        [
          { courseId: 'c1', n: 3 },
          { courseId: 'c2', n: '20000' },
          { courseId: 'c3', n: 7n },
        ],
      ),
    ).toEqual(
      new Map([
        ['c1', 3],
        ['c2', 20_000],
        ['c3', 7],
      ]),
    );
  });

  test('a course nobody began is 0; a count of a course not asked about, or of none, is left out', () => {
    expect(
      courseParticipants(
        ['c1', 'c2'],
        [
          { courseId: 'c3', n: 1 },
          { courseId: null, n: 4 },
        ],
      ),
    ).toEqual(
      new Map([
        ['c1', 0],
        ['c2', 0],
      ]),
    );
    expect(courseParticipants([], [{ courseId: 'c1', n: 1 }])).toEqual(new Map());
  });
});
