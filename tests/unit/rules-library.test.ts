import { describe, expect, test } from 'vitest';
import { all, check, required, rules, type RuleName } from '~/lib/rules/library';
import { isBlank, requiredText } from '~/lib/rules/rule';

/**
 * The shared rule library: for every rule, values that pass, values that fail
 * with the rule's exact message, and the empty value, which every rule lets through.
 */

interface Case {
  valid: unknown[];
  invalid: unknown[];
  message: string;
}

const cases: Record<RuleName, Case> = {
  noBlank: { valid: ['abc', '张三'], invalid: ['a b', ' a', 'a\tb'], message: '请勿输入空白字符' },
  chinese: { valid: ['张三', '中华人民共和国'], invalid: ['张3', 'abc', '张 三'], message: '只能输入中文' },
  english: { valid: ['abc', 'ABCdef'], invalid: ['abc1', '张', 'a-b'], message: '只能输入英文字母' },
  digits: { valid: ['0', '0123', 42], invalid: ['12a', '-1', '1.5'], message: '只能输入数字' },
  positiveDigits: { valid: ['1', '0012', '90'], invalid: ['0', '000', '-3', 'a'], message: '只能输入正数字' },
  chineseEnglish: { valid: ['张San', 'abc', '中文'], invalid: ['张3', 'a_b'], message: '只能输入中文和英文字母' },
  chineseDigits: { valid: ['三班2', '123'], invalid: ['a1', '三-2'], message: '只能输入中文和数字' },
  englishDigits: { valid: ['abc123', 'A1'], invalid: ['a_1', '张1'], message: '只能输入英文字母和数字' },
  chineseEnglishDigits: { valid: ['张三abc123'], invalid: ['张三!', 'a b'], message: '只能输入中文、英文字母和数字' },
  englishDigitsHyphen: { valid: ['ab-12', 'A-B-C'], invalid: ['ab_12', '张-1'], message: '只能输入英文字母、数字和中划线' },
  englishDigitsUnderscore: { valid: ['ab_12'], invalid: ['ab-12', 'ab 12'], message: '只能输入英文字母、数字和下划线' },
  chineseEnglishDigitsHyphen: { valid: ['一班-A1'], invalid: ['一班_A1'], message: '只能输入中文、英文字母、数字和中划线' },
  chineseEnglishDigitsUnderscore: { valid: ['一班_A1'], invalid: ['一班-A1'], message: '只能输入中文、英文字母、数字和下划线' },
  chineseEnglishDigitsPeriod: { valid: ['v1.2版', 'a.b'], invalid: ['a-b', 'a,b'], message: '只能输入中文、英文字母、数字和点' },
  commonCharacters: { valid: ['你好，世界！', 'Hello, world.', '《课程》(一)'], invalid: ['<script>', 'a$b', '😀'], message: '请输入常用字符' },
  number: { valid: ['0', '-1.5', '+3', '.5', 12.25], invalid: ['1.2.3', 'abc', '1e3', '--1'], message: '数字格式不正确' },
  eq0: { valid: ['0', '0.0', '-0'], invalid: ['1', '-0.1', 'a'], message: '只能等于0' },
  ne0: { valid: ['1', '-0.1'], invalid: ['0', '0.00', 'x'], message: '不能等于0' },
  gt0: { valid: ['0.01', '5'], invalid: ['0', '-1', 'x'], message: '必须大于0' },
  ge0: { valid: ['0', '2.5'], invalid: ['-0.01', 'x'], message: '必须大于或等于0' },
  lt0: { valid: ['-0.5', '-3'], invalid: ['0', '1'], message: '必须小于0' },
  le0: { valid: ['0', '-2'], invalid: ['0.1', 'x'], message: '必须小于或等于0' },
  integer: { valid: ['0', '-12', '+7', 100], invalid: ['1.5', 'a', '1.0'], message: '只能输入整数' },
  integerEq0: { valid: ['0', '-0'], invalid: ['1', '0.0'], message: '只能输入等于0的整数' },
  integerNe0: { valid: ['3', '-3'], invalid: ['0', '1.5'], message: '只能输入不等于0的整数' },
  integerGt0: { valid: ['1', '99'], invalid: ['0', '-1', '1.5'], message: '只能输入大于0的整数' },
  integerGe0: { valid: ['0', '8'], invalid: ['-1', '0.5'], message: '只能输入大于或等于0的整数' },
  integerLt0: { valid: ['-1'], invalid: ['0', '-1.5'], message: '只能输入小于0的整数' },
  integerLe0: { valid: ['0', '-9'], invalid: ['1', '-0.5'], message: '只能输入小于或等于0的整数' },
  integerBetween0And100: { valid: ['1', '50', '99'], invalid: ['0', '100', '50.5', '-1'], message: '只能输入大于0且小于100的整数' },
  oneDecimal: { valid: ['1.5', '-0.1'], invalid: ['1', '1.25', '.5'], message: '只能输入1位小数' },
  twoDecimals: { valid: ['1.25', '0.00'], invalid: ['1.2', '1', '1.255'], message: '只能输入2位小数' },
  atMostOneDecimal: { valid: ['1', '1.5'], invalid: ['1.25', 'x'], message: '最多输入1位小数' },
  atMostTwoDecimals: { valid: ['1', '1.5', '1.25'], invalid: ['1.255', 'x'], message: '最多输入2位小数' },
  digitsHyphen: { valid: ['010-1234', '123'], invalid: ['010_1234', 'a-1'], message: '只能输入数字和中划线' },
  password: { valid: ['abc123', 'A1b2C3d4E5f6G7h8I9j0'], invalid: ['abc12', 'a'.repeat(21), 'abc 123', 'abc!123'], message: '' },
  mobile: { valid: ['13800138000', '19912345678'], invalid: ['1380013800', '23800138000', '138001380001', '1380013800a'], message: '手机号码格式不正确' },
  landline: {
    valid: ['025-86651234', '02586651234', '86651234', '010-6255000-123'],
    invalid: ['13800138000', '123', '025-0123456'],
    message: '座机号码格式不正确',
  },
  mobileOrLandline: { valid: ['13800138000', '025-86651234'], invalid: ['12345', 'abc'], message: '请输入正确的手机号码或座机号码' },
  email: { valid: ['a@b.cn', 'first.last+tag@mail.example.com'], invalid: ['a@b', 'a.b.cn', 'a@@b.cn', 'a b@c.cn'], message: '邮箱格式不正确' },
  mobileOrEmail: { valid: ['13800138000', 'a@b.cn'], invalid: ['1380013', 'a@b'], message: '请输入正确的手机号码或邮箱' },
  qq: { valid: ['10001', '123456789012'], invalid: ['1234', '0123456', '1234567890123', 'a1234'], message: '请输入5~12位QQ号码' },
  wechat: { valid: ['wx_abc123', 'Abcdef'], invalid: ['1abcdef', 'abc', 'a'.repeat(21), '微信号abc'], message: '微信号格式不正确' },
  nationalId: {
    // 18 digits with a check digit, 17 digits plus X (either case), 15 digits (first generation).
    valid: ['320102199003071239', '11010519491231002X', '11010519491231002x', '440304198501010013', '110105491231002'],
    // Wrong check digit, impossible birth dates, wrong lengths, letters.
    invalid: [
      '320102199003071238',
      '320102199013071239',
      '320102199002301231',
      '32010219900307123',
      '11010519491231002Y',
      '110105491331002',
      'abcdefghijklmnopqr',
    ],
    message: '身份证号码格式不正确',
  },
  licencePlate: { valid: ['苏A12345', '京AD12345', '粤B1234学'], invalid: ['A12345', '苏I12345', '苏A1234', '苏A1234567'], message: '车牌号格式不正确' },
  address: {
    valid: ['江苏省南京市建邺区江东中路 369 号', '北京市海淀区中关村大街27号'],
    invalid: ['南京', '<b>南京市建邺区</b>', 'x'.repeat(101)],
    message: '地址格式不正确',
  },
  postalCode: { valid: ['210019', '100080'], invalid: ['21001', '2100190', 'abcdef'], message: '请输入6位邮政编码' },
  bankCard: {
    valid: ['622202123456', '6222021234567890123'],
    invalid: ['62220212345', '62220212345678901234', '6222 0212 3456'],
    message: '请输入12~19位银行卡号',
  },
  url: {
    valid: ['https://www.example.cn', 'http://a.b/c?d=1'],
    invalid: ['www.example.cn', 'ftp://a.b', 'javascript:alert(1)', 'https://'],
    message: '网址格式不正确',
  },
  companyName: { valid: ['南京数字云校科技有限公司', 'ABC (China) Co. Ltd'], invalid: ['公', '12345', '公司<script>'], message: '公司名称格式不正确' },
  organisationCode: {
    valid: ['D2143569-X', '12345678-8', 'MA1G2X3Y-1', 'd2143569-x'],
    invalid: ['D2143569-1', '12345678-9', '123456788', 'D214356-X'],
    message: '组织机构代码格式不正确',
  },
  businessLicence: {
    valid: ['320102000123456', '91350100M000100Y43'],
    invalid: ['32010200012345', '91350100M000100Y4', '9135010-M000100Y43'],
    message: '营业执照号码格式不正确',
  },
  socialCreditCode: {
    valid: ['91350100M000100Y43', '91110000600037341L', '12100000400000437C'],
    invalid: ['91350100M000100Y44', '91350100M000100Y4', '91350100I000100Y43', '91350100M000100Y4O'],
    message: '统一社会信用代码格式不正确',
  },
  fax: { valid: ['025-86651235', '86651235'], invalid: ['13800138000', 'fax'], message: '传真号码格式不正确' },
  ip: { valid: ['192.168.0.1', '0.0.0.0', '255.255.255.255'], invalid: ['256.1.1.1', '1.2.3', '01.2.3.4', 'a.b.c.d'], message: 'IP地址格式不正确' },
  money: { valid: ['0', '12', '12.5', '12.34', 99], invalid: ['-1', '12.345', 'abc', '1,000'], message: '请输入正确的金额，最多2位小数' },
  moneyGt0: { valid: ['0.01', '100'], invalid: ['0', '0.00', '-5', '1.234'], message: '金额必须大于0，最多2位小数' },
  money1Decimal: { valid: ['1', '1.5'], invalid: ['1.25', '-1'], message: '请输入正确的金额，最多1位小数' },
  money2Decimals: { valid: ['1.25'], invalid: ['1.255'], message: '请输入正确的金额，最多2位小数' },
  money3Decimals: { valid: ['1.255', '7'], invalid: ['1.2555'], message: '请输入正确的金额，最多3位小数' },
  money10Digits: { valid: ['1', '1234567890', '1234567890.12'], invalid: ['12345678901', '1.234', '-1'], message: '金额整数部分为1~10位，最多2位小数' },
  moneyMax100: { valid: ['100', '99.99', '0'], invalid: ['100.01', '101'], message: '金额不能超过100' },
  moneyMax1000: { valid: ['1000'], invalid: ['1000.01'], message: '金额不能超过1000' },
  moneyMax10000: { valid: ['10000'], invalid: ['10001'], message: '金额不能超过10000' },
  moneyMax100000: { valid: ['100000'], invalid: ['100000.5'], message: '金额不能超过100000' },
  moneyMax1000000: { valid: ['1000000'], invalid: ['1000001'], message: '金额不能超过1000000' },
  moneyMax10000000: { valid: ['10000000'], invalid: ['10000000.01'], message: '金额不能超过10000000' },
  moneyMax100000000: { valid: ['100000000', '0.5'], invalid: ['100000001'], message: '金额不能超过100000000' },
  percent: { valid: ['0.01', '50', '100', '99.99'], invalid: ['0', '100.01', '-1', '50.123'], message: '请输入大于0且不超过100的数值，最多2位小数' },
  rating: { valid: ['3', '4.5', '5', '3.25'], invalid: ['2.99', '5.01', '4.123', 'x'], message: '请输入3~5之间的数值，最多2位小数' },
  practiceYears: { valid: ['0', '15', '100', '2.5'], invalid: ['-1', '101', 'ten'], message: '只能填写0-100的数值' },
};

describe('the shared rule library', () => {
  test('every rule has cases', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(rules).sort());
  });

  for (const [name, c] of Object.entries(cases) as [RuleName, Case][]) {
    describe(name, () => {
      test('passes the empty value', () => {
        for (const empty of [undefined, null, '', '   ']) expect(check(rules[name], empty), JSON.stringify(empty)).toBeNull();
      });
      test('passes valid values', () => {
        for (const v of c.valid) expect(check(rules[name], v), String(v)).toBeNull();
      });
      test('refuses invalid values with its message', () => {
        for (const v of c.invalid) {
          const message = check(rules[name], v);
          expect(message, String(v)).not.toBeNull();
          if (c.message) expect(message, String(v)).toBe(c.message);
        }
      });
    });
  }

  test('the password rule reports length before content, with the spec messages', () => {
    expect(check(rules.password, 'abc12')).toBe('密码不能少于6位');
    expect(check(rules.password, 'a'.repeat(21))).toBe('密码不能超过20位');
    expect(check(rules.password, 'abc!123')).toBe('请输入6~20位字母或数字');
  });

  test('required and all: the first failing rule speaks', () => {
    const field = all(required('请输入手机号码'), rules.mobile);
    expect(check(field, '')).toBe('请输入手机号码');
    expect(check(field, '   ')).toBe('请输入手机号码');
    expect(check(field, '123')).toBe('手机号码格式不正确');
    expect(check(field, '13800138000')).toBeNull();
  });

  test('blank is what shows nothing: only white space or zero-width characters (issue 27)', () => {
    const invisible = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u3000', '\u00A0', ' \u200B\t\n'];
    for (const v of invisible) {
      expect(isBlank(v)).toBe(true);
      expect(check(required('请输入标题'), v)).toBe('请输入标题');
      expect(check(requiredText('请输入标题'), v)).toBe('请输入标题');
    }
    expect(isBlank('')).toBe(true);
    // One visible character makes it text; the invisible ones around it stay (a joiner holds an emoji together).
    expect(isBlank('\u200B标\u200B')).toBe(false);
    expect(requiredText('请输入标题')(' 👨\u200D👩 ')).toEqual({ ok: true, value: '👨\u200D👩' });
  });

  test('non-string values other than numbers are refused, never thrown on', () => {
    expect(check(rules.digits, { a: 1 })).toBe('只能输入数字');
    expect(check(rules.number, Number.NaN)).toBe('数字格式不正确');
    expect(check(rules.mobile, ['13800138000'])).toBe('手机号码格式不正确');
  });
});
