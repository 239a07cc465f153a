import { CLASSROOM_TYPE, COURSE_NATURE, LIVE_STATUS, THIRD_PLATFORM_TYPES } from './codes';
import { DUTY_TYPES } from './duties';

/**
 * The staff side of courses, browser-safe: the natures a course can have, the lesson types staff
 * make and what each needs, the limits of the forms. The server checks with these values and the
 * screen offers the same, so the two cannot differ.
 */

/** courseNature as staff set it: the learner area reads 0 face-to-face, 1 online, any other value mixed. */
export const COURSE_NATURE_MIXED = 2;
export const COURSE_NATURES: readonly number[] = [COURSE_NATURE.ONLINE, COURSE_NATURE.FACE_TO_FACE, COURSE_NATURE_MIXED];

/** The third-party platforms a course may be opened on (thirdPlatformType), as the learner's third-party opening reads them. */
export const COURSE_THIRD_PLATFORM_TYPES: readonly number[] = THIRD_PLATFORM_TYPES;

/** A third-party course (thirdPlatformType 10) and practical training (12), as the course form offers them. */
const PLATFORM_CHOICE = { THIRD_PARTY: 10, THIRD_PARTY_OTHER: 11, PRACTICAL: 12 } as const;

/**
 * The platforms the course form offers, by their names only: a third-party course and practical training.
 * 10 and 11 are opened the same way (both third-party), so the form offers one of them: 10, or 11 on a
 * course that has it (saved through the API or before), which stays as it is unless changed.
 */
export function platformChoices(current: number | null): readonly number[] {
  const thirdParty = current === PLATFORM_CHOICE.THIRD_PARTY_OTHER ? PLATFORM_CHOICE.THIRD_PARTY_OTHER : PLATFORM_CHOICE.THIRD_PARTY;
  return [thirdParty, PLATFORM_CHOICE.PRACTICAL];
}

/** The lesson types a lesson's content comes from the media library for, and the media kind each takes. */
export const MEDIA_LESSON_KIND: Readonly<Record<number, 'video' | 'audio' | 'document' | 'image' | 'archive'>> = {
  [CLASSROOM_TYPE.VIDEO]: 'video',
  [CLASSROOM_TYPE.AUDIO]: 'audio',
  [CLASSROOM_TYPE.DOCUMENT]: 'document',
  [CLASSROOM_TYPE.IMAGE]: 'image',
  [CLASSROOM_TYPE.ARCHIVE]: 'archive',
};

/** Every lesson type staff make, in the order the form offers them. */
export const STAFF_LESSON_TYPES: readonly number[] = [
  CLASSROOM_TYPE.VIDEO,
  CLASSROOM_TYPE.AUDIO,
  CLASSROOM_TYPE.ARTICLE,
  CLASSROOM_TYPE.DOCUMENT,
  CLASSROOM_TYPE.IMAGE,
  CLASSROOM_TYPE.ARCHIVE,
  CLASSROOM_TYPE.HOMEWORK,
  CLASSROOM_TYPE.TEST,
  CLASSROOM_TYPE.LIVE,
  CLASSROOM_TYPE.FACE_TO_FACE,
];

/** A live lesson's statuses staff may set: not started, live now, replay generating; 3 (any other value) a replay to watch. */
export const LIVE_REPLAY = 3;
export const LIVE_STATUSES: readonly number[] = [LIVE_STATUS.NOT_STARTED, LIVE_STATUS.LIVE, LIVE_STATUS.REPLAY_GENERATING, LIVE_REPLAY];

/** The duty types a course's rules may set (each one the learner's duty statistics shows). */
export const COURSE_DUTY_TYPES: readonly string[] = DUTY_TYPES;

export const COURSE_LIMITS = {
  name: 60,
  introduce: 200,
  /** The rich-text introduction (HTML). */
  content: 100_000,
  url: 500,
  classCode: 60,
  chapterName: 60,
  lessonName: 80,
  article: 200_000,
  position: 60,
  address: 120,
  teacherName: 20,
  teachers: 10,
  /** A face-to-face lesson's before-class notes (plain text) and its numbered key points. */
  notes: 2000,
  points: 20,
  point: 500,
  images: 30,
  summary: 500,
  introBlocks: 20,
  outline: 100,
  describe: 1000,
  /** A duty's target: minutes, times or percent. */
  dutyTarget: 100_000,
} as const;
