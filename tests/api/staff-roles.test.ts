import { describe, expect, test } from 'vitest';
import { STAFF_CALLS, type StaffCallName } from '~/lib/api/contracts/staff-calls';
import { STAFF_ACCESS, mayCall } from '~/lib/staff/access';
import { STAFF_ROLE, STAFF_ROLES, type StaffRole } from '~/lib/staff/roles';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The role matrix: every staff call the app serves (read from its routes, so a new call cannot be
 * left out) with each role, with no session and with another school's administrator. Only those
 * the matrix below allows get past the gate; everyone else gets the refusal that says why. The
 * input is empty, so calls that pass are refused by their own validation at most, never by the gate.
 *
 * The matrix is written out here, not read from the access table under test (src/lib/staff/access.ts):
 * a call moved to other roles there fails here until this table is changed too, on purpose.
 */

const server = useTestServer();

const GATE_REFUSALS = [40001, 40005, 40009, 403];

/** Who may make each call: no session needed, any signed-in staff, or only these roles. */
type Expected = 'public' | 'anyStaff' | readonly StaffRole[];
const ADMIN = [STAFF_ROLE.admin] as const;
const ADMIN_EDITOR = [STAFF_ROLE.admin, STAFF_ROLE.editor] as const;
const ADMIN_TEACHER = [STAFF_ROLE.admin, STAFF_ROLE.teacher] as const;
const EVERY_ROLE = [STAFF_ROLE.admin, STAFF_ROLE.editor, STAFF_ROLE.teacher] as const;

/** Every staff call (the type asks for each one: a new call does not compile until it is here). */
const EXPECTED: Record<StaffCallName, Expected> = {
  signIn: 'public',
  secondFactor: 'public',
  invitationInspect: 'public',
  invitationAccept: 'public',
  passwordResetInspect: 'public',
  passwordResetAccept: 'public',
  passwordResetSendCode: 'public',
  passwordResetWithCode: 'public',
  me: 'anyStaff',
  adminDashboardCounts: 'anyStaff',
  signOut: 'anyStaff',
  mySessions: 'anyStaff',
  revokeSession: 'anyStaff',
  revokeOtherSessions: 'anyStaff',
  changePassword: 'anyStaff',
  secondFactorStart: 'anyStaff',
  secondFactorConfirm: 'anyStaff',
  secondFactorDisable: 'anyStaff',
  accounts: ADMIN,
  changeRole: ADMIN,
  changeStatus: ADMIN,
  resetSecondFactor: ADMIN,
  resetPassword: ADMIN,
  invitations: ADMIN,
  invite: ADMIN,
  revokeInvitation: ADMIN,
  audit: ADMIN,
  adminJobs: ADMIN,
  adminJobRetry: ADMIN,
  adminJobCancel: ADMIN,
  upload: EVERY_ROLE,
  recoveryCodesLeft: 'anyStaff',
  recoveryCodesRenew: 'anyStaff',
  leads: ADMIN_EDITOR,
  leadsExport: ADMIN_EDITOR,
  leadState: ADMIN_EDITOR,
  leadConvert: ADMIN,
  adminNewsPage: ADMIN_EDITOR,
  adminNewsGet: ADMIN_EDITOR,
  adminNewsSave: ADMIN_EDITOR,
  adminNewsPublish: ADMIN_EDITOR,
  adminNewsSchedule: ADMIN_EDITOR,
  adminNewsUnpublish: ADMIN_EDITOR,
  adminNewsDelete: ADMIN_EDITOR,
  adminNewsPreview: ADMIN_EDITOR,
  adminNoticePage: ADMIN_EDITOR,
  adminNoticeGet: ADMIN_EDITOR,
  adminNoticeSave: ADMIN_EDITOR,
  adminNoticePublish: ADMIN_EDITOR,
  adminNoticeSchedule: ADMIN_EDITOR,
  adminNoticeUnpublish: ADMIN_EDITOR,
  adminNoticeDelete: ADMIN_EDITOR,
  adminNoticePreview: ADMIN_EDITOR,
  adminCategories: ADMIN_EDITOR,
  adminCategorySave: ADMIN_EDITOR,
  adminCategoryOrder: ADMIN_EDITOR,
  adminCategoryDelete: ADMIN_EDITOR,
  schoolSettings: ADMIN,
  saveSchoolSettings: ADMIN,
  schoolDomains: ADMIN,
  addSchoolDomain: ADMIN,
  removeSchoolDomain: ADMIN,
  adminServicePoints: ADMIN,
  createServicePoint: ADMIN,
  updateServicePoint: ADMIN,
  deleteServicePoint: ADMIN,
  adminCertificationOrgs: ADMIN,
  createCertificationOrg: ADMIN,
  updateCertificationOrg: ADMIN,
  deleteCertificationOrg: ADMIN,
  agreements: ADMIN,
  saveAgreement: ADMIN,
  adminProjectBlocks: ADMIN,
  createProjectBlock: ADMIN,
  updateProjectBlock: ADMIN,
  orderProjectBlocks: ADMIN,
  deleteProjectBlock: ADMIN,
  catalogProducts: ADMIN_EDITOR,
  catalogProductSave: ADMIN_EDITOR,
  catalogProductState: ADMIN_EDITOR,
  catalogProductSchedule: ADMIN_EDITOR,
  catalogProductDelete: ADMIN_EDITOR,
  catalogCategories: ADMIN_EDITOR,
  catalogCategorySave: ADMIN_EDITOR,
  catalogCategoryState: ADMIN_EDITOR,
  catalogCategorySchedule: ADMIN_EDITOR,
  catalogCategoryDelete: ADMIN_EDITOR,
  catalogQuestions: ADMIN_EDITOR,
  catalogQuestionSave: ADMIN_EDITOR,
  catalogQuestionState: ADMIN_EDITOR,
  catalogQuestionSchedule: ADMIN_EDITOR,
  catalogQuestionDelete: ADMIN_EDITOR,
  catalogMajors: ADMIN_EDITOR,
  catalogBanners: ADMIN_EDITOR,
  catalogBannerSave: ADMIN_EDITOR,
  catalogBannerState: ADMIN_EDITOR,
  catalogBannerSchedule: ADMIN_EDITOR,
  catalogBannerDelete: ADMIN_EDITOR,
  catalogCoupons: ADMIN_EDITOR,
  catalogCouponSave: ADMIN_EDITOR,
  catalogCouponState: ADMIN_EDITOR,
  catalogCouponSchedule: ADMIN_EDITOR,
  catalogCouponDelete: ADMIN_EDITOR,
  catalogMajorList: ADMIN_EDITOR,
  catalogMajorSave: ADMIN_EDITOR,
  catalogMajorState: ADMIN_EDITOR,
  catalogMajorSchedule: ADMIN_EDITOR,
  catalogMajorDelete: ADMIN_EDITOR,
  catalogAlbumTabs: ADMIN_EDITOR,
  catalogAlbumTabSave: ADMIN_EDITOR,
  catalogAlbumTabOrder: ADMIN_EDITOR,
  catalogAlbumTabDelete: ADMIN_EDITOR,
  catalogAlbumCategories: ADMIN_EDITOR,
  catalogAlbumCategorySave: ADMIN_EDITOR,
  catalogAlbumCategoryState: ADMIN_EDITOR,
  catalogAlbumCategorySchedule: ADMIN_EDITOR,
  catalogAlbumCategoryDelete: ADMIN_EDITOR,
  catalogMaterials: ADMIN_EDITOR,
  catalogMaterialSave: ADMIN_EDITOR,
  catalogMaterialState: ADMIN_EDITOR,
  catalogMaterialSchedule: ADMIN_EDITOR,
  catalogMaterialDelete: ADMIN_EDITOR,
  adminClasses: ADMIN_TEACHER,
  adminClassGet: ADMIN_TEACHER,
  adminClassSave: ADMIN,
  adminClassEnd: ADMIN,
  adminClassDelete: ADMIN,
  adminClassTeacherOptions: ADMIN,
  adminClassPeriods: ADMIN_TEACHER,
  adminClassPeriodSave: ADMIN_TEACHER,
  adminClassPeriodDelete: ADMIN_TEACHER,
  adminClassStudents: ADMIN_TEACHER,
  adminClassEnrol: ADMIN_TEACHER,
  adminClassStudentStatus: ADMIN_TEACHER,
  adminClassStudentMove: ADMIN_TEACHER,
  adminClassStudentRemove: ADMIN_TEACHER,
  adminClassImport: ADMIN_TEACHER,
  adminMediaPage: ADMIN_TEACHER,
  adminMediaRename: ADMIN_TEACHER,
  adminMediaRetry: ADMIN_TEACHER,
  adminMediaDelete: ADMIN_TEACHER,
  adminActivities: ADMIN_TEACHER,
  adminActivityOptions: ADMIN_TEACHER,
  adminActivitySave: ADMIN_TEACHER,
  adminActivityDelete: ADMIN_TEACHER,
  adminAttendance: ADMIN_TEACHER,
  adminAttendanceCorrect: ADMIN_TEACHER,
  adminAttendanceExport: ADMIN_TEACHER,
  adminQuestions: ADMIN_TEACHER,
  adminQuestionsUnanswered: ADMIN_TEACHER,
  adminQuestionLessons: ADMIN_TEACHER,
  adminQuestionAnswer: ADMIN_TEACHER,
  adminQuestionAnswerEdit: ADMIN_TEACHER,
  adminInteractionPosts: ADMIN_TEACHER,
  adminInteractionVisibility: ADMIN_TEACHER,
  adminProgress: ADMIN_TEACHER,
  adminProgressStudent: ADMIN_TEACHER,
  adminProgressExport: ADMIN_TEACHER,
  adminCourses: ADMIN_TEACHER,
  adminCourseGet: ADMIN_TEACHER,
  adminCourseSave: ADMIN_TEACHER,
  adminCourseDelete: ADMIN,
  adminChapterSave: ADMIN_TEACHER,
  adminChapterMove: ADMIN_TEACHER,
  adminChapterDelete: ADMIN_TEACHER,
  adminLessonSave: ADMIN_TEACHER,
  adminLessonMove: ADMIN_TEACHER,
  adminLessonDelete: ADMIN_TEACHER,
  adminCourseDuties: ADMIN_TEACHER,
  adminClassCourses: ADMIN_TEACHER,
  adminClassCourseAttach: ADMIN,
  adminClassCourseMove: ADMIN,
  adminClassCourseDetach: ADMIN,
  adminCertificates: ADMIN,
  adminCertificateGet: ADMIN,
  adminCertificateIssue: ADMIN,
  adminCertificateImport: ADMIN,
  adminCertificateRevoke: ADMIN,
  adminCertificateTests: ADMIN_TEACHER,
  adminCertificatePassIssue: ADMIN_TEACHER,
  adminCertificateNumbering: ADMIN,
  adminCertificateNumberingSave: ADMIN,
  adminMarkingQueue: ADMIN_TEACHER,
  adminMarkingWork: ADMIN_TEACHER,
  adminMarkingAttempt: ADMIN_TEACHER,
  adminMarkingQuestion: ADMIN_TEACHER,
  adminMarkingSave: ADMIN_TEACHER,
  adminMarkingRelease: ADMIN_TEACHER,
  adminMarkingReleaseAll: ADMIN_TEACHER,
  adminMarkingExport: ADMIN_TEACHER,
  bankQuestions: ADMIN_TEACHER,
  bankCategories: ADMIN_TEACHER,
  bankQuestionGet: ADMIN_TEACHER,
  bankQuestionSave: ADMIN_TEACHER,
  bankQuestionDelete: ADMIN_TEACHER,
  bankQuestionImport: ADMIN_TEACHER,
  bankPapers: ADMIN_TEACHER,
  bankPaperGet: ADMIN_TEACHER,
  bankPaperSave: ADMIN_TEACHER,
  bankPaperDelete: ADMIN_TEACHER,
  bankPaperCopy: ADMIN_TEACHER,
  bankPaperQuestionsAdd: ADMIN_TEACHER,
  bankPaperQuestionPoints: ADMIN_TEACHER,
  bankPaperQuestionMove: ADMIN_TEACHER,
  bankPaperQuestionRemove: ADMIN_TEACHER,
  bankPaperQuestionRefresh: ADMIN_TEACHER,
  bankPaperPreview: ADMIN_TEACHER,
  adminClassWorks: ADMIN_TEACHER,
  adminWorkSave: ADMIN_TEACHER,
  adminWorkQuick: ADMIN_TEACHER,
  adminWorkDelete: ADMIN_TEACHER,
  adminStudents: ADMIN_TEACHER,
  adminStudentsExport: ADMIN_TEACHER,
  adminStudentGet: ADMIN_TEACHER,
  adminStudentSave: ADMIN,
  adminStudentStatus: ADMIN,
  adminStudentSignOut: ADMIN,
  adminClassNotices: ADMIN_TEACHER,
  adminClassNoticePost: ADMIN_TEACHER,
  adminSmsSettings: ADMIN,
  adminSmsSettingsSave: ADMIN,
  adminStudentIdNumber: ADMIN,
  adminStudentEnrolClasses: ADMIN_TEACHER,
  adminStudentsEnrol: ADMIN_TEACHER,
};

/** Whether the matrix lets a signed-in person with `role` past the gate of the call. */
const allowed = (role: StaffRole, name: StaffCallName) => {
  const e = EXPECTED[name];
  return e === 'public' || e === 'anyStaff' || e.includes(role);
};
const NAMES = Object.keys(STAFF_CALLS) as StaffCallName[];

type Caller = { kind: 'role'; role: StaffRole } | { kind: 'none' } | { kind: 'foreign' };
const CALLERS: Caller[] = [...STAFF_ROLES.map((role) => ({ kind: 'role', role }) as const), { kind: 'none' }, { kind: 'foreign' }];
const label = (c: Caller) => (c.kind === 'role' ? c.role : c.kind === 'none' ? 'no session' : "another school's administrator");

describe('every staff call is in the access table', () => {
  test('the /api/admin routes of the app are exactly the staff contracts, each with its access row', () => {
    const served = server()
      .app.routes.filter((r) => r.path.startsWith('/api/admin/') && ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual(NAMES.map((n) => `${STAFF_CALLS[n].method} /api${STAFF_CALLS[n].path}`).sort());
    expect(Object.keys(STAFF_ACCESS).sort()).toEqual([...NAMES].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...NAMES].sort());
    // Every other /api route is outside /api/admin: staff calls cannot hide elsewhere.
    expect(NAMES.every((n) => STAFF_CALLS[n].path.startsWith('/admin/'))).toBe(true);
  });

  test('the access table the gate and the screens read says what the matrix says, call by call', () => {
    const differ = NAMES.flatMap((name) => {
      const e = EXPECTED[name];
      const wrong =
        typeof e === 'string'
          ? STAFF_ACCESS[name] !== e
          : typeof STAFF_ACCESS[name] === 'string' || STAFF_ROLES.some((r) => mayCall(r, name) !== e.includes(r));
      return wrong ? [name] : [];
    });
    expect(differ).toEqual([]);
  });
});

describe.each(NAMES.map((name) => [name] as const))('%s', (name) => {
  test.each(CALLERS.map((c) => [label(c), c] as const))('%s', async (_label, caller) => {
    const call = STAFF_CALLS[name];
    // A fresh session per case: the call may end it (signOut) or change its account.
    let session: TestStaffSession | null = null;
    if (caller.kind === 'role') session = await sessionOf(server(), await makeStaff(server(), DEMO.id, caller.role));
    if (caller.kind === 'foreign') session = await sessionOf(server(), await makeStaff(server(), HUAXIA.id, 'admin'));
    const target = await makeStaff(server(), DEMO.id, 'teacher');
    const answer = await server().call(call as never, {}, { ...asStaff(session, DEMO.id), params: { id: target.id } });
    // A file (the leads' CSV) has no envelope: its status stands for the answer.
    const code = (answer.body?.code ?? answer.status) as number;
    const access = EXPECTED[name];
    if (access === 'public') {
      expect(GATE_REFUSALS, JSON.stringify(answer.body)).not.toContain(code);
    } else if (caller.kind === 'none') {
      expect(answer.body).toEqual({ code: 40001, data: null, message: '请先登录管理后台' });
    } else if (caller.kind === 'foreign') {
      expectRefused(answer, ErrorCode.TOKEN_FOREIGN, t('staff.sessionForeign'));
    } else if (allowed(caller.role, name)) {
      expect(GATE_REFUSALS, JSON.stringify(answer.body)).not.toContain(code);
    } else {
      expect(answer.body).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
    }
  });
});
