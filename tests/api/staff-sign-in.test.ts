import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { ErrorCode } from '~/lib/envelope';
import { codeAt } from '~/server/staff/accounts/second-factor';
import { STAFF_THROTTLE, CHALLENGE_TTL_MS, TOTP, totpStepAcceptable, totpStepAt } from '~/server/staff/accounts/accounts.rules';
import { claimTotpStep } from '~/server/staff/accounts/accounts.repository';
import { DEMO_STAFF } from '~/dev/seed/staff';
import { DEMO, HUAXIA, startTestServer, useTestServer } from '../setup/server';
import { DEMO_STAFF_PASSWORD, asStaff, cookieFrom, makeStaff, sessionOf, signInAs } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { passwordChecks } from '../setup/login';
import { t } from '~/server/i18n';

/** Signing in to the staff side: password, second factor, throttle, cookie, school binding. */

const server = useTestServer();
const demoAdmin = DEMO_STAFF[DEMO.id]![0]!;

describe('password sign-in', () => {
  test('the demo administrator signs in: an HttpOnly, SameSite=Strict cookie (not Secure on http), only its hash stored', async () => {
    const a = await server().call(staff.signIn, { mobile: demoAdmin.mobile, password: DEMO_STAFF_PASSWORD });
    expect(a.body.code).toBe(0);
    expect(a.body.data.step).toBe('done');
    expect(a.body.data.me.account).toMatchObject({ id: demoAdmin.id, name: demoAdmin.name, role: STAFF_ROLE.admin, secondFactor: false });
    expect(a.body.data.me.school).toEqual({ id: DEMO.id, name: expect.any(String) });
    const [set, device] = a.headers.getSetCookie();
    expect(set).toMatch(/^szyx_staff=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    // The browser is known to the account from now on (decision 053).
    expect(device).toMatch(/^szyx_staff_device=[\w-]{65}; Path=\/; Max-Age=15552000; HttpOnly; SameSite=Lax$/);
    const token = cookieFrom(a)!;
    const rows = await server().runtime.db.selectFrom('staffSessions').selectAll().where('accountId', '=', demoAdmin.id).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(a.headers.get('cache-control')).toBe('no-store');
    const me = await server().call(staff.me, {}, asStaff({ cookie: `szyx_staff=${token}`, csrf: '', sessionId: '', token }, DEMO.id));
    expect(me.body.data.account.id).toBe(demoAdmin.id);
  });

  test('an unknown mobile and a wrong password get the same message, cost one password check each and change nothing', async () => {
    const before = await passwordChecks();
    const wrong = await server().call(staff.signIn, { mobile: demoAdmin.mobile, password: 'Wrong2026' });
    const unknown = await server().call(staff.signIn, { mobile: '13799999999', password: 'Wrong2026' });
    const after = await passwordChecks();
    expect([after.mismatch - before.mismatch, after.match - before.match]).toEqual([2, 0]);
    expect(wrong.body).toEqual({ code: 400, data: null, message: '手机号或密码不正确' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  test("another school's account does not sign in here, and a school's session is refused on another school's site", async () => {
    const huaxiaAdmin = DEMO_STAFF[HUAXIA.id]![0]!;
    const here = await server().call(staff.signIn, { mobile: huaxiaAdmin.mobile, password: DEMO_STAFF_PASSWORD }, { tenant: DEMO.id });
    expect(here.body.message).toBe('手机号或密码不正确');
    const session = await signInAs(server(), HUAXIA.id, huaxiaAdmin.mobile);
    const byHeader = await server().call(staff.me, {}, asStaff(session, DEMO.id));
    expect(byHeader.body).toEqual({ code: 40009, data: null, message: '该登录不属于当前学校，请在本校后台重新登录' });
    const byHost = await server().call(staff.me, {}, asStaff(session, null, { Host: 'localhost' }));
    expectRefused(byHost, ErrorCode.TOKEN_FOREIGN, t('staff.sessionForeign'));
    const own = await server().call(staff.me, {}, asStaff(session, null, { Host: 'huaxia.localhost' }));
    expect(own.body.data.account.id).toBe(huaxiaAdmin.id);
  });

  test('a disabled account is told so, only once the password was right', async () => {
    const member = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    await server().runtime.db.updateTable('staffAccounts').set({ status: 0 }).where('id', '=', member.id).execute();
    const right = await server().call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD });
    expect(right.body.message).toBe('账号已停用，请联系学校管理员');
    const wrong = await server().call(staff.signIn, { mobile: member.mobile, password: 'Wrong2026' });
    expect(wrong.body.message).toBe('手机号或密码不正确');
  });

  test('bad input is refused with a clear message', async () => {
    expect((await server().call(staff.signIn, { mobile: '123', password: 'x' })).body.message).toBe('请输入正确的手机号');
    expect((await server().call(staff.signIn, { mobile: demoAdmin.mobile, password: '' })).body.message).toBe('请输入密码');
    expect((await server().post('/api/admin/session/signIn', '[1]')).body.message).toBe('参数格式不正确');
  });
});

describe('the sign-in throttle (clock moved, never waited for)', () => {
  test('five wrong passwords of one account from one address refuse even the right one from there until the window passes', async () => {
    const s = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const member = await makeStaff(s, DEMO.id, STAFF_ROLE.teacher);
      const from = { headers: { 'X-Forwarded-For': '10.0.0.9' } };
      for (let i = 0; i < STAFF_THROTTLE.perAccountAddress; i++) {
        expectRefused(await s.call(staff.signIn, { mobile: member.mobile, password: `Wrong${i}000` }, from), ErrorCode.BAD_REQUEST, t('staff.signInFailed'));
      }
      const refused = await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD }, from);
      expect(refused.body).toEqual({ code: 429, data: null, message: '尝试次数过多，请15分钟后再试' });
      s.clock.advance(STAFF_THROTTLE.windowMs - 1000);
      expectRefused(
        await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD }, from),
        ErrorCode.TOO_MANY_REQUESTS,
        t('staff.tooManyAttempts'),
      );
      s.clock.advance(61_000);
      expect((await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD }, from)).body.data.step).toBe('done');
    } finally {
      await s.close();
    }
  });

  test('ten wrong passwords of one account from many addresses refuse a browser it does not know, anywhere', async () => {
    const s = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const member = await makeStaff(s, DEMO.id, STAFF_ROLE.teacher);
      const from = (i: number) => ({ headers: { 'X-Forwarded-For': `10.0.0.${i}` } });
      for (let i = 0; i < STAFF_THROTTLE.perAccount; i++) {
        expectRefused(await s.call(staff.signIn, { mobile: member.mobile, password: `Wrong${i}000` }, from(i)), ErrorCode.BAD_REQUEST, t('staff.signInFailed'));
      }
      expectRefused(
        await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD }, from(200)),
        ErrorCode.TOO_MANY_REQUESTS,
        t('staff.tooManyAttempts'),
      );
      s.clock.advance(STAFF_THROTTLE.windowMs + 1);
      expect((await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD }, from(200))).body.data.step).toBe('done');
    } finally {
      await s.close();
    }
  });

  test('twenty failures from one address ask it for a captcha for every account; another address is not affected', async () => {
    const s = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const member = await makeStaff(s, DEMO.id, STAFF_ROLE.editor);
      const attacker = { headers: { 'X-Forwarded-For': '203.0.113.7' } };
      for (let i = 0; i < STAFF_THROTTLE.perIp; i++) {
        const mobile = `1370000${String(1000 + i)}`;
        expectRefused(await s.call(staff.signIn, { mobile, password: 'Wrong2026' }, attacker), ErrorCode.BAD_REQUEST, t('staff.signInFailed'));
      }
      expectRefused(
        await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD }, attacker),
        ErrorCode.CAPTCHA_REQUIRED,
        t('staff.captchaRequired'),
      );
      const other = await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD }, { headers: { 'X-Forwarded-For': '198.51.100.2' } });
      expect(other.body.data.step).toBe('done');
    } finally {
      await s.close();
    }
  });
});

describe('the second factor at sign-in', () => {
  /** An account with a second factor turned on through the API; returns its secret. */
  async function withSecondFactor(s = server()) {
    const member = await makeStaff(s, DEMO.id, STAFF_ROLE.editor);
    const session = await sessionOf(s, member);
    const start = await s.call(staff.secondFactorStart, {}, asStaff(session, DEMO.id));
    const secret = start.body.data.secret as string;
    const code = await codeAt(secret, s.clock.value);
    expect((await s.call(staff.secondFactorConfirm, { code }, asStaff(session, DEMO.id))).body.code).toBe(0);
    return { member, secret };
  }

  test('a correct password asks for the code; a wrong code is refused and counted; the right one opens the session once', async () => {
    const { member, secret } = await withSecondFactor();
    server().clock.advance(TOTP.periodS * 1000);
    const first = await server().call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD });
    expect(first.body.data).toEqual({
      step: 'secondFactor',
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      expiresAt: server().clock.value + CHALLENGE_TTL_MS,
    });
    expect(first.headers.get('set-cookie')).toBeNull();
    const { challenge } = first.body.data;
    const wrong = await server().call(staff.secondFactor, { challenge, code: '000000' });
    expect(wrong.body.message).toBe('动态验证码不正确或已使用，请输入验证器上的新验证码');
    const failures = await server().runtime.db.selectFrom('staffSignInFailures').selectAll().where('accountKey', '=', `staff:${member.id}`).execute();
    expect(failures).toHaveLength(1);
    const code = await codeAt(secret, server().clock.value);
    const done = await server().call(staff.secondFactor, { challenge, code });
    expect(done.body.data.account).toMatchObject({ id: member.id, secondFactor: true });
    expect(cookieFrom(done)).toMatch(/^[\w-]{43}$/);
    // The challenge and the code were used up.
    expect((await server().call(staff.secondFactor, { challenge, code })).body.message).toBe('验证已超时，请重新输入手机号和密码');
    const again = await server().call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD });
    const replay = await server().call(staff.secondFactor, { challenge: again.body.data.challenge, code });
    expect(replay.body.message).toBe('动态验证码不正确或已使用，请输入验证器上的新验证码');
  });

  test('a code of the step before or after is accepted, two steps away is not; a challenge ends after five minutes', async () => {
    const { member, secret } = await withSecondFactor();
    const now = () => server().clock.value;
    server().clock.advance(10 * TOTP.periodS * 1000);
    const challenge = async () => (await server().call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD })).body.data.challenge;
    expectRefused(
      await server().call(staff.secondFactor, { challenge: await challenge(), code: await codeAt(secret, now() - 2 * TOTP.periodS * 1000) }),
      ErrorCode.BAD_REQUEST,
      t('staff.codeWrong'),
    );
    expect((await server().call(staff.secondFactor, { challenge: await challenge(), code: await codeAt(secret, now() + TOTP.periodS * 1000) })).body.code).toBe(
      0,
    );
    server().clock.advance(5 * TOTP.periodS * 1000);
    expect((await server().call(staff.secondFactor, { challenge: await challenge(), code: await codeAt(secret, now() - TOTP.periodS * 1000) })).body.code).toBe(
      0,
    );
    const late = await challenge();
    server().clock.advance(CHALLENGE_TTL_MS);
    const expired = await server().call(staff.secondFactor, { challenge: late, code: await codeAt(secret, now()) });
    expect(expired.body.message).toBe('验证已超时，请重新输入手机号和密码');
  });

  test("wrong codes spend the account's budget: after five, even the right code is refused", async () => {
    const s = await startTestServer();
    try {
      const { member, secret } = await withSecondFactor(s);
      s.clock.advance(TOTP.periodS * 1000);
      const { challenge } = (await s.call(staff.signIn, { mobile: member.mobile, password: DEMO_STAFF_PASSWORD })).body.data;
      for (let i = 0; i < STAFF_THROTTLE.perAccountAddress; i++) await s.call(staff.secondFactor, { challenge, code: `11111${i}` });
      const refused = await s.call(staff.secondFactor, { challenge, code: await codeAt(secret, s.clock.value) });
      expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('staff.tooManyAttempts'));
    } finally {
      await s.close();
    }
  });
});

describe('a time step is used once, in TypeScript and in SQL', () => {
  // The code's check (totpStepAcceptable) and the conditional write that uses the step up
  // (claimTotpStep) state one rule twice: a step newer than the last one used, never the same or
  // an older one. The window of steps around now is TypeScript's alone, so every case is in it.
  test.each([
    ['never used, the step before now', null, -1],
    ['never used, the step of now', null, 0],
    ['never used, the step after now', null, 1],
    ['the step before was used, the step of now', -1, 0],
    ['two steps before were used, the step before now', -2, -1],
    ['the same step was used', 0, 0],
    ['the same step, after now, was used', 1, 1],
    ['a later step was used', 1, 0],
    ['the step after now was used, the step before now', 1, -1],
  ] as const)('%s: the write takes the step exactly when the check accepts it', async (_, lastFromNow, stepFromNow) => {
    const member = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const db = server().runtime.db;
    const now = server().clock.value;
    const current = totpStepAt(now);
    const lastStep = lastFromNow === null ? null : current + lastFromNow;
    await db.updateTable('staffAccounts').set({ totpLastStep: lastStep }).where('id', '=', member.id).execute();
    const step = current + stepFromNow;
    const typescript = totpStepAcceptable(step, now, lastStep);
    expect(await claimTotpStep(db, DEMO.id, member.id, step, now)).toBe(typescript);
    const kept = await db.selectFrom('staffAccounts').select('totpLastStep').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(kept.totpLastStep === null ? null : Number(kept.totpLastStep)).toBe(typescript ? step : lastStep);
  });
});
