import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { LOGIN, codeLogin, getAs, passwordLoginBody, postAs, sendLoginCode } from '../setup/login';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

describe('after login: bind, student id, user info', () => {
  test('the login page sequence: bind, getOrCreateStudentId, getUserInfo', async () => {
    const u = await codeLogin(server());
    const bound = expectOk(await postAs(server(), LOGIN.bind, { tenantId: DEMO.id, userId: u.userId }, { token: u.token }));
    expect(bound).toMatchObject({ tenantId: DEMO.id, userId: u.userId });
    expect(bound.studentId).toMatch(/^\d+$/);
    // Binding again changes nothing.
    expect(expectOk(await postAs(server(), LOGIN.bind, { tenantId: DEMO.id, userId: u.userId }, { token: u.token }))).toEqual(bound);
    const studentId = expectOk(await getAs(server(), LOGIN.studentId, { tenantId: DEMO.id, userId: u.userId }, { token: u.token }));
    expect(studentId).toBe(bound.studentId);
    const info = expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: u.token }));
    expect(info).toMatchObject({ id: u.userId, userId: u.userId, mobile: u.mobile, type: 'user' });
  });

  test('getOrCreateStudentId creates the binding when there is none', async () => {
    const u = await codeLogin(server());
    const id = expectOk(await getAs(server(), LOGIN.studentId, { tenantId: DEMO.id, userId: u.userId }, { token: u.token }));
    const row = await server().runtime.db.selectFrom('userTenants').selectAll().where('userId', '=', u.userId).execute();
    expect(row).toEqual([expect.objectContaining({ tenantId: DEMO.id, studentId: id })]);
  });

  test('binding needs a token (40001)', async () => {
    const u = await codeLogin(server());
    expectRefused(await postAs(server(), LOGIN.bind, { tenantId: DEMO.id, userId: u.userId }), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expectRefused(await getAs(server(), LOGIN.studentId, { tenantId: DEMO.id, userId: u.userId }), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
  });

  test('binding only for oneself: another user id is refused and nothing is stored', async () => {
    const a = await codeLogin(server());
    const b = await codeLogin(server());
    const answer = await postAs(server(), LOGIN.bind, { tenantId: DEMO.id, userId: b.userId }, { token: a.token });
    expectRefused(answer, ErrorCode.FORBIDDEN, t('login.notSelf'));
    expectRefused(await getAs(server(), LOGIN.studentId, { tenantId: DEMO.id, userId: b.userId }, { token: a.token }), ErrorCode.FORBIDDEN, t('login.notSelf'));
    expect(await server().runtime.db.selectFrom('userTenants').select('userId').where('userId', '=', b.userId).execute()).toEqual([]);
  });

  test('binding to another school than the token’s is refused (tenant isolation)', async () => {
    const a = await codeLogin(server());
    // The token's school in the header, another school in the body.
    expectRefused(
      await postAs(server(), LOGIN.bind, { tenantId: HUAXIA.id, userId: a.userId }, { token: a.token }),
      ErrorCode.TOKEN_FOREIGN,
      t('identity.tokenForeign'),
    );
    // Another school in the header: the token itself is foreign there.
    expectRefused(
      await postAs(server(), LOGIN.bind, { tenantId: HUAXIA.id, userId: a.userId }, { token: a.token, tenant: HUAXIA.id }),
      ErrorCode.TOKEN_FOREIGN,
      t('identity.tokenForeign'),
    );
    expect(await server().runtime.db.selectFrom('userTenants').select('tenantId').where('userId', '=', a.userId).execute()).toEqual([]);
  });

  test('a student of two schools has a token and a student id per school', async () => {
    const a = await codeLogin(server());
    server().clock.advance(60_000);
    const code = await sendLoginCode(server(), a.mobile, HUAXIA.id);
    const h = expectOk(
      await postAs(
        server(),
        LOGIN.login,
        { grantType: 'MOBILE_LOGIN_REGISTER', mobile: a.mobile, code, tenantId: HUAXIA.id, terminalType: 'ALL_USER', bizType: 'P_MINI' },
        { tenant: HUAXIA.id },
      ),
    );
    expect(h.userId).toBe(a.userId);
    const sa = expectOk(await postAs(server(), LOGIN.bind, { tenantId: DEMO.id, userId: a.userId }, { token: a.token }));
    const sh = expectOk(await postAs(server(), LOGIN.bind, { tenantId: HUAXIA.id, userId: a.userId }, { token: h.token, tenant: HUAXIA.id }));
    expect(sa.studentId).not.toBe(sh.studentId);
  });

  test('bad input is refused, never a 500', async () => {
    const a = await codeLogin(server());
    for (const [body, message] of [
      [{}, '无效输入'],
      [{ tenantId: DEMO.id }, '无效输入'],
      [{ tenantId: DEMO.id, userId: '../../x' }, t('validation.badFormat')],
      [{ tenantId: [1], userId: a.userId }, '无效输入'],
      ['nope', t('validation.badJson')],
    ] as const) {
      expectRefused(await postAs(server(), LOGIN.bind, body, { token: a.token }), ErrorCode.BAD_REQUEST, message);
    }
  });
});

describe('sessions', () => {
  test('an expired token gives 40001 (clock moved past the expiration)', async () => {
    const a = await codeLogin(server());
    const before = server().clock.value;
    server().clock.set(a.expiration - 1);
    expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: a.token }));
    server().clock.set(a.expiration);
    expectRefused(await postAs(server(), LOGIN.userInfo, {}, { token: a.token }), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    server().clock.set(before + 60_000);
  });

  test('logout revokes the token (40005); the other sessions stay', async () => {
    const a = await codeLogin(server());
    const second = expectOk(await postAs(server(), LOGIN.login, passwordLoginBody(DEMO_STUDENT.mobile, DEMO_STUDENT.password)));
    expectOk(await postAs(server(), LOGIN.logout, {}, { token: a.token }));
    expectRefused(await postAs(server(), LOGIN.userInfo, {}, { token: a.token }), ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));
    expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: second.token }));
  });
});
