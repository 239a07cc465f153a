import { AppError } from '../errors';
import type { StaffActor } from '../staff/accounts/accounts.table';
import type { Tenant } from '../tenant/tenant.table';
import type { Runtime } from './context';
import type { Authenticated, ClientHeaders, Scope, Student } from './scope';
import { noteSchool } from './request-context';

export interface ScopeInput {
  requestId: string;
  ip: string;
  host: string;
  headers: ClientHeaders;
  /** Already resolved by the page middleware. */
  tenant?: Tenant;
}

/** The key of a school in the process's look-up (runtime.lookups.tenants): the host and the school a request names, if any. */
export const tenantLookupKey = (lookup: { host: string; tenantId?: string | null | undefined }): string => `${lookup.host}|${lookup.tenantId ?? ''}`;

/**
 * The scope of one request. The school, user, student and staff member are found by the domains
 * that own them, through the functions the composition root installed (runtime.identify).
 */
export function createScope(runtime: Runtime, input: ScopeInput): Scope {
  const { db, classWideDb, config, logger, lookups, providers, storage, pageChanges, uploadStaging, identify } = runtime;
  const now = runtime.now();
  let tenant: Promise<Tenant> | undefined = input.tenant ? Promise.resolve(input.tenant) : undefined;
  let user: Promise<Authenticated> | undefined;
  let student: Promise<Student> | undefined;
  let staff: Promise<StaffActor> | undefined;

  const scope: Scope = {
    db,
    classWideDb,
    config,
    logger,
    lookups,
    providers,
    storage,
    pageChanges,
    uploadStaging,
    now,
    requestId: input.requestId,
    ip: input.ip,
    host: input.host,
    headers: input.headers,
    tenant(explicitId) {
      if (explicitId) return identify.tenantById(db, explicitId);
      // Through the process's look-up, as pages find theirs (the same key: the host and the school named):
      // a school's change clears it here and on every instance (runtime.ts), and no call pays a query for it.
      const named = input.headers.tenantId ?? input.headers.schoolId;
      const lookup = { tenantId: named, host: input.host };
      tenant ??= lookups.tenants
        .get(tenantLookupKey(lookup), () => identify.tenantOf(db, config, lookup))
        .then((found) => {
          if (!found) throw AppError.tenantNotFound();
          // The request's access line names the school it was for.
          noteSchool(found.preDomain);
          return found;
        });
      return tenant;
    },
    user() {
      user ??= scope.tenant().then((t) => identify.user(db, input.headers.token, t.id, now));
      return user;
    },
    async optionalUser() {
      if (!input.headers.token) return null;
      try {
        return await scope.user();
      } catch {
        return null;
      }
    },
    student() {
      student ??= Promise.all([scope.tenant(), scope.user()]).then(([t, auth]) => identify.student(db, t.id, auth, now));
      return student;
    },
    staff() {
      staff ??= scope.tenant().then((t) => identify.staff(db, input.headers.staffToken ?? null, t, now));
      return staff;
    },
    async optionalStaff() {
      if (!input.headers.staffToken) return null;
      try {
        return await scope.staff();
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },
    staffCsrfToken: (actor) => identify.staffCsrfToken(actor, config),
  };
  return scope;
}
