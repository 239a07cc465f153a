import { expect } from 'vitest';
import * as cls from '~/lib/api/contracts/admin-classes';
import type { TestServer } from './server';
import { classInput } from './class-input';
import { asStaff, makeStaff, sessionOf, type TestStaff, type TestStaffSession } from './staff';

export { classInput };

/**
 * Classes made through the staff calls, for API tests: an administrator of the school makes a
 * class (with the teachers given) and its periods, so each test has classes of its own.
 */

export interface Staffer {
  account: TestStaff;
  session: TestStaffSession;
}

export async function staffer(server: TestServer, tenantId: string, role: TestStaff['role']): Promise<Staffer> {
  const account = await makeStaff(server, tenantId, role);
  return { account, session: await sessionOf(server, account) };
}

/** The request options of a staff call on a class (its id in the path). */
export const onClass = (who: Staffer, classId: string, tenantId: string, headers: Record<string, string> = {}) => ({
  ...asStaff(who.session, tenantId, headers),
  params: { id: classId },
});

export async function ok<T>(p: Promise<{ body: { code: number; data: unknown; message?: string } }>): Promise<T> {
  const a = await p;
  expect(a.body.code, JSON.stringify(a.body)).toBe(0);
  return a.body.data as T;
}

export async function makeClass(server: TestServer, admin: Staffer, tenantId: string, over: Partial<cls.ClassInput> = {}): Promise<cls.AdminClass> {
  return ok(server.call(cls.adminClassSave, classInput(over), asStaff(admin.session, tenantId)));
}

export async function makePeriod(server: TestServer, admin: Staffer, tenantId: string, classId: string, name: string): Promise<cls.AdminPeriod> {
  return ok(server.call(cls.adminClassPeriodSave, { classPeriodType: 1, name, start: '2026-11-01', end: '2026-12-31' }, onClass(admin, classId, tenantId)));
}

/** A mobile no other test of this run uses: 135 + pid digits + a counter. */
let mobiles = 0;
export function freshStudentMobile(): string {
  mobiles += 1;
  return `135${String(process.pid % 10000).padStart(4, '0')}${String(mobiles).padStart(4, '0')}`;
}
