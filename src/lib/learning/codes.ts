/**
 * The numbers the learner area stores and sends for a lesson's type, an activity's mode, a class's
 * and a class student's state, and the like: one named constant per family, shared by the rules,
 * the screens and the SQL of the repositories, so a number means the same everywhere. Attendance
 * statuses live in attendance.ts (ACTIVITY_STATUS), sign types in sign.ts (SIGN_IN, SIGN_OUT),
 * attempt statuses in ../exams/attempt-policy.ts (ATTEMPT_STATUS). Browser-safe.
 */

/** A lesson's (classroom's) type. */
export const CLASSROOM_TYPE = {
  VIDEO: 1,
  AUDIO: 2,
  ARTICLE: 3,
  DOCUMENT: 4,
  ARCHIVE: 5,
  HOMEWORK: 6,
  TEST: 7,
  IMAGE: 8,
  LIVE: 10,
  FACE_TO_FACE: 11,
  /** A live lecture: live like LIVE, and opened in the app as LIVE is. */
  LIVE_LECTURE: 19,
  /** Types 20, 90 and 91 have an icon but no label. */
  ICON_ONLY_20: 20,
  ICON_ONLY_90: 90,
  ICON_ONLY_91: 91,
} as const;

/** Homework and test lessons: done by handing in an attempt. */
export const WORK_CLASSROOM_TYPES: readonly number[] = [CLASSROOM_TYPE.HOMEWORK, CLASSROOM_TYPE.TEST];
/** Live lessons: not open on the desktop, they open the "use the app" notice. */
export const LIVE_CLASSROOM_TYPES: readonly number[] = [CLASSROOM_TYPE.LIVE, CLASSROOM_TYPE.LIVE_LECTURE];

/** An activity's mode (onlineType). */
export const ONLINE_TYPE = { ONLINE: 1, OFFLINE: 2 } as const;

/** A class student's serviceStatus: where the student stands in the class's service. */
export const SERVICE_STATUS = { PENDING_ADMISSION: -1, PENDING_START: 0, GO_LEARN: 1, IN_SERVICE: 2, COMPLETED: 3 } as const;

/** A teaching class's own state (teachingClassStatus, a class detail's classStatus); 2 is a class whose teaching is over. */
export const TEACHING_CLASS_STATUS = { NOT_OPEN: 0, RUNNING: 1, OVER: 2 } as const;

/** A live lesson's liveStatus; any other value is a replay ready to watch. */
export const LIVE_STATUS = { NOT_STARTED: 0, LIVE: 1, REPLAY_GENERATING: 2 } as const;

/** A course introduction block's introduceType. */
export const INTRODUCE_TYPE = { INTRO: 0, TEACHER: 1, MATERIALS: 3, SERVICE: 4 } as const;

/** isRequired / mustLearn: REQUIRED is required, any other value elective (ELECTIVE when written or asked for). */
export const MUST_LEARN = { ELECTIVE: 0, REQUIRED: 1 } as const;

/** A class dynamic's type: what the student did. */
export const DYNAMIC_TYPE = { SIGN_IN: 0, SIGN_OUT: 1, QUESTION: 2, REPLY: 3, NOTE: 4, RATING: 5 } as const;

/** A course's courseNature; any other value is a mixed course (online with face-to-face lessons). */
export const COURSE_NATURE = { FACE_TO_FACE: 0, ONLINE: 1 } as const;

/** The class student's assessment result (evaluateStatus); any other value is a fail. */
export const ASSESSMENT_RESULT = { NOT_ASSESSED: 0, PASSED: 1 } as const;

/** A course's thirdPlatformType when a third-party platform teaches it (12: practical training). */
export const THIRD_PLATFORM_TYPES: readonly number[] = [10, 11, 12];
/** learningPlatform of a course taught on this portal; any other value names a third-party platform. */
export const INTERNAL_PLATFORM = 0;
