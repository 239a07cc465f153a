import * as adminInteractionContract from '~/lib/api/contracts/admin-interaction';
import * as adminProgressContract from '~/lib/api/contracts/admin-progress';
import * as adminMediaContract from '~/lib/api/contracts/admin-media';
import * as adminActivitiesContract from '~/lib/api/contracts/admin-activities';
import { beforeEach, describe, expect, test } from 'vitest';
import * as adminJobsContract from '~/lib/api/contracts/admin-jobs';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_CALLS, type StaffCallName } from '~/lib/api/contracts/staff-calls';
import * as adminContentContract from '~/lib/api/contracts/admin-content';
import * as adminClassesContract from '~/lib/api/contracts/admin-classes';
import * as adminCoursesContract from '~/lib/api/contracts/admin-courses';
import * as adminCertificatesContract from '~/lib/api/contracts/admin-certificates';
import * as adminMarkingContract from '~/lib/api/contracts/admin-marking';
import * as adminBankContract from '~/lib/api/contracts/admin-bank';
import * as adminStudentsContract from '~/lib/api/contracts/admin-students';
import * as adminMessagesContract from '~/lib/api/contracts/admin-messages';
import { AUDIT_ACTION, STAFF_ROLE, type AuditAction } from '~/lib/staff/roles';
import { codeAt } from '~/server/staff/accounts/second-factor';
import { TOTP } from '~/server/staff/accounts/accounts.rules';
import { formatDate } from '~/lib/time/cst';
import { STAFF_PASSWORD_RESET_TEMPLATE } from '~/lib/sms-codes';
import * as schoolApi from '~/lib/api/contracts/admin-school';
import { schoolInfo } from '~/lib/api/contracts/tenant';
import { DEMO, HUAXIA, type Answer, useTestServer } from '../setup/server';
import { PNG_1PX, uploadForm } from '../setup/files';
import { catalogAuditScenarios } from '../setup/catalog-audit';
import {
  DEMO_STAFF_PASSWORD,
  asStaff,
  auditOf,
  auditOfSchool,
  cookieFrom,
  freshRequestId,
  makeStaff,
  sessionOf,
  type TestStaff,
  type TestStaffSession,
} from '../setup/staff';
import { makeLead } from '../setup/leads';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { callsOf, type CallsOf } from '~/lib/api/contract';

const ADMIN_INTERACTION_CALLS = callsOf(adminInteractionContract);
const ADMIN_PROGRESS_CALLS = callsOf(adminProgressContract);
const ADMIN_MEDIA_CALLS = callsOf(adminMediaContract);
const ADMIN_ACTIVITY_CALLS = callsOf(adminActivitiesContract);
const ADMIN_JOB_CALLS = callsOf(adminJobsContract);
const ADMIN_CONTENT_CALLS = callsOf(adminContentContract);
const ADMIN_CLASS_CALLS = callsOf(adminClassesContract);
const ADMIN_COURSE_CALLS = callsOf(adminCoursesContract);
const ADMIN_CERTIFICATE_CALLS = callsOf(adminCertificatesContract);
const ADMIN_MARKING_CALLS = callsOf(adminMarkingContract);
const ADMIN_BANK_CALLS = callsOf(adminBankContract);
const ADMIN_STUDENT_CALLS = callsOf(adminStudentsContract);
const ADMIN_MESSAGE_CALLS = callsOf(adminMessagesContract);

/**
 * The audit log: every staff write writes its entries (who, when, what, the target, the changed
 * fields before and after, the address and the request id) and no secret ever reaches it; the
 * administrators' list filters by person, action and day and pages.
 */

const server = useTestServer();

/**
 * The calls that may change something (the reads are GET; the test below checks the two lists agree).
 * The content calls have their scenarios in tests/api/content-admin-audit.test.ts.
 */
type WriteCall = Exclude<
  StaffCallName,
  | 'me'
  | 'mySessions'
  | 'accounts'
  | 'invitations'
  | 'audit'
  | 'recoveryCodesLeft'
  | 'adminDashboardCounts'
  | 'leads'
  | 'leadsExport'
  | 'leadConvert'
  | 'schoolSettings'
  | 'schoolDomains'
  | 'adminServicePoints'
  | 'adminCertificationOrgs'
  | 'agreements'
  | 'adminProjectBlocks'
  | 'catalogProducts'
  | 'catalogCategories'
  | 'catalogQuestions'
  | 'catalogMajors'
  | 'catalogBanners'
  | 'catalogCoupons'
  | 'catalogMajorList'
  | 'catalogAlbumTabs'
  | 'catalogAlbumCategories'
  | 'catalogMaterials'
  | keyof typeof ADMIN_CONTENT_CALLS
  | keyof typeof ADMIN_CLASS_CALLS
  | keyof typeof ADMIN_JOB_CALLS
  | keyof typeof ADMIN_MEDIA_CALLS
  | keyof typeof ADMIN_ACTIVITY_CALLS
  | keyof typeof ADMIN_INTERACTION_CALLS
  | keyof typeof ADMIN_PROGRESS_CALLS
  | keyof typeof ADMIN_COURSE_CALLS
  | keyof typeof ADMIN_CERTIFICATE_CALLS
  | keyof typeof ADMIN_MARKING_CALLS
  | keyof typeof ADMIN_BANK_CALLS
  | keyof typeof ADMIN_STUDENT_CALLS
  | keyof typeof ADMIN_MESSAGE_CALLS
>;
// Covered in their own files: the class calls in tests/api/staff-classes-audit.test.ts, the jobs screen's writes in
// tests/api/admin-jobs.test.ts, the media library's in tests/api/media-library.test.ts.
const COVERED_ELSEWHERE: readonly string[] = [
  ...Object.keys(ADMIN_CONTENT_CALLS),
  ...Object.keys(ADMIN_CLASS_CALLS),
  ...Object.keys(ADMIN_JOB_CALLS),
  ...Object.keys(ADMIN_MEDIA_CALLS),
  // Activities and attendance: tests/api/staff-activities.test.ts.
  ...Object.keys(ADMIN_ACTIVITY_CALLS),
  // Certificates: tests/api/staff-certificates.test.ts.
  ...Object.keys(ADMIN_CERTIFICATE_CALLS),
  // The inbox's writes in tests/api/staff-inbox.test.ts; progress has none.
  ...Object.keys(ADMIN_INTERACTION_CALLS),
  ...Object.keys(ADMIN_PROGRESS_CALLS),
  // The course calls: tests/api/staff-courses.test.ts.
  ...Object.keys(ADMIN_COURSE_CALLS),
  // Marking (marks and releases, re-marking's before and after): tests/api/staff-marking.test.ts.
  ...Object.keys(ADMIN_MARKING_CALLS),
  // The question bank, papers and works: tests/api/staff-bank.test.ts.
  ...Object.keys(ADMIN_BANK_CALLS),
  // 学员管理 (a student's name and mobile, 停用/启用, 强制下线): tests/api/staff-students.test.ts.
  ...Object.keys(ADMIN_STUDENT_CALLS),
  // Class notices and the SMS settings: tests/api/messages.test.ts.
  ...Object.keys(ADMIN_MESSAGE_CALLS),
  // 转为学员 (the lead's entry and the enrolment's): tests/api/staff-lead-convert.test.ts.
  'leadConvert',
];

interface Expected {
  action: AuditAction;
  actorId: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

interface Outcome {
  answer: Answer;
  /** The entries the call must write, in order (none for a call that changes nothing). */
  expected: Expected[];
  /** Secrets the call handled: none may appear in the log. */
  secrets: string[];
}

/** Each test's own request id: the audit entries it caused are the ones carrying it. */
let requestId = '';
beforeEach(() => {
  requestId = freshRequestId('audit-test');
});
const tick = () => server().clock.advance(TOTP.periodS * 1000);
/** Moves the clock a second on, so the measured call's entries are told apart from its setup's. */
const step = () => server().clock.advance(1000);

async function member(role: (typeof STAFF_ROLE)[keyof typeof STAFF_ROLE] = STAFF_ROLE.editor): Promise<{ account: TestStaff; session: TestStaffSession }> {
  const account = await makeStaff(server(), DEMO.id, role);
  return { account, session: await sessionOf(server(), account) };
}

const as = (session: TestStaffSession | null, params?: Record<string, string>) => ({
  ...asStaff(session, DEMO.id, { 'X-Request-Id': requestId }),
  ...(params ? { params } : {}),
});

/** Turns the second factor on for an account; its secret. */
async function withSecondFactor(session: TestStaffSession): Promise<string> {
  const secret = (await server().call(staff.secondFactorStart, {}, as(session))).body.data.secret as string;
  await server().call(staff.secondFactorConfirm, { code: await codeAt(secret, server().clock.value) }, as(session));
  tick();
  return secret;
}

const secretsOf = (s: TestStaffSession) => [s.token, s.csrf];

/** The school's settings (tests/api/staff-school-settings.test.ts has the rest of their behaviour). */
const POINT: schoolApi.ServicePointInput = {
  name: '审计网点',
  type: 'TEACHING',
  startTime: '08:00:00',
  endTime: '18:00:00',
  mobile: '',
  provinceName: '',
  cityName: '',
  address: '',
  url: '',
  longitude: '',
  latitude: '',
  seq: 0,
};
const ORG: schoolApi.CertificationOrgInput = {
  name: '审计机构',
  orgType: 'CERTIFICATION',
  certificationType: 'COUNTRY',
  serviceScope: '',
  features: '',
  seq: 0,
  published: true,
};
let hostCounter = 0;
const withoutId = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;

const SCHOOL_SCENARIOS: Record<Exclude<Extract<WriteCall, keyof CallsOf<typeof schoolApi>>, `${string}ProjectBlock${string}`>, () => Promise<Outcome>> = {
  async saveSchoolSettings() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const { preDomainHost: _p, updatedAt: _u, ...current } = (await server().call(schoolApi.schoolSettings, {}, as(session))).body.data;
    step();
    const shortName = `简称${server().clock.value % 1000}`;
    const answer = await server().call(schoolApi.saveSchoolSettings, { ...current, shortName }, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.schoolUpdate,
          actorId: admin.id,
          targetType: 'school',
          targetId: DEMO.id,
          before: { shortName: current.shortName },
          after: { shortName },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async addSchoolDomain() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    hostCounter += 1;
    const domain = `audit${hostCounter}.example.com`;
    step();
    const answer = await server().call(schoolApi.addSchoolDomain, { domain, domainType: 'PC' }, as(session));
    const after = { domain, domainType: 'PC' };
    return {
      answer,
      expected: [{ action: AUDIT_ACTION.domainAdd, actorId: admin.id, targetType: 'domain', targetId: answer.body.data.id, before: null, after }],
      secrets: secretsOf(session),
    };
  },
  async removeSchoolDomain() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    hostCounter += 1;
    const domain = `audit${hostCounter}.example.com`;
    const made = await server().call(schoolApi.addSchoolDomain, { domain, domainType: 'H5' }, as(session));
    step();
    const answer = await server().call(schoolApi.removeSchoolDomain, {}, as(session, { id: made.body.data.id }));
    const before = { domain, domainType: 'H5' };
    return {
      answer,
      expected: [{ action: AUDIT_ACTION.domainRemove, actorId: admin.id, targetType: 'domain', targetId: made.body.data.id, before, after: null }],
      secrets: secretsOf(session),
    };
  },
  async createServicePoint() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    step();
    const answer = await server().call(schoolApi.createServicePoint, POINT, as(session));
    const after = withoutId(answer.body.data);
    return {
      answer,
      expected: [
        { action: AUDIT_ACTION.servicePointCreate, actorId: admin.id, targetType: 'servicePoint', targetId: answer.body.data.id, before: null, after },
      ],
      secrets: secretsOf(session),
    };
  },
  async updateServicePoint() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const made = await server().call(schoolApi.createServicePoint, POINT, as(session));
    step();
    const answer = await server().call(schoolApi.updateServicePoint, { ...POINT, name: '改名网点' }, as(session, { id: made.body.data.id }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.servicePointUpdate,
          actorId: admin.id,
          targetType: 'servicePoint',
          targetId: made.body.data.id,
          before: { name: '审计网点' },
          after: { name: '改名网点' },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async deleteServicePoint() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const made = await server().call(schoolApi.createServicePoint, POINT, as(session));
    step();
    const answer = await server().call(schoolApi.deleteServicePoint, {}, as(session, { id: made.body.data.id }));
    const before = withoutId(made.body.data);
    return {
      answer,
      expected: [{ action: AUDIT_ACTION.servicePointDelete, actorId: admin.id, targetType: 'servicePoint', targetId: made.body.data.id, before, after: null }],
      secrets: secretsOf(session),
    };
  },
  async createCertificationOrg() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    step();
    const answer = await server().call(schoolApi.createCertificationOrg, ORG, as(session));
    const after = withoutId(answer.body.data);
    return {
      answer,
      expected: [{ action: AUDIT_ACTION.certOrgCreate, actorId: admin.id, targetType: 'certOrg', targetId: answer.body.data.id, before: null, after }],
      secrets: secretsOf(session),
    };
  },
  async updateCertificationOrg() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const made = await server().call(schoolApi.createCertificationOrg, ORG, as(session));
    step();
    const answer = await server().call(schoolApi.updateCertificationOrg, { ...ORG, published: false }, as(session, { id: made.body.data.id }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.certOrgUpdate,
          actorId: admin.id,
          targetType: 'certOrg',
          targetId: made.body.data.id,
          before: { published: true },
          after: { published: false },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async deleteCertificationOrg() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const made = await server().call(schoolApi.createCertificationOrg, ORG, as(session));
    step();
    const answer = await server().call(schoolApi.deleteCertificationOrg, {}, as(session, { id: made.body.data.id }));
    const before = withoutId(made.body.data);
    return {
      answer,
      expected: [{ action: AUDIT_ACTION.certOrgDelete, actorId: admin.id, targetType: 'certOrg', targetId: made.body.data.id, before, after: null }],
      secrets: secretsOf(session),
    };
  },
  async saveAgreement() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const current = (await server().call(schoolApi.agreements, {}, as(session))).body.data as schoolApi.AgreementText[];
    step();
    const html = `<p>服务协议 ${server().clock.value}</p>`;
    const answer = await server().call(schoolApi.saveAgreement, { kind: 'service', html }, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.agreementUpdate,
          actorId: admin.id,
          targetType: 'agreement',
          targetId: 'service',
          before: { html: current.find((a) => a.kind === 'service')!.html },
          after: { html },
        },
      ],
      secrets: secretsOf(session),
    };
  },
};

const BLOCK: schoolApi.ProjectBlockInput = { title: '审计介绍', name: '', content: '<p>审计正文</p>', published: true };
const blockFields = ({ id: _id, seq: _seq, ...rest }: schoolApi.ProjectBlockAdmin) => rest;

/** /school-info's project introduction blocks (tests/api/staff-project-blocks.test.ts has the rest of their behaviour). */
const PROJECT_BLOCK_SCENARIOS = {
  async createProjectBlock() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    step();
    const answer = await server().call(schoolApi.createProjectBlock, BLOCK, as(session));
    const after = blockFields(answer.body.data);
    return {
      answer,
      expected: [
        { action: AUDIT_ACTION.projectBlockCreate, actorId: admin.id, targetType: 'projectBlock', targetId: answer.body.data.id, before: null, after },
      ],
      secrets: secretsOf(session),
    };
  },
  async updateProjectBlock() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const made = await server().call(schoolApi.createProjectBlock, BLOCK, as(session));
    step();
    const answer = await server().call(schoolApi.updateProjectBlock, { ...BLOCK, name: '审计标签' }, as(session, { id: made.body.data.id }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.projectBlockUpdate,
          actorId: admin.id,
          targetType: 'projectBlock',
          targetId: made.body.data.id,
          before: { name: '' },
          after: { name: '审计标签' },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async orderProjectBlocks() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    await server().call(schoolApi.createProjectBlock, BLOCK, as(session));
    const current = (await server().call(schoolApi.adminProjectBlocks, {}, as(session))).body.data as schoolApi.ProjectBlockAdmin[];
    const universityId = (await server().call(schoolInfo, {}, { tenant: DEMO.id })).body.data.universityId as string;
    const ids = current.map((b) => b.id).reverse();
    step();
    const answer = await server().call(schoolApi.orderProjectBlocks, { ids }, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.projectBlockOrder,
          actorId: admin.id,
          targetType: 'projectBlock',
          targetId: universityId,
          before: { order: current.map((b) => b.id) },
          after: { order: ids },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async deleteProjectBlock() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const made = await server().call(schoolApi.createProjectBlock, BLOCK, as(session));
    step();
    const answer = await server().call(schoolApi.deleteProjectBlock, {}, as(session, { id: made.body.data.id }));
    const before = blockFields(made.body.data);
    return {
      answer,
      expected: [{ action: AUDIT_ACTION.projectBlockDelete, actorId: admin.id, targetType: 'projectBlock', targetId: made.body.data.id, before, after: null }],
      secrets: secretsOf(session),
    };
  },
} satisfies Record<Extract<WriteCall, `${string}ProjectBlock${string}` | `${string}ProjectBlocks`>, () => Promise<Outcome>>;

/** One successful call of each staff write, and what it must write to the log. */
const SCENARIOS: Record<WriteCall, () => Promise<Outcome>> = {
  async signIn() {
    const { account } = await member();
    step();
    const answer = await server().call(staff.signIn, { mobile: account.mobile, password: DEMO_STAFF_PASSWORD }, as(null));
    const sessionId = answer.body.data.me.sessionId;
    return {
      answer,
      expected: [
        { action: AUDIT_ACTION.signIn, actorId: account.id, targetType: 'session', targetId: sessionId, before: null, after: { secondFactor: false } },
      ],
      secrets: [DEMO_STAFF_PASSWORD, cookieFrom(answer)!, answer.body.data.me.csrfToken],
    };
  },
  async secondFactor() {
    const { account, session } = await member();
    const secret = await withSecondFactor(session);
    const challenge = (await server().call(staff.signIn, { mobile: account.mobile, password: DEMO_STAFF_PASSWORD }, as(null))).body.data.challenge;
    const code = await codeAt(secret, server().clock.value);
    step();
    const answer = await server().call(staff.secondFactor, { challenge, code }, as(null));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.signIn,
          actorId: account.id,
          targetType: 'session',
          targetId: answer.body.data.sessionId,
          before: null,
          after: { secondFactor: true },
        },
      ],
      secrets: [secret, challenge, code, cookieFrom(answer)!, ...secretsOf(session)],
    };
  },
  async signOut() {
    const { account, session } = await member();
    step();
    const answer = await server().call(staff.signOut, {}, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.signOut,
          actorId: account.id,
          targetType: 'session',
          targetId: session.sessionId,
          before: { revoked: false },
          after: { revoked: true },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async revokeSession() {
    const { account, session } = await member();
    const other = await sessionOf(server(), account);
    step();
    const answer = await server().call(staff.revokeSession, {}, as(session, { id: other.sessionId }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.sessionRevoke,
          actorId: account.id,
          targetType: 'session',
          targetId: other.sessionId,
          before: { revoked: false },
          after: { revoked: true },
        },
      ],
      secrets: [...secretsOf(session), ...secretsOf(other)],
    };
  },
  async revokeOtherSessions() {
    const { account, session } = await member();
    await sessionOf(server(), account);
    await sessionOf(server(), account);
    step();
    const answer = await server().call(staff.revokeOtherSessions, {}, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.sessionRevokeOthers,
          actorId: account.id,
          targetType: 'account',
          targetId: account.id,
          before: null,
          after: { revokedSessions: 2 },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async changePassword() {
    const { account, session } = await member();
    const created = server().clock.value;
    server().clock.advance(1000);
    step();
    const answer = await server().call(staff.changePassword, { oldPassword: DEMO_STAFF_PASSWORD, newPassword: 'NewSecret2027' }, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.passwordChange,
          actorId: account.id,
          targetType: 'account',
          targetId: account.id,
          before: { passwordUpdatedAt: created },
          after: { passwordUpdatedAt: server().clock.value },
        },
      ],
      secrets: [DEMO_STAFF_PASSWORD, 'NewSecret2027', ...secretsOf(session)],
    };
  },
  async secondFactorStart() {
    const { account, session } = await member();
    step();
    const answer = await server().call(staff.secondFactorStart, {}, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.secondFactorStart,
          actorId: account.id,
          targetType: 'account',
          targetId: account.id,
          before: { secondFactorPending: false },
          after: { secondFactorPending: true },
        },
      ],
      secrets: [answer.body.data.secret, ...secretsOf(session)],
    };
  },
  async secondFactorConfirm() {
    const { account, session } = await member();
    const secret = (await server().call(staff.secondFactorStart, {}, as(session))).body.data.secret as string;
    const code = await codeAt(secret, server().clock.value);
    step();
    const answer = await server().call(staff.secondFactorConfirm, { code }, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.secondFactorEnable,
          actorId: account.id,
          targetType: 'account',
          targetId: account.id,
          before: { secondFactor: false },
          after: { secondFactor: true, recoveryCodesLeft: 10 },
        },
      ],
      secrets: [secret, code, ...(answer.body.data?.codes ?? []), ...secretsOf(session)],
    };
  },
  async recoveryCodesRenew() {
    const { account, session } = await member();
    await withSecondFactor(session);
    step();
    const answer = await server().call(staff.recoveryCodesRenew, { password: DEMO_STAFF_PASSWORD }, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.recoveryCodesRenew,
          actorId: account.id,
          targetType: 'account',
          targetId: account.id,
          // Ten left before and after: only the new set shows.
          before: null,
          after: { newRecoveryCodes: true },
        },
      ],
      secrets: [DEMO_STAFF_PASSWORD, ...(answer.body.data?.codes ?? []), ...secretsOf(session)],
    };
  },
  async leadState() {
    const { account, session } = await member();
    const lead = await makeLead(server(), DEMO.id, { name: '审计', mobile: '13698765432' });
    step();
    const answer = await server().call(staff.leadState, { state: 1, note: '已回电' }, as(session, { id: lead.id }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.leadState,
          actorId: account.id,
          targetType: 'lead',
          targetId: lead.id,
          before: { state: 0, note: null },
          after: { name: '审计', mobile: '136****5432', state: 1, note: '已回电' },
        },
      ],
      // A lead's whole mobile is the caller's to see, not the log's.
      secrets: ['13698765432', ...secretsOf(session)],
    };
  },
  async secondFactorDisable() {
    const { account, session } = await member();
    const secret = await withSecondFactor(session);
    const code = await codeAt(secret, server().clock.value);
    step();
    const answer = await server().call(staff.secondFactorDisable, { password: DEMO_STAFF_PASSWORD, code }, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.secondFactorDisable,
          actorId: account.id,
          targetType: 'account',
          targetId: account.id,
          before: { secondFactor: true },
          after: { secondFactor: false },
        },
      ],
      secrets: [secret, code, DEMO_STAFF_PASSWORD, ...secretsOf(session)],
    };
  },
  async changeRole() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const { account: target } = await member(STAFF_ROLE.editor);
    step();
    const answer = await server().call(staff.changeRole, { role: 'teacher' }, as(session, { id: target.id }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.roleChange,
          actorId: admin.id,
          targetType: 'account',
          targetId: target.id,
          before: { role: 'editor' },
          after: { role: 'teacher' },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  async changeStatus() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const { account: target } = await member(STAFF_ROLE.teacher);
    step();
    const answer = await server().call(staff.changeStatus, { status: 0 }, as(session, { id: target.id }));
    return {
      answer,
      expected: [
        { action: AUDIT_ACTION.statusChange, actorId: admin.id, targetType: 'account', targetId: target.id, before: { status: 1 }, after: { status: 0 } },
      ],
      secrets: secretsOf(session),
    };
  },
  async resetSecondFactor() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const { account: target, session: targetSession } = await member(STAFF_ROLE.editor);
    const secret = await withSecondFactor(targetSession);
    step();
    const answer = await server().call(staff.resetSecondFactor, {}, as(session, { id: target.id }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.secondFactorReset,
          actorId: admin.id,
          targetType: 'account',
          targetId: target.id,
          before: { secondFactor: true },
          after: { secondFactor: false },
        },
      ],
      secrets: [secret, ...secretsOf(session), ...secretsOf(targetSession)],
    };
  },
  async invite() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    step();
    const answer = await server().call(staff.invite, { name: '邀请对象', mobile: '13712345678', role: 'editor' }, as(session));
    const token = new URL(answer.body.data.url).hash.slice('#token='.length);
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.invitationCreate,
          actorId: admin.id,
          targetType: 'invitation',
          targetId: answer.body.data.id,
          before: null,
          after: { name: '邀请对象', mobile: '13712345678', role: 'editor', expiresAt: answer.body.data.expiresAt },
        },
      ],
      secrets: [token, ...secretsOf(session)],
    };
  },
  async revokeInvitation() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const made = await server().call(staff.invite, { name: '待撤销', role: 'teacher' }, as(session));
    step();
    const answer = await server().call(staff.revokeInvitation, {}, as(session, { id: made.body.data.id }));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.invitationRevoke,
          actorId: admin.id,
          targetType: 'invitation',
          targetId: made.body.data.id,
          before: { revoked: false },
          after: { revoked: true },
        },
      ],
      secrets: [new URL(made.body.data.url).hash.slice(7), ...secretsOf(session)],
    };
  },
  async invitationInspect() {
    const { session } = await member(STAFF_ROLE.admin);
    const made = await server().call(staff.invite, { name: '只看看', role: 'teacher' }, as(session));
    const token = new URL(made.body.data.url).hash.slice(7);
    server().clock.advance(1000);
    step();
    const answer = await server().call(staff.invitationInspect, { token }, as(null));
    // Reading an invitation changes nothing.
    return { answer, expected: [], secrets: [token] };
  },
  async invitationAccept() {
    const { session } = await member(STAFF_ROLE.admin);
    const made = await server().call(staff.invite, { name: '新同事', mobile: '13787654321', role: 'teacher' }, as(session));
    const token = new URL(made.body.data.url).hash.slice(7);
    server().clock.advance(1000);
    step();
    const answer = await server().call(staff.invitationAccept, { token, password: 'Welcome2026' }, as(null));
    const id = answer.body.data.account.id;
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.invitationAccept,
          actorId: id,
          targetType: 'account',
          targetId: id,
          before: null,
          after: { name: '新同事', mobile: '13787654321', role: 'teacher', invitationId: made.body.data.id },
        },
        { action: AUDIT_ACTION.signIn, actorId: id, targetType: 'session', targetId: answer.body.data.sessionId, before: null, after: { secondFactor: false } },
      ],
      secrets: [token, 'Welcome2026', cookieFrom(answer)!, answer.body.data.csrfToken],
    };
  },
  async resetPassword() {
    const { account: admin, session } = await member(STAFF_ROLE.admin);
    const { account: target, session: targetSession } = await member(STAFF_ROLE.teacher);
    step();
    const answer = await server().call(staff.resetPassword, {}, as(session, { id: target.id }));
    const expiresAt = answer.body.data.expiresAt;
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.passwordResetIssue,
          actorId: admin.id,
          targetType: 'account',
          targetId: target.id,
          before: null,
          after: { expiresAt, revokedSessions: 1, revokedLinks: 0 },
        },
      ],
      secrets: [new URL(answer.body.data.url).hash.slice(7), ...secretsOf(session), ...secretsOf(targetSession)],
    };
  },
  async passwordResetInspect() {
    const { session } = await member(STAFF_ROLE.admin);
    const { account: target } = await member(STAFF_ROLE.teacher);
    const token = new URL((await server().call(staff.resetPassword, {}, as(session, { id: target.id }))).body.data.url).hash.slice(7);
    step();
    const answer = await server().call(staff.passwordResetInspect, { token }, as(null));
    // Reading a link changes nothing.
    return { answer, expected: [], secrets: [token] };
  },
  async passwordResetAccept() {
    const { session } = await member(STAFF_ROLE.admin);
    const { account: target } = await member(STAFF_ROLE.teacher);
    const created = server().clock.value;
    const token = new URL((await server().call(staff.resetPassword, {}, as(session, { id: target.id }))).body.data.url).hash.slice(7);
    step();
    const answer = await server().call(staff.passwordResetAccept, { token, password: 'Renewed2026' }, as(null));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.passwordReset,
          actorId: target.id,
          targetType: 'account',
          targetId: target.id,
          before: { passwordUpdatedAt: created },
          after: { passwordUpdatedAt: server().clock.value, revokedSessions: 0, withResetLink: true },
        },
      ],
      secrets: [token, 'Renewed2026'],
    };
  },
  async passwordResetSendCode() {
    const { account } = await member(STAFF_ROLE.teacher);
    step();
    const answer = await server().call(staff.passwordResetSendCode, { mobile: account.mobile }, as(null));
    const code = server().runtime.providers.sms.latest?.(DEMO.id, account.mobile, STAFF_PASSWORD_RESET_TEMPLATE)?.code ?? '';
    // Sending a code changes no account.
    return { answer, expected: [], secrets: [code] };
  },
  async passwordResetWithCode() {
    const { account, session } = await member(STAFF_ROLE.teacher);
    const created = server().clock.value;
    await server().call(staff.passwordResetSendCode, { mobile: account.mobile }, as(null));
    const code = server().runtime.providers.sms.latest?.(DEMO.id, account.mobile, STAFF_PASSWORD_RESET_TEMPLATE)?.code ?? '';
    step();
    const answer = await server().call(staff.passwordResetWithCode, { mobile: account.mobile, code, password: 'BySms2026' }, as(null));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.passwordReset,
          actorId: account.id,
          targetType: 'account',
          targetId: account.id,
          before: { passwordUpdatedAt: created },
          after: { passwordUpdatedAt: server().clock.value, revokedSessions: 1, withSmsCode: true },
        },
      ],
      secrets: [code, 'BySms2026', ...secretsOf(session)],
    };
  },
  async upload() {
    const { account, session } = await member(STAFF_ROLE.editor);
    step();
    const answer = await server().call(staff.upload as never, uploadForm(PNG_1PX, 'logo.png') as never, as(session));
    return {
      answer,
      expected: [
        {
          action: AUDIT_ACTION.fileUpload,
          actorId: account.id,
          targetType: 'file',
          targetId: answer.body.data.id,
          before: null,
          after: { name: 'logo.png', purpose: 'contentImage', contentType: 'image/png', size: PNG_1PX.length },
        },
      ],
      secrets: secretsOf(session),
    };
  },
  ...SCHOOL_SCENARIOS,
  ...PROJECT_BLOCK_SCENARIOS,
  // The catalogue's writes (products, categories, questions, banners, coupons).
  ...catalogAuditScenarios({ server, as, step, member }),
};

/** `text` standing alone: not inside a longer run of letters or digits. */
const asWhole = (text: string) => new RegExp(`(?<![0-9A-Za-z])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);

describe('every staff write writes its audit entries, with the changed fields and no secret', () => {
  test('every write call has a scenario here', () => {
    const writes = (Object.keys(STAFF_CALLS) as StaffCallName[]).filter((n) => STAFF_CALLS[n].method !== 'GET' && !COVERED_ELSEWHERE.includes(n)).sort();
    expect(Object.keys(SCENARIOS).sort()).toEqual(writes);
  });

  test.each(Object.keys(SCENARIOS) as WriteCall[])('%s', async (name) => {
    server().clock.advance(60_000);
    const outcome = await SCENARIOS[name]();
    expect(outcome.answer.body.code, JSON.stringify(outcome.answer.body)).toBe(0);
    // The entries the call itself wrote: those with its request id.
    const rows = (await auditOf(server(), DEMO.id, { requestId })).filter((r) => r.createdAt === server().clock.value);
    const names = new Map((await server().runtime.db.selectFrom('staffAccounts').select(['id', 'name']).execute()).map((a) => [a.id, a.name]));
    // Entries written in the same millisecond have no order between them: compare them by action.
    const byAction = (a: { action: string }, b: { action: string }) => a.action.localeCompare(b.action);
    expect(
      rows
        .map((r) => ({
          action: r.action,
          actorId: r.actorId,
          targetType: r.targetType,
          targetId: r.targetId,
          before: r.beforeJson === null ? null : JSON.parse(r.beforeJson),
          after: r.afterJson === null ? null : JSON.parse(r.afterJson),
        }))
        .sort(byAction),
    ).toEqual([...outcome.expected].sort(byAction));
    for (const r of rows) {
      expect(r.actorName).toBe(names.get(r.actorId!));
      expect(r.ip).toBe('');
      expect(r.tenantId).toBe(DEMO.id);
    }
    const everything = JSON.stringify(await auditOfSchool(server(), DEMO.id));
    // A secret as a value of its own: a six-digit code also occurs, by chance, inside the log's 26-digit ids.
    for (const secret of outcome.secrets.filter(Boolean)) expect(everything, `a secret of ${name} is in the audit log`).not.toMatch(asWhole(secret));
    expect(everything).not.toMatch(/scrypt\$|"v1\.|otpauth:/);
    // Consume the clock moment so the next scenario's entries are told apart.
    server().clock.advance(1000);
  });
});

describe("the administrators' list", () => {
  test("filters by person, action and China Standard Time day, newest first, page by page; other schools' entries never show", async () => {
    const s = server();
    s.clock.advance(2 * 24 * 3_600_000);
    const { account: admin, session: firstSession } = await member(STAFF_ROLE.admin);
    const { account: editor } = await member(STAFF_ROLE.editor);
    let session = firstSession;
    const day1 = s.clock.value;
    for (const role of ['teacher', 'editor', 'teacher'] as const) {
      s.clock.advance(60_000);
      await s.call(staff.changeRole, { role }, as(session, { id: editor.id }));
    }
    s.clock.advance(24 * 3_600_000);
    session = await sessionOf(s, admin);
    await s.call(staff.changeStatus, { status: 0 }, as(session, { id: editor.id }));
    // Another school's administrator's actions.
    const huaxia = await sessionOf(s, await makeStaff(s, HUAXIA.id, STAFF_ROLE.admin));
    await s.call(staff.invite, { name: '华夏员工', role: 'editor' }, asStaff(huaxia, HUAXIA.id));

    const list = (q: staff.AuditQuery) => s.call(staff.audit, q, as(session));
    const mine = await list({ actorId: admin.id, size: 2 });
    expect(mine.body.code, mine.body.message).toBe(0);
    expect(mine.body.data).toMatchObject({ total: 4, pages: 2, current: 1, size: 2 });
    expect(mine.body.data.records.map((r: staff.AuditEntry) => r.action)).toEqual(['account.statusChange', 'account.roleChange']);
    expect(mine.body.data.records[0]).toEqual({
      id: expect.any(String),
      at: s.clock.value,
      actorId: admin.id,
      actorName: admin.name,
      actorRole: 'admin',
      action: 'account.statusChange',
      targetType: 'account',
      targetId: editor.id,
      targetName: editor.name,
      link: '/admin/accounts',
      names: {},
      before: { status: 1 },
      after: { status: 0 },
      ip: '',
      requestId,
    });
    const page2 = await list({ actorId: admin.id, size: 2, current: 2 });
    expect(page2.body.data.records.map((r: staff.AuditEntry) => r.after)).toEqual([{ role: 'editor' }, { role: 'teacher' }]);
    const roles = await list({ actorId: admin.id, action: 'account.roleChange' });
    expect(roles.body.data.total).toBe(3);
    const firstDay = await list({ actorId: admin.id, from: formatDate(day1), to: formatDate(day1) });
    expect(firstDay.body.data.records.map((r: staff.AuditEntry) => r.action)).toEqual(['account.roleChange', 'account.roleChange', 'account.roleChange']);
    const secondDay = await list({ actorId: admin.id, from: formatDate(s.clock.value) });
    expect(secondDay.body.data.total).toBe(1);
    const all = await list({ size: 100 });
    expect(all.body.data.records.some((r: staff.AuditEntry) => r.actorName === '华夏员工' || r.after?.['name'] === '华夏员工')).toBe(false);
  });

  test('bad filters are refused with a clear message', async () => {
    const { session } = await member(STAFF_ROLE.admin);
    const list = (q: Record<string, string>) => server().call(staff.audit, q as never, as(session));
    expectRefused(await list({ from: '2026-02-31' }), ErrorCode.BAD_REQUEST, t('staff.badDate'));
    expectRefused(await list({ from: '2026-11-22', to: '2026-11-01' }), ErrorCode.BAD_REQUEST, t('validation.startAfterEnd'));
    expectRefused(await list({ action: 'drop table' }), ErrorCode.BAD_REQUEST, t('staff.badAction'));
    expectRefused(await list({ size: '1000' }), ErrorCode.BAD_REQUEST, '数值过大：期望 number <=100');
    expect((await list({ actorId: '', action: '', from: '', to: '' })).body.code).toBe(0);
  });
});
