import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { codeAt } from '~/server/staff/accounts/second-factor';
import { STAFF_THROTTLE, TOTP } from '~/server/staff/accounts/accounts.rules';
import { DEMO, startTestServer, useTestServer, type TestServer } from '../setup/server';
import { DEMO_STAFF_PASSWORD, asStaff, auditOf, auditOfSchool, cookieFrom, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';

/**
 * Recovery codes: someone who turned the second factor on and lost the phone signs in with one of
 * ten one-time codes shown when it was confirmed. A code works once (a conditional write), a new
 * set voids the old, wrong codes spend the same budget as wrong TOTP codes, and each step is audited.
 */

const server = useTestServer();
const RECOVERY = /^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/;

/** An account with a second factor turned on through the API: its session, secret and first codes. */
async function withSecondFactor(s: TestServer = server()) {
  const member = await makeStaff(s, DEMO.id, STAFF_ROLE.editor);
  const session = await sessionOf(s, member);
  const secret = (await s.call(staff.secondFactorStart, {}, asStaff(session, DEMO.id))).body.data.secret as string;
  const confirmed = await s.call(staff.secondFactorConfirm, { code: await codeAt(secret, s.clock.value) }, asStaff(session, DEMO.id));
  expect(confirmed.body.code, JSON.stringify(confirmed.body)).toBe(0);
  s.clock.advance(TOTP.periodS * 1000);
  return { member, session, secret, codes: confirmed.body.data.codes as string[] };
}

const left = async (session: TestStaffSession, s: TestServer = server()) =>
  (await s.call(staff.recoveryCodesLeft, {}, asStaff(session, DEMO.id))).body.data.left as number;

async function challengeOf(mobile: string, s: TestServer = server(), ip = '198.51.100.7'): Promise<string> {
  const a = await s.call(staff.signIn, { mobile, password: DEMO_STAFF_PASSWORD }, { headers: { 'X-Forwarded-For': ip } });
  expect(a.body.data.step).toBe('secondFactor');
  return a.body.data.challenge as string;
}

describe('recovery codes', () => {
  test('ten distinct codes are shown once when the second factor is confirmed; only hashes are kept', async () => {
    const { member, session, codes } = await withSecondFactor();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(RECOVERY);
    expect(await left(session)).toBe(10);
    const stored = JSON.stringify(await server().runtime.db.selectFrom('staffRecoveryCodes').selectAll().where('accountId', '=', member.id).execute());
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace(/-/g, ''));
    }
    expect(JSON.stringify(await auditOfSchool(server(), DEMO.id))).not.toContain(codes[0]!.replace(/-/g, '').slice(0, 8));
  });

  test('a recovery code signs in instead of the TOTP code, once; typed in lower case without dashes too', async () => {
    const { member, session, codes } = await withSecondFactor();
    const first = await server().call(staff.secondFactor, { challenge: await challengeOf(member.mobile), code: codes[0]!.toLowerCase().replace(/-/g, ' ') });
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    expect(first.body.data.account).toMatchObject({ id: member.id, secondFactor: true });
    expect(cookieFrom(first)).toBeTruthy();
    expect(await left(session)).toBe(9);
    const entry = (await auditOf(server(), DEMO.id, { actorId: member.id })).find((e) => e.action === 'session.signIn')!;
    expect(JSON.parse(entry.afterJson!)).toEqual({ secondFactor: true, withRecoveryCode: true });

    const twice = await server().call(staff.secondFactor, { challenge: await challengeOf(member.mobile), code: codes[0]! });
    expect(twice.body).toEqual({ code: 400, data: null, message: '恢复码不正确或已使用' });
    expect(cookieFrom(twice)).toBeNull();
    expect(await left(session)).toBe(9);
  });

  test('two sign-ins with the same code at once: one session between them', async () => {
    const { member, codes } = await withSecondFactor();
    const [a, b] = [await challengeOf(member.mobile), await challengeOf(member.mobile)];
    const answers = await Promise.all([a, b].map((challenge) => server().call(staff.secondFactor, { challenge, code: codes[1]! })));
    expect(answers.map((x) => x.body.code).sort()).toEqual([0, 400]);
  });

  test('a new set voids the old one; it takes the current password', async () => {
    const { member, session, codes } = await withSecondFactor();
    const wrong = await server().call(staff.recoveryCodesRenew, { password: 'Wrong2026' }, asStaff(session, DEMO.id));
    expect(wrong.body.message).toBe('当前密码不正确');
    expect(await left(session)).toBe(10);
    const renewed = await server().call(staff.recoveryCodesRenew, { password: DEMO_STAFF_PASSWORD }, asStaff(session, DEMO.id));
    const fresh = renewed.body.data.codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    const old = await server().call(staff.secondFactor, { challenge: await challengeOf(member.mobile, server(), '198.51.100.8'), code: codes[2]! });
    expect(old.body.message).toBe('恢复码不正确或已使用');
    const ok = await server().call(staff.secondFactor, { challenge: await challengeOf(member.mobile), code: fresh[0]! });
    expect(ok.body.code).toBe(0);
    expect(await left(session)).toBe(9);
  });

  test('without a second factor there are none and none can be made', async () => {
    const member = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const session = await sessionOf(server(), member);
    expect(await left(session)).toBe(0);
    const refused = await server().call(staff.recoveryCodesRenew, { password: DEMO_STAFF_PASSWORD }, asStaff(session, DEMO.id));
    expect(refused.body.message).toBe('请先开启两步验证');
  });

  test('turning the second factor off with a recovery code (a lost phone) works, and the codes go with it', async () => {
    const { session, codes } = await withSecondFactor();
    const off = await server().call(staff.secondFactorDisable, { password: DEMO_STAFF_PASSWORD, code: codes[3]! }, asStaff(session, DEMO.id));
    expect(off.body.code, JSON.stringify(off.body)).toBe(0);
    expect(await left(session)).toBe(0);
  });

  test("an administrator's reset of a lost second factor voids the codes too", async () => {
    const { member, session } = await withSecondFactor();
    const admin = await sessionOf(server(), await makeStaff(server(), DEMO.id, STAFF_ROLE.admin));
    expect((await server().call(staff.resetSecondFactor, {}, { ...asStaff(admin, DEMO.id), params: { id: member.id } })).body.code).toBe(0);
    expect(await left(session)).toBe(0);
  });

  test('a malformed code is refused with the form message', async () => {
    const { member } = await withSecondFactor();
    const refused = await server().call(staff.secondFactor, { challenge: await challengeOf(member.mobile), code: 'ABCD-EFGH' });
    expect(refused.body.message).toBe('请输入6位数字动态验证码或16位恢复码');
  });

  test("wrong recovery codes spend the account's budget as wrong TOTP codes do: after five, even a right code is refused", async () => {
    const s = await startTestServer();
    try {
      const { member, codes } = await withSecondFactor(s);
      const challenge = await challengeOf(member.mobile, s);
      for (let i = 0; i < STAFF_THROTTLE.perAccountAddress; i++) {
        const wrong = await s.call(staff.secondFactor, { challenge, code: `AAAA-BBBB-CCCC-DDD${i + 2}` });
        expect(wrong.body.message).toBe('恢复码不正确或已使用');
      }
      const refused = await s.call(staff.secondFactor, { challenge, code: codes[0]! });
      expect(refused.body).toEqual({ code: 429, data: null, message: '尝试次数过多，请15分钟后再试' });
    } finally {
      await s.close();
    }
  });
});
