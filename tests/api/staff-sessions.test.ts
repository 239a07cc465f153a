import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_ROLE, type StaffRole } from '~/lib/staff/roles';
import { STAFF_SESSION } from '~/server/staff/accounts/accounts.rules';
import { DEMO, startTestServer, useTestServer } from '../setup/server';
import { DEMO_STAFF_PASSWORD, asStaff, makeStaff, sessionOf, signInAs, type TestStaffSession } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/** Staff sessions: expiry with the controlled clock, the list, revoking, signing out, CSRF, the cookie's Secure flag. */

const server = useTestServer();
const MINUTE = 60_000;

async function member(role: StaffRole = STAFF_ROLE.editor) {
  return makeStaff(server(), DEMO.id, role);
}

const me = (session: TestStaffSession | null, headers: Record<string, string> = {}) => server().call(staff.me, {}, asStaff(session, DEMO.id, headers));

describe('expiry', () => {
  test('a session unused for an hour ends; used within the hour it lives on (use is noted at most once a minute)', async () => {
    const session = await sessionOf(server(), await member());
    server().clock.advance(STAFF_SESSION.idleMs - 1000);
    expect((await me(session)).body.code).toBe(0);
    // That use moved the idle end an hour on.
    server().clock.advance(STAFF_SESSION.idleMs - 1000);
    expect((await me(session)).body.code).toBe(0);
    server().clock.advance(STAFF_SESSION.idleMs);
    expect((await me(session)).body).toEqual({ code: 40001, data: null, message: '登录已过期，请重新登录' });
  });

  test('a session in constant use still ends twelve hours after signing in', async () => {
    const session = await sessionOf(server(), await member());
    for (let spent = 0; spent < STAFF_SESSION.absoluteMs - 30 * MINUTE; spent += 30 * MINUTE) {
      server().clock.advance(30 * MINUTE);
      expect((await me(session)).body.code).toBe(0);
    }
    server().clock.advance(30 * MINUTE);
    expectRefused(await me(session), ErrorCode.TOKEN_INVALID, t('staff.sessionExpired'));
  });

  test('rows of sessions that ended over thirty days ago are deleted when someone signs in', async () => {
    const account = await member();
    const old = await sessionOf(server(), account);
    server().clock.advance(STAFF_SESSION.absoluteMs + STAFF_SESSION.keepEndedMs + 1000);
    const kept = await sessionOf(server(), account);
    const rows = await server().runtime.db.selectFrom('staffSessions').select('id').where('accountId', '=', account.id).execute();
    expect(rows.map((r) => r.id)).toEqual([kept.sessionId]);
    expect(rows.map((r) => r.id)).not.toContain(old.sessionId);
  });

  test('no cookie, an unknown token and a malformed cookie all ask to sign in', async () => {
    expect((await me(null)).body).toEqual({ code: 40001, data: null, message: '请先登录管理后台' });
    expectRefused(await me(null, { Cookie: 'szyx_staff=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), ErrorCode.TOKEN_INVALID, t('staff.signInRequired'));
    expectRefused(await me(null, { Cookie: 'szyx_staff="<script>"; other=1' }), ErrorCode.TOKEN_INVALID, t('staff.signInRequired'));
  });
});

describe('my sessions', () => {
  test('listed with device, address and times; one revoked; all others revoked; the current one stays', async () => {
    const account = await member();
    const a = await sessionOf(server(), account, 'Mozilla/5.0 (Windows NT 10.0) Chrome/140');
    const b = await sessionOf(server(), account, 'Mozilla/5.0 (Macintosh) Safari/18');
    const c = await sessionOf(server(), account, 'Mozilla/5.0 (X11; Linux) Firefox/140');
    const list = await server().call(staff.mySessions, {}, asStaff(a, DEMO.id));
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.find((s: staff.StaffSessionInfo) => s.current)).toMatchObject({
      id: a.sessionId,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/140',
      ip: '127.0.0.1',
    });
    expect(list.body.data[0]).toEqual({
      id: expect.any(String),
      current: expect.any(Boolean),
      userAgent: expect.any(String),
      ip: '127.0.0.1',
      createdAt: server().clock.value,
      lastSeenAt: server().clock.value,
      expiresAt: server().clock.value + STAFF_SESSION.idleMs,
    });

    expect((await server().call(staff.revokeSession, {}, { ...asStaff(a, DEMO.id), params: { id: b.sessionId } })).body.code).toBe(0);
    expect((await me(b)).body).toEqual({ code: 40005, data: null, message: '该登录已退出或已被注销，请重新登录' });
    // Someone else's session is not found, and ending one twice is not found either.
    const stranger = await sessionOf(server(), await member());
    expect((await server().call(staff.revokeSession, {}, { ...asStaff(a, DEMO.id), params: { id: stranger.sessionId } })).body.message).toBe(
      '未找到该登录会话',
    );
    expect((await me(stranger)).body.code).toBe(0);

    const others = await server().call(staff.revokeOtherSessions, {}, asStaff(a, DEMO.id));
    expect(others.body.data).toEqual({ revoked: 1 });
    expectRefused(await me(c), ErrorCode.TOKEN_REVOKED, t('staff.sessionRevoked'));
    expect((await me(a)).body.code).toBe(0);
    expect((await server().call(staff.mySessions, {}, asStaff(a, DEMO.id))).body.data.map((s: staff.StaffSessionInfo) => s.id)).toEqual([a.sessionId]);
  });

  test('signing out ends the session and clears the cookie', async () => {
    const session = await sessionOf(server(), await member());
    const out = await server().call(staff.signOut, {}, asStaff(session, DEMO.id));
    expect(out.body.code).toBe(0);
    expect(out.headers.get('set-cookie')).toBe('szyx_staff=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
    expectRefused(await me(session), ErrorCode.TOKEN_REVOKED, t('staff.sessionRevoked'));
  });

  test('a disabled account is out at once, on every device', async () => {
    const admin = await sessionOf(server(), await member(STAFF_ROLE.admin));
    const account = await member();
    const session = await sessionOf(server(), account);
    await server().call(staff.changeStatus, { status: 0 }, { ...asStaff(admin, DEMO.id), params: { id: account.id } });
    expectRefused(await me(session), ErrorCode.TOKEN_REVOKED, t('staff.sessionRevoked'));
  });

  test('changing the password needs the current one and ends the other sessions', async () => {
    const account = await member();
    const here = await sessionOf(server(), account);
    const there = await sessionOf(server(), account);
    const wrong = await server().call(staff.changePassword, { oldPassword: 'Wrong2026', newPassword: 'Better2027' }, asStaff(here, DEMO.id));
    expect(wrong.body.message).toBe('当前密码不正确');
    const weak = await server().call(staff.changePassword, { oldPassword: DEMO_STAFF_PASSWORD, newPassword: 'abcdefgh' }, asStaff(here, DEMO.id));
    expect(weak.body.message).toBe('密码须同时包含字母和数字');
    const same = await server().call(staff.changePassword, { oldPassword: DEMO_STAFF_PASSWORD, newPassword: DEMO_STAFF_PASSWORD }, asStaff(here, DEMO.id));
    expect(same.body.message).toBe('新密码不能与当前密码相同');
    const ok = await server().call(staff.changePassword, { oldPassword: DEMO_STAFF_PASSWORD, newPassword: 'Better2027' }, asStaff(here, DEMO.id));
    expect(ok.body.code).toBe(0);
    expect((await me(here)).body.code).toBe(0);
    expectRefused(await me(there), ErrorCode.TOKEN_REVOKED, t('staff.sessionRevoked'));
    expectRefused(await server().call(staff.signIn, { mobile: account.mobile, password: DEMO_STAFF_PASSWORD }), ErrorCode.BAD_REQUEST, t('staff.signInFailed'));
    expect((await signInAs(server(), DEMO.id, account.mobile, 'Better2027')).me.account.id).toBe(account.id);
  });
});

describe('CSRF and origin', () => {
  test("a write without the token, with a wrong one or with another session's is refused and changes nothing", async () => {
    const account = await member();
    const session = await sessionOf(server(), account);
    const other = await sessionOf(server(), await member());
    const tries: Record<string, string>[] = [
      { Cookie: session.cookie },
      { Cookie: session.cookie, 'X-CSRF-Token': 'x'.repeat(43) },
      { Cookie: session.cookie, 'X-CSRF-Token': other.csrf },
    ];
    for (const headers of tries) {
      const a = await server().call(staff.signOut, {}, { tenant: DEMO.id, headers });
      expect(a.body).toEqual({ code: 403, data: null, message: '页面已过期，请刷新页面后重试' });
    }
    expect((await me(session)).body.code).toBe(0);
    // Reads need no token.
    expect((await server().call(staff.mySessions, {}, { tenant: DEMO.id, headers: { Cookie: session.cookie } })).body.code).toBe(0);
  });

  test("a write from another site is refused even with the token (Sec-Fetch-Site or Origin); the site's own pages pass", async () => {
    const session = await sessionOf(server(), await member());
    const refusedHeaders: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ];
    for (const headers of refusedHeaders) {
      const a = await server().call(staff.revokeOtherSessions, {}, asStaff(session, DEMO.id, headers));
      expect(a.body).toEqual({ code: 403, data: null, message: '请求来源不正确，请从本校后台页面操作' });
    }
    // Signing in from another site (login CSRF) is refused too.
    const login = await server().call(staff.signIn, { mobile: '13700000001', password: DEMO_STAFF_PASSWORD }, { headers: { Origin: 'https://evil.example' } });
    expectRefused(login, ErrorCode.FORBIDDEN, t('staff.originRefused'));
    const own = await server().call(staff.revokeOtherSessions, {}, asStaff(session, DEMO.id, { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' }));
    expect(own.body.code).toBe(0);
  });
});

describe('the cookie is Secure on https', () => {
  test("with SITE_ON_HTTPS, and behind a trusted proxy that says https; not from a client's own X-Forwarded-Proto", async () => {
    for (const [env, headers, secure] of [
      [{ SITE_ON_HTTPS: 'true' }, {}, true],
      [{ TRUST_PROXY: 'true' }, { 'X-Forwarded-Proto': 'https' }, true],
      [{}, { 'X-Forwarded-Proto': 'https' }, false],
    ] as const) {
      const s = await startTestServer(env);
      try {
        const a = await s.call(staff.signIn, { mobile: '13700000001', password: DEMO_STAFF_PASSWORD }, { headers });
        expect(a.body.code).toBe(0);
        expect(a.headers.get('set-cookie')!.endsWith('; Secure')).toBe(secure);
      } finally {
        await s.close();
      }
    }
  });
});
