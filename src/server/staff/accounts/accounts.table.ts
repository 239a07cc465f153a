import type { Generated, Selectable } from 'kysely';
import type { StaffRole, StaffStatus } from '~/lib/staff/roles';

/** A school's staff member (migration 20261125T1400_staff). */
export interface StaffAccountTable {
  id: string;
  tenantId: string;
  /** The sign-in name; unique within the school. */
  mobile: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** scrypt, as students' (src/server/login/password.ts). */
  passwordHash: string;
  passwordUpdatedAt: number;
  /** The second factor's secret, encrypted (second-factor.ts); null when it is off. */
  totpSecret: string | null;
  /** A secret being set up, encrypted, until a code of it is confirmed. */
  totpPendingSecret: string | null;
  totpEnabledAt: number | null;
  /** The last time step a code was accepted for: a code is never accepted twice. */
  totpLastStep: number | null;
  lastSignInAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface StaffSessionTable {
  id: string;
  tenantId: string;
  accountId: string;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  tokenHash: string;
  userAgent: string;
  ip: string;
  createdAt: number;
  /** Moved forward as the session is used (at most once a minute): the idle expiry counts from it. */
  lastSeenAt: number;
  /** The absolute expiry. */
  expiresAt: number;
  revokedAt: number | null;
}

/** A correct password waiting for its second factor's code. */
export interface StaffChallengeTable {
  id: string;
  tenantId: string;
  accountId: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface StaffInvitationTable {
  id: string;
  tenantId: string;
  tokenHash: string;
  name: string;
  mobile: string | null;
  role: StaffRole;
  /** Null when the operator's command line made it. */
  createdById: string | null;
  createdByName: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
  /** The account it became. */
  accountId: string | null;
}

/** A one-time link an administrator made for a colleague to set a new password (migration 20261130T0500). */
export interface StaffPasswordResetTable {
  id: string;
  tenantId: string;
  accountId: string;
  /** SHA-256 of the link's token; the token itself is never stored. */
  tokenHash: string;
  createdById: string;
  createdByName: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** Set when a newer link for the account replaced it. */
  revokedAt: number | null;
}

export interface StaffSignInFailureTable {
  id: string;
  tenantId: string;
  accountKey: string | null;
  ip: string;
  /** The account's device cookie's random id, when the attempt came with it (decision 053); else null. */
  device: string | null;
  /** 1 while the attempt is being checked, 0 once it failed (decision 053). */
  pending: number;
  /** 1 once the account signed in after this failure (decision 095): out of the address's budget, still the account's. */
  forgiven: Generated<number>;
  createdAt: number;
}

export type StaffAccount = Selectable<StaffAccountTable>;
export type StaffSession = Selectable<StaffSessionTable>;
export type StaffChallenge = Selectable<StaffChallengeTable>;
export type StaffInvitation = Selectable<StaffInvitationTable>;

/** The signed-in person of a staff request, in the request's school (the request scope's staff()). */
export interface StaffActor {
  tenant: { id: string; name: string };
  account: { id: string; name: string; mobile: string; role: StaffRole; secondFactor: boolean };
  session: { id: string; tokenHash: string };
}

/** One second-factor recovery code (migration 20261125T1610_leads_staff): only its SHA-256 is kept. */
export interface StaffRecoveryCodeTable {
  id: string;
  tenantId: string;
  accountId: string;
  codeHash: string;
  createdAt: number;
  /** Set once, when it signed someone in. */
  usedAt: number | null;
}
