import { describe, expect, test } from 'vitest';
import { expectRefused } from '../setup/api';
import { useTestServer } from '../setup/server';
import { LATEST_CAPTCHA, SKILL, TRAINING, expectNotFound, freshIp, getFrom, postFrom, seed, solvedCaptcha } from '../setup/certificates';

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
    ['no name', { NAME: undefined }, '请输入姓名'],
    ['an empty name', { NAME: '' }, '请输入姓名'],
    ['a blank name', { NAME: '   ' }, '请输入姓名'],
    ['a null name', { NAME: null }, '请输入姓名'],
    ['a name of 9 characters', { NAME: '张'.repeat(9) }, '姓名最多8个字'],
    ['a name with a digit', { NAME: '张三1' }, '姓名格式不正确'],
    ['a name with a space', { NAME: '张 三' }, '姓名格式不正确'],
    ['a name with punctuation', { NAME: '张三!' }, '姓名格式不正确'],
    ['a name of only a dot', { NAME: '·' }, '姓名格式不正确'],
    ['a name with markup', { NAME: '<b>张</b>' }, '姓名格式不正确'],
    ['a name as an object', { NAME: { $ne: '' } }, '请输入姓名'],
    ['no number', { NUMBER: undefined }, '请输入证书编号'],
    ['an empty number', { NUMBER: ' ' }, '请输入证书编号'],
    ['a number with SQL', { NUMBER: "1' OR '1'='1" }, '证书编号格式不正确'],
    ['a number of 65 characters', { NUMBER: 'A'.repeat(65) }, '证书编号格式不正确'],
    ['no captcha', { captchaCode: undefined }, '请输入验证码'],
    ['an empty captcha', { captchaCode: '' }, '请输入验证码'],
    ['a captcha with letters', { captchaCode: '12a4' }, '验证码只能是数字'],
    ['a very long captcha', { captchaCode: '1'.repeat(40) }, '验证码格式不正确'],
    ['no captcha key', { captchaKey: undefined }, '验证码标识不正确，请刷新验证码'],
    ['a short captcha key', { captchaKey: 'abc' }, '验证码标识不正确，请刷新验证码'],
    ['a numeric captcha key', { captchaKey: 1234567890123456 }, '验证码标识不正确，请刷新验证码'],
  ] as const)('%s -> %s', async (_label, over, message) => {
    const mapped: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(over)) mapped[k === 'NAME' ? call.name : k === 'NUMBER' ? call.number : k] = v;
    const answer = await postFrom(server(), call.path, body(mapped));
    expectRefused(answer, 400);
    expect(answer.body.message).toBe(message);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('the messages come in the form order: name, number, captcha', async () => {
    const answer = await postFrom(server(), call.path, {});
    expectRefused(answer, 400);
    expect(answer.body.message).toBe('请输入姓名');
    expect((await postFrom(server(), call.path, { [call.name]: '张三' })).body.message).toBe('请输入证书编号');
    expect((await postFrom(server(), call.path, { [call.name]: '张三', [call.number]: 'A1' })).body.message).toBe('请输入验证码');
  });

  test.each([
    ['malformed JSON', '{"name":'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
  ])('%s is refused with a clear message, never a 500', async (_label, text) => {
    const answer = await postFrom(server(), call.path, text);
    expectRefused(answer, 400);
  });

  test("the name may have 8 characters (also outside the BMP), not 9: the limit is the server's too", async () => {
    const ip = freshIp();
    for (const name of ['欧阳司马诸葛上官', '𠮷'.repeat(8)]) {
      expectNotFound(await postFrom(server(), call.path, { ...(await solvedCaptcha(server(), { ip })), ...call.valid, [call.name]: name }, { ip }));
    }
    for (const name of ['欧阳司马诸葛上官云', '𠮷'.repeat(9), ' 阿依古丽·买买提江 ']) {
      const answer = await postFrom(server(), call.path, { ...(await solvedCaptcha(server(), { ip })), ...call.valid, [call.name]: name }, { ip });
      expectRefused(answer, 400);
      expect(answer.body.message).toBe('姓名最多8个字');
    }
  });

  test('a refused request does not use up the captcha', async () => {
    const ip = freshIp();
    const captcha = await solvedCaptcha(server(), { ip });
    expectRefused(await postFrom(server(), call.path, { ...captcha, ...call.valid, [call.name]: '张三1' }, { ip }), 400);
    // Still readable: not burned.
    expect((await getFrom(server(), LATEST_CAPTCHA, { key: captcha.captchaKey }, { ip })).body.data.code).toBe(captcha.captchaCode);
  });
});

describe('method and path', () => {
  test('GET on a lookup path is not a lookup', async () => {
    const answer = await getFrom(server(), SKILL, {});
    expect(answer.status).toBe(404);
    expectRefused(answer, 404);
  });
});
