import * as adminJobsContract from '~/lib/api/contracts/admin-jobs';
import * as adminMediaContract from '~/lib/api/contracts/admin-media';
import * as adminCoursesContract from '~/lib/api/contracts/admin-courses';
import * as adminActivitiesContract from '~/lib/api/contracts/admin-activities';
import * as adminInteractionContract from '~/lib/api/contracts/admin-interaction';
import * as adminProgressContract from '~/lib/api/contracts/admin-progress';
import * as adminClassesContract from '~/lib/api/contracts/admin-classes';
import * as adminContentContract from '~/lib/api/contracts/admin-content';
import * as adminCertificatesContract from '~/lib/api/contracts/admin-certificates';
import * as adminMarkingContract from '~/lib/api/contracts/admin-marking';
import * as adminBankContract from '~/lib/api/contracts/admin-bank';
import * as adminStudentsContract from '~/lib/api/contracts/admin-students';
import * as adminMessagesContract from '~/lib/api/contracts/admin-messages';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  CHALLENGE_TTL_MS,
  INVITATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  STAFF_SESSION,
  STAFF_THROTTLE,
  TOTP,
  accountKey,
  csrfTokenOf,
  invitationState,
  leavesAnActiveAdmin,
  sessionEndsAt,
  sessionState,
  shouldTouch,
  totpStepAcceptable,
  totpStepAt,
  userAgentOf,
} from '~/server/staff/accounts/accounts.rules';
import { acceptedStep, codeAt, newTotpSecret, openSecret, otpauthUrl, sealSecret } from '~/server/staff/accounts/second-factor';
import { changedFields, parseSide } from '~/server/staff/audit/audit.rules';
import * as adminSchoolContract from '~/lib/api/contracts/admin-school';
import { csrfTokenMatches, sameOriginWrite } from '~/server/http/request-guard.rules';
import { STAFF_ROLES as MIGRATION_ROLES } from '~/server/db/migrations/20261125T1400_staff';
import { AUDIT_ACTION, AUDIT_ACTIONS, AUDIT_TARGET, STAFF_ROLE, STAFF_ROLES, STAFF_STATUS, isStaffRole, type StaffRole } from '~/lib/staff/roles';
import { STAFF_ACCESS, mayCall } from '~/lib/staff/access';
import { STAFF_CALLS, type StaffCallName } from '~/lib/api/contracts/staff-calls';
import { newStaffPasswordRule, staffNameRule, totpCodeRule, optionalMobileRule } from '~/lib/rules/staff';
import { DEMO_STAFF_HASH, DEMO_STAFF_PASSWORD } from '~/dev/seed/staff';
import { verifyPassword } from '~/server/login/password';
import { callsOf } from '~/lib/api/contract';
import { isOneOf } from '~/lib/value-set';

const ADMIN_JOB_CALLS = callsOf(adminJobsContract);
const ADMIN_MEDIA_CALLS = callsOf(adminMediaContract);
const ADMIN_COURSE_CALLS = callsOf(adminCoursesContract);
const ADMIN_ACTIVITY_CALLS = callsOf(adminActivitiesContract);
const ADMIN_INTERACTION_CALLS = callsOf(adminInteractionContract);
const ADMIN_PROGRESS_CALLS = callsOf(adminProgressContract);
const ADMIN_CLASS_CALLS = callsOf(adminClassesContract);
const ADMIN_CONTENT_CALLS = callsOf(adminContentContract);
const ADMIN_CERTIFICATE_CALLS = callsOf(adminCertificatesContract);
const ADMIN_MARKING_CALLS = callsOf(adminMarkingContract);
const ADMIN_BANK_CALLS = callsOf(adminBankContract);
const ADMIN_STUDENT_CALLS = callsOf(adminStudentsContract);
const ADMIN_MESSAGE_CALLS = callsOf(adminMessagesContract);
const SCHOOL_STAFF_CALLS = callsOf(adminSchoolContract);

/** The staff side's pure rules, each at its boundaries (no database). */

const T0 = Date.UTC(2026, 10, 25, 2, 0, 0);
/** The sizes of staff_audit_log's action and target_type columns (migration 20261125T1400_staff). */
const AUDIT_COLUMNS = { action: 48, targetType: 16 } as const;
const MINUTE = 60_000;

describe('roles and the access table', () => {
  test('the roles TypeScript knows are the ones the migration lets SQL store', () => {
    expect([...STAFF_ROLES].sort()).toEqual([...MIGRATION_ROLES].sort());
    expect(Object.values(STAFF_STATUS).sort()).toEqual([0, 1]);
  });

  test('a role is one of the three, as text', () => {
    for (const role of ['admin', 'editor', 'teacher']) expect(isStaffRole(role)).toBe(true);
    for (const bad of ['', 'Admin', 'owner', 1, null, undefined, ['admin']]) expect(isStaffRole(bad)).toBe(false);
  });

  test("audit actions are distinct '<subject>.<verb>' names that fit the log's action column", () => {
    const names = Object.values(AUDIT_ACTION);
    expect(AUDIT_ACTIONS).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
      expect(name.length).toBeLessThanOrEqual(AUDIT_COLUMNS.action);
      expect(isOneOf(AUDIT_ACTIONS, name)).toBe(true);
    }
    // Names already written to the log keep their meaning: the log screen filters by them.
    expect(AUDIT_ACTION).toMatchObject({ signIn: 'session.signIn', roleChange: 'account.roleChange', markSave: 'mark.save', workDelete: 'work.delete' });
    for (const bad of ['', 'session', 'session.signin', 'SESSION.SIGNIN', 42, null, undefined]) expect(isOneOf(AUDIT_ACTIONS, bad)).toBe(false);
  });

  test("audit targets are distinct camel-case names that fit the log's target column", () => {
    const names = Object.values(AUDIT_TARGET);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z][A-Za-z]*$/);
      expect(name.length).toBeLessThanOrEqual(AUDIT_COLUMNS.targetType);
    }
    expect(AUDIT_TARGET).toMatchObject({ account: 'account', skillCertificate: 'skillCert', classroomQuestion: 'classQuestion', work: 'work' });
  });

  test('who may do what: signing in and the links public, everyone on their own account, administrators on accounts and the log, leads for editors', () => {
    const names = Object.keys(STAFF_CALLS) as StaffCallName[];
    const allowed = (role: StaffRole | null) => names.filter((n) => mayCall(role, n)).sort();
    const PUBLIC = [
      'invitationAccept',
      'invitationInspect',
      'passwordResetAccept',
      'passwordResetInspect',
      'passwordResetSendCode',
      'passwordResetWithCode',
      'secondFactor',
      'signIn',
    ];
    const OWN = [
      'changePassword',
      'me',
      'mySessions',
      'revokeOtherSessions',
      'revokeSession',
      'secondFactorConfirm',
      'secondFactorDisable',
      'secondFactorStart',
      'signOut',
      'recoveryCodesLeft',
      'recoveryCodesRenew',
      // The dashboard's counts: every role has a dashboard; the service counts only what the role may use.
      'adminDashboardCounts',
    ];
    /** Work every role does (uploading a picture for an article, a lesson, the school). */
    const EVERY_ROLE = ['upload'];
    const LEADS = ['leads', 'leadsExport', 'leadState'];
    const ADMIN = [
      ...['accounts', 'audit', 'changeRole', 'changeStatus', 'invitations', 'invite', 'resetPassword', 'resetSecondFactor', 'revokeInvitation'],
      // The jobs screen: administrators only.
      ...Object.keys(ADMIN_JOB_CALLS),
    ];
    // The school's content is its administrators' and editors'.
    const CONTENT = Object.keys(ADMIN_CONTENT_CALLS);
    // The school's settings: administrators only.
    const SCHOOL = Object.keys(SCHOOL_STAFF_CALLS);
    // Administrators and content editors keep the catalogue.
    const CATALOG = names.filter((n) => n.startsWith('catalog'));
    expect(CATALOG.length).toBeGreaterThan(0);
    // Classes: administrators and teachers (a teacher's own classes only, by the class scope); creating, ending, deleting and
    // linking teachers are the administrators'.
    const CLASS_ADMIN = ['adminClassSave', 'adminClassEnd', 'adminClassDelete', 'adminClassTeacherOptions'];
    const CLASSES = Object.keys(ADMIN_CLASS_CALLS).filter((n) => !CLASS_ADMIN.includes(n));
    // The media library: teachers, who make lessons, and administrators.
    const MEDIA = Object.keys(ADMIN_MEDIA_CALLS);
    // Courses: teachers edit the courses of their classes (the scope again); deleting one and attaching courses to classes are
    // the administrators'. Activities, attendance, the inbox and progress: administrators and teachers.
    const COURSE_ADMIN = ['adminCourseDelete', 'adminClassCourseAttach', 'adminClassCourseMove', 'adminClassCourseDetach'];
    const TEACHING = [
      ...Object.keys(ADMIN_COURSE_CALLS).filter((n) => !COURSE_ADMIN.includes(n)),
      ...Object.keys(ADMIN_ACTIVITY_CALLS),
      ...Object.keys(ADMIN_INTERACTION_CALLS),
      ...Object.keys(ADMIN_PROGRESS_CALLS),
      // Marking, and the question bank, papers and works: teachers (their classes' works, their own questions) and administrators.
      ...Object.keys(ADMIN_MARKING_CALLS),
      ...Object.keys(ADMIN_BANK_CALLS),
    ];
    // Certificates: the register is the administrators'; issuing for a pass in a test is also the teachers' (their classes).
    const CERT_ISSUING = ['adminCertificateTests', 'adminCertificatePassIssue'];
    const CERT_REGISTER = Object.keys(ADMIN_CERTIFICATE_CALLS).filter((n) => !CERT_ISSUING.includes(n));
    expect(CERT_REGISTER.length).toBeGreaterThan(0);
    // 学员管理: administrators and teachers (a teacher's own classes' students) read; changing a student is the administrators'.
    const STUDENT_ADMIN = ['adminStudentSave', 'adminStudentStatus', 'adminStudentSignOut', 'adminStudentIdNumber'];
    const STUDENTS = Object.keys(ADMIN_STUDENT_CALLS).filter((n) => !STUDENT_ADMIN.includes(n));
    // The bulk enrolment passes the gate for teachers too; the class scope then allows only the classes they head.
    expect(STUDENTS).toEqual(['adminStudents', 'adminStudentsExport', 'adminStudentGet', 'adminStudentEnrolClasses', 'adminStudentsEnrol']);
    // Class notices: a class's teachers (the class scope) and administrators; the school's SMS settings: administrators.
    const NOTICES = ['adminClassNotices', 'adminClassNoticePost'];
    const SMS_SETTINGS = Object.keys(ADMIN_MESSAGE_CALLS).filter((n) => !NOTICES.includes(n));
    expect(SMS_SETTINGS).toEqual(['adminSmsSettings', 'adminSmsSettingsSave']);
    expect(allowed(null)).toEqual(PUBLIC);
    expect(allowed(STAFF_ROLE.editor)).toEqual([...PUBLIC, ...OWN, ...EVERY_ROLE, ...LEADS, ...CONTENT, ...CATALOG].sort());
    expect(allowed(STAFF_ROLE.teacher)).toEqual(
      [...PUBLIC, ...OWN, ...EVERY_ROLE, ...CLASSES, ...MEDIA, ...TEACHING, ...CERT_ISSUING, ...STUDENTS, ...NOTICES].sort(),
    );
    expect(allowed(STAFF_ROLE.admin)).toEqual(
      [
        ...PUBLIC,
        ...OWN,
        ...EVERY_ROLE,
        ...ADMIN,
        ...LEADS,
        // 转为学员 enrols in a class: administrators only, not the editors of the lead desk.
        'leadConvert',
        ...CONTENT,
        ...SCHOOL,
        ...CATALOG,
        ...CLASSES,
        ...CLASS_ADMIN,
        ...MEDIA,
        ...TEACHING,
        ...COURSE_ADMIN,
        ...CERT_ISSUING,
        ...CERT_REGISTER,
        ...STUDENTS,
        ...STUDENT_ADMIN,
        ...NOTICES,
        ...SMS_SETTINGS,
      ].sort(),
    );
    expect(Object.keys(STAFF_ACCESS).sort()).toEqual([...names].sort());
  });
});

describe('sessions', () => {
  const s = { createdAt: T0, lastSeenAt: T0, expiresAt: T0 + STAFF_SESSION.absoluteMs, revokedAt: null };

  test('idle for just under an hour is active; an hour is the end; twelve hours is the end whatever the use', () => {
    expect(sessionState(s, T0 + STAFF_SESSION.idleMs - 1)).toBe('active');
    expect(sessionState(s, T0 + STAFF_SESSION.idleMs)).toBe('idle');
    const used = { ...s, lastSeenAt: T0 + STAFF_SESSION.absoluteMs - 1 };
    expect(sessionState(used, T0 + STAFF_SESSION.absoluteMs - 1)).toBe('active');
    expect(sessionState(used, T0 + STAFF_SESSION.absoluteMs)).toBe('expired');
    expect(sessionState({ ...s, revokedAt: T0 }, T0)).toBe('revoked');
    expect(STAFF_SESSION).toEqual({ idleMs: 60 * MINUTE, absoluteMs: 12 * 60 * MINUTE, touchEveryMs: MINUTE, keepEndedMs: 30 * 24 * 60 * MINUTE });
  });

  test('it ends at the earlier of the idle and the absolute end; use is written at most once a minute', () => {
    expect(sessionEndsAt(s)).toBe(T0 + STAFF_SESSION.idleMs);
    expect(sessionEndsAt({ lastSeenAt: T0 + 11.5 * 60 * MINUTE, expiresAt: s.expiresAt })).toBe(s.expiresAt);
    expect(shouldTouch(T0, T0 + MINUTE - 1)).toBe(false);
    expect(shouldTouch(T0, T0 + MINUTE)).toBe(true);
  });

  test('the CSRF token is per session and needs the secret', () => {
    const a = csrfTokenOf('a'.repeat(64), 'secret-one-0123456789abcdef0123456789');
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(csrfTokenOf('b'.repeat(64), 'secret-one-0123456789abcdef0123456789')).not.toBe(a);
    expect(csrfTokenOf('a'.repeat(64), 'secret-two-0123456789abcdef0123456789')).not.toBe(a);
    expect(csrfTokenMatches(a, a)).toBe(true);
    expect(csrfTokenMatches(`${a}x`, a)).toBe(false);
    expect(csrfTokenMatches('', a)).toBe(false);
    expect(csrfTokenMatches(undefined, a)).toBe(false);
  });

  test('writes from the site itself pass; other sites, null origins and cross-site fetches do not', () => {
    const host = 'demo.example.cn:4321';
    expect(sameOriginWrite({ origin: undefined, secFetchSite: undefined }, host)).toBe(true);
    expect(sameOriginWrite({ origin: 'http://demo.example.cn:4321', secFetchSite: 'same-origin' }, host)).toBe(true);
    expect(sameOriginWrite({ origin: 'https://DEMO.example.cn:4321', secFetchSite: null }, host)).toBe(true);
    expect(sameOriginWrite({ origin: 'http://huaxia.example.cn:4321', secFetchSite: null }, host)).toBe(false);
    expect(sameOriginWrite({ origin: 'http://demo.example.cn', secFetchSite: null }, host)).toBe(false);
    expect(sameOriginWrite({ origin: 'null', secFetchSite: null }, host)).toBe(false);
    expect(sameOriginWrite({ origin: undefined, secFetchSite: 'same-site' }, host)).toBe(false);
    expect(sameOriginWrite({ origin: undefined, secFetchSite: 'cross-site' }, host)).toBe(false);
    expect(sameOriginWrite({ origin: undefined, secFetchSite: 'none' }, host)).toBe(false);
  });

  test('the headers are read as browsers may send them: spaces around, any case, empty as absent', () => {
    const host = 'demo.example.cn:4321';
    expect(sameOriginWrite({ origin: ' http://demo.example.cn:4321 ', secFetchSite: ' Same-Origin ' }, host)).toBe(true);
    expect(sameOriginWrite({ origin: 'http://demo.example.cn:4321', secFetchSite: 'SAME-ORIGIN' }, 'DEMO.Example.CN:4321')).toBe(true);
    expect(sameOriginWrite({ origin: '', secFetchSite: '' }, host)).toBe(true);
    expect(sameOriginWrite({ origin: '  ', secFetchSite: null }, host)).toBe(true);
    expect(sameOriginWrite({ origin: 'http://demo.example.cn:4321', secFetchSite: ' cross-site ' }, host)).toBe(false);
    expect(sameOriginWrite({ origin: 'not a url', secFetchSite: undefined }, host)).toBe(false);
  });

  test('a user agent is kept on one line, 256 characters at most', () => {
    expect(userAgentOf('Mozilla/5.0\r\nX-Evil: 1')).toBe('Mozilla/5.0 X-Evil: 1');
    expect(userAgentOf('x'.repeat(300))).toHaveLength(256);
    expect(userAgentOf(undefined)).toBe('');
    expect(userAgentOf('  Mozilla/5.0 \u200b')).toBe('Mozilla/5.0');
  });
});

describe('the sign-in throttle', () => {
  test('five failures of an account from one address or one known browser, ten from all, twenty of an address, within fifteen minutes', () => {
    expect(STAFF_THROTTLE).toEqual({ windowMs: 15 * MINUTE, perDevice: 5, perAccountAddress: 5, perAccount: 10, perIp: 20 });
  });

  test('an account is counted by its id; an unknown mobile by a digest that never keeps the text', () => {
    expect(accountKey('13700000001', '123')).toBe('staff:123');
    const unknown = accountKey(' 13799999999 ', null);
    expect(unknown).toBe(accountKey('13799999999', null));
    expect(unknown).toMatch(/^name:[0-9a-f]{40}$/);
    expect(unknown).not.toContain('13799999999');
    expect(unknown.length).toBeLessThanOrEqual(64);
    // The digest is SHA-256 of the text trimmed and in lower case: `printf 'zhang@x.cn' | sha256sum`, its first 40 digits.
    expect(accountKey(' Zhang@X.cn ', null)).toBe('name:49dd66cb35a0b1fb392397c760e38f0272940a82');
  });
});

describe('invitations and challenges', () => {
  test('an invitation is usable until three days have passed, unless used or revoked', () => {
    const inv = { usedAt: null, revokedAt: null, expiresAt: T0 + INVITATION_TTL_MS };
    expect(INVITATION_TTL_MS).toBe(72 * 60 * MINUTE);
    expect(invitationState(inv, T0 + INVITATION_TTL_MS - 1)).toBe('usable');
    expect(invitationState(inv, T0 + INVITATION_TTL_MS)).toBe('expired');
    expect(invitationState({ ...inv, usedAt: T0 }, T0)).toBe('used');
    expect(invitationState({ ...inv, revokedAt: T0 }, T0)).toBe('revoked');
    expect(CHALLENGE_TTL_MS).toBe(5 * MINUTE);
  });

  test('a password reset link is usable for a day, then expired', () => {
    const link = { usedAt: null, revokedAt: null, expiresAt: T0 + PASSWORD_RESET_TTL_MS };
    expect(PASSWORD_RESET_TTL_MS).toBe(24 * 60 * MINUTE);
    expect(invitationState(link, T0 + PASSWORD_RESET_TTL_MS - 1)).toBe('usable');
    expect(invitationState(link, T0 + PASSWORD_RESET_TTL_MS)).toBe('expired');
  });
});

describe('the last administrator', () => {
  const admin = { role: STAFF_ROLE.admin, status: STAFF_STATUS.active };
  test('the only active administrator may be neither demoted nor disabled; with another one, both may', () => {
    expect(leavesAnActiveAdmin(admin, { role: STAFF_ROLE.editor }, 0)).toBe(false);
    expect(leavesAnActiveAdmin(admin, { status: STAFF_STATUS.disabled }, 0)).toBe(false);
    expect(leavesAnActiveAdmin(admin, { role: STAFF_ROLE.editor }, 1)).toBe(true);
    expect(leavesAnActiveAdmin(admin, { role: STAFF_ROLE.admin }, 0)).toBe(true);
    expect(leavesAnActiveAdmin({ role: STAFF_ROLE.admin, status: STAFF_STATUS.disabled }, { role: STAFF_ROLE.editor }, 0)).toBe(true);
    expect(leavesAnActiveAdmin({ role: STAFF_ROLE.teacher, status: STAFF_STATUS.active }, { status: STAFF_STATUS.disabled }, 0)).toBe(true);
  });

  test('property: a change is allowed exactly when some active administrator remains after it', () => {
    const role = fc.constantFrom(...STAFF_ROLES);
    const status = fc.constantFrom(STAFF_STATUS.active, STAFF_STATUS.disabled);
    fc.assert(
      fc.property(role, status, fc.option(role, { nil: undefined }), fc.option(status, { nil: undefined }), fc.nat(3), (r, st, newRole, newStatus, others) => {
        const change = { ...(newRole ? { role: newRole } : {}), ...(newStatus !== undefined ? { status: newStatus } : {}) };
        const after = { role: newRole ?? r, status: newStatus ?? st };
        const remaining = others + (after.role === STAFF_ROLE.admin && after.status === STAFF_STATUS.active ? 1 : 0);
        const before = others + (r === STAFF_ROLE.admin && st === STAFF_STATUS.active ? 1 : 0);
        // Allowed when an administrator remains, or when there was none to lose to begin with.
        expect(leavesAnActiveAdmin({ role: r, status: st }, change, others)).toBe(remaining > 0 || before === others);
      }),
    );
  });
});

describe('the second factor', () => {
  test('a code of the current step, the one before or the one after is accepted, once; two steps away never', () => {
    const now = T0 + 15_000;
    const step = totpStepAt(now);
    expect(totpStepAcceptable(step, now, null)).toBe(true);
    expect(totpStepAcceptable(step - 1, now, null)).toBe(true);
    expect(totpStepAcceptable(step + 1, now, null)).toBe(true);
    expect(totpStepAcceptable(step - 2, now, null)).toBe(false);
    expect(totpStepAcceptable(step + 2, now, null)).toBe(false);
    expect(totpStepAcceptable(step, now, step)).toBe(false);
    expect(totpStepAcceptable(step, now, step - 1)).toBe(true);
    expect(totpStepAcceptable(step - 1, now, step - 1)).toBe(false);
    // Never used before: any step in the window, the clock's very first one too.
    expect(totpStepAcceptable(0, 0, null)).toBe(true);
  });

  test('with otplib: the right code gives its step; a used, wrong, malformed or distant one gives null', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = T0 + 7_000;
    const code = await codeAt(secret, now);
    expect(await acceptedStep(secret, code, now, null)).toBe(totpStepAt(now));
    expect(await acceptedStep(secret, code, now, totpStepAt(now))).toBeNull();
    expect(await acceptedStep(secret, await codeAt(secret, now - TOTP.periodS * 1000), now, null)).toBe(totpStepAt(now) - 1);
    expect(await acceptedStep(secret, await codeAt(secret, now + TOTP.periodS * 1000), now, null)).toBe(totpStepAt(now) + 1);
    expect(await acceptedStep(secret, await codeAt(secret, now - 2 * TOTP.periodS * 1000), now, null)).toBeNull();
    expect(await acceptedStep(secret, code === '000000' ? '111111' : '000000', now, null)).toBeNull();
    expect(await acceptedStep(secret, '12345', now, null)).toBeNull();
    expect(await acceptedStep('not base32!', '123456', now, null)).toBeNull();
  });

  test('the secret is sealed: another server secret or a changed byte cannot open it', () => {
    const key = 'server-secret-0123456789abcdef0123456789';
    const sealed = sealSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', key);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(openSecret(sealed, key)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(openSecret(sealed, `${key}x`)).toBeNull();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(openSecret(flipped, key)).toBeNull();
    expect(openSecret('plain', key)).toBeNull();
  });

  test('the otpauth URL names the school and the person for the authenticator app', () => {
    const url = otpauthUrl({ issuer: '江南职业技能培训学院', label: '陈文静 13700000001', secret: 'JBSWY3DPEHPK3PXP' });
    expect(url.startsWith('otpauth://totp/')).toBe(true);
    expect(decodeURIComponent(url)).toContain('江南职业技能培训学院');
    expect(url).toContain('secret=JBSWY3DPEHPK3PXP');
    // The authenticator's defaults (SHA-1, 6 digits, 30 s) are ours: nothing else is named.
    expect(url).not.toMatch(/period=(?!30\b)|digits=(?!6\b)|algorithm=(?!SHA1\b)/);
  });
});

describe('the audit log keeps changed fields only, never secrets', () => {
  test('unchanged fields drop out; a side with nothing left is null', () => {
    expect(changedFields({ role: 'editor', name: '张三' }, { role: 'teacher', name: '张三' })).toEqual({
      before: { role: 'editor' },
      after: { role: 'teacher' },
    });
    expect(changedFields(null, { name: '李四', role: 'editor' })).toEqual({ before: null, after: { name: '李四', role: 'editor' } });
    expect(changedFields({ status: 1 }, { status: 1 })).toEqual({ before: null, after: null });
    expect(changedFields({ a: 1 }, {})).toEqual({ before: { a: 1 }, after: null });
  });

  test('passwords, hashes, secrets, tokens, codes and challenges are never kept, whatever an action passes', () => {
    const leaky = {
      password: 'p',
      passwordHash: 'h',
      totpSecret: 's',
      tokenHash: 't',
      csrfToken: 'c',
      code: '123456',
      challenge: 'x',
      newPassword: 'n',
      CSRF: 'c',
      passwordUpdatedAt: 5,
      role: 'admin',
    };
    expect(changedFields(null, leaky)).toEqual({ before: null, after: { passwordUpdatedAt: 5, role: 'admin' } });
    // Only the names themselves: a field that merely holds one of the words elsewhere is kept.
    const plain = { hashtags: 1, secretary: 2, tokens: 3, zipCode: 4, codeName: 5, anticsrf: 6, passwords: 7 };
    expect(changedFields(null, plain)).toEqual({ before: null, after: plain });
    // A field given as undefined is absent, on either side.
    expect(changedFields({ role: 'editor', note: undefined }, { role: 'editor', note: 'x' })).toEqual({ before: null, after: { note: 'x' } });
  });

  test('a stored side reads back as an object or null', () => {
    expect(parseSide('{"role":"editor"}')).toEqual({ role: 'editor' });
    expect(parseSide(null)).toBeNull();
    expect(parseSide('[1]')).toBeNull();
    expect(parseSide('{')).toBeNull();
    for (const notObject of ['5', '"x"', 'true', 'null', '']) expect(parseSide(notObject), notObject).toBeNull();
  });
});

describe('the staff forms', () => {
  test('a new password: 8 to 64 characters with a letter and a digit, kept as typed', () => {
    expect(newStaffPasswordRule('Abc12345')).toEqual({ ok: true, value: 'Abc12345' });
    expect(newStaffPasswordRule('Abc1234')).toEqual({ ok: false, message: '密码至少8位' });
    expect(newStaffPasswordRule(`A1${'x'.repeat(63)}`)).toEqual({ ok: false, message: '密码不能超过64位' });
    expect(newStaffPasswordRule('abcdefgh')).toEqual({ ok: false, message: '密码须同时包含字母和数字' });
    expect(newStaffPasswordRule('12345678')).toEqual({ ok: false, message: '密码须同时包含字母和数字' });
    expect(newStaffPasswordRule(' Abc 1234 ')).toEqual({ ok: true, value: ' Abc 1234 ' });
    expect(newStaffPasswordRule(12345678)).toEqual({ ok: false, message: '请输入密码' });
  });

  test('a name, a code and an optional mobile', () => {
    expect(staffNameRule(' 陈文静 ')).toEqual({ ok: true, value: '陈文静' });
    expect(staffNameRule('<b>x</b>')).toEqual({ ok: false, message: '姓名不能包含特殊字符' });
    expect(staffNameRule('名'.repeat(21))).toEqual({ ok: false, message: '姓名不能超过20个字' });
    expect(totpCodeRule('123 456')).toEqual({ ok: true, value: '123456' });
    expect(totpCodeRule('12345')).toEqual({ ok: false, message: '请输入6位数字动态验证码' });
    expect(totpCodeRule('')).toEqual({ ok: false, message: '请输入动态验证码' });
    expect(optionalMobileRule('')).toEqual({ ok: true, value: undefined });
    expect(optionalMobileRule('12')).toEqual({ ok: false, message: '请输入正确的手机号' });
  });

  test('the demo staff hash is the documented password', async () => {
    expect(await verifyPassword(DEMO_STAFF_PASSWORD, DEMO_STAFF_HASH)).toBe(true);
  });
});

describe('recovery codes', () => {
  test('base 32 of 10 bytes is 16 characters of the RFC 4648 alphabet', async () => {
    const { base32 } = await import('~/server/staff/accounts/accounts.rules');
    // RFC 4648 test vector "foobar" -> MZXW6YTBOI (no padding).
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32(Buffer.alloc(10))).toBe('AAAAAAAAAAAAAAAA');
    expect(base32(Buffer.alloc(10, 0xff))).toBe('7777777777777777');
  });

  test('a new set: ten distinct codes in four groups of four, each kept as the hash of its 16 characters', async () => {
    const { newRecoveryCodes, recoveryCodeHash } = await import('~/server/staff/accounts/accounts.rules');
    const set = newRecoveryCodes();
    expect(set).toHaveLength(10);
    expect(new Set(set.map((c) => c.shown)).size).toBe(10);
    for (const c of set) {
      expect(c.shown).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
      expect(c.hash).toBe(recoveryCodeHash(c.shown.replace(/-/g, '')));
    }
  });

  test('tokens and recovery codes are kept as the SHA-256 hex of their text (the recovery code behind its own prefix)', async () => {
    const { hashToken, recoveryCodeHash } = await import('~/server/staff/accounts/accounts.rules');
    // FIPS 180-2's vector for "abc"; the second is `printf 'staff-recovery:ABCDEFGHJKLMNPQR' | sha256sum`.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(recoveryCodeHash('ABCDEFGHJKLMNPQR')).toBe('b4e2ab36c24876b225fd007a73ee3180bc42b80d6c5d0375026e2c00491b79a0');
  });

  test('the second step takes six digits or a recovery code typed any way', async () => {
    const { secondStepCodeRule } = await import('~/lib/rules/staff');
    expect(secondStepCodeRule('123 456')).toEqual({ ok: true, value: { kind: 'totp', code: '123456' } });
    expect(secondStepCodeRule('abcd-efgh 2345-67ij')).toEqual({ ok: true, value: { kind: 'recovery', code: 'ABCDEFGH234567IJ' } });
    // 0 and 1 are not in the alphabet: read as O and I.
    expect(secondStepCodeRule('0BCD-EFGH-2345-671J')).toEqual({ ok: true, value: { kind: 'recovery', code: 'OBCDEFGH234567IJ' } });
    for (const bad of ['12345', 'ABCD-EFGH', 'ABCD-EFGH-2345-6789', 12]) expect(secondStepCodeRule(bad)).toMatchObject({ ok: false });
    expect(secondStepCodeRule('')).toMatchObject({ ok: false, message: '请输入动态验证码' });
  });
});
