import { randomInt } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import { urlOf, type Call } from '~/lib/api/contract';
import { AUDIT_ACTION, STAFF_ROLE, STAFF_STATUS } from '~/lib/staff/roles';
import { STAFF_PASSWORD_RESET_TEMPLATE } from '~/lib/sms-codes';
import { smsSign } from '~/lib/sms-sign';
import { sendSmsCode } from '~/lib/api/contracts/sms';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { PASSWORD_RESET_TTL_MS, TOTP } from '~/server/staff/accounts/accounts.rules';
import { codeAt } from '~/server/staff/accounts/second-factor';
import { SMS_LIMITS } from '~/server/sms/sms.service';
import { DEMO, HUAXIA, parse, useTestServer, type Answer, type TestServer } from '../setup/server';
import {
  DEMO_STAFF_PASSWORD,
  asStaff,
  auditOf,
  cookieFrom,
  freshRequestId,
  freshStaffMobile,
  makeStaff,
  sessionOf,
  type TestStaff,
  type TestStaffSession,
} from '../setup/staff';
import { expectRefused } from '../setup/api';

/**
 * A forgotten staff password: the link an administrator makes (once, for a day, the older one
 * revoked, the person's sessions ended), the self-service reset with an SMS code (never telling
 * whether a mobile is a staff account), and a disabled account enabled again. Neither reset signs
 * anyone in, and a second factor stays.
 */

const server = useTestServer();

const NEW_PASSWORD = 'Reset2026a';

async function adminSession(tenantId = DEMO.id): Promise<{ admin: TestStaff; session: TestStaffSession }> {
  const admin = await makeStaff(server(), tenantId, STAFF_ROLE.admin);
  return { admin, session: await sessionOf(server(), admin) };
}

const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');

/** Makes a reset link for `target` as `session`'s administrator. */
async function resetLink(session: TestStaffSession, target: { id: string }, tenantId = DEMO.id, headers: Record<string, string> = {}) {
  return server().call(staff.resetPassword, {}, { ...asStaff(session, tenantId, headers), params: { id: target.id } });
}

/** Whether the mobile and password sign in (step done or second factor): the answer. */
const signIn = (mobile: string, password: string) => server().call(staff.signIn, { mobile, password });

let ips = 0;
/** Each self-service request from an address of its own: the SMS per-address budget is the file's, not the test's. */
const freshIp = () => `10.32.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

/** A public staff write as a browser of `ip` sends it. */
async function publicPost<I, O>(call: Call<I, O>, body: I, ip = freshIp(), tenant = DEMO.id): Promise<Answer> {
  const res = await server().app.request(
    urlOf(call),
    { method: 'POST', headers: { 'Content-Type': 'application/json', TenantId: tenant }, body: JSON.stringify(body) },
    { ip },
  );
  return parse(res);
}

/** The code the development provider delivered to the mobile for a staff reset, or null. */
const deliveredCode = (s: TestServer, mobile: string, tenantId = DEMO.id) =>
  s.runtime.providers.sms.latest?.(tenantId, mobile, STAFF_PASSWORD_RESET_TEMPLATE)?.code ?? null;

const sessionLive = async (session: TestStaffSession) => (await server().call(staff.me, {}, asStaff(session, DEMO.id))).body.code === 0;

async function withSecondFactor(session: TestStaffSession): Promise<string> {
  const secret = (await server().call(staff.secondFactorStart, {}, asStaff(session, DEMO.id))).body.data.secret as string;
  await server().call(staff.secondFactorConfirm, { code: await codeAt(secret, server().clock.value) }, asStaff(session, DEMO.id));
  server().clock.advance(TOTP.periodS * 1000);
  return secret;
}

describe('a reset link made by an administrator', () => {
  test("ends the colleague's sessions, works once, sets the password, and the person signs in with it; audited without secrets", async () => {
    const { admin, session } = await adminSession();
    const teacher = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher, '钱老师');
    const teacherSession = await sessionOf(server(), teacher);
    const requestId = freshRequestId('reset-issue');
    const made = await resetLink(session, teacher, DEMO.id, { 'X-Request-Id': requestId });
    expect(made.body.data).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost\/admin\/reset#token=[\w-]{43}$/),
      expiresAt: server().clock.value + PASSWORD_RESET_TTL_MS,
    });
    const token = tokenOf(made.body.data.url);
    const stored = await server().runtime.db.selectFrom('staffPasswordResets').selectAll().where('accountId', '=', teacher.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await sessionLive(teacherSession)).toBe(false);

    const preview = await server().call(staff.passwordResetInspect, { token });
    expect(preview.body.data).toEqual({ schoolName: '江南职业技能培训学院', name: '钱老师', mobile: teacher.mobile, expiresAt: made.body.data.expiresAt });

    server().clock.advance(1000);
    expect((await server().call(staff.passwordResetAccept, { token, password: 'short1' })).body.message).toBe('密码至少8位');
    expect((await server().call(staff.passwordResetAccept, { token, password: 'onlyletters' })).body.message).toBe(t('admin.passwordWeak'));
    const accepted = await server().call(staff.passwordResetAccept, { token, password: NEW_PASSWORD });
    expect(accepted.body.data).toEqual({ mobile: teacher.mobile, secondFactor: false });
    // Nobody is signed in by the reset.
    expect(cookieFrom(accepted)).toBeNull();
    expectRefused(await server().call(staff.passwordResetAccept, { token, password: 'Again2026b' }), ErrorCode.BAD_REQUEST, t('staff.passwordResetInvalid'));
    expectRefused(await server().call(staff.passwordResetInspect, { token }), ErrorCode.BAD_REQUEST, t('staff.passwordResetInvalid'));

    expectRefused(await signIn(teacher.mobile, DEMO_STAFF_PASSWORD), ErrorCode.BAD_REQUEST, t('staff.signInFailed'));
    expect((await signIn(teacher.mobile, NEW_PASSWORD)).body.data).toMatchObject({ step: 'done' });

    const issued = await auditOf(server(), DEMO.id, { requestId });
    expect(issued.map((e) => [e.action, e.actorId, e.targetId])).toEqual([[AUDIT_ACTION.passwordResetIssue, admin.id, teacher.id]]);
    expect(JSON.parse(issued[0]!.afterJson!)).toEqual({ expiresAt: made.body.data.expiresAt, revokedSessions: 1, revokedLinks: 0 });
    const byTeacher = await auditOf(server(), DEMO.id, { actorId: teacher.id, targetId: teacher.id });
    expect(byTeacher.map((e) => e.action)).toEqual([AUDIT_ACTION.passwordReset]);
    expect(JSON.parse(byTeacher[0]!.afterJson!)).toEqual({ passwordUpdatedAt: server().clock.value, revokedSessions: 0, withResetLink: true });
    const everything = JSON.stringify(await auditOf(server(), DEMO.id, { targetId: teacher.id }));
    for (const secret of [token, NEW_PASSWORD, 'Again2026b']) expect(everything).not.toContain(secret);
  });

  test('two tabs accepting one link at once: exactly one sets its password', async () => {
    const { session } = await adminSession();
    for (let round = 0; round < 5; round++) {
      const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
      const token = tokenOf((await resetLink(session, editor)).body.data.url);
      const passwords = [`First${round}abcd`, `Second${round}abcd`];
      const answers = await Promise.all(passwords.map((password) => server().call(staff.passwordResetAccept, { token, password })));
      const winners = answers.filter((a) => a.body.code === 0);
      expect(winners, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
      const loser = answers.find((a) => a.body.code !== 0)!;
      expectRefused(loser, ErrorCode.BAD_REQUEST, t('staff.passwordResetInvalid'));
      const won = passwords[answers.indexOf(winners[0]!)]!;
      const lost = passwords.find((p) => p !== won)!;
      expect((await signIn(editor.mobile, won)).body.code).toBe(0);
      expect((await signIn(editor.mobile, lost)).body.code).toBe(ErrorCode.BAD_REQUEST);
      expect(await auditOf(server(), DEMO.id, { actorId: editor.id, targetId: editor.id })).toHaveLength(1);
    }
  });

  test('links made at once for one account: exactly one of them stays usable', async () => {
    const { session } = await adminSession();
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const made = await Promise.all(Array.from({ length: 4 }, () => resetLink(session, editor)));
    expect(made.map((a) => a.body.code)).toEqual([0, 0, 0, 0]);
    const usable = [];
    for (const a of made) {
      if ((await server().call(staff.passwordResetInspect, { token: tokenOf(a.body.data.url) })).body.code === 0) usable.push(a);
    }
    expect(usable).toHaveLength(1);
    const live = await server()
      .runtime.db.selectFrom('staffPasswordResets')
      .select('id')
      .where('accountId', '=', editor.id)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  test('a newer link revokes the older unused one; a link expires after a day', async () => {
    const { session } = await adminSession();
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const older = tokenOf((await resetLink(session, editor)).body.data.url);
    const requestId = freshRequestId('reset-again');
    const newer = tokenOf((await resetLink(session, editor, DEMO.id, { 'X-Request-Id': requestId })).body.data.url);
    expectRefused(await server().call(staff.passwordResetInspect, { token: older }), ErrorCode.BAD_REQUEST, t('staff.passwordResetInvalid'));
    expectRefused(
      await server().call(staff.passwordResetAccept, { token: older, password: NEW_PASSWORD }),
      ErrorCode.BAD_REQUEST,
      t('staff.passwordResetInvalid'),
    );
    expect(JSON.parse((await auditOf(server(), DEMO.id, { requestId }))[0]!.afterJson!)).toMatchObject({ revokedLinks: 1 });

    server().clock.advance(PASSWORD_RESET_TTL_MS - 1);
    expect((await server().call(staff.passwordResetInspect, { token: newer })).body.code).toBe(0);
    server().clock.advance(1);
    expectRefused(
      await server().call(staff.passwordResetAccept, { token: newer, password: NEW_PASSWORD }),
      ErrorCode.BAD_REQUEST,
      t('staff.passwordResetInvalid'),
    );
    expect((await signIn(editor.mobile, DEMO_STAFF_PASSWORD)).body.code).toBe(0);
  });

  test('only an administrator makes one, never for themself, for a disabled account, or for another school', async () => {
    const { admin, session } = await adminSession();
    const teacher = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    for (const role of [STAFF_ROLE.editor, STAFF_ROLE.teacher]) {
      const other = await sessionOf(server(), await makeStaff(server(), DEMO.id, role));
      expectRefused(await resetLink(other, teacher), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    }
    expectRefused(await resetLink(session, admin), ErrorCode.FORBIDDEN, t('staff.passwordResetSelf'));
    const huaxia = await adminSession(HUAXIA.id);
    expectRefused(await resetLink(huaxia.session, teacher, HUAXIA.id), ErrorCode.NOT_FOUND, t('staff.accountNotFound'));
    expect(await server().runtime.db.selectFrom('staffPasswordResets').select('id').where('accountId', 'in', [teacher.id, admin.id]).execute()).toEqual([]);

    // A link made before the account was disabled no longer works; a disabled account gets none.
    const token = tokenOf((await resetLink(session, teacher)).body.data.url);
    expectRefused(await server().call(staff.passwordResetInspect, { token }, { tenant: HUAXIA.id }), ErrorCode.BAD_REQUEST, t('staff.passwordResetInvalid'));
    await server().call(staff.changeStatus, { status: STAFF_STATUS.disabled }, { ...asStaff(session, DEMO.id), params: { id: teacher.id } });
    expectRefused(await server().call(staff.passwordResetAccept, { token, password: NEW_PASSWORD }), ErrorCode.BAD_REQUEST, t('staff.passwordResetInvalid'));
    expectRefused(await resetLink(session, teacher), ErrorCode.CONFLICT, t('staff.passwordResetDisabled'));
    // Enabled again, the account does not get back the link made before it was disabled.
    await server().call(staff.changeStatus, { status: STAFF_STATUS.active }, { ...asStaff(session, DEMO.id), params: { id: teacher.id } });
    expectRefused(await server().call(staff.passwordResetInspect, { token }), ErrorCode.BAD_REQUEST, t('staff.passwordResetInvalid'));
  });

  test('the second factor stays: after the reset, signing in still asks for its code', async () => {
    const { session } = await adminSession();
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const secret = await withSecondFactor(await sessionOf(server(), editor));
    const token = tokenOf((await resetLink(session, editor)).body.data.url);
    expect((await server().call(staff.passwordResetAccept, { token, password: NEW_PASSWORD })).body.data).toEqual({
      mobile: editor.mobile,
      secondFactor: true,
    });
    const first = await signIn(editor.mobile, NEW_PASSWORD);
    expect(first.body.data).toMatchObject({ step: 'secondFactor' });
    expect(cookieFrom(first)).toBeNull();
    const code = await codeAt(secret, server().clock.value);
    const passed = await server().call(staff.secondFactor, { challenge: first.body.data.challenge, code });
    expect(passed.body.data.account.secondFactor).toBe(true);
  });
});

describe('the self-service reset with an SMS code', () => {
  test('asking for a code answers the same whether the mobile is a staff account or not; only the account gets one', async () => {
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    const nobody = freshStaffMobile();
    const known = await publicPost(staff.passwordResetSendCode, { mobile: editor.mobile });
    const unknown = await publicPost(staff.passwordResetSendCode, { mobile: nobody });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ code: 0, data: null, message: '发送成功' });
    expect(deliveredCode(server(), editor.mobile)).toMatch(/^\d{6}$/);
    expect(deliveredCode(server(), nobody)).toBeNull();

    // Asked again at once, both are held to the same countdown.
    const [knownAgain, unknownAgain] = [
      await publicPost(staff.passwordResetSendCode, { mobile: editor.mobile }),
      await publicPost(staff.passwordResetSendCode, { mobile: nobody }),
    ];
    expect(unknownAgain.body).toEqual(knownAgain.body);
    expect(knownAgain.body.message).toBe(t('sms.waitCountdown'));

    // A guess answers alike too, for the account's code and for the code nobody got.
    const guess = { code: '000000', password: NEW_PASSWORD };
    const wrongKnown = await publicPost(staff.passwordResetWithCode, { mobile: editor.mobile, ...guess });
    const wrongUnknown = await publicPost(staff.passwordResetWithCode, { mobile: nobody, ...guess });
    const never = await publicPost(staff.passwordResetWithCode, { mobile: freshStaffMobile(), ...guess });
    if (deliveredCode(server(), editor.mobile) !== '000000') {
      expect(wrongUnknown.body).toEqual(wrongKnown.body);
      expect(wrongKnown.body.message).toBe(t('sms.codeWrong'));
    }
    expectRefused(never, ErrorCode.BAD_REQUEST, t('sms.codeNotSent'));
  });

  test('a correct code sets the password, ends every session, signs nobody in, and is audited as the person', async () => {
    const teacher = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher, '孙老师');
    const sessions = [await sessionOf(server(), teacher), await sessionOf(server(), teacher)];
    expect((await publicPost(staff.passwordResetSendCode, { mobile: teacher.mobile })).body.code).toBe(0);
    const code = deliveredCode(server(), teacher.mobile)!;
    server().clock.advance(1000);
    const weak = await publicPost(staff.passwordResetWithCode, { mobile: teacher.mobile, code, password: 'short1' });
    expect(weak.body.message).toBe('密码至少8位');
    const badCode = await publicPost(staff.passwordResetWithCode, { mobile: teacher.mobile, code: '12ab', password: NEW_PASSWORD });
    expect(badCode.body.message).toBe(t('admin.smsCodeInvalid'));

    const done = await publicPost(staff.passwordResetWithCode, { mobile: teacher.mobile, code, password: NEW_PASSWORD });
    expect(done.body).toEqual({ code: 0, data: { mobile: teacher.mobile, secondFactor: false }, message: expect.any(String) });
    expect(cookieFrom(done)).toBeNull();
    for (const s of sessions) expect(await sessionLive(s)).toBe(false);
    expect((await signIn(teacher.mobile, NEW_PASSWORD)).body.data).toMatchObject({ step: 'done' });

    // The code is used up.
    const again = await publicPost(staff.passwordResetWithCode, { mobile: teacher.mobile, code, password: 'Other2026b' });
    expectRefused(again, ErrorCode.BAD_REQUEST, t('sms.codeExpired'));

    const entries = await auditOf(server(), DEMO.id, { actorId: teacher.id, targetId: teacher.id });
    expect(entries.map((e) => [e.action, e.actorName])).toEqual([[AUDIT_ACTION.passwordReset, '孙老师']]);
    expect(JSON.parse(entries[0]!.afterJson!)).toEqual({ passwordUpdatedAt: server().clock.value, revokedSessions: 2, withSmsCode: true });
    expect(JSON.stringify(entries)).not.toMatch(new RegExp(`${code}|${NEW_PASSWORD}`));
  });

  test('wrong codes are limited: the fifth burns the code, and the right one no longer works', async () => {
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    await publicPost(staff.passwordResetSendCode, { mobile: editor.mobile });
    const code = deliveredCode(server(), editor.mobile)!;
    const wrong = code === '999999' ? '999998' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < SMS_LIMITS.maxAttempts; i++) {
      answers.push((await publicPost(staff.passwordResetWithCode, { mobile: editor.mobile, code: wrong, password: NEW_PASSWORD })).body.message);
    }
    expect(answers).toEqual([...Array(SMS_LIMITS.maxAttempts - 1).fill(t('sms.codeWrong')), t('sms.codeLocked')]);
    const right = await publicPost(staff.passwordResetWithCode, { mobile: editor.mobile, code, password: NEW_PASSWORD });
    expectRefused(right, ErrorCode.BAD_REQUEST, t('sms.codeLocked'));
    expect((await signIn(editor.mobile, DEMO_STAFF_PASSWORD)).body.code).toBe(0);
  });

  test('parallel tries with the right code: the password is set once', async () => {
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    await publicPost(staff.passwordResetSendCode, { mobile: editor.mobile });
    const code = deliveredCode(server(), editor.mobile)!;
    const answers = await Promise.all(
      ['Para1abcd', 'Para2abcd', 'Para3abcd'].map((password) => publicPost(staff.passwordResetWithCode, { mobile: editor.mobile, code, password })),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(await auditOf(server(), DEMO.id, { actorId: editor.id, targetId: editor.id })).toHaveLength(1);
  });

  test("a disabled account gets no code and cannot reset, with the same answers as a mobile that is nobody's", async () => {
    const { session } = await adminSession();
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    await server().call(staff.changeStatus, { status: STAFF_STATUS.disabled }, { ...asStaff(session, DEMO.id), params: { id: editor.id } });
    const sent = await publicPost(staff.passwordResetSendCode, { mobile: editor.mobile });
    expect(sent.body).toEqual({ code: 0, data: null, message: '发送成功' });
    expect(deliveredCode(server(), editor.mobile)).toBeNull();
    const tried = await publicPost(staff.passwordResetWithCode, { mobile: editor.mobile, code: '123456', password: NEW_PASSWORD });
    expectRefused(tried, ErrorCode.BAD_REQUEST, t('sms.codeWrong'));

    // Disabled after the code was sent: the code works no more.
    const other = await makeStaff(server(), DEMO.id, STAFF_ROLE.teacher);
    await publicPost(staff.passwordResetSendCode, { mobile: other.mobile });
    const code = deliveredCode(server(), other.mobile)!;
    const hashOf = async () =>
      (await server().runtime.db.selectFrom('staffAccounts').select('passwordHash').where('id', '=', other.id).executeTakeFirstOrThrow()).passwordHash;
    const before = await hashOf();
    await server().call(staff.changeStatus, { status: STAFF_STATUS.disabled }, { ...asStaff(session, DEMO.id), params: { id: other.id } });
    expect((await publicPost(staff.passwordResetWithCode, { mobile: other.mobile, code, password: NEW_PASSWORD })).body.code).toBe(ErrorCode.BAD_REQUEST);
    expect(await hashOf()).toBe(before);
    expect(await auditOf(server(), DEMO.id, { actorId: other.id })).toEqual([]);
  });

  test("a code is the school's: another school's staff reset does not take it, and the public send call refuses the staff template", async () => {
    const editor = await makeStaff(server(), DEMO.id, STAFF_ROLE.editor);
    await publicPost(staff.passwordResetSendCode, { mobile: editor.mobile });
    const code = deliveredCode(server(), editor.mobile)!;
    const elsewhere = await publicPost(staff.passwordResetWithCode, { mobile: editor.mobile, code, password: NEW_PASSWORD }, freshIp(), HUAXIA.id);
    expectRefused(elsewhere, ErrorCode.BAD_REQUEST, t('sms.codeNotSent'));
    const query = { mobile: editor.mobile, templateCode: STAFF_PASSWORD_RESET_TEMPLATE, timestamp: String(server().clock.value) };
    const sign = await smsSign(query, server().runtime.config.SMS_SIGN_ACCESS_KEY);
    const res = await server().app.request(`${urlOf(sendSmsCode)}?${new URLSearchParams(query)}`, { headers: { TenantId: DEMO.id, sign } }, { ip: freshIp() });
    expect((await parse(res)).body.message).toBe(t('sms.templateInvalid'));
  });
});

describe('a disabled account enabled again', () => {
  test('enable and disable are audited; the school keeps an active administrator', async () => {
    const s = server();
    const tenantId = `3${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e9)).padStart(9, '0')}`;
    await s.runtime.db
      .insertInto('tenants')
      .values({ id: tenantId, preDomain: `reset${tenantId.slice(-8)}`, name: '启用测试学校', status: 1, createdAt: s.clock.value })
      .execute();
    const a = await makeStaff(s, tenantId, STAFF_ROLE.admin);
    const b = await makeStaff(s, tenantId, STAFF_ROLE.admin);
    const [sa, sb] = [await sessionOf(s, a), await sessionOf(s, b)];
    const status = (session: TestStaffSession, id: string, value: 0 | 1) =>
      s.call(staff.changeStatus, { status: value }, { ...asStaff(session, tenantId), params: { id } });

    expect((await status(sa, b.id, STAFF_STATUS.disabled)).body.data.status).toBe(STAFF_STATUS.disabled);
    expect((await s.call(staff.me, {}, asStaff(sb, tenantId))).body.code).toBe(ErrorCode.TOKEN_REVOKED);
    // The one active administrator cannot be disabled by anyone (not by themself), and nobody else is left to.
    expectRefused(await status(sa, a.id, STAFF_STATUS.disabled), ErrorCode.FORBIDDEN, t('staff.notSelf'));
    s.clock.advance(1000);
    const enabled = await status(sa, b.id, STAFF_STATUS.active);
    expect(enabled.body.data).toMatchObject({ id: b.id, status: STAFF_STATUS.active });
    const signedIn = await s.call(staff.signIn, { mobile: b.mobile, password: DEMO_STAFF_PASSWORD }, { tenant: tenantId });
    expect(signedIn.body.data).toMatchObject({ step: 'done' });
    // Now b may disable a: b stays the active administrator.
    const sb2 = await sessionOf(s, b);
    expect((await status(sb2, a.id, STAFF_STATUS.disabled)).body.code).toBe(0);
    expectRefused(await status(sb2, b.id, STAFF_STATUS.disabled), ErrorCode.FORBIDDEN, t('staff.notSelf'));

    const entries = await auditOf(s, tenantId, { targetId: b.id });
    const changes = entries.filter((e) => e.action === AUDIT_ACTION.statusChange).map((e) => [e.actorId, e.beforeJson, e.afterJson]);
    expect(changes).toEqual([
      [a.id, '{"status":1}', '{"status":0}'],
      [a.id, '{"status":0}', '{"status":1}'],
    ]);
    const admins = await s.runtime.db.selectFrom('staffAccounts').select('id').where('tenantId', '=', tenantId).where('status', '=', 1).execute();
    expect(admins.map((r) => r.id)).toEqual([b.id]);
  });
});
