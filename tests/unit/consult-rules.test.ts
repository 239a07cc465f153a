import { describe, expect, test } from 'vitest';
import { consultErrors, consultFieldError, parseConsult } from '~/lib/rules/consult';

const valid = { name: '张晓明', mobile: '13800138000', code: '123456', content: '想咨询电工证的报名条件' };

describe('consult form rules', () => {
  test.each([
    ['name', '', '请输入姓名'],
    ['name', '   ', '请输入姓名'],
    ['name', undefined, '请输入姓名'],
    ['name', null, '请输入姓名'],
    ['name', '张三1', '姓名格式不正确'],
    ['name', '张 三', '姓名格式不正确'],
    ['name', 'Tom_Lee', '姓名格式不正确'],
    ['name', '李@', '姓名格式不正确'],
    ['name', '张'.repeat(31), '姓名不能超过30个字符'],
    ['mobile', '', '请输入电话'],
    ['mobile', '1380013800', '手机格式不正确'],
    ['mobile', '138001380001', '手机格式不正确'],
    ['mobile', '23800138000', '手机格式不正确'],
    ['mobile', '1380013800a', '手机格式不正确'],
    ['code', '', '请输入验证码'],
    ['code', '1234567', '验证码不能超过6位'],
    ['content', '', '请输入您要咨询的内容'],
    ['content', '\n\t ', '请输入您要咨询的内容'],
    ['content', '问'.repeat(501), '咨询内容不能超过500个字'],
  ] as const)('%s %j -> %s', (field, value, message) => {
    expect(consultFieldError(field, value)).toBe(message);
  });

  test.each([
    ['name', '张晓明'],
    ['name', 'Anna'],
    ['name', 'John.Smith'],
    ['name', '阿卜杜·热合曼'],
    ['name', '张'.repeat(30)],
    ['mobile', '13800138000'],
    ['mobile', 13800138000],
    ['code', '123456'],
    ['code', '12'],
    ['content', '问'.repeat(500)],
  ] as const)('%s %j is valid', (field, value) => {
    expect(consultFieldError(field, value)).toBeNull();
  });

  test('every invalid field has its message; valid fields have none', () => {
    expect(consultErrors({})).toEqual({ name: '请输入姓名', mobile: '请输入电话', code: '请输入验证码', content: '请输入您要咨询的内容' });
    expect(consultErrors({ ...valid, mobile: '12' })).toEqual({ mobile: '手机格式不正确' });
    expect(consultErrors(valid)).toEqual({});
  });

  test('parseConsult reports the first invalid field in form order and trims valid values', () => {
    expect(parseConsult({ ...valid, name: '', content: '' })).toEqual({ ok: false, field: 'name', message: '请输入姓名' });
    expect(parseConsult({ ...valid, code: '1234567', content: '' })).toEqual({ ok: false, field: 'code', message: '验证码不能超过6位' });
    expect(parseConsult(null)).toMatchObject({ ok: false, field: 'name' });
    expect(parseConsult({ name: ' 张晓明 ', mobile: ' 13800138000', code: '123456 ', content: ' 你好 ', extra: 'x' })).toEqual({
      ok: true,
      value: { name: '张晓明', mobile: '13800138000', code: '123456', content: '你好' },
    });
  });
});
