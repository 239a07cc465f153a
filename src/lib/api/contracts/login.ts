import { get, post } from '../contract';
import type { IssuedToken, UserInfo } from './identity';

/** Login, binding to a school, the student's own profile, invitation codes and single sign-on. */

export type { IssuedToken, UserInfo };

/** Fields every login sends; tenantId names the school logged in to (else the request's). */
interface LoginCommon {
  tenantId?: string;
  terminalType?: string;
  bizType?: string;
  bizId?: string | number;
  /**
   * A captcha's key and answer, sent only after a login answered CAPTCHA_REQUIRED: the address has
   * used up its budget of failures, and a person proves they are one (decision 053).
   */
  captchaKey?: string;
  captchaCode?: string;
}

/** SMS code login; the first login creates the user (with nickName, when the join forms send one). */
export interface CodeLoginRequest extends LoginCommon {
  grantType: 'MOBILE_LOGIN_REGISTER';
  mobile: string;
  code: string;
  nickName?: string;
}

export interface PasswordLoginRequest extends LoginCommon {
  grantType: 'PASSWORD';
  /** A mobile number or a username. */
  username: string;
  password: string;
}

export type LoginRequest = CodeLoginRequest | PasswordLoginRequest;

/** The logged-in user's own account: userId must be theirs and tenantId the token's school. */
export interface SelfRequest {
  tenantId: string;
  userId: string;
}

export interface Binding {
  tenantId: string;
  userId: string;
  studentId: string;
}

/** Changing a password that is set needs oldPassword or a fresh MOBILE_LOGIN_REGISTER code. */
export interface ProfileUpdate {
  userId?: string;
  nickName?: string;
  realName?: string;
  password?: string;
  oldPassword?: string;
  code?: string;
}

/** userId '0' (nobody logged in yet) on the first call of the invitation flow. */
export interface InvitationCheck {
  qrCode: string;
  userId?: string;
}

export interface InvitationInfo {
  tenantId: string;
  enterpriseName: string;
}

export interface JoinRequest extends SelfRequest {
  qrCode: string;
  /** The enterprise name the student typed (default: the code's). */
  enterpriseName?: string;
}

export interface SsoSession extends IssuedToken {
  /** The school the ticket signed in to: the session's school. */
  tenantId: string;
}

export interface PartnerTicket {
  ticket: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The partner's platform with the ticket, or null when no address is configured. */
  url: string | null;
}

/** Answered with the message 登录成功. */
export const login = post<LoginRequest, IssuedToken>('/oauth/anyTenant/login');
export const bindTenant = post<SelfRequest, Binding>('/userCenter/anyTenant/userTenant/bind');
/** The student id (binding the user first when needed). */
export const studentId = get<SelfRequest, string>('/userCenter/anyTenant/student/getOrCreateStudentId');
/** Answered with the user info and the message 操作成功. */
export const updateStudent = post<ProfileUpdate, UserInfo>('/userCenter/anyTenant/student/updateStudent');
export const checkInvitation = post<InvitationCheck, InvitationInfo>('/userCenter/anyTenant/qrCodeUser/checkInvitation');
export const defTenantByQrCode = get<InvitationCheck, InvitationInfo & { tenantName: string }>('/userCenter/anyTenant/qrCodeUser/getDefTenantByQrCode');
/** Answered with the message 操作成功. */
export const joinByInvitation = post<JoinRequest, InvitationInfo & { studentId: string }>('/userCenter/anyTenant/qrCodeUser/joinByInvitation');
/** /sso-login: a signed ticket of the operator's other systems for a session; no school header needed. */
export const ssoLogin = post<{ ticket: string }, SsoSession>('/oauth/anyTenant/ssoLogin');
/** Partner edition only (404 elsewhere): a signed 5-minute ticket of the logged-in student for the partner. */
export const partnerSso = post<Record<string, never>, PartnerTicket>('/contact/app/kingdee/sso');
