import { beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { useTestServer } from '../setup/server';
import { LOGIN, LOGIN_FAILED, passwordLoginBody, postAs, uniqueIp, uniqueMobile } from '../setup/login';
import { findOrCreateUser } from '~/server/identity/identity.service';
import { LOGIN_THROTTLE } from '~/server/login/login.rules';
import { hashPassword } from '~/server/login/password';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The password throttle's per-address budget (decision 030): a class of 50 behind one address
 * logs in with a few typos each, arriving within a minute; a spray of one password over many
 * accounts from one address is still stopped after LOGIN_THROTTLE.perIp failures (a captcha is
 * asked for, correct passwords included: decision 053), and an attacker's own account lends it
 * only perIpPerAccountIn more.
 */
const server = useTestServer();
const PASSWORD = 'Class2026';
let hash: string;

const login = (username: string, password: string, ip: string) => postAs(server(), LOGIN.login, passwordLoginBody(username, password), { ip });

/** Students with the same password (one hash for all: scrypt is slow on purpose). */
async function students(n: number): Promise<string[]> {
  const db = server().runtime.db;
  const mobiles: string[] = [];
  for (let i = 0; i < n; i++) {
    const mobile = uniqueMobile('177');
    const user = await findOrCreateUser(db, mobile, server().clock.value);
    await db.updateTable('users').set({ passwordHash: hash }).where('id', '=', user.id).execute();
    mobiles.push(mobile);
  }
  return mobiles;
}

/** A fixed pseudo-random sequence (the same on every run). */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

interface Attempt {
  at: number;
  mobile: string;
  password: string;
}

/**
 * A classroom's first minutes: each student arrives within the first minute, types the password
 * wrong 0 to 3 times (a few seconds apart), then right; everyone's attempts interleave.
 */
function classroomMorning(mobiles: string[], seed: number): Attempt[] {
  const next = random(seed);
  const attempts: Attempt[] = [];
  for (const mobile of mobiles) {
    let at = Math.floor(next() * 60_000);
    const typos = Math.floor(next() * 4);
    for (let i = 0; i < typos; i++) {
      attempts.push({ at, mobile, password: `Class202${i}x` });
      at += 5_000 + Math.floor(next() * 15_000);
    }
    attempts.push({ at, mobile, password: PASSWORD });
  }
  return attempts.sort((a, b) => a.at - b.at);
}

beforeAll(async () => {
  hash = await hashPassword(PASSWORD);
});

describe('one address, many people', () => {
  test.each([1, 3])(
    'a class of 50 behind one address logs in, typos and all (arrival order %i)',
    async (seed) => {
      server().clock.advance(LOGIN_THROTTLE.windowMs + 1);
      const start = server().clock.value;
      const school = uniqueIp();
      const mobiles = await students(50);
      const morning = classroomMorning(mobiles, seed);
      expect(morning.length - 50).toBeGreaterThan(LOGIN_THROTTLE.perIp);
      const refused: string[] = [];
      for (const a of morning) {
        server().clock.set(start + a.at);
        const answer = await login(a.mobile, a.password, school);
        if (a.password === PASSWORD) {
          if (answer.body.code !== 0) refused.push(`${a.mobile}: ${answer.body.message}`);
        } else {
          expectRefused(answer, ErrorCode.BAD_REQUEST, t('login.failed'));
        }
      }
      expect(refused).toEqual([]);
      // about 125 password checks (scrypt is slow on purpose), on a machine shared with other tests
    },
    90_000,
  );

  test(`a spray from one address: ${LOGIN_THROTTLE.perIp} failures, then everything from there needs a captcha, correct passwords too`, async () => {
    server().clock.advance(LOGIN_THROTTLE.windowMs + 1);
    const proxy = uniqueIp();
    const victims = await students(LOGIN_THROTTLE.perIp + 5);
    for (const mobile of victims.slice(0, LOGIN_THROTTLE.perIp)) {
      const answer = await login(mobile, '123456aa', proxy);
      expect(answer.body.message).toBe(LOGIN_FAILED);
    }
    for (const mobile of victims.slice(LOGIN_THROTTLE.perIp)) {
      const answer = await login(mobile, PASSWORD, proxy);
      expectRefused(answer, ErrorCode.CAPTCHA_REQUIRED, t('login.captchaRequired'));
    }
    // nothing stops the same people elsewhere
    expectOk(await login(victims.at(-1)!, PASSWORD, uniqueIp()));
  });

  test(`the spray's own account lends it ${LOGIN_THROTTLE.perIpPerAccountIn} more failures, once, however often it logs in`, async () => {
    server().clock.advance(LOGIN_THROTTLE.windowMs + 1);
    const proxy = uniqueIp();
    const [own, ...victims] = await students(LOGIN_THROTTLE.perIp + LOGIN_THROTTLE.perIpPerAccountIn + 2);
    for (let i = 0; i < 3; i++) expectOk(await login(own!, PASSWORD, proxy));
    const budget = LOGIN_THROTTLE.perIp + LOGIN_THROTTLE.perIpPerAccountIn;
    for (const mobile of victims.slice(0, budget)) expect((await login(mobile, 'guess1234', proxy)).body.message).toBe(LOGIN_FAILED);
    expectRefused(await login(victims[budget]!, PASSWORD, proxy), ErrorCode.CAPTCHA_REQUIRED, t('login.captchaRequired'));
    expectRefused(await login(own!, PASSWORD, proxy), ErrorCode.CAPTCHA_REQUIRED, t('login.captchaRequired'));
    // the window passes: the address is free again
    server().clock.advance(LOGIN_THROTTLE.windowMs + 1);
    expectOk(await login(victims[budget]!, PASSWORD, proxy));
  });

  test('one account is still stopped after its own failures at the address, whatever the address has in hand', async () => {
    server().clock.advance(LOGIN_THROTTLE.windowMs + 1);
    const school = uniqueIp();
    const [target, ...classmates] = await students(11);
    for (const mobile of classmates) expectOk(await login(mobile, PASSWORD, school));
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAddress; i++) expect((await login(target!, `guess${i}abc`, school)).body.message).toBe(LOGIN_FAILED);
    const blocked = await login(target!, PASSWORD, school);
    expectRefused(blocked, ErrorCode.TOO_MANY_REQUESTS, t('login.tooManyAttempts'));
  });
});
