import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { HUAXIA, useTestServer } from '../setup/server';
import { LOGIN_THROTTLE } from '~/server/login/login.rules';
import { LOGIN, LOGIN_FAILED, codeLogin, passwordLoginBody, postAs, sendLoginCode, uniqueIp, wrongCode } from '../setup/login';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

const update = (token: string, body: unknown, tenant?: string) => postAs(server(), LOGIN.updateStudent, body, { token, ...(tenant ? { tenant } : {}) });
/** A password change proven with `oldPassword`, from one address. */
const changeFrom = (ip: string, token: string, oldPassword: string) =>
  postAs(server(), LOGIN.updateStudent, { password: 'second1234', oldPassword }, { token, ip });
const passwordLogin = (mobile: string, password: string) => postAs(server(), LOGIN.login, passwordLoginBody(mobile, password));

describe('updateStudent', () => {
  test('sets nickName and realName of the logged-in user; answers the user info', async () => {
    const u = await codeLogin(server());
    const answer = await update(u.token, { nickName: '小明同学', realName: '王小明' });
    const info = expectOk(answer);
    expect(answer.body.message).toBe('操作成功');
    expect(info).toMatchObject({ userId: u.userId, nickName: '小明同学', realName: '王小明' });
    expect(expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: u.token }))).toMatchObject({ nickName: '小明同学', realName: '王小明' });
  });

  test('the first password needs only the token; then password login works, stored as scrypt', async () => {
    const u = await codeLogin(server());
    expectRefused(await passwordLogin(u.mobile, 'abc12345'), ErrorCode.BAD_REQUEST, t('login.failed'));
    expectOk(await update(u.token, { password: 'abc12345' }));
    const row = await server().runtime.db.selectFrom('users').selectAll().where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordUpdatedAt).toBe(server().clock.value);
    expectOk(await passwordLogin(u.mobile, 'abc12345'));
  });

  test.each([
    ['abc12', t('rules.passwordTooShort')],
    ['abcdefghij1234567890x', t('rules.passwordTooLong')],
    ['abc 12345', t('rules.password')],
    ['密码密码密码', t('rules.password')],
    ['', t('login.passwordRequired')],
  ])('the new password %j is refused: %s', async (password, message) => {
    const u = await codeLogin(server());
    const answer = await update(u.token, { password });
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });

  test('changing a password needs the current password or a fresh code, and ends the other sessions', async () => {
    const u = await codeLogin(server());
    expectOk(await update(u.token, { password: 'first1234' }));
    const other = expectOk(await passwordLogin(u.mobile, 'first1234'));

    const none = await update(u.token, { password: 'second1234' });
    expectRefused(none, ErrorCode.BAD_REQUEST, t('login.proofRequired'));
    const wrong = await update(u.token, { password: 'second1234', oldPassword: 'nope12345' });
    expectRefused(wrong, ErrorCode.BAD_REQUEST, t('login.proofWrong'));

    expectOk(await update(u.token, { password: 'second1234', oldPassword: 'first1234' }));
    expectRefused(await passwordLogin(u.mobile, 'first1234'), ErrorCode.BAD_REQUEST, t('login.failed'));
    expectOk(await passwordLogin(u.mobile, 'second1234'));
    // The session that changed it goes on; the other one is over.
    expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: u.token }));
    expectRefused(await postAs(server(), LOGIN.userInfo, {}, { token: other.token }), ErrorCode.TOKEN_REVOKED, t('identity.tokenRevoked'));

    // With a code instead of the old password.
    server().clock.advance(60_000);
    const code = await sendLoginCode(server(), u.mobile);
    expectRefused(await update(u.token, { password: 'third1234', code: wrongCode(code) }), ErrorCode.BAD_REQUEST, t('login.proofWrong'));
    expectOk(await update(u.token, { password: 'third1234', code }));
    expectOk(await passwordLogin(u.mobile, 'third1234'));
  });

  test('only for oneself: another userId is refused and nothing changes', async () => {
    const a = await codeLogin(server());
    const b = await codeLogin(server());
    const answer = await update(a.token, { userId: b.userId, nickName: '冒名顶替', password: 'hijack123' });
    expectRefused(answer, ErrorCode.FORBIDDEN, t('login.notSelf'));
    const row = await server().runtime.db.selectFrom('users').selectAll().where('id', '=', b.userId).executeTakeFirstOrThrow();
    expect(row.nickName).not.toBe('冒名顶替');
    expect(row.passwordHash).toBeNull();
    // The own id is fine.
    expectOk(await update(a.token, { userId: a.userId, nickName: '本人' }));
  });

  test('needs a token of this school', async () => {
    const a = await codeLogin(server());
    expectRefused(await update('', { nickName: 'x' }), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expectRefused(await update(a.token, { nickName: 'x' }, HUAXIA.id), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
  });

  test.each([
    [{}, t('login.nothingToUpdate')],
    [{ nickName: '' }, t('login.nickNameInvalid')],
    [{ nickName: '<script>' }, t('login.nickNameInvalid')],
    [{ realName: '王小明1' }, t('login.realNameInvalid')],
    [{ nickName: 'x'.repeat(21) }, t('login.nickNameInvalid')],
  ])('bad input %j is refused: %s', async (body, message) => {
    const a = await codeLogin(server());
    const answer = await update(a.token, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });

  test('wrong current passwords count towards the account throttle, before the password is checked', async () => {
    const u = await codeLogin(server());
    expectOk(await update(u.token, { password: 'first1234' }));
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAddress; i++) {
      expectRefused(await changeFrom(ip, u.token, `bad${i}1234`), ErrorCode.BAD_REQUEST, t('login.proofWrong'));
    }
    const blocked = await changeFrom(ip, u.token, 'first1234');
    expectRefused(blocked, ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
    expect(blocked.body.message).not.toBe(LOGIN_FAILED);
    const login = await postAs(server(), LOGIN.login, passwordLoginBody(u.mobile, 'first1234'), { ip });
    expectRefused(login, ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
  });
});
