import type { FileStore } from '../storage/storage';
import type { UploadStaging } from '../media-library/staging-store';
import type { Config } from '../config';
import type { DB, DatabaseKind } from '../db/database';
import type { Logger } from '../logger';
import type { Tenant } from '../tenant/tenant.table';
import type { PageChangeBus } from '../events/page-change-bus';
import type { StaffActor } from '../staff/accounts/accounts.table';
import type { JobKinds } from '../jobs/jobs.service';
import type { Authenticated, ClientHeaders, Lookups, Providers, Student } from './scope';

/**
 * Who a request speaks for, answered by the domains that own schools (tenant/), users (identity/)
 * and staff sessions (staff/accounts/). The composition root (runtime.ts) installs their functions,
 * so the request scope and the staff gate of http/ name no domain.
 */
export interface Identify {
  /** The school of an explicit id; throws "school not found". */
  tenantById(db: DB, tenantId: string): Promise<Tenant>;
  /** The school a TenantId/SchoolId header or else the host names, or null. */
  tenantOf(db: DB, config: Config, lookup: { tenantId: string | null; host: string }): Promise<Tenant | null>;
  /** The user of a token in one school; throws the login-invalid codes. */
  user(db: DB, token: string | null, tenantId: string, now: number): Promise<Authenticated>;
  /** A user as a student of one school (made one on first use). */
  student(db: DB, tenantId: string, auth: Authenticated, now: number): Promise<Student>;
  /** The staff member of a session token in one school; throws 40001, 40005 or 40009. */
  staff(db: DB, token: string | null, tenant: Tenant, now: number): Promise<StaffActor>;
  /** The CSRF token of a staff member's session, which each staff write must carry. */
  staffCsrfToken(actor: StaffActor, config: Config): string;
}

/** Process-wide dependencies, made once at start and passed down; no module holds them. */
export interface Runtime {
  config: Config;
  db: DB;
  /**
   * Where a read of a whole class goes (a ranking, participants, finishers): on the server over SQLite, a worker
   * thread's own connection, so that the read does not hold the event loop (decision 137); else `db`.
   */
  classWideDb: DB;
  dbKind: DatabaseKind;
  logger: Logger;
  /** Current time in epoch ms; tests pass a controlled clock. */
  now: () => number;
  /** Per-page look-ups kept a few seconds (see Lookups). */
  lookups: Lookups;
  /** Outside services, made once from the configuration (see Providers). */
  providers: Providers;
  /** Where uploaded files are kept: UPLOAD_DIR on the local disk, or a bucket (STORAGE_DRIVER=s3). */
  storage: FileStore;
  /**
   * Changes of public pages, published by the domains that make them and heard by every cache of
   * every instance (src/server/events/page-change-bus.ts): in process on SQLite, NOTIFY on PostgreSQL.
   */
  pageChanges: PageChangeBus;
  /** Where unfinished resumable uploads wait (UPLOAD_DIR/.media-uploads, or the bucket with STORAGE_DRIVER=s3). */
  uploadStaging: UploadStaging;
  /** Who a request speaks for (see Identify), installed by the composition root. */
  identify: Identify;
  /** The kinds of database-backed jobs, each defined by its domain and registered by the composition root. */
  jobKinds: JobKinds;
}

/** The staff session cookie's name (also STAFF_COOKIE of the staff sessions service). */
const STAFF_COOKIE = 'szyx_staff';
const COOKIE_TOKEN = /^[\w-]{16,128}$/;

/** The value of one cookie of a Cookie header, when it looks like a token; the first one wins. */
function cookieToken(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return COOKIE_TOKEN.test(value) ? value : null;
  }
  return null;
}

function header(h: Headers, ...names: string[]): string | null {
  for (const n of names) {
    const v = h.get(n)?.trim();
    if (v) return v.slice(0, 256);
  }
  return null;
}

function decodeBasic(value: string | null): ClientHeaders['client'] {
  if (!value || !/^basic\s+/i.test(value)) return null;
  try {
    const decoded = atob(value.replace(/^basic\s+/i, '').trim());
    const i = decoded.indexOf(':');
    return i > 0 ? { id: decoded.slice(0, i), secret: decoded.slice(i + 1) } : null;
  } catch {
    return null;
  }
}

export function readClientHeaders(h: Headers): ClientHeaders {
  return {
    tenantId: header(h, 'tenantid', 'tenant-id'),
    schoolId: header(h, 'schoolid', 'school-id'),
    token: header(h, 'token'),
    grayVersion: header(h, 'gray_version', 'gray-version'),
    platformType: header(h, 'platformtype', 'platform-type'),
    applicationId: header(h, 'applicationid', 'application-id'),
    client: decodeBasic(header(h, 'authorization')),
    staffToken: cookieToken(h.get('cookie'), STAFF_COOKIE),
    userAgent: header(h, 'user-agent'),
  };
}
