import type { Config } from '../config';
import type { DB } from '../db/database';
import type { Logger } from '../logger';
import type { Tenant } from '../tenant/tenant.table';
import type { User } from '../identity/identity.table';
import type { ClientHeaders, Runtime } from './context';
import type { StaffActor } from '../staff/accounts/accounts.table';

/** A request's logged-in user: the user and the hash of the token it came with. */
export interface Authenticated {
  user: User;
  tokenHash: string;
}

/** A logged-in user as a student of one school: the user and their student id there. */
export interface Student {
  tenantId: string;
  studentId: string;
  user: User;
}

/**
 * Everything one request may use, set once when it arrives: the database, the clock reading of
 * the request, its id and peer, the client headers, and the school, user and student, each
 * resolved on first use and then kept for the rest of the request. Services take the scope and
 * their input; nothing about a request lives anywhere else.
 */
export interface Scope {
  readonly db: DB;
  readonly config: Config;
  readonly logger: Logger;
  readonly lookups: Runtime['lookups'];
  /** Outside services (SMS, map), made once per process. */
  readonly providers: Runtime['providers'];
  /** Where uploaded files are kept. */
  readonly storage: Runtime['storage'];
  /** Where a domain says that public pages changed (after its change is committed). */
  readonly pageChanges: Runtime['pageChanges'];
  /** Where unfinished resumable uploads wait. */
  readonly uploadStaging: Runtime['uploadStaging'];
  readonly requestId: string;
  /** The peer address ('' when unknown). */
  readonly ip: string;
  readonly host: string;
  readonly headers: ClientHeaders;
  /** The request's clock reading (epoch ms): one instant for every rule the request applies. */
  readonly now: number;
  /**
   * The school of the request: an explicit id when the call names one (a tenantId field), else
   * the TenantId/SchoolId header, else the host name. Throws "school not found".
   */
  tenant(explicitId?: string | null): Promise<Tenant>;
  /** The logged-in user (Token header) in this school; throws the login-invalid codes. */
  user(): Promise<Authenticated>;
  /** The user when a valid token came with the request, else null (visitor-or-user calls). */
  optionalUser(): Promise<Authenticated | null>;
  /** The logged-in user as a student of this school; throws the login-invalid codes. */
  student(): Promise<Student>;
  /** The signed-in staff member of this school (the staff session cookie); throws 40001, 40005 or 40009. */
  staff(): Promise<StaffActor>;
  /** The staff member when a valid staff session came with the request, else null (the /admin pages). */
  optionalStaff(): Promise<StaffActor | null>;
}

/** The Hono environment of every API route: the scope is set once per request in app.ts. */
export type ApiEnv = {
  Bindings: { requestId?: string; ip?: string };
  Variables: { scope: Scope };
};
