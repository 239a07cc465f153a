import type { Generated, Selectable } from 'kysely';

export interface UserTable {
  id: string;
  mobile: string;
  username: string | null;
  /** scrypt$N$r$p$salt$hash (src/server/login/password.ts); null until the user sets a password. */
  passwordHash: string | null;
  /** When the password was last set (migration 20261122T1310_login). */
  passwordUpdatedAt: number | null;
  nickName: string | null;
  realName: string | null;
  avatar: string | null;
  /** 1 active; 0 disabled. */
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface UserTenantTable {
  tenantId: string;
  userId: string;
  studentId: string;
  /** The student's state in this school (ACCOUNT_STATUS; migration 20261130T0600): a disabled one cannot sign in here. */
  status: Generated<number>;
  createdAt: number;
  /** The student's 证件号码 here (migration 20261130T0800, decision 078): whole, upper-case; null when the school has none. Shown masked only. */
  idNumber: Generated<string | null>;
  /** The school's own 学号: 1, 2, 3 … per school in the order students joined (null only before the migration numbered a row). */
  studentNo: number | null;
}

export interface UserTokenTable {
  id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  tenantId: string;
  applicationId: string | null;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export type User = Selectable<UserTable>;
export type UserToken = Selectable<UserTokenTable>;
