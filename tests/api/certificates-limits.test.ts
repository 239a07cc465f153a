import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DAY, HUAXIA, useTestServer, type Answer } from '../setup/server';
import {
  CAPTCHA_EXPIRED,
  MINUTE,
  SKILL,
  TRAINING,
  expectCaptchaRefused,
  freshIp,
  postFrom,
  querySkill,
  seed,
  solvedCaptcha,
  wrongCode,
} from '../setup/certificates';
import { CERT_QUERY_IP_LIMITS } from '~/server/certificates/certificates.rules';
import { startOfCstDay } from '~/lib/time/cst';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

const skill = seed.demo.skill[0]!;
const training = seed.demo.training[0]!;

/** A lookup that needs no captcha picture: refused for its dead captcha, it still counts as a lookup. */
const blindLookup = (ip: string, n: number, tenant?: string) =>
  n % 2
    ? postFrom(server(), SKILL, { captchaKey: 'QQQQQQQQQQQQQQQQ', captchaCode: '0000', name: '张三', certificateCode: `X${n}` }, { ip, tenant })
    : postFrom(server(), TRAINING, { captchaKey: 'QQQQQQQQQQQQQQQQ', captchaCode: '0000', studentName: '张三', certificateNum: `X${n}` }, { ip, tenant });

/** Let through the limits: refused only for the captcha, which is checked after them. */
function expectAnswered(answer: Answer) {
  expectCaptchaRefused(answer, CAPTCHA_EXPIRED);
}

describe('per-IP lookup limits', () => {
  test(`${CERT_QUERY_IP_LIMITS.perMinute} lookups a minute, both kinds and all schools together`, async () => {
    const ip = freshIp();
    const start = server().clock.value;
    for (let i = 0; i < CERT_QUERY_IP_LIMITS.perMinute; i++) {
      expectAnswered(await blindLookup(ip, i, i % 3 ? undefined : HUAXIA.id));
      server().clock.advance(1000);
    }
    // The 11th within the minute is refused, even with the right name, number and captcha.
    const refused = await querySkill(server(), { name: skill.name, certificateCode: skill.certificateCode }, { ip });
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('certificates.tooManyMinute'));
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expectRefused(await blindLookup(ip, 99, HUAXIA.id), ErrorCode.TOO_MANY_REQUESTS, t('certificates.tooManyMinute'));

    // Another address is not affected.
    expectAnswered(await blindLookup(freshIp(), 1));

    // A minute after the first lookup, one more is allowed (refusals counted nothing).
    server().clock.set(start + MINUTE);
    const captcha = await solvedCaptcha(server(), { ip });
    const found = await postFrom(server(), SKILL, { ...captcha, name: skill.name, certificateCode: skill.certificateCode }, { ip });
    expect(expectOk<any>(found).certificateCode).toBe(skill.certificateCode);
    expectRefused(await blindLookup(ip, 100), ErrorCode.TOO_MANY_REQUESTS, t('certificates.tooManyMinute'));
  });

  test(`${CERT_QUERY_IP_LIMITS.perDay} lookups a (China Standard Time) day`, async () => {
    const ip = freshIp();
    // Start at 08:00 on a fresh day so that all lookups fall on it.
    server().clock.set(startOfCstDay(server().clock.value) + 2 * DAY + 8 * 60 * MINUTE);
    for (let i = 0; i < CERT_QUERY_IP_LIMITS.perDay; i++) {
      expectAnswered(await blindLookup(ip, i));
      // 10 a minute stay allowed: 7 s apart.
      server().clock.advance(7_000);
    }
    server().clock.advance(MINUTE);
    const refused = await blindLookup(ip, 1000);
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('certificates.tooManyDay'));
    // Still refused late in the evening.
    server().clock.set(startOfCstDay(server().clock.value) + DAY - 1);
    expectRefused(await blindLookup(ip, 1001), ErrorCode.TOO_MANY_REQUESTS, t('certificates.tooManyDay'));
    // At midnight China Standard Time the day starts again.
    server().clock.advance(1);
    const captcha = await solvedCaptcha(server(), { ip });
    const answer = await postFrom(server(), TRAINING, { ...captcha, studentName: training.studentName, certificateNum: training.certificateNum }, { ip });
    expect(expectOk<any>(answer).certificateNum).toBe(training.certificateNum);
  });

  test('bad input is refused before it counts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expectRefused(await postFrom(server(), SKILL, { name: '' }, { ip }), ErrorCode.BAD_REQUEST, t('certificates.nameRequired'));
    expectAnswered(await blindLookup(ip, 1));
    const rows = await server().runtime.db.selectFrom('certificateQueries').select('id').where('ip', '=', ip).execute();
    expect(rows).toHaveLength(1);
  });

  test('concurrent lookups from one address never get more than the limit between them', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => blindLookup(ip, i)));
    const allowed = answers.filter((a) => a.body.code !== 429).length;
    // Each lookup is written before it is counted, so a burst may be refused whole, never over-granted.
    expect(allowed).toBeLessThanOrEqual(CERT_QUERY_IP_LIMITS.perMinute);
    for (const a of answers)
      if (a.body.code === 429) expectRefused(a, ErrorCode.TOO_MANY_REQUESTS, t('certificates.tooManyMinute'));
      else expectAnswered(a);
    const rows = await server().runtime.db.selectFrom('certificateQueries').select('id').where('ip', '=', ip).execute();
    expect(rows).toHaveLength(allowed);
  });

  test('a wrong captcha counts as a lookup: a script cannot guess captchas for free', async () => {
    const ip = freshIp();
    for (let i = 0; i < CERT_QUERY_IP_LIMITS.perMinute; i++) {
      const captcha = await solvedCaptcha(server(), { ip });
      const answer = await postFrom(
        server(),
        SKILL,
        { ...captcha, captchaCode: wrongCode(captcha.captchaCode), name: skill.name, certificateCode: skill.certificateCode },
        { ip },
      );
      expect(answer.body.message).toBe('验证码错误，请重新输入');
    }
    const refused = await querySkill(server(), { name: skill.name, certificateCode: skill.certificateCode }, { ip });
    expectRefused(refused, ErrorCode.TOO_MANY_REQUESTS, t('certificates.tooManyMinute'));
  });

  test('log rows older than two days are cleaned up', async () => {
    const ip = freshIp();
    expectAnswered(await blindLookup(ip, 1));
    server().clock.advance(2 * DAY + 1);
    expectAnswered(await blindLookup(freshIp(), 1));
    expect(await server().runtime.db.selectFrom('certificateQueries').select('id').where('ip', '=', ip).execute()).toHaveLength(0);
  });
});
