import { describe, expect, test } from 'vitest';
import { STAFF_CALLS, type StaffCallName } from '~/lib/api/contracts/staff';
import { STAFF_ACCESS, mayCall } from '~/lib/staff/access';
import { STAFF_ROLES, type StaffRole } from '~/lib/staff/roles';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The role matrix: every staff call the app serves (read from its routes, so a new call cannot be
 * left out) with each role, with no session and with another school's administrator. Only those
 * the access table allows get past the gate; everyone else gets the refusal that says why. The
 * input is empty, so calls that pass are refused by their own validation at most, never by the gate.
 */

const server = useTestServer();

const GATE_REFUSALS = [40001, 40005, 40009, 403];
const NAMES = Object.keys(STAFF_CALLS) as StaffCallName[];

type Caller = { kind: 'role'; role: StaffRole } | { kind: 'none' } | { kind: 'foreign' };
const CALLERS: Caller[] = [...STAFF_ROLES.map((role) => ({ kind: 'role', role }) as const), { kind: 'none' }, { kind: 'foreign' }];
const label = (c: Caller) => (c.kind === 'role' ? c.role : c.kind === 'none' ? 'no session' : "another school's administrator");

describe('every staff call is in the access table', () => {
  test('the /api/admin routes of the app are exactly the staff contracts, each with its access row', () => {
    const served = server()
      .app.routes.filter((r) => r.path.startsWith('/api/admin/') && ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual(NAMES.map((n) => `${STAFF_CALLS[n].method} /api${STAFF_CALLS[n].path}`).sort());
    expect(Object.keys(STAFF_ACCESS).sort()).toEqual([...NAMES].sort());
    // Every other /api route is outside /api/admin: staff calls cannot hide elsewhere.
    expect(NAMES.every((n) => STAFF_CALLS[n].path.startsWith('/admin/'))).toBe(true);
  });
});

describe.each(NAMES.map((name) => [name] as const))('%s', (name) => {
  test.each(CALLERS.map((c) => [label(c), c] as const))('%s', async (_label, caller) => {
    const call = STAFF_CALLS[name];
    // A fresh session per case: the call may end it (signOut) or change its account.
    let session: TestStaffSession | null = null;
    if (caller.kind === 'role') session = await sessionOf(server(), await makeStaff(server(), DEMO.id, caller.role));
    if (caller.kind === 'foreign') session = await sessionOf(server(), await makeStaff(server(), HUAXIA.id, 'admin'));
    const target = await makeStaff(server(), DEMO.id, 'teacher');
    const answer = await server().call(call as never, {}, { ...asStaff(session, DEMO.id), params: { id: target.id } });
    // A file (the leads' CSV) has no envelope: its status stands for the answer.
    const code = (answer.body?.code ?? answer.status) as number;
    const access = STAFF_ACCESS[name];
    if (access === 'public') {
      expect(GATE_REFUSALS, JSON.stringify(answer.body)).not.toContain(code);
    } else if (caller.kind === 'none') {
      expect(answer.body).toEqual({ code: 40001, data: null, message: '请先登录管理后台' });
    } else if (caller.kind === 'foreign') {
      expectRefused(answer, ErrorCode.TOKEN_FOREIGN, t('staff.sessionForeign'));
    } else if (mayCall(caller.role, name)) {
      expect(GATE_REFUSALS, JSON.stringify(answer.body)).not.toContain(code);
    } else {
      expect(answer.body).toEqual({ code: 403, data: null, message: '您的角色无权进行此操作' });
    }
  });
});
