import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { useTestServer } from '../setup/server';
import {
  LOGIN,
  LOGIN_FAILED,
  TOO_MANY,
  codeLogin,
  codeLoginBody,
  passwordLoginBody,
  passwordChecks,
  postAs,
  setCookieOf,
  uniqueIp,
  uniqueMobile,
} from '../setup/login';
import { DEVICE_COOKIE } from '~/server/login/attempts.rules';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { LOGIN_THROTTLE } from '~/server/login/login.rules';
import { DUMMY_HASH, hashPassword, verifyPassword } from '~/server/login/password';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

/** A user of the demo school with a password set through updateStudent. */
async function userWithPassword(password = 'abc12345') {
  const u = await codeLogin(server());
  expectOk(await postAs(server(), LOGIN.updateStudent, { password }, { token: u.token }));
  return { ...u, password };
}

const login = (username: string, password: string, ip = uniqueIp()) => postAs(server(), LOGIN.login, passwordLoginBody(username, password), { ip });

describe('password hashing', () => {
  test('scrypt with a per-password salt; verification in constant time', async () => {
    const a = await hashPassword('Secret123');
    // The hash an unknown account is checked against costs what a real one does: same N, r, p and lengths.
    expect(DUMMY_HASH.replace(/\$[\w-]+\$[\w-]+$/, '')).toBe(a.replace(/\$[\w-]+\$[\w-]+$/, ''));
    expect(DUMMY_HASH.split('$').map((part) => part.length)).toEqual(a.split('$').map((part) => part.length));
    const b = await hashPassword('Secret123');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Secret123', a)).toBe(true);
    expect(await verifyPassword('Secret124', a)).toBe(false);
    expect(await verifyPassword('Secret123', 'not a hash')).toBe(false);
    expect(await verifyPassword('Secret123', a.replace('16384', '16385'))).toBe(false);
  });
});

describe('password login (PASSWORD)', () => {
  test('the seeded demo student logs in with mobile or username and the documented password', async () => {
    for (const username of [DEMO_STUDENT.mobile, DEMO_STUDENT.username]) {
      const answer = await login(username, DEMO_STUDENT.password);
      const data = expectOk(answer);
      expect(answer.body.message).toBe('登录成功');
      expect(Object.keys(data).sort()).toEqual(['expiration', 'token', 'userId']);
      const info = expectOk(await postAs(server(), LOGIN.userInfo, {}, { token: data.token }));
      expect(info).toMatchObject({ mobile: DEMO_STUDENT.mobile, nickName: DEMO_STUDENT.nickName, realName: DEMO_STUDENT.realName });
    }
    const row = await server().runtime.db.selectFrom('users').selectAll().where('mobile', '=', DEMO_STUDENT.mobile).executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toContain(DEMO_STUDENT.password);
  });

  test('every wrong case answers one message: wrong password, unknown mobile, unknown username, no password set', async () => {
    const noPassword = await codeLogin(server());
    const cases = [
      login(DEMO_STUDENT.mobile, 'Wrong2026'),
      login(DEMO_STUDENT.username, 'Demo2025'),
      login(uniqueMobile('188'), DEMO_STUDENT.password),
      login('nobody_here', DEMO_STUDENT.password),
      login(noPassword.mobile, 'anything1'),
      login(noPassword.mobile, ''),
    ];
    const answers = await Promise.all(cases.slice(0, 5));
    for (const a of answers) {
      expectRefused(a, ErrorCode.BAD_REQUEST, t('login.failed'));
    }
    // An empty password is a form error, not a login attempt.
    const empty = await cases[5]!;
    expectRefused(empty, ErrorCode.BAD_REQUEST, t('login.passwordRequired'));
  });

  test('an unknown account, or one without a password, costs a password check like a wrong password', async () => {
    // The answer time tells nothing when every wrong case costs one scrypt check against a hash of the same cost.
    const u = await userWithPassword();
    const noPassword = await codeLogin(server());
    const cases: [string, string, 'match' | 'mismatch'][] = [
      [u.mobile, 'Wrong2026', 'mismatch'],
      [uniqueMobile('188'), 'Wrong2026', 'mismatch'],
      ['nobody_here', 'Wrong2026', 'mismatch'],
      [noPassword.mobile, 'anything1', 'mismatch'],
      [u.mobile, u.password, 'match'],
    ];
    for (const [username, password, result] of cases) {
      const before = await passwordChecks();
      await login(username, password);
      const after = await passwordChecks();
      const other = result === 'match' ? 'mismatch' : 'match';
      expect([after[result] - before[result], after[other] - before[other]], username).toEqual([1, 0]);
    }
  });

  test('a disabled user with the right password is told so; with a wrong one gets the generic message', async () => {
    const u = await userWithPassword();
    await server().runtime.db.updateTable('users').set({ status: 0 }).where('id', '=', u.userId).execute();
    const right = await login(u.mobile, u.password);
    expectRefused(right, ErrorCode.BAD_REQUEST, t('identity.userDisabled'));
    const wrong = await login(u.mobile, 'nope12345');
    expect(wrong.body.message).toBe(LOGIN_FAILED);
  });
});

describe('password throttle (counted in the database)', () => {
  test('10 failures of one account in 15 minutes from any addresses refuse even the right password from a new browser; then it works again', async () => {
    const u = await userWithPassword();
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++) expect((await login(u.mobile, `wrong${i}00`)).body.message).toBe(LOGIN_FAILED);
    const blocked = await login(u.mobile, u.password);
    expectRefused(blocked, ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
    expect(await server().runtime.db.selectFrom('loginFailures').select('id').where('account', '=', `user:${u.userId}`).execute()).toHaveLength(
      LOGIN_THROTTLE.perAccount,
    );

    server().clock.advance(LOGIN_THROTTLE.windowMs + 1);
    expectOk(await login(u.mobile, u.password));
  });

  test('mobile and username share one budget: failures mixing both lock the account for both until the window passes', async () => {
    const u = await userWithPassword();
    const username = `mixed_${u.mobile.slice(-6)}`;
    await server().runtime.db.updateTable('users').set({ username }).where('id', '=', u.userId).execute();
    // Without the shared budget this would be twice the guesses: the limit as mobile and again as username.
    const names = Array.from({ length: LOGIN_THROTTLE.perAccount }, (_, i) => [u.mobile, username, ` ${username} `][i % 3]!);
    for (const [i, name] of names.entries()) expect((await login(name, `wrong${i}00`)).body.message).toBe(LOGIN_FAILED);
    for (const name of [u.mobile, username]) {
      const blocked = await login(name, u.password);
      expectRefused(blocked, ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
    }
    // A refused attempt is not a failure: the window still ends 15 minutes after the last failure.
    server().clock.advance(LOGIN_THROTTLE.windowMs - 1);
    expectRefused(await login(username, u.password), ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
    server().clock.advance(1);
    expectOk(await login(username, u.password));
    expectOk(await login(u.mobile, u.password));
  });

  test('the rows keep no typed name: an unknown name is stored as a digest', async () => {
    const typed = `Secret_Typed_${uniqueMobile('1')}`;
    await login(typed, 'whatever1');
    const accounts = (await server().runtime.db.selectFrom('loginFailures').select('account').execute()).map((r) => r.account ?? '');
    expect(accounts.some((a) => a.toLowerCase().includes(typed.toLowerCase()))).toBe(false);
    expect(accounts.filter((a) => /^name:[0-9a-f]{40}$/.test(a)).length).toBeGreaterThan(0);
  });

  test('two names of nobody are counted apart, each like an account (one short of the limit each blocks neither)', async () => {
    const [a, b] = [uniqueMobile('178'), `nobody_${uniqueMobile('1')}`];
    for (let i = 0; i < LOGIN_THROTTLE.perAccount - 1; i++) {
      expect((await login(a, 'whatever1')).body.message).toBe(LOGIN_FAILED);
      expect((await login(b, 'whatever1')).body.message).toBe(LOGIN_FAILED);
    }
    expect((await login(a, 'whatever1')).body.message).toBe(LOGIN_FAILED);
    expect((await login(b, 'whatever1')).body.message).toBe(LOGIN_FAILED);
    expect((await login(a, 'whatever1')).body.message).toBe(TOO_MANY);
    expect((await login(b.toUpperCase(), 'whatever1')).body.message).toBe(TOO_MANY);
  });

  test('an unknown account is throttled the same way (the throttle does not tell accounts apart)', async () => {
    const ghost = uniqueMobile('177');
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++) expect((await login(ghost, 'whatever1')).body.message).toBe(LOGIN_FAILED);
    expectRefused(await login(ghost, 'whatever1'), ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
  });

  test('a successful login keeps the account failures for browsers it does not know; the browser that logged in goes on with its own budget', async () => {
    const u = await userWithPassword();
    for (let i = 0; i < LOGIN_THROTTLE.perAccount - 1; i++) expect((await login(u.mobile, 'wrong1234')).body.message).toBe(LOGIN_FAILED);
    const home = await login(u.mobile, u.password);
    expectOk(home);
    // Decision 095: the success renews nobody's guesses. One more from anywhere reaches the account's limit.
    expect((await login(u.mobile, 'wrong1234')).body.message).toBe(LOGIN_FAILED);
    expectRefused(await login(u.mobile, 'wrong1234'), ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
    expectRefused(await login(u.mobile, u.password), ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
    // The owner's browser counts its own typos alone.
    const cookie = setCookieOf(home, DEVICE_COOKIE.student)!;
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_THROTTLE.perDevice - 1; i++) {
      expect((await postAs(server(), LOGIN.login, passwordLoginBody(u.mobile, 'wrong1234'), { ip, cookie })).body.message).toBe(LOGIN_FAILED);
    }
    expectOk(await postAs(server(), LOGIN.login, passwordLoginBody(u.mobile, u.password), { ip, cookie }));
  });

  test('20 failures from one IP address ask that address for a captcha (any account, code logins too), not others', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_THROTTLE.perIp - 1; i++) await login(uniqueMobile('166'), 'wrong1234', ip);
    // A failed code login counts for the address as well.
    expectRefused(await postAs(server(), LOGIN.login, codeLoginBody(uniqueMobile('166'), '123456'), { ip }), ErrorCode.BAD_REQUEST, t('login.failed'));
    const blocked = await login(DEMO_STUDENT.mobile, DEMO_STUDENT.password, ip);
    expectRefused(blocked, ErrorCode.CAPTCHA_REQUIRED, t('login.captchaRequired'));
    const blockedCode = await postAs(server(), LOGIN.login, codeLoginBody(uniqueMobile('166'), '123456'), { ip });
    expectRefused(blockedCode, ErrorCode.CAPTCHA_REQUIRED, t('login.captchaRequired'));
    expectOk(await login(DEMO_STUDENT.mobile, DEMO_STUDENT.password, uniqueIp()));

    server().clock.advance(LOGIN_THROTTLE.windowMs + 1);
    expectOk(await login(DEMO_STUDENT.mobile, DEMO_STUDENT.password, ip));
  });
});
