/**
 * Staff roles and account states, one definition for the server, its SQL and the browser. The
 * values are what staff_accounts.role and .status hold (the migration's CHECK constraint lists the
 * same roles; tests/unit/staff-rules.test.ts keeps the two equal).
 */

import { isOneOf, valuesOf, type ValueOf } from '../value-set';

export const STAFF_ROLE = {
  /** The school's administrator: accounts, invitations, the audit log, and everything editors and teachers do. */
  admin: 'admin',
  /** Content editor: the school's pages and content (later parts). */
  editor: 'editor',
  /** Course teacher or tutor (later parts). */
  teacher: 'teacher',
} as const;

export type StaffRole = ValueOf<typeof STAFF_ROLE>;

/** Every role, in the order screens list them. */
export const STAFF_ROLES = valuesOf(STAFF_ROLE);

export function isStaffRole(value: unknown): value is StaffRole {
  return isOneOf(STAFF_ROLES, value);
}

export const STAFF_STATUS = {
  /** Cannot sign in; their sessions ended when the account was disabled. */
  disabled: 0,
  active: 1,
} as const;

export type StaffStatus = ValueOf<typeof STAFF_STATUS>;

/** What the audit log records (audit.action), one name per staff action that changes something. */
export const AUDIT_ACTION = {
  signIn: 'session.signIn',
  signOut: 'session.signOut',
  sessionRevoke: 'session.revoke',
  sessionRevokeOthers: 'session.revokeOthers',
  passwordChange: 'account.passwordChange',
  /** An administrator made a password reset link for a colleague (their sessions ended). */
  passwordResetIssue: 'account.passwordResetIssue',
  /** A person set a new password with a reset link or an SMS code (the entry's `via` says which). */
  passwordReset: 'account.passwordReset',
  secondFactorStart: 'account.secondFactorStart',
  secondFactorEnable: 'account.secondFactorEnable',
  secondFactorDisable: 'account.secondFactorDisable',
  secondFactorReset: 'account.secondFactorReset',
  roleChange: 'account.roleChange',
  statusChange: 'account.statusChange',
  invitationCreate: 'invitation.create',
  invitationRevoke: 'invitation.revoke',
  invitationAccept: 'invitation.accept',
  fileUpload: 'file.upload',
  recoveryCodesRenew: 'account.recoveryCodesRenew',
  leadState: 'lead.state',
  leadConvert: 'lead.convert',
  newsCreate: 'news.create',
  newsUpdate: 'news.update',
  newsPublish: 'news.publish',
  newsSchedule: 'news.schedule',
  newsUnpublish: 'news.unpublish',
  newsDelete: 'news.delete',
  newsPreview: 'news.preview',
  noticeCreate: 'notice.create',
  noticeUpdate: 'notice.update',
  noticePublish: 'notice.publish',
  noticeSchedule: 'notice.schedule',
  noticeUnpublish: 'notice.unpublish',
  noticeDelete: 'notice.delete',
  categoryCreate: 'newsCategory.create',
  categoryRename: 'newsCategory.rename',
  categoryOrder: 'newsCategory.order',
  categoryDelete: 'newsCategory.delete',
  schoolUpdate: 'school.update',
  domainAdd: 'domain.add',
  domainRemove: 'domain.remove',
  servicePointCreate: 'servicePoint.create',
  servicePointUpdate: 'servicePoint.update',
  servicePointDelete: 'servicePoint.delete',
  certOrgCreate: 'certOrg.create',
  certOrgUpdate: 'certOrg.update',
  certOrgDelete: 'certOrg.delete',
  agreementUpdate: 'agreement.update',
  // The catalogue (products, categories, questions, banners, coupons): one set for every type, the target says which.
  catalogCreate: 'catalog.create',
  catalogUpdate: 'catalog.update',
  catalogPublish: 'catalog.publish',
  catalogUnpublish: 'catalog.unpublish',
  catalogDelete: 'catalog.delete',
  noticePreview: 'notice.preview',
  projectBlockCreate: 'projectBlock.create',
  projectBlockUpdate: 'projectBlock.update',
  projectBlockOrder: 'projectBlock.order',
  projectBlockDelete: 'projectBlock.delete',
  albumTabCreate: 'albumTab.create',
  albumTabRename: 'albumTab.rename',
  albumTabOrder: 'albumTab.order',
  albumTabDelete: 'albumTab.delete',
  classCreate: 'class.create',
  classUpdate: 'class.update',
  classEnd: 'class.end',
  classDelete: 'class.delete',
  classTeachers: 'class.teachers',
  periodCreate: 'period.create',
  periodUpdate: 'period.update',
  periodDelete: 'period.delete',
  studentEnrol: 'student.enrol',
  studentImport: 'student.import',
  studentStatus: 'student.status',
  studentMove: 'student.move',
  studentRemove: 'student.remove',
  /** A draft catalogue row given (or moved to) the time the server publishes it. */
  catalogSchedule: 'catalog.schedule',
  // The jobs screen: a failed job run again now, a queued job cancelled.
  jobRetry: 'job.retry',
  jobCancel: 'job.cancel',
  mediaUpload: 'media.upload',
  mediaRename: 'media.rename',
  mediaRetry: 'media.retry',
  mediaDelete: 'media.delete',
  activityCreate: 'activity.create',
  activityUpdate: 'activity.update',
  activityDelete: 'activity.delete',
  /** A teacher set or removed a student's sign-in or sign-out, with a reason. */
  attendanceCorrect: 'attendance.correct',
  // The teachers' inbox: an answer written or edited, a student's note or comment hidden or shown again.
  questionAnswer: 'question.answer',
  questionAnswerEdit: 'question.answerEdit',
  postHide: 'post.hide',
  postShow: 'post.show',
  courseCreate: 'course.create',
  courseUpdate: 'course.update',
  courseDelete: 'course.delete',
  chapterSave: 'chapter.save',
  chapterMove: 'chapter.move',
  chapterDelete: 'chapter.delete',
  lessonSave: 'lesson.save',
  lessonMove: 'lesson.move',
  lessonDelete: 'lesson.delete',
  courseDuties: 'course.duties',
  classCourseAttach: 'classCourse.attach',
  classCourseMove: 'classCourse.move',
  classCourseDetach: 'classCourse.detach',
  // Certificates: issued by hand, a CSV file applied, issued for a pass in a test, revoked.
  certificateIssue: 'certificate.issue',
  certificateImport: 'certificate.import',
  certificatePassIssue: 'certificate.passIssue',
  certificateRevoke: 'certificate.revoke',
  // The school's certificate number prefix and next sequence number (decision 078).
  certificateNumbering: 'certificate.numbering',
  // Marking: a question's mark given or changed (re-marking after release included), an attempt released to the student.
  markSave: 'mark.save',
  markRelease: 'mark.release',
  // The question bank, papers and works (decision 048).
  bankQuestionCreate: 'bankQuestion.create',
  bankQuestionUpdate: 'bankQuestion.update',
  bankQuestionDelete: 'bankQuestion.delete',
  bankQuestionImport: 'bankQuestion.import',
  paperCreate: 'paper.create',
  paperUpdate: 'paper.update',
  paperDelete: 'paper.delete',
  paperCopy: 'paper.copy',
  paperQuestions: 'paper.questions',
  workCreate: 'work.create',
  workUpdate: 'work.update',
  workDelete: 'work.delete',
  // 学员管理: a student's name and mobile changed, 停用 or 启用 in the school, every session ended (强制下线).
  schoolStudentUpdate: 'schoolStudent.update',
  schoolStudentStatus: 'schoolStudent.status',
  schoolStudentSignOut: 'schoolStudent.signOut',
  // The message centre (decision 077): a notice written to a class, the school's SMS settings changed.
  classNoticePost: 'classNotice.post',
  smsSettingsSave: 'smsSettings.save',
  // The 证件号码 on a student's record set, changed or cleared (kept masked in the log).
  schoolStudentIdNumber: 'schoolStudent.idNumber',
} as const;

export type AuditAction = ValueOf<typeof AUDIT_ACTION>;

export const AUDIT_ACTIONS = valuesOf(AUDIT_ACTION);

/** What an audit entry's target is. */
export const AUDIT_TARGET = {
  lead: 'lead',
  account: 'account',
  session: 'session',
  invitation: 'invitation',
  file: 'file',
  news: 'news',
  notice: 'notice',
  newsCategory: 'newsCategory',
  school: 'school',
  domain: 'domain',
  servicePoint: 'servicePoint',
  certOrg: 'certOrg',
  agreement: 'agreement',
  product: 'product',
  productCategory: 'productCategory',
  hotMajor: 'hotMajor',
  question: 'question',
  banner: 'banner',
  albumCategory: 'albumCategory',
  material: 'material',
  coupon: 'coupon',
  projectBlock: 'projectBlock',
  albumTab: 'albumTab',
  teachingClass: 'teachingClass',
  classPeriod: 'classPeriod',
  classStudent: 'classStudent',
  job: 'job',
  media: 'media',
  classActivity: 'classActivity',
  attendance: 'attendance',
  // At most 16 characters (the audit log's target_type): a student's question, note and comment in a classroom.
  classroomQuestion: 'classQuestion',
  classroomNote: 'classNote',
  classroomComment: 'classComment',
  course: 'course',
  courseChapter: 'courseChapter',
  lesson: 'lesson',
  skillCertificate: 'skillCert',
  trainingCertificate: 'trainingCert',
  /** The school's certificate register as a whole (a CSV file applied): the id is the school's. */
  certificateRegister: 'certRegister',
  workAttempt: 'workAttempt',
  bankQuestion: 'bankQuestion',
  examPaper: 'examPaper',
  work: 'work',
  /** A student of the school (a user bound to it): the id is the user's. */
  schoolStudent: 'schoolStudent',
} as const;
export type AuditTarget = ValueOf<typeof AUDIT_TARGET>;

export const AUDIT_TARGETS = valuesOf(AUDIT_TARGET);
