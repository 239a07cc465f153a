import { describe, expect, test } from 'vitest';
import { expectOk } from '../setup/api';
import { useTestServer, type Answer } from '../setup/server';
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_WRONG,
  SKILL,
  TRAINING,
  expectCaptchaRefused,
  expectNotFound,
  freshIp,
  postFrom,
  querySkill,
  queryTraining,
  seed,
  solvedCaptcha,
  wrongCode,
} from '../setup/certificates';

const server = useTestServer();

const skill = seed.demo.skill[0]!; // 王芳, 2 characters
const skill4 = seed.demo.skill.find((c) => c.name === '欧阳子轩')!;
const dotted = seed.demo.skill.find((c) => c.name.includes('·'))!;
const noMobile = seed.demo.skill.find((c) => c.mobile === null)!;
const training = seed.demo.training.find((c) => c.studentName === '马超')!;
const passport = seed.demo.training.find((c) => c.idType === '护照')!;

function expectFound<T>(answer: Answer): T {
  const data = expectOk<T>(answer);
  expect(data, answer.text).not.toBeNull();
  expect(answer.body.message).toBe('查询成功');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return data;
}

describe('POST /api/evaluate/anyTenant/certificate/queryCertificateByCode (skill-level certificate)', () => {
  test('finds a certificate by number and exact name, with the ID number and mobile masked', async () => {
    const data = expectFound<Record<string, unknown>>(await querySkill(server(), { name: skill.name, certificateCode: skill.certificateCode }));
    const card = seed.idNumber(skill.id17);
    expect(data).toEqual({
      name: skill.name,
      card: `${card.slice(0, 6)}********${card.slice(-4)}`,
      mobile: `${skill.mobile!.slice(0, 3)}****${skill.mobile!.slice(-4)}`,
      professionName: skill.professionName,
      typeOfWorkName: skill.typeOfWorkName,
      certificateCode: skill.certificateCode,
      level: skill.level,
      sendDate: skill.sendDate,
      certificateImgUrl: skill.certificateImgUrl,
      revoked: null,
    });
    // The full numbers are nowhere in the answer.
    const answer = await querySkill(server(), { name: skill.name, certificateCode: skill.certificateCode });
    expect(answer.text).not.toContain(card);
    expect(answer.text).not.toContain(skill.mobile!);
  });

  test('names of 4 characters and names with a middle dot (any of its look-alikes) are found', async () => {
    expect(expectFound<any>(await querySkill(server(), { name: skill4.name, certificateCode: skill4.certificateCode })).name).toBe('欧阳子轩');
    for (const name of [dotted.name, dotted.name.replace('·', '•'), dotted.name.replace('·', '・'), ` ${dotted.name} `]) {
      const data = expectFound<any>(await querySkill(server(), { name, certificateCode: dotted.certificateCode }));
      expect(data.name).toBe('阿依古丽·买买提');
    }
  });

  test('a certificate without a mobile answers mobile null; a type of work may be null', async () => {
    const data = expectFound<any>(await querySkill(server(), { name: noMobile.name, certificateCode: noMobile.certificateCode }));
    expect(data.mobile).toBeNull();
    const none = seed.demo.skill.find((c) => c.typeOfWorkName === null)!;
    expect(expectFound<any>(await querySkill(server(), { name: none.name, certificateCode: none.certificateCode })).typeOfWorkName).toBeNull();
  });

  test('with the captcha right, an unknown number and a wrong name give the same answer: data null, one message', async () => {
    const answers = [
      await querySkill(server(), { name: skill.name, certificateCode: 'Y99999999999999999' }),
      await querySkill(server(), { name: '王小芳', certificateCode: skill.certificateCode }),
      // Another holder's name with this number, and a name that is only part of the holder's.
      await querySkill(server(), { name: skill4.name, certificateCode: skill.certificateCode }),
      await querySkill(server(), { name: '欧阳', certificateCode: skill4.certificateCode }),
      // The number in another case.
      await querySkill(server(), { name: skill.name, certificateCode: skill.certificateCode.toLowerCase() }),
    ];
    for (const answer of answers) expectNotFound(answer);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });
});

describe.each([
  { path: SKILL, known: { name: skill.name, certificateCode: skill.certificateCode }, unknown: { name: skill.name, certificateCode: 'Y99999999999999999' } },
  {
    path: TRAINING,
    known: { studentName: training.studentName, certificateNum: training.certificateNum },
    unknown: { studentName: '马超然', certificateNum: training.certificateNum },
  },
])('$path: the captcha is checked first, and its answer says only what was wrong with it', ({ path, known, unknown }) => {
  const lookup = (captcha: { captchaKey: string; captchaCode: string }, form: object, ip: string) => postFrom(server(), path, { ...captcha, ...form }, { ip });

  test('a wrong answer says 验证码错误, the same for a known and an unknown certificate', async () => {
    const ip = freshIp();
    const answers = [];
    for (const form of [known, unknown]) {
      const captcha = await solvedCaptcha(server(), { ip });
      const answer = await lookup({ ...captcha, captchaCode: wrongCode(captcha.captchaCode) }, form, ip);
      expectCaptchaRefused(answer, CAPTCHA_WRONG);
      answers.push(answer.text);
    }
    expect(answers[0]).toBe(answers[1]);
  });

  test('an expired captcha says 验证码已失效, the same for a known and an unknown certificate (right or wrong answer)', async () => {
    const ip = freshIp();
    const answers = [];
    for (const form of [known, unknown]) {
      for (const right of [true, false]) {
        const captcha = await solvedCaptcha(server(), { ip });
        server().clock.advance(5 * 60_000);
        const answer = await lookup({ ...captcha, captchaCode: right ? captcha.captchaCode : wrongCode(captcha.captchaCode) }, form, ip);
        expectCaptchaRefused(answer, CAPTCHA_EXPIRED);
        answers.push(answer.text);
      }
    }
    expect(new Set(answers).size).toBe(1);
  });

  test('a used captcha says 验证码已失效: after a find, after a miss and after a wrong answer', async () => {
    const ip = freshIp();
    const found = await solvedCaptcha(server(), { ip });
    expectOk(await lookup(found, known, ip));
    expectCaptchaRefused(await lookup(found, known, ip), CAPTCHA_EXPIRED);
    expectCaptchaRefused(await lookup(found, unknown, ip), CAPTCHA_EXPIRED);

    const missed = await solvedCaptcha(server(), { ip });
    expectNotFound(await lookup(missed, unknown, ip));
    expectCaptchaRefused(await lookup(missed, known, ip), CAPTCHA_EXPIRED);

    const wrong = await solvedCaptcha(server(), { ip });
    expectCaptchaRefused(await lookup({ ...wrong, captchaCode: wrongCode(wrong.captchaCode) }, known, ip), CAPTCHA_WRONG);
    // The right answer comes too late: a captcha is checked once.
    expectCaptchaRefused(await lookup(wrong, known, ip), CAPTCHA_EXPIRED);
  });

  test('a key that never had a picture says 验证码已失效', async () => {
    const ip = freshIp();
    expectCaptchaRefused(await lookup({ captchaKey: 'ZZZZZZZZZZZZZZZZ', captchaCode: '1234' }, known, ip), CAPTCHA_EXPIRED);
  });

  test('the right answer and an unknown certificate: not found; the right answer and a known one: found', async () => {
    const ip = freshIp();
    expectNotFound(await lookup(await solvedCaptcha(server(), { ip }), unknown, ip));
    expectFound(await lookup(await solvedCaptcha(server(), { ip }), known, ip));
  });
});

describe('one captcha, one lookup', () => {
  test('a captcha of the skill lookup, used there, is dead for the training lookup', async () => {
    const ip = freshIp();
    const captcha = await solvedCaptcha(server(), { ip });
    expectFound(await postFrom(server(), SKILL, { ...captcha, name: skill.name, certificateCode: skill.certificateCode }, { ip }));
    expectCaptchaRefused(
      await postFrom(server(), TRAINING, { ...captcha, studentName: training.studentName, certificateNum: training.certificateNum }, { ip }),
      CAPTCHA_EXPIRED,
    );
  });
});

describe('POST /api/teaching/anyTenant/queryTeachUserCert (training certificate)', () => {
  test('finds a certificate by number and exact name, masked', async () => {
    const data = expectFound<Record<string, unknown>>(
      await queryTraining(server(), { studentName: training.studentName, certificateNum: training.certificateNum }),
    );
    const card = seed.idNumber(training.id17!);
    expect(data).toEqual({
      studentName: training.studentName,
      idType: '居民身份证',
      idCard: `${card.slice(0, 6)}********${card.slice(-4)}`,
      mobile: `${training.mobile!.slice(0, 3)}****${training.mobile!.slice(-4)}`,
      productName: training.productName,
      agencyName: seed.demo.agencyName,
      certificateNum: training.certificateNum,
      startTime: training.startTime,
      endTime: training.endTime,
      certificateUrl: training.certificateUrl,
      revoked: null,
    });
  });

  test('a passport number is masked too, showing less of a shorter number', async () => {
    const data = expectFound<any>(await queryTraining(server(), { studentName: passport.studentName, certificateNum: passport.certificateNum }));
    expect(data.idType).toBe('护照');
    expect(data.idCard).toBe('E48****17');
    expect(data.studentName).toBe('Anna');
  });

  test('the skill-level fields are not the training ones: a skill certificate is not found here', async () => {
    expectNotFound(await queryTraining(server(), { studentName: skill.name, certificateNum: skill.certificateCode }));
  });

  test('with the captcha right, an unknown number and a wrong name give the same answer', async () => {
    const answers = [
      await queryTraining(server(), { studentName: training.studentName, certificateNum: 'JNPX2099010001' }),
      await queryTraining(server(), { studentName: '马超然', certificateNum: training.certificateNum }),
    ];
    for (const answer of answers) expectNotFound(answer);
    expect(answers[0]!.text).toBe(answers[1]!.text);
  });
});

describe('the lookup log', () => {
  test('keeps no name or number, only the school, address, kind and time', async () => {
    const ip = freshIp();
    await querySkill(server(), { name: skill.name, certificateCode: skill.certificateCode }, { ip });
    const rows = await server().runtime.db.selectFrom('certificateQueries').selectAll().where('ip', '=', ip).execute();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['createdAt', 'id', 'ip', 'kind', 'tenantId']);
    expect(rows[0]).toMatchObject({ kind: 'skill', createdAt: server().clock.value });
  });
});
