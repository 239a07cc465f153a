import { describe, expect, test } from 'vitest';
import { expectRefused } from '../setup/api';
import { useTestServer } from '../setup/server';
import { LATEST_CAPTCHA, SKILL, TRAINING, expectNotFound, freshIp, getFrom, postFrom, seed, solvedCaptcha } from '../setup/certificates';
import { ErrorCode } from '~/lib/envelope';
import { CERT_QUERY_LIMITS } from '~/lib/rules/certificate';
import { t } from '~/server/i18n';

const server = useTestServer();

const skill = seed.demo.skill[0]!;
const training = seed.demo.training[0]!;

/** Each call with its own field names for the form's name and number. */
const CALLS = [
  { path: SKILL, name: 'name', number: 'certificateCode', valid: { name: skill.name, certificateCode: skill.certificateCode } },
  { path: TRAINING, name: 'studentName', number: 'certificateNum', valid: { studentName: training.studentName, certificateNum: training.certificateNum } },
] as const;

const KEY = 'AbCdEfGh12345678';

describe.each(CALLS)('$path: a missing or invalid field gets its own clear message', (call) => {
  const body = (over: Record<string, unknown>) => {
    const b: Record<string, unknown> = { captchaKey: KEY, captchaCode: '1234', ...call.valid, ...over };
    for (const [k, v] of Object.entries(b)) if (v === undefined) delete b[k];
    return b;
  };

  test.each([
    ['no name', { NAME: undefined }, t('certificates.nameRequired')],
    ['an empty name', { NAME: '' }, t('certificates.nameRequired')],
    ['a blank name', { NAME: '   ' }, t('certificates.nameRequired')],
    ['a null name', { NAME: null }, t('certificates.nameRequired')],
    ['a name of 9 characters', { NAME: '张'.repeat(CERT_QUERY_LIMITS.nameMax + 1) }, t('certificates.nameTooLong', { n: CERT_QUERY_LIMITS.nameMax })],
    ['a name with a digit', { NAME: '张三1' }, t('certificates.nameInvalid')],
    ['a name with a space', { NAME: '张 三' }, t('certificates.nameInvalid')],
    ['a name with punctuation', { NAME: '张三!' }, t('certificates.nameInvalid')],
    ['a name of only a dot', { NAME: '·' }, t('certificates.nameInvalid')],
    ['a name with markup', { NAME: '<b>张</b>' }, t('certificates.nameInvalid')],
    ['a name as an object', { NAME: { $ne: '' } }, t('certificates.nameRequired')],
    ['no number', { NUMBER: undefined }, t('certificates.numberRequired')],
    ['an empty number', { NUMBER: ' ' }, t('certificates.numberRequired')],
    ['a number with SQL', { NUMBER: "1' OR '1'='1" }, t('certificates.numberInvalid')],
    ['a number of 65 characters', { NUMBER: 'A'.repeat(65) }, t('certificates.numberInvalid')],
    ['no captcha', { captchaCode: undefined }, t('certificates.captchaRequired')],
    ['an empty captcha', { captchaCode: '' }, t('certificates.captchaRequired')],
    ['a captcha with letters', { captchaCode: '12a4' }, t('certificates.captchaDigits')],
    ['a very long captcha', { captchaCode: '1'.repeat(40) }, t('certificates.captchaInvalid')],
    ['no captcha key', { captchaKey: undefined }, t('captcha.keyInvalid')],
    ['a short captcha key', { captchaKey: 'abc' }, t('captcha.keyInvalid')],
    ['a numeric captcha key', { captchaKey: 1234567890123456 }, t('captcha.keyInvalid')],
  ] as const)('%s -> %s', async (_label, over, message) => {
    const mapped: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(over)) mapped[k === 'NAME' ? call.name : k === 'NUMBER' ? call.number : k] = v;
    const answer = await postFrom(server(), call.path, body(mapped));
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('the messages come in the form order: name, number, captcha', async () => {
    expectRefused(await postFrom(server(), call.path, {}), ErrorCode.BAD_REQUEST, t('certificates.nameRequired'));
    expectRefused(await postFrom(server(), call.path, { [call.name]: '张三' }), ErrorCode.BAD_REQUEST, t('certificates.numberRequired'));
    expectRefused(await postFrom(server(), call.path, { [call.name]: '张三', [call.number]: 'A1' }), ErrorCode.BAD_REQUEST, t('certificates.captchaRequired'));
  });

  test.each([
    ['malformed JSON', '{"name":', t('validation.badJson')],
    // A body that is not an object has no name: the first field's message.
    ['a JSON array', '[1,2]', t('certificates.nameRequired')],
    ['a JSON string', '"hello"', t('certificates.nameRequired')],
    ['null', 'null', t('certificates.nameRequired')],
  ])('%s is refused with a clear message, never a 500', async (_label, text, message) => {
    const answer = await postFrom(server(), call.path, text);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });

  test("the name may have 8 characters (also outside the BMP), not 9: the limit is the server's too", async () => {
    const ip = freshIp();
    for (const name of ['欧阳司马诸葛上官', '𠮷'.repeat(8)]) {
      expectNotFound(await postFrom(server(), call.path, { ...(await solvedCaptcha(server(), { ip })), ...call.valid, [call.name]: name }, { ip }));
    }
    for (const name of ['欧阳司马诸葛上官云', '𠮷'.repeat(9), ' 阿依古丽·买买提江 ']) {
      const answer = await postFrom(server(), call.path, { ...(await solvedCaptcha(server(), { ip })), ...call.valid, [call.name]: name }, { ip });
      expectRefused(answer, ErrorCode.BAD_REQUEST, t('certificates.nameTooLong', { n: CERT_QUERY_LIMITS.nameMax }));
    }
  });

  test('a refused request does not use up the captcha', async () => {
    const ip = freshIp();
    const captcha = await solvedCaptcha(server(), { ip });
    expectRefused(
      await postFrom(server(), call.path, { ...captcha, ...call.valid, [call.name]: '张三1' }, { ip }),
      ErrorCode.BAD_REQUEST,
      t('catalog.badFormat', { field: '姓名' }),
    );
    // Still readable: not burned.
    expect((await getFrom(server(), LATEST_CAPTCHA, { key: captcha.captchaKey }, { ip })).body.data.code).toBe(captcha.captchaCode);
  });
});

describe('method and path', () => {
  test('GET on a lookup path is not a lookup', async () => {
    const answer = await getFrom(server(), SKILL, {});
    expect(answer.status).toBe(404);
    expectRefused(answer, ErrorCode.NOT_FOUND, t('api.notFound'));
  });
});
