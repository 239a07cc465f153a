import type { Generated, Selectable } from 'kysely';

/** One failed login (wrong password or code); the password throttle counts these rows. */
export interface LoginFailureTable {
  id: string;
  /**
   * What a password login's failure counts against (login.rules.ts throttleKey): `user:<id>` when
   * the name typed is an account's, else `name:<digest of the name>`; null for a code login.
   */
  account: string | null;
  ip: string;
  /**
   * The random id of the device cookie the attempt came with, when that cookie is the account's
   * (login.rules.ts deviceTrusted); null otherwise. Such an attempt counts against its device alone.
   */
  device: string | null;
  /** 1 while the attempt is being checked, 0 once it failed (decision 053). */
  pending: number;
  /**
   * 1 once the account logged in after this failure (decision 095): it no longer counts for its address's budget, and
   * still counts for the account until its window ends.
   */
  forgiven: Generated<number>;
  createdAt: number;
}

/**
 * One successful login (password or code) of a user from an address, kept for the throttle's
 * window: the distinct accounts that logged in from an address widen its budget of failures.
 */
export interface LoginSuccessTable {
  id: string;
  userId: string;
  ip: string;
  createdAt: number;
}

/** A single-sign-on token's nonce, kept until the token would have expired: each token works once. */
export interface SsoNonceTable {
  nonce: string;
  tenantId: string;
  usedAt: number;
  expiresAt: number;
}

export interface InvitationCodeTable {
  id: string;
  tenantId: string;
  /** 6 upper-case letters or digits, unique across schools. */
  code: string;
  enterpriseName: string;
  /** 1 active; 0 disabled. */
  status: number;
  expiresAt: number | null;
  maxUses: number | null;
  usedCount: number;
  createdAt: number;
}

export interface InvitationJoinTable {
  tenantId: string;
  userId: string;
  invitationId: string;
  /** The enterprise name the student typed. */
  enterpriseName: string;
  createdAt: number;
}

export type InvitationCode = Selectable<InvitationCodeTable>;
