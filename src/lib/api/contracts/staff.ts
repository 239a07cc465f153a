import { get, post } from '../contract';
import type { Page } from '../../paging';
import type { AuditAction, AuditTarget, StaffRole, StaffStatus } from '../../staff/roles';
import type { LeadState } from '../../staff/leads';

/**
 * The staff side (/api/admin/...): a school's own people sign in with a password (and a TOTP code
 * when they turned it on), keep their sessions, invite colleagues and read the audit log. Every
 * call but the public ones (signing in, an invitation's or a password reset's link, the self-service
 * reset) needs the staff session cookie of the request's school, and every
 * write also the session's CSRF token in the X-CSRF-Token header; who may call what is one table,
 * src/lib/staff/access.ts.
 */

export type { StaffRole, StaffStatus, AuditAction, AuditTarget, LeadState };

/** The signed-in person, their school and what their browser needs to write. */
export interface StaffMe {
  account: { id: string; name: string; mobile: string; role: StaffRole; secondFactor: boolean };
  school: { id: string; name: string };
  sessionId: string;
  /** Sent back in the X-CSRF-Token header of every write of this session. */
  csrfToken: string;
}

/** A file as stored: its address on the school's site and what the server found it to be. */
export interface UploadedFile {
  id: string;
  url: string;
  name: string;
  contentType: string;
  size: number;
}

export interface SignInRequest {
  mobile: string;
  password: string;
  /** Sent only after the server answered CAPTCHA_REQUIRED (decision 053). */
  captchaKey?: string;
  captchaCode?: string;
}

/** A correct password either signs in or, with a second factor, asks for the code of `challenge`. */
export type SignInAnswer = { step: 'done'; me: StaffMe } | { step: 'secondFactor'; challenge: string; expiresAt: number };

export interface SecondFactorRequest {
  challenge: string;
  /** The authenticator's 6 digits, or one of the account's recovery codes (used up). */
  code: string;
}

export interface StaffSessionInfo {
  id: string;
  /** The session this request came with. */
  current: boolean;
  userAgent: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
  /** When it ends unless used again (idle) or at the latest (absolute), whichever is first. */
  expiresAt: number;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/** A second factor being set up: shown once, turned on by confirming a code. */
export interface SecondFactorEnrolment {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code: an SVG picture's data: URL, for an <img>. */
  qrImage: string;
}

export interface CodeRequest {
  code: string;
}

export interface SecondFactorDisable {
  password: string;
  /** The authenticator's code or a recovery code. */
  code: string;
}

/** The accounts list: a page of the school's accounts, filtered by name or mobile and role. */
export interface AccountQuery {
  current?: number;
  size?: number;
  /** Part of the name or the mobile. */
  q?: string;
  role?: StaffRole;
}

export interface StaffAccountInfo {
  id: string;
  name: string;
  mobile: string;
  role: StaffRole;
  status: StaffStatus;
  secondFactor: boolean;
  createdAt: number;
  lastSignInAt: number | null;
  /** The signed-in person's own account. */
  self: boolean;
}

/** An invitation names the person and their role; without a mobile the invitee gives their own. */
export interface InvitationRequest {
  name: string;
  mobile?: string;
  role: StaffRole;
}

/** The one-time link, shown once: only a hash of its token is kept. */
export interface IssuedInvitation {
  id: string;
  url: string;
  expiresAt: number;
}

export interface PendingInvitation {
  id: string;
  name: string;
  mobile: string | null;
  role: StaffRole;
  createdAt: number;
  expiresAt: number;
  createdByName: string;
}

export interface InvitationToken {
  token: string;
}

export interface InvitationPreview {
  schoolName: string;
  name: string;
  mobile: string | null;
  role: StaffRole;
  expiresAt: number;
}

export interface InvitationAcceptance {
  token: string;
  /** Required when the invitation names no mobile; must match it when it does. */
  mobile?: string;
  password: string;
}

/** A password reset link for a colleague, shown to the administrator to pass on: only a hash of its token is kept. */
export interface IssuedPasswordReset {
  url: string;
  expiresAt: number;
}

/** Who a usable reset link is for. */
export interface PasswordResetPreview {
  schoolName: string;
  name: string;
  mobile: string;
  expiresAt: number;
}

export interface PasswordResetAcceptance {
  token: string;
  password: string;
}

/** The self-service reset's code request: the same answer whether the mobile is a staff account or not. */
export interface PasswordResetCodeRequest {
  mobile: string;
}

export interface PasswordResetWithCode {
  mobile: string;
  /** The SMS code (6 digits). */
  code: string;
  password: string;
}

/** A new password set: nobody is signed in; the person signs in with it (and their second factor, if on). */
export interface PasswordResetDone {
  mobile: string;
  secondFactor: boolean;
}

export interface RoleChange {
  role: StaffRole;
}

export interface StatusChange {
  status: StaffStatus;
}

/** Dates are China Standard Time days, YYYY-MM-DD, both included. */
export interface AuditQuery {
  current?: number;
  size?: number;
  actorId?: string;
  action?: AuditAction;
  /** The kind of thing the entries are about. */
  targetType?: AuditTarget;
  from?: string;
  to?: string;
}

export interface AuditEntry {
  id: string;
  at: number;
  /** Null for the operator's command line (school:create). */
  actorId: string | null;
  actorName: string;
  /** The actor's role now; null for the command line or an account no longer there. */
  actorRole: StaffRole | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  /** The thing's name: as it is now where it still exists, else as written with the entry; null for neither (older entries). */
  targetName: string | null;
  /** The thing's staff screen while it exists; null once deleted or where no screen shows it. */
  link: string | null;
  /** Names of the other things the changed fields mention (a class, a course, a category), by id. */
  names: Record<string, string>;
  /** The changed fields only, before and after; never a password hash, secret or token. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
  requestId: string;
}

/** One-time codes that stand in for the authenticator's code (a lost phone); ten a set. */
export interface RecoveryCodes {
  /** Shown once: only their hashes are kept. */
  codes: string[];
}

export interface RecoveryCodesLeft {
  left: number;
}

/** The leads list's filters. Dates are China Standard Time days, YYYY-MM-DD, both included. */
export interface LeadQuery {
  current?: number;
  size?: number;
  from?: string;
  to?: string;
  state?: LeadState;
  productId?: string;
  /** Part of the name or the mobile. */
  q?: string;
}

export interface LeadInfo {
  id: string;
  name: string;
  /** Whole: staff call the person back. */
  mobile: string;
  content: string;
  productId: string | null;
  productName: string | null;
  state: LeadState;
  createdAt: number;
  handledAt: number | null;
  handledByName: string | null;
  note: string | null;
  /** Once converted (转为学员): the student's user id (学员管理's ?id=); null before. */
  studentId: string | null;
}

/** A page of leads and the products the school's leads were left about (the product filter's choices). */
export interface LeadPage extends Page<LeadInfo> {
  products: { id: string; name: string }[];
}

export interface LeadStateChange {
  state: LeadState;
  /** Required when marking handled. */
  note?: string;
}

/** 转为学员: the class (one the reader manages, not ended) and optionally its period. */
export interface LeadConvertInput {
  classId: string;
  periodId?: string | null;
}

export interface LeadConverted {
  lead: LeadInfo;
  className: string;
  /** false: the person was in the class already (the lead is converted all the same). */
  added: boolean;
  /** true: the mobile was new to the portal and a user was created. */
  userCreated: boolean;
}

export const signIn = post<SignInRequest, SignInAnswer>('/admin/session/signIn');
export const secondFactor = post<SecondFactorRequest, StaffMe>('/admin/session/secondFactor');
export const me = get<Record<string, never>, StaffMe>('/admin/session/me');
export const signOut = post<Record<string, never>, null>('/admin/session/signOut');
export const mySessions = get<Record<string, never>, StaffSessionInfo[]>('/admin/sessions');
export const revokeSession = post<Record<string, never>, null>('/admin/sessions/:id/revoke');
export const revokeOtherSessions = post<Record<string, never>, { revoked: number }>('/admin/sessions/revokeOthers');
export const changePassword = post<PasswordChange, null>('/admin/account/password');
export const secondFactorStart = post<Record<string, never>, SecondFactorEnrolment>('/admin/account/secondFactor/start');
export const secondFactorConfirm = post<CodeRequest, RecoveryCodes>('/admin/account/secondFactor/confirm');
export const secondFactorDisable = post<SecondFactorDisable, null>('/admin/account/secondFactor/disable');
export const accounts = get<AccountQuery, Page<StaffAccountInfo>>('/admin/accounts');
export const changeRole = post<RoleChange, StaffAccountInfo>('/admin/accounts/:id/role');
export const changeStatus = post<StatusChange, StaffAccountInfo>('/admin/accounts/:id/status');
export const resetSecondFactor = post<Record<string, never>, StaffAccountInfo>('/admin/accounts/:id/resetSecondFactor');
export const resetPassword = post<Record<string, never>, IssuedPasswordReset>('/admin/accounts/:id/resetPassword');
export const passwordResetInspect = post<InvitationToken, PasswordResetPreview>('/admin/passwordReset/inspect');
export const passwordResetAccept = post<PasswordResetAcceptance, PasswordResetDone>('/admin/passwordReset/accept');
/** Answered with data null and the message 发送成功, whether a code was sent or not. */
export const passwordResetSendCode = post<PasswordResetCodeRequest, null>('/admin/passwordReset/sendCode');
export const passwordResetWithCode = post<PasswordResetWithCode, PasswordResetDone>('/admin/passwordReset/withCode');
export const invitations = get<Record<string, never>, PendingInvitation[]>('/admin/invitations');
export const invite = post<InvitationRequest, IssuedInvitation>('/admin/invitations/create');
export const revokeInvitation = post<Record<string, never>, null>('/admin/invitations/:id/revoke');
export const invitationInspect = post<InvitationToken, InvitationPreview>('/admin/invitation/inspect');
export const invitationAccept = post<InvitationAcceptance, StaffMe>('/admin/invitation/accept');
export const audit = get<AuditQuery, Page<AuditEntry>>('/admin/audit');
/**
 * A file upload: multipart/form-data with `file` (the picture) and `purpose` (UploadPurpose), not
 * JSON. The answer's url serves the file on the school's host.
 */
export const upload = post<FormData, UploadedFile>('/admin/uploads');
export const recoveryCodesLeft = get<Record<string, never>, RecoveryCodesLeft>('/admin/account/recoveryCodes');
export const recoveryCodesRenew = post<{ password: string }, RecoveryCodes>('/admin/account/recoveryCodes/renew');
export const leads = get<LeadQuery, LeadPage>('/admin/leads');
/** The filtered list as a CSV file (UTF-8 with BOM, CRLF), not the JSON envelope. */
export const leadsExport = get<LeadQuery, string>('/admin/leads/export');
export const leadState = post<LeadStateChange, LeadInfo>('/admin/leads/:id/state');
/** 转为学员: the lead's mobile and name become (or find) the school's student, enrolled in the class; once. */
export const leadConvert = post<LeadConvertInput, LeadConverted>('/admin/leads/:id/convert');
