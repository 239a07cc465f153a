import type { StaffCallName } from '../api/contracts/staff-calls';
import { CATALOG_CALLS } from '../api/contracts/admin-catalog';
import { STAFF_ROLE, type StaffRole } from './roles';

/**
 * Who may make each staff call: the one table the server checks on every call (src/server/staff/
 * http/staff-gate.ts) and the screens read to show only what a person may use. A new call has to be added
 * here or the project does not compile; tests/api/staff-roles.test.ts walks every call with every
 * role, no session and another school's staff.
 *
 * - 'public': no session (signing in, the invitation and password reset links); writes still need the site's own origin.
 * - 'anyStaff': any signed-in staff of the request's school, on their own account and sessions.
 * - a list of roles: only those.
 */
export type Access = 'public' | 'anyStaff' | readonly StaffRole[];

const ADMIN_ONLY = [STAFF_ROLE.admin] as const;
/** Consult leads are the school's enrolment work: its administrators and content editors, not teachers. */
const LEAD_DESK = [STAFF_ROLE.admin, STAFF_ROLE.editor] as const;
/** The school's content: its administrators and content editors. */
const CONTENT = [STAFF_ROLE.admin, STAFF_ROLE.editor] as const;
/** The school's catalogue (products, categories, questions, banners, coupons): administrators and content editors. */
const CATALOG = [STAFF_ROLE.admin, STAFF_ROLE.editor] as const;

/** One access for every call of the catalogue: its resources' five calls each, and the calls beside them (derived from the contract's list). */
function catalogAccess<K extends string, A extends Access>(calls: Record<K, unknown>, access: A): Record<K, A> {
  return Object.fromEntries(Object.keys(calls).map((name) => [name, access])) as Record<K, A>;
}
/**
 * Classes: administrators and teachers pass the gate; the class scope (classes.admin.service.ts) then
 * lets a teacher reach only the classes they are linked to, and only a head teacher change one's students.
 */
const CLASSES = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
/**
 * The inbox (students' questions, hiding notes and comments) and study progress: teachers and
 * administrators; the class scope then limits a teacher to the classes they are linked to.
 */
const TEACHING = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
/** The media library (lesson videos, audio, documents): teachers, who make lessons, and administrators. */
const MEDIA = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
/** Activities and attendance of a class: its teachers (through the class scope) and administrators. */
const ACTIVITIES = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
/**
 * Certificates: the register of what the school certifies (every holder's full ID number, issuing
 * by hand or by file, revoking) is its administrators' alone; teachers issue training certificates
 * for a pass in a test of a class they teach (the class scope then decides), as a Moodle teacher
 * awards a course's badge without managing the site's badges.
 */
const CERT_ISSUING = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
/** Marking homework and tests: teachers and administrators; the class scope then limits a teacher to their classes' works. */
const MARKING = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
/**
 * The question bank, papers and works (decision 048): teachers and administrators. The service then
 * lets a teacher change only the questions and papers they made, and reach only their classes' works.
 */
const BANK = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
/**
 * 学员管理: administrators see every student of the school, teachers (through the class scope) the
 * students of their classes; changing a student (name, mobile, 停用, 强制下线) is administrators' alone.
 */
const STUDENTS = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;

export const STAFF_ACCESS = {
  signIn: 'public',
  secondFactor: 'public',
  invitationInspect: 'public',
  invitationAccept: 'public',
  // A forgotten password: the link an administrator made, or an SMS code to the account's mobile.
  passwordResetInspect: 'public',
  passwordResetAccept: 'public',
  passwordResetSendCode: 'public',
  passwordResetWithCode: 'public',
  me: 'anyStaff',
  // Every role has a dashboard; the service counts only the areas the role may use (each by that area's own call).
  adminDashboardCounts: 'anyStaff',
  signOut: 'anyStaff',
  mySessions: 'anyStaff',
  revokeSession: 'anyStaff',
  revokeOtherSessions: 'anyStaff',
  changePassword: 'anyStaff',
  secondFactorStart: 'anyStaff',
  secondFactorConfirm: 'anyStaff',
  secondFactorDisable: 'anyStaff',
  accounts: ADMIN_ONLY,
  changeRole: ADMIN_ONLY,
  changeStatus: ADMIN_ONLY,
  resetSecondFactor: ADMIN_ONLY,
  resetPassword: ADMIN_ONLY,
  invitations: ADMIN_ONLY,
  invite: ADMIN_ONLY,
  revokeInvitation: ADMIN_ONLY,
  audit: ADMIN_ONLY,
  // The jobs screen shows every background job of the school and can run or stop them: administrators only.
  adminJobs: ADMIN_ONLY,
  adminJobRetry: ADMIN_ONLY,
  adminJobCancel: ADMIN_ONLY,
  // Every role uploads: editors their articles' pictures, teachers their lessons' (the purpose decides further).
  upload: [STAFF_ROLE.admin, STAFF_ROLE.editor, STAFF_ROLE.teacher],
  recoveryCodesLeft: 'anyStaff',
  recoveryCodesRenew: 'anyStaff',
  leads: LEAD_DESK,
  leadsExport: LEAD_DESK,
  leadState: LEAD_DESK,
  // Converting enrols the person in a class: administrators, who manage every class (not editors).
  leadConvert: ADMIN_ONLY,
  adminNewsPage: CONTENT,
  adminNewsGet: CONTENT,
  adminNewsSave: CONTENT,
  adminNewsPublish: CONTENT,
  adminNewsSchedule: CONTENT,
  adminNewsUnpublish: CONTENT,
  adminNewsDelete: CONTENT,
  adminNewsPreview: CONTENT,
  adminNoticePage: CONTENT,
  adminNoticeGet: CONTENT,
  adminNoticeSave: CONTENT,
  adminNoticePublish: CONTENT,
  adminNoticeSchedule: CONTENT,
  adminNoticeUnpublish: CONTENT,
  adminNoticeDelete: CONTENT,
  adminNoticePreview: CONTENT,
  adminCategories: CONTENT,
  adminCategorySave: CONTENT,
  adminCategoryOrder: CONTENT,
  adminCategoryDelete: CONTENT,
  // The school's settings change every public page (names, colours, host names, legal texts): administrators only.
  schoolSettings: ADMIN_ONLY,
  saveSchoolSettings: ADMIN_ONLY,
  schoolDomains: ADMIN_ONLY,
  addSchoolDomain: ADMIN_ONLY,
  removeSchoolDomain: ADMIN_ONLY,
  adminServicePoints: ADMIN_ONLY,
  createServicePoint: ADMIN_ONLY,
  updateServicePoint: ADMIN_ONLY,
  deleteServicePoint: ADMIN_ONLY,
  adminCertificationOrgs: ADMIN_ONLY,
  createCertificationOrg: ADMIN_ONLY,
  updateCertificationOrg: ADMIN_ONLY,
  deleteCertificationOrg: ADMIN_ONLY,
  agreements: ADMIN_ONLY,
  saveAgreement: ADMIN_ONLY,
  // /school-info's project introduction is part of the school's settings (its own words about itself): administrators, as the rest.
  adminProjectBlocks: ADMIN_ONLY,
  createProjectBlock: ADMIN_ONLY,
  updateProjectBlock: ADMIN_ONLY,
  orderProjectBlocks: ADMIN_ONLY,
  deleteProjectBlock: ADMIN_ONLY,
  ...catalogAccess(CATALOG_CALLS, CATALOG),
  adminClasses: CLASSES,
  adminClassGet: CLASSES,
  adminClassSave: ADMIN_ONLY,
  adminClassEnd: ADMIN_ONLY,
  adminClassDelete: ADMIN_ONLY,
  adminClassTeacherOptions: ADMIN_ONLY,
  adminClassPeriods: CLASSES,
  adminClassPeriodSave: CLASSES,
  adminClassPeriodDelete: CLASSES,
  adminClassStudents: CLASSES,
  adminClassEnrol: CLASSES,
  adminClassStudentStatus: CLASSES,
  adminClassStudentMove: CLASSES,
  adminClassStudentRemove: CLASSES,
  adminClassImport: CLASSES,
  adminMediaPage: MEDIA,
  adminMediaRename: MEDIA,
  adminMediaRetry: MEDIA,
  adminMediaDelete: MEDIA,
  adminActivities: ACTIVITIES,
  adminActivityOptions: ACTIVITIES,
  adminActivitySave: ACTIVITIES,
  adminActivityDelete: ACTIVITIES,
  adminAttendance: ACTIVITIES,
  adminAttendanceCorrect: ACTIVITIES,
  adminAttendanceExport: ACTIVITIES,
  adminQuestions: TEACHING,
  adminQuestionsUnanswered: TEACHING,
  adminQuestionLessons: TEACHING,
  adminQuestionAnswer: TEACHING,
  adminQuestionAnswerEdit: TEACHING,
  adminInteractionPosts: TEACHING,
  adminInteractionVisibility: TEACHING,
  adminProgress: TEACHING,
  adminProgressStudent: TEACHING,
  adminProgressExport: TEACHING,
  // Courses: administrators create and delete; they and the teachers of a class that teaches a course edit it
  // (the course scope in courses.admin.service.ts answers 404 for any other course).
  adminCourses: CLASSES,
  adminCourseGet: CLASSES,
  adminCourseSave: CLASSES,
  adminCourseDelete: ADMIN_ONLY,
  adminChapterSave: CLASSES,
  adminChapterMove: CLASSES,
  adminChapterDelete: CLASSES,
  adminLessonSave: CLASSES,
  adminLessonMove: CLASSES,
  adminLessonDelete: CLASSES,
  adminCourseDuties: CLASSES,
  // A class's courses: read by its teachers; attached, ordered and detached by administrators (what the class teaches).
  adminClassCourses: CLASSES,
  adminClassCourseAttach: ADMIN_ONLY,
  adminClassCourseMove: ADMIN_ONLY,
  adminClassCourseDetach: ADMIN_ONLY,
  adminCertificates: ADMIN_ONLY,
  adminCertificateGet: ADMIN_ONLY,
  adminCertificateIssue: ADMIN_ONLY,
  adminCertificateImport: ADMIN_ONLY,
  adminCertificateRevoke: ADMIN_ONLY,
  adminCertificateTests: CERT_ISSUING,
  adminCertificatePassIssue: CERT_ISSUING,
  adminCertificateNumbering: ADMIN_ONLY,
  adminCertificateNumberingSave: ADMIN_ONLY,
  // Marking handed-in work (decision 047): the teachers of the class (through the class scope) and administrators.
  adminMarkingQueue: MARKING,
  adminMarkingWork: MARKING,
  adminMarkingAttempt: MARKING,
  adminMarkingQuestion: MARKING,
  adminMarkingSave: MARKING,
  adminMarkingRelease: MARKING,
  adminMarkingReleaseAll: MARKING,
  adminMarkingExport: MARKING,
  // The question bank, papers and a class's works: teachers and administrators (decision 048).
  bankQuestions: BANK,
  bankCategories: BANK,
  bankQuestionGet: BANK,
  bankQuestionSave: BANK,
  bankQuestionDelete: BANK,
  bankQuestionImport: BANK,
  bankPapers: BANK,
  bankPaperGet: BANK,
  bankPaperSave: BANK,
  bankPaperDelete: BANK,
  bankPaperCopy: BANK,
  bankPaperQuestionsAdd: BANK,
  bankPaperQuestionPoints: BANK,
  bankPaperQuestionMove: BANK,
  bankPaperQuestionRemove: BANK,
  bankPaperQuestionRefresh: BANK,
  bankPaperPreview: BANK,
  adminClassWorks: BANK,
  adminWorkSave: BANK,
  adminWorkQuick: BANK,
  adminWorkDelete: BANK,
  adminStudents: STUDENTS,
  adminStudentsExport: STUDENTS,
  adminStudentGet: STUDENTS,
  adminStudentSave: ADMIN_ONLY,
  adminStudentStatus: ADMIN_ONLY,
  adminStudentSignOut: ADMIN_ONLY,
  // Class notices: a class's teachers (the class scope decides) and administrators; the school's SMS settings: administrators.
  adminClassNotices: CLASSES,
  adminClassNoticePost: CLASSES,
  adminSmsSettings: ADMIN_ONLY,
  adminSmsSettingsSave: ADMIN_ONLY,
  adminStudentIdNumber: ADMIN_ONLY,
  // The class scope then allows only classes the person manages (administrators, a class's head teacher).
  adminStudentEnrolClasses: STUDENTS,
  adminStudentsEnrol: STUDENTS,
} as const satisfies Record<StaffCallName, Access>;

/** The resumable media upload (the tus endpoint, not a JSON call): the media library's people. */
export const MEDIA_UPLOAD_ACCESS: readonly StaffRole[] = MEDIA;

/** Whether a signed-in person with `role` may make the call (public calls: anyone). */
export function mayCall(role: StaffRole | null, call: StaffCallName): boolean {
  const access: Access = STAFF_ACCESS[call];
  if (access === 'public') return true;
  if (role === null) return false;
  return access === 'anyStaff' || access.includes(role);
}
