import { post } from '../contract';
import type { ATTEMPT_STATUS, AttemptPolicy, ReviewVisibilities, StartRefusal } from '../../exams/attempt-policy';

export type { AttemptPolicy, Reveal, ScoreRule, StartRefusal, Visibility } from '../../exams/attempt-policy';

/**
 * Homework and tests (issue 13). The original product names these calls by purpose only; they
 * are served under /api/teaching/anyone (the student's work and attempts) and
 * /api/library/anyone (papers and reviews) and written in docs/api.md. Every call needs the Token
 * header and names the class and the token's user's class student id (studentId); the work must be
 * a homework (classroom type 6) or test (7) lesson of that class. Times are epoch milliseconds
 * unless named otherwise.
 *
 * The server keeps the rules: the paper sent while answering carries no right answers and no
 * explanations; the deadline is fixed on the server when an attempt starts; a saved answer is kept
 * only when it was based on the kept one (decision 027); one attempt is submitted once.
 */

/** A question's type, as papers, the external bank and the SQL store it. */
export const QUESTION_TYPE = {
  SINGLE: 1,
  MULTIPLE: 2,
  /** True/false: option key '1' is true, '2' false. */
  TRUE_FALSE: 3,
  FILL_IN: 4,
  SHORT_ANSWER: 6,
  /** Reading comprehension: answered through its sub-questions. */
  READING: 11,
  /** Cloze: answered through its sub-questions. */
  CLOZE: 13,
} as const;
export type QuestionType = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];
/** Every question type, in the order the paper groups them. */
export const QUESTION_TYPES: readonly QuestionType[] = Object.values(QUESTION_TYPE);
/** The types answered by choosing options (single, multiple, true/false); the others take text. */
export const CHOICE_QUESTION_TYPES: readonly number[] = [QUESTION_TYPE.SINGLE, QUESTION_TYPE.MULTIPLE, QUESTION_TYPE.TRUE_FALSE];

/** 'homework' answers a classroom of type 6, 'test' one of type 7 (and names the learner's pages: /study/homework, /study/test). */
export const WORK_KINDS = ['homework', 'test'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** The class and the token's user's class student id in it (every call carries them). */
export interface StudentRef {
  classId: string;
  /** The token's user's class student id in that class (the start page's classStudentId or studentId). */
  studentId: string;
}

export interface QuestionOption {
  /** The option's key ('A'…, or '1'/'2' for true/false); letters on screen come from the index. */
  key: string;
  /** The option's text (HTML, sanitised on the server). */
  value: string;
  /** Only in review: this option is a right one. */
  answer?: boolean | undefined;
}

/** The right answer and explanation: only in review, never while answering. */
export interface QuestionAnswerKey {
  /** Fill-in: blanks joined with '|'; short answer: the reference answer. */
  content: string | null;
  /** The right option keys. */
  optionList: string[];
  /** The explanation (HTML). */
  contentDesc: string | null;
}

export interface Question {
  id: string;
  questionType: QuestionType;
  questionUnitId: string;
  /** The stem (HTML, sanitised on the server). Fill-in blanks are marked '____' in order. */
  trunk: string;
  examPoint: number;
  /** A marker the teacher set on the question (shown as a dot on the answer card). */
  markStatus: number | null;
  questionContentVO: { content: string | null; optionList: QuestionOption[] };
  /** Null while answering; the key in review (for manually graded work only after marking). */
  questionAnswerVO: QuestionAnswerKey | null;
  /** Fill in the blank: the number of blanks. */
  blankCount?: number | undefined;
  /** Sub-questions of reading comprehension (11) and cloze (13); empty for the others. */
  readQuestionList: Question[];
}

/** The paper: questions grouped by type (keys are the type codes as strings). */
export interface Paper {
  workId: string;
  kind: WorkKind;
  title: string;
  /** The requirements text shown on the start page (plain text). */
  description: string | null;
  /** Time limit in minutes; null: no limit (no countdown). */
  unitTime: number | null;
  /** The test is graded by a teacher: no score or result until marked. */
  manualGrading: boolean;
  /** Multiple choice gives partial points for a subset of the right options (else all or nothing). */
  partialMultiple: boolean;
  questionResultVOMap: Partial<Record<`${QuestionType}`, Question[]>>;
  /** English papers: used when questionResultVOMap is empty. */
  englishQuestionResultVOMap: Partial<Record<`${QuestionType}`, Question[]>>;
  /** 'xskt' when the paper comes from the external question bank. */
  sourceType: string | null;
}

/** The work of a homework or test lesson for this student. */
export interface WorkLookup extends StudentRef {
  kind: WorkKind;
  classroomId: string;
  courseId?: string | undefined;
}
export const workId = post<WorkLookup, { id: string }>('/teaching/anyone/work/id');

export interface WorkRef extends StudentRef {
  workId: string;
}
/** The paper to answer (no right answers, no explanations). */
export const paper = post<WorkRef, Paper>('/library/anyone/work/paper');

/** One question of the external bank's paper (its own format, passed through). */
export interface XsktQuestion {
  questions_id: string;
  id: string;
  questionType: QuestionType;
  trunk: string;
  examPoint: number;
  questionContentVO: { content: string | null; optionList: QuestionOption[] };
  readQuestionList: XsktQuestion[];
  /** The bank's submit object: filled locally, sent in one batch on submit. */
  submit: { user_answer: string; is_right: number | null };
}
export interface XsktPaper {
  xiongsongQuestionUnitCAResultVO: {
    title: string;
    description: string | null;
    questionResultVOMap: Partial<Record<`${QuestionType}`, XsktQuestion[]>>;
  };
  /** The student's token at the bank, for the submit call. */
  xsktUserToken: string;
}
/** The paper of an external-bank (sourceType xskt) work, fetched from the configured bank. */
export const xsktPaper = post<WorkRef, XsktPaper>('/library/anyone/work/paper/xskt');

/** ATTEMPT_STATUS: answering, submitted and pending review, reviewed (scored). */
export type AttemptStatus = (typeof ATTEMPT_STATUS)[keyof typeof ATTEMPT_STATUS];

export interface AttemptLog {
  id: string;
  /** 1, 2, … in the order the student's attempts started. */
  attemptNo: number;
  /** When the attempt started (epoch ms). */
  createdTime: number;
  status: AttemptStatus;
  /** Null until reviewed, and while the work's policy hides the marks; for homework the start page does not show it. */
  score: number | null;
}
/** The student's attempts at a work, newest first. */
export const attemptLogs = post<WorkRef, AttemptLog[]>('/teaching/anyone/work/attempts');

/** The answer a student gives to one question (or sub-question). */
export interface GivenAnswer {
  /** Fill-in: blanks joined with '|'; short answer: the text. */
  content: string | null;
  /** Chosen option keys. */
  optionList: string[];
}

/** The spec's submitted answer record, plus the per-question sequence number. */
export interface AnswerRecord {
  answerLogId: string;
  /** The work id. */
  id: string;
  questionId: string;
  questionUnitId: string;
  questionAnswerVO: GivenAnswer;
  /** The writer's sequence number: increasing with every change the writer (clientId) makes. */
  seq: number;
  /** When the answer was given and sent, on the device's clock (kept, never trusted for time). */
  answerTime: number;
  submitTime: number;
  /**
   * The writer: one tab (or device), a random id the tab keeps while it lives and across reloads
   * (decision 027). A page loaded before decision 027 sends none: it is the writer ''.
   */
  clientId?: string | undefined;
  /** The revision of the kept answer this change was based on (0: none was kept); none from such a page. */
  baseRevision?: number | undefined;
}

export interface SavedAnswer {
  questionId: string;
  questionAnswerVO: GivenAnswer;
  /** The writer's sequence number of the kept answer. */
  seq: number;
  /** 1 for the first answer, one more for each change the server accepted (decision 027). */
  revision: number;
  /** The writer of the kept answer. */
  clientId: string;
}

/** An answer that arrived after the attempt stopped taking answers: kept, never scored. */
export interface LateAnswer {
  questionId: string;
  questionAnswerVO: GivenAnswer;
  /** When it arrived, on the server's clock. */
  savedAt: number;
}

/** The activity an attempt was opened from: what the duty report after the submission names. */
export interface AttemptActivity {
  activityId: string;
  bizType: string | null;
  /** The activity's content: the lesson of the work. */
  activityContentId: string;
  tenantId: string;
}

/** An attempt as the server holds it: the time left by the server's clock and the kept answers. */
export interface AttemptState {
  answerLogId: string;
  workId: string;
  status: AttemptStatus;
  /** Seconds left before the deadline by the server's clock; null: no limit. 0 once passed. */
  remainingSeconds: number | null;
  /** The limit in seconds (for the countdown circle); null: no limit. */
  totalSeconds: number | null;
  answers: SavedAnswer[];
  /** Answers that arrived after the attempt stopped taking answers (not scored). */
  lateAnswers: LateAnswer[];
  /** The activity named when starting (startAttempt only), else null. */
  activity: AttemptActivity | null;
}

export interface StartAttempt extends WorkRef {
  activityId?: string | undefined;
}
/**
 * Start an attempt (answerLogId): the deadline is fixed now. An attempt still being answered is
 * returned instead of a new one, so reloading or a second tab continues it.
 */
export const startAttempt = post<StartAttempt, AttemptState>('/teaching/anyone/work/attempt/start');

export interface AttemptRef extends StudentRef {
  answerLogId: string;
}
/**
 * Read an attempt: the time left and the kept answers (the tab re-syncs with it). An attempt whose
 * deadline has passed is submitted by the server first, with the answers it has.
 */
export const attemptState = post<AttemptRef, AttemptState>('/teaching/anyone/work/attempt');

export interface SaveAnswers extends StudentRef {
  answers: AnswerRecord[];
}
export interface SaveAnswersResult {
  /**
   * Records the server has kept (now or already), or that their writer's own later change
   * superseded: the device may drop them. `revision` is the kept answer's revision (the writer's
   * next change is based on it).
   */
  acked: { questionId: string; seq: number; revision: number }[];
  /**
   * Records not kept because another tab or device changed the answer since their base: the kept
   * answer and its revision, which the device shows instead (decision 027).
   */
  conflicts: { questionId: string; seq: number; revision: number; questionAnswerVO: GivenAnswer }[];
  /**
   * Records that arrived after the attempt stopped taking answers (submitted, or past the deadline
   * and the grace): kept as late answers, not scored. The device may drop them and says so.
   */
  late: { questionId: string; seq: number }[];
  /**
   * When an answer of the attempt was last kept from another writer (another tab or device), or
   * null: the tab reads the attempt again when this moves, instead of after every save (decision 052).
   */
  othersSavedAt: number | null;
}
/**
 * Save answers (one or a batch; decision 027). A change based on the kept answer, or on its own
 * earlier change, is kept; a repeat, an older change of the same writer or the same answer is
 * acknowledged without a change; a change based on an answer another writer has since replaced
 * is answered as a conflict with the kept answer. After the deadline plus the grace, or once the
 * attempt is submitted, answers are kept as late answers and never scored.
 */
export const saveAnswers = post<SaveAnswers, SaveAnswersResult>('/teaching/anyone/work/answer');

export interface SubmitResult {
  answerLogId: string;
  status: AttemptStatus;
  /** Null when pending review (short answers, manually graded tests) or while the work's policy hides the marks. */
  score: number | null;
}

/** What a review may show now, or when it will (decision 028). */
/** What reviews show now (decision 052): the total, each question's mark, the keys. */
export type ReviewVisibility = ReviewVisibilities;

/**
 * The student's standing at a work under its attempt policy (decision 028): what the start page
 * and the completion page show. `refusal` says why no attempt can start (none is open and the
 * work has closed, or every attempt allowed has been used) with the server's message; the
 * counted score follows the policy's score rule and is null while the marks are hidden.
 */
export interface WorkStanding {
  policy: AttemptPolicy;
  /** Attempts started (open or handed in). */
  attemptsUsed: number;
  /** Null: unlimited. */
  attemptsLeft: number | null;
  /** An attempt is being answered: the start page continues it. */
  open: boolean;
  /** Why no attempt can start; 'bankNotConfigured': an external bank's work on a site without the bank (even with an attempt open). */
  refusal: StartRefusal | 'bankNotConfigured' | null;
  refusalMessage: string | null;
  /** Visibility of the marks and keys of this student's handed-in attempts now. */
  visibility: ReviewVisibility;
  /** The score that counts (policy.scoreRule); null: none marked yet, or the marks are hidden. */
  countedScore: number | null;
  /** Handed-in attempts still waiting for marking could change the counted score. */
  scorePending: boolean;
  /** At least one attempt was handed in (the work counts as done). */
  handedIn: boolean;
}
/** The student's standing at a work: attempts allowed, used and left, which score counts and what reviews show. */
export const workStanding = post<WorkRef, WorkStanding>('/teaching/anyone/work/standing');
/** Which page a work's first view is for: the start page (attempts and standing) or the answering page (the attempt started). */
export const WORK_FIRST_VIEW_STEPS = ['start', 'answer'] as const;
export type WorkFirstViewStep = (typeof WORK_FIRST_VIEW_STEPS)[number];

/** A work page's address as the first view reads it: the work's id, or the lesson to look it up from. */
export interface WorkFirstViewQuery extends StudentRef {
  kind: WorkKind;
  step: WorkFirstViewStep;
  workId?: string | undefined;
  classroomId?: string | undefined;
  courseId?: string | undefined;
  activityId?: string | undefined;
}
/**
 * A homework's or test's page in one call (not in the spec; the spec's calls stay for what changes later):
 * the work's id (workId's answer when the address has none), the paper (paper), and the page's first
 * content: on the start page the attempts and the standing (attemptLogs, workStanding), on the answering
 * page the attempt (startAttempt's). A work of the external bank starts no attempt here (attempt null):
 * its page reads the bank's paper first, as before.
 */
export interface WorkFirstView {
  workId: string;
  paper: Paper;
  start: { logs: AttemptLog[]; standing: WorkStanding } | null;
  attempt: AttemptState | null;
}
export const workFirstView = post<WorkFirstViewQuery, WorkFirstView>('/teaching/anyone/work/firstView');

/** Submit homework (studentWorkId is the work id). A second submit of the same attempt returns the first one's result. */
export const submitHomework = post<StudentRef & { studentWorkId: string; answerLogId: string }, SubmitResult>('/teaching/anyone/work/submit/homework');
/** Submit a test (testId is the work id). */
export const submitTest = post<StudentRef & { testId: string; answerLogId: string }, SubmitResult>('/teaching/anyone/work/submit/test');

export interface XsktUserAnswer {
  questions_id: string;
  user_answer: string;
}
export interface SubmitXskt extends StudentRef {
  studentWorkId: string;
  activityId?: string | undefined;
  classroomId: string;
  courseId?: string | undefined;
  answerLogId: string;
  /** Seconds spent, as the device counted them (kept for the bank; not trusted for time). */
  use_time: number;
  userAnswerObjects: XsktUserAnswer[];
  xsktUserToken: string;
}
/** Submit an external-bank work: the answers go to the bank in one batch; its scoring is kept. */
export const submitXskt = post<SubmitXskt, SubmitResult>('/teaching/anyone/work/submit/xskt');

export interface DutyReport {
  activityId: string;
  /** The class id. */
  bizId: string;
  bizType?: string | undefined;
  /** The classroom id. */
  contentId: string;
  /** 'YYYY-MM-DD HH:mm:ss' on the device (kept, not trusted). */
  currentTime: string;
  finStatus: 2;
  realValue: 1;
  tenantId?: string | undefined;
  userId: string;
  activityContentId?: string | undefined;
  dutyType: 'SUBMIT';
  /** The token's user's class student id in the class. */
  studentId: string;
}
/** The duty completion report after a submission in an activity: accepted only when a submitted attempt exists. */
export const reportDuty = post<DutyReport, { recorded: boolean }>('/teaching/anyone/work/duty');

/** A question's mark in review. */
export interface QuestionResult {
  questionId: string;
  /** Null: pending review (short answer, manually graded). */
  correct: boolean | null;
  score: number | null;
  /** The teacher's comment on this answer (decision 047), when there is one. */
  comment?: string;
}
export interface ReviewedAttempt {
  questionUnitCAResultVO: Paper & {
    /** The student's answers of this attempt. */
    answerQuestion: (SavedAnswer & { answerLogId: string; questionUnitId: string; answerTime: number; submitTime: number })[];
  };
  /** Answers that arrived after the attempt stopped taking answers: shown, never scored. */
  lateAnswers: LateAnswer[];
  /** The score is null while the marks are hidden. */
  testStudentResultVO: { testName: string; status: AttemptStatus; score: number | null; submittedTime: number | null };
  /** Empty while the marks are hidden. */
  results: QuestionResult[];
  /** What this review shows: without the keys the paper carries no right answers, option flags or explanations. */
  visibility: ReviewVisibility;
}
/**
 * A submitted, marked attempt: the student's answers, with the marks and the right answers and
 * explanations as the work's policy allows (never the keys while the student may still answer).
 * Manually graded work not yet marked is refused with a clear message.
 */
export const reviewAttempt = post<WorkRef & { answerLogId: string }, ReviewedAttempt>('/library/anyone/work/review');
