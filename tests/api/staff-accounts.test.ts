import type { Page } from '~/lib/paging';
import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_ROLE, STAFF_STATUS } from '~/lib/staff/roles';
import { INVITATION_TTL_MS, TOTP, invitationState } from '~/server/staff/accounts/accounts.rules';
import { useInvitation } from '~/server/staff/accounts/accounts.repository';
import { codeAt } from '~/server/staff/accounts/second-factor';
import { DEMO, HUAXIA, startTestServer, useTestServer } from '../setup/server';
import { DEMO_STAFF_PASSWORD, asStaff, cookieFrom, freshStaffMobile, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/** Invitations, roles, disabling, the last administrator, and each person's second factor. */

const server = useTestServer();

async function adminSession(s = server(), tenantId = DEMO.id) {
  return sessionOf(s, await makeStaff(s, tenantId, STAFF_ROLE.admin));
}

const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');

describe('invitations', () => {
  test('an administrator invites; the link works once, sets the password, signs the person in with the role', async () => {
    const admin = await adminSession();
    const mobile = freshStaffMobile();
    const made = await server().call(staff.invite, { name: '吴老师', mobile, role: STAFF_ROLE.teacher }, asStaff(admin, DEMO.id));
    expect(made.body.data).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^http:\/\/localhost\/admin\/accept#token=[\w-]{43}$/),
      expiresAt: server().clock.value + INVITATION_TTL_MS,
    });
    const token = tokenOf(made.body.data.url);
    const stored = await server().runtime.db.selectFrom('staffInvitations').selectAll().where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);

    const pending = await server().call(staff.invitations, {}, asStaff(admin, DEMO.id));
    expect(pending.body.data.find((i: staff.PendingInvitation) => i.id === made.body.data.id)).toMatchObject({ name: '吴老师', mobile, role: 'teacher' });

    const preview = await server().call(staff.invitationInspect, { token });
    expect(preview.body.data).toEqual({ schoolName: '江南职业技能培训学院', name: '吴老师', mobile, role: 'teacher', expiresAt: made.body.data.expiresAt });

    const weak = await server().call(staff.invitationAccept, { token, password: 'short1' });
    expect(weak.body.message).toBe('密码至少8位');
    const mismatch = await server().call(staff.invitationAccept, { token, mobile: '13711112222', password: 'Teacher2026' });
    expect(mismatch.body.message).toBe('手机号与邀请不一致');
    const accepted = await server().call(staff.invitationAccept, { token, password: 'Teacher2026' });
    expect(accepted.body.data.account).toMatchObject({ name: '吴老师', mobile, role: 'teacher', secondFactor: false });
    expect(cookieFrom(accepted)).toMatch(/^[\w-]{43}$/);

    const again = await server().call(staff.invitationAccept, { token, password: 'Teacher2027' });
    expect(again.body.message).toBe('邀请链接无效、已使用或已过期，请联系学校管理员重新邀请');
    expectRefused(await server().call(staff.invitationInspect, { token }), ErrorCode.BAD_REQUEST, t('staff.invitationInvalid'));
    const signIn = await server().call(staff.signIn, { mobile, password: 'Teacher2026' });
    expect(signIn.body.data.me.account.role).toBe('teacher');
  });

  test('without a mobile the invitee gives theirs; one already in the school is refused, at invitation and acceptance', async () => {
    const admin = await adminSession();
    const existing = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const taken = await server().call(staff.invite, { name: '重复', mobile: existing.mobile, role: 'editor' }, asStaff(admin, DEMO.id));
    expect(taken.body).toEqual({ code: 409, data: null, message: '该手机号已是本校员工账号' });
    const made = await server().call(staff.invite, { name: '钱编辑', mobile: '', role: 'editor' }, asStaff(admin, DEMO.id));
    const token = tokenOf(made.body.data.url);
    expect((await server().call(staff.invitationInspect, { token })).body.data.mobile).toBeNull();
    expect((await server().call(staff.invitationAccept, { token, password: 'Editor2026' })).body.message).toBe('请输入手机号');
    expect((await server().call(staff.invitationAccept, { token, mobile: existing.mobile, password: 'Editor2026' })).body.message).toBe(
      '该手机号已是本校员工账号',
    );
    const mobile = freshStaffMobile();
    expect((await server().call(staff.invitationAccept, { token, mobile, password: 'Editor2026' })).body.data.account.mobile).toBe(mobile);
  });

  test('a link expires after three days, works only on its own school, and a revoked one never works', async () => {
    const admin = await adminSession();
    const invite = async () => tokenOf((await server().call(staff.invite, { name: '孙老师', role: 'teacher' }, asStaff(admin, DEMO.id))).body.data.url);
    const elsewhere = await invite();
    expectRefused(
      await server().call(staff.invitationInspect, { token: elsewhere }, { tenant: HUAXIA.id }),
      ErrorCode.BAD_REQUEST,
      t('staff.invitationInvalid'),
    );
    const revoked = await server().call(staff.invite, { name: '李老师', role: 'teacher' }, asStaff(admin, DEMO.id));
    const revoke = await server().call(staff.revokeInvitation, {}, { ...asStaff(admin, DEMO.id), params: { id: revoked.body.data.id } });
    expect(revoke.body.code).toBe(0);
    expectRefused(await server().call(staff.invitationInspect, { token: tokenOf(revoked.body.data.url) }), ErrorCode.BAD_REQUEST, t('staff.invitationInvalid'));
    expect((await server().call(staff.revokeInvitation, {}, { ...asStaff(admin, DEMO.id), params: { id: revoked.body.data.id } })).body.message).toBe(
      '未找到该邀请，或它已被使用、撤销',
    );
    const late = await invite();
    server().clock.advance(INVITATION_TTL_MS - 1000);
    expect((await server().call(staff.invitationInspect, { token: late })).body.code).toBe(0);
    server().clock.advance(1000);
    expectRefused(
      await server().call(staff.invitationAccept, { token: late, mobile: freshStaffMobile(), password: 'Late2026x' }),
      ErrorCode.BAD_REQUEST,
      t('staff.invitationInvalid'),
    );
  });

  test("another school's administrator cannot revoke this school's invitation", async () => {
    const admin = await adminSession();
    const made = await server().call(staff.invite, { name: '周老师', role: 'teacher' }, asStaff(admin, DEMO.id));
    const huaxiaAdmin = await adminSession(server(), HUAXIA.id);
    const a = await server().call(staff.revokeInvitation, {}, { ...asStaff(huaxiaAdmin, HUAXIA.id), params: { id: made.body.data.id } });
    expectRefused(a, ErrorCode.NOT_FOUND, t('staff.invitationNotFound'));
    expect((await server().call(staff.invitationInspect, { token: tokenOf(made.body.data.url) })).body.code).toBe(0);
  });
});

describe('an invitation is usable, in TypeScript and in SQL', () => {
  // The acceptance checks the invitation (invitationState) before the conditional write that uses
  // it up (useInvitation); both state one rule: not used, not revoked, and now before its end.
  test.each([
    ['new, a millisecond before its end', null, null, -1],
    ['new, at its end', null, null, 0],
    ['new, a millisecond after its end', null, null, 1],
    ['new, long before its end', null, null, -INVITATION_TTL_MS + 1],
    ['used, before its end', 'used', null, -1],
    ['revoked, before its end', null, 'revoked', -1],
    ['used and revoked, after its end', 'used', 'revoked', 1],
  ] as const)('%s: the write uses it exactly when the check finds it usable', async (_, used, revoked, fromEnd) => {
    const admin = await adminSession();
    const made = await server().call(staff.invite, { name: '周老师', role: 'teacher' }, asStaff(admin, DEMO.id));
    const id = made.body.data.id as string;
    const db = server().runtime.db;
    const before = server().clock.value - 1;
    await db
      .updateTable('staffInvitations')
      .set({ usedAt: used ? before : null, revokedAt: revoked ? before : null })
      .where('id', '=', id)
      .execute();
    const row = await db.selectFrom('staffInvitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const now = Number(row.expiresAt) + fromEnd;
    const becomes = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    const typescript = invitationState({ usedAt: row.usedAt, revokedAt: row.revokedAt, expiresAt: Number(row.expiresAt) }, now) === 'usable';
    expect(await useInvitation(db, id, becomes.id, now)).toBe(typescript);
    const after = await db.selectFrom('staffInvitations').select(['usedAt', 'accountId']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(typescript ? { usedAt: now, accountId: becomes.id } : { usedAt: row.usedAt, accountId: null });
  });
});

describe('roles and status', () => {
  test('an administrator changes a role and disables and enables an account; the list shows it', async () => {
    const admin = await adminSession();
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const role = await server().call(staff.changeRole, { role: 'teacher' }, { ...asStaff(admin, DEMO.id), params: { id: editor.id } });
    expect(role.body.data).toMatchObject({ id: editor.id, role: 'teacher', status: STAFF_STATUS.active, self: false });
    const off = await server().call(staff.changeStatus, { status: 0 }, { ...asStaff(admin, DEMO.id), params: { id: editor.id } });
    expect(off.body.data.status).toBe(0);
    expect((await server().call(staff.signIn, { mobile: editor.mobile, password: DEMO_STAFF_PASSWORD })).body.message).toBe('账号已停用，请联系学校管理员');
    expect((await server().call(staff.changeStatus, { status: 1 }, { ...asStaff(admin, DEMO.id), params: { id: editor.id } })).body.data.status).toBe(1);
    const list = await server().call(staff.accounts, { q: editor.mobile }, asStaff(admin, DEMO.id));
    expect(list.body.data.records.find((a: staff.StaffAccountInfo) => a.id === editor.id)).toMatchObject({ role: 'teacher', status: 1 });
    expect(list.body.data.records.every((a: staff.StaffAccountInfo) => !('passwordHash' in a) && !('totpSecret' in a))).toBe(true);
    expect((await server().call(staff.changeRole, { role: 'owner' as never }, { ...asStaff(admin, DEMO.id), params: { id: editor.id } })).body.message).toBe(
      '请选择角色',
    );
  });

  test('nobody changes their own role or status; ids of another school are not found', async () => {
    const adminAccount = await makeStaff(server(), DEMO.id, STAFF_ROLE.admin);
    const admin = await sessionOf(server(), adminAccount);
    const self = await server().call(staff.changeRole, { role: 'editor' }, { ...asStaff(admin, DEMO.id), params: { id: adminAccount.id } });
    expect(self.body).toEqual({ code: 403, data: null, message: '不能修改自己的角色或状态，请由另一位管理员操作' });
    const stranger = await makeStaff(server(), HUAXIA.id, STAFF_ROLE.editor);
    expectRefused(
      await server().call(staff.changeStatus, { status: 0 }, { ...asStaff(admin, DEMO.id), params: { id: stranger.id } }),
      ErrorCode.NOT_FOUND,
      t('staff.accountNotFound'),
    );
  });

  test('the last active administrator is never demoted or disabled, even by two administrators at once', async () => {
    const s = await startTestServer({}, { seed: false });
    try {
      const db = s.runtime.db;
      // Twenty schools with two administrators each, who demote or disable each other at the same moment.
      for (let i = 0; i < 20; i++) {
        const tenantId = `20000000000000000${String(i).padStart(2, '0')}`;
        await db
          .insertInto('tenants')
          .values({ id: tenantId, preDomain: `solo${i}`, name: '独立学校', status: 1, createdAt: s.clock.value })
          .execute();
        const a = await makeStaff(s, tenantId, STAFF_ROLE.admin);
        const b = await makeStaff(s, tenantId, STAFF_ROLE.admin);
        const [sa, sb] = [await sessionOf(s, a), await sessionOf(s, b)];
        const opts = (session: TestStaffSession, id: string) => ({ ...asStaff(session, tenantId), params: { id } });
        const [ab, ba] = await Promise.all([
          s.call(staff.changeRole, { role: 'editor' }, opts(sa, b.id)),
          i % 2 ? s.call(staff.changeStatus, { status: 0 }, opts(sb, a.id)) : s.call(staff.changeRole, { role: 'teacher' }, opts(sb, a.id)),
        ]);
        // One wins. The other is refused: as the last administrator's protection (409) when it got
        // past the gate before the first committed, else as no longer an administrator (403) or,
        // disabled, as signed out (40005).
        const codes = [ab.body.code, ba.body.code].sort();
        expect(codes[0], JSON.stringify([ab.body, ba.body])).toBe(0);
        expect([403, 409, 40005]).toContain(codes[1]);
        const refused = ab.body.code === 0 ? ba : ab;
        if (codes[1] === 409) expect(refused.body.message).toBe('学校至少需要一位启用的学校管理员，请先设置另一位管理员');
        const admins = await db
          .selectFrom('staffAccounts')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('role', '=', 'admin')
          .where('status', '=', 1)
          .execute();
        expect(admins).toHaveLength(1);
      }
    } finally {
      await s.close();
    }
  });
});

describe("the second factor of one's own account", () => {
  test('enrol with a QR code and a code; disable with password and code; an administrator resets a lost one', async () => {
    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const session = await sessionOf(server(), account);
    const opts = asStaff(session, DEMO.id);
    expect((await server().call(staff.secondFactorConfirm, { code: '123456' }, opts)).body.message).toBe('请先获取新的密钥并扫码');
    const start = await server().call(staff.secondFactorStart, {}, opts);
    expect(start.body.data).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]{32}&issuer=/),
      qrImage: expect.stringMatching(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/),
    });
    const { secret } = start.body.data;
    const row = await server().runtime.db.selectFrom('staffAccounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.totpPendingSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);
    expectRefused(await server().call(staff.secondFactorConfirm, { code: '000000' }, opts), ErrorCode.BAD_REQUEST, t('staff.codeWrong'));
    expect((await server().call(staff.secondFactorConfirm, { code: await codeAt(secret, server().clock.value) }, opts)).body.code).toBe(0);
    expect((await server().call(staff.me, {}, opts)).body.data.account.secondFactor).toBe(true);
    expect((await server().call(staff.secondFactorStart, {}, opts)).body.message).toBe('已开启两步验证，如需更换请先关闭');

    server().clock.advance(TOTP.periodS * 1000);
    const code = await codeAt(secret, server().clock.value);
    expect((await server().call(staff.secondFactorDisable, { password: 'Wrong2026', code }, opts)).body.message).toBe('当前密码不正确');
    expectRefused(
      await server().call(staff.secondFactorDisable, { password: DEMO_STAFF_PASSWORD, code: '000000' }, opts),
      ErrorCode.BAD_REQUEST,
      t('staff.codeWrong'),
    );
    expect((await server().call(staff.secondFactorDisable, { password: DEMO_STAFF_PASSWORD, code }, opts)).body.code).toBe(0);
    expect((await server().call(staff.me, {}, opts)).body.data.account.secondFactor).toBe(false);

    // On again, then lost: the administrator resets it, and the password alone signs in.
    const again = (await server().call(staff.secondFactorStart, {}, opts)).body.data.secret;
    server().clock.advance(TOTP.periodS * 1000);
    await server().call(staff.secondFactorConfirm, { code: await codeAt(again, server().clock.value) }, opts);
    const admin = await adminSession();
    const self = await server().call(staff.resetSecondFactor, {}, { ...opts, params: { id: account.id } });
    expectRefused(self, ErrorCode.FORBIDDEN, t('staff.forbidden'));
    const reset = await server().call(staff.resetSecondFactor, {}, { ...asStaff(admin, DEMO.id), params: { id: account.id } });
    expect(reset.body.data).toMatchObject({ id: account.id, secondFactor: false });
    expect((await server().call(staff.signIn, { mobile: account.mobile, password: DEMO_STAFF_PASSWORD })).body.data.step).toBe('done');
  });

  test('a secret sealed with another SESSION_SECRET cannot be read: a clear message, never a 500', async () => {
    const account = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    await server()
      .runtime.db.updateTable('staffAccounts')
      .set({ totpSecret: `v1.${'A'.repeat(60)}` })
      .where('id', '=', account.id)
      .execute();
    const first = await server().call(staff.signIn, { mobile: account.mobile, password: DEMO_STAFF_PASSWORD });
    const second = await server().call(staff.secondFactor, { challenge: first.body.data.challenge, code: '123456' });
    expect(second.body.message).toBe('两步验证密钥无法读取，请联系学校管理员重置两步验证');
  });
});

describe('the accounts list', () => {
  test('pages, searches by name or mobile and filters by role on the server, oldest first', async () => {
    const s = server();
    const admin = await adminSession();
    // Names of this test's own, so the counts are its alone: more accounts than one page holds.
    const made: { id: string; name: string; mobile: string; role: string }[] = [];
    for (let i = 0; i < 23; i++) {
      s.clock.advance(1000);
      const role = i % 3 === 0 ? STAFF_ROLE.teacher : STAFF_ROLE.editor;
      made.push(await makeStaff(s, DEMO.id, role, `分页员工${String(i).padStart(2, '0')}`));
    }
    const ask = (q: staff.AccountQuery) => s.call(staff.accounts, q as never, asStaff(admin, DEMO.id));
    const first = (await ask({ q: '分页员工', size: 20 })).body.data as Page<staff.StaffAccountInfo>;
    expect(first).toMatchObject({ total: 23, pages: 2, current: 1, size: 20 });
    const second = (await ask({ q: '分页员工', size: 20, current: 2 })).body.data as Page<staff.StaffAccountInfo>;
    expect(second.records).toHaveLength(3);
    expect([...first.records, ...second.records].map((a) => a.id)).toEqual(made.map((m) => m.id));

    const teachers = (await ask({ q: '分页员工', role: 'teacher', size: 100 })).body.data as Page<staff.StaffAccountInfo>;
    expect(teachers.records.map((a) => a.id)).toEqual(made.filter((m) => m.role === 'teacher').map((m) => m.id));
    const one = made[7]!;
    expect(((await ask({ q: one.mobile })).body.data as Page<staff.StaffAccountInfo>).records.map((a) => a.id)).toEqual([one.id]);
    expect(((await ask({ q: '分页员工07' })).body.data as Page<staff.StaffAccountInfo>).records.map((a) => a.id)).toEqual([one.id]);
    // Another school's accounts never show.
    await makeStaff(s, HUAXIA.id, STAFF_ROLE.editor, '分页员工外校');
    expect(((await ask({ q: '分页员工外校' })).body.data as Page<staff.StaffAccountInfo>).total).toBe(0);

    for (const [bad, message] of [
      [{ role: 'owner' }, t('admin.roleRequired')],
      [{ size: 101 }, '数值过大：期望 number <=100'],
      [{ current: 0 }, '数值过小：期望 number >=1'],
      [{ q: '长'.repeat(21) }, t('staff.badSearch')],
    ] as const) {
      expectRefused(await ask(bad as never), ErrorCode.BAD_REQUEST, message);
    }
  });
});
