import { describe, expect, test } from 'vitest';
import { fill, translator } from '~/lib/i18n/translate';
import { t as consultT } from '~/lib/i18n/messages/consult';
import { catalogues, t } from '~/server/i18n';

/**
 * The message catalogue split by area: each island ships its area's strings only, the server
 * speaks every one of them. A key lives in exactly one catalogue, so both always say the same.
 */
describe('message catalogues', () => {
  test('every key lives in exactly one catalogue', () => {
    const seen = new Map<string, number>();
    for (const catalogue of catalogues) for (const key of Object.keys(catalogue)) seen.set(key, (seen.get(key) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });

  test("an area's t and the server's t give the same text", () => {
    expect(consultT('consult.nameTooLong', { n: 30 })).toBe('姓名不能超过30个字符');
    expect(t('consult.nameTooLong', { n: 30 })).toBe('姓名不能超过30个字符');
    expect(consultT('common.systemBusy')).toBe(t('common.systemBusy'));
  });

  test('{name} places are filled; names without a value stay as written', () => {
    expect(fill('第 {n} 页，共 {total} 条', { n: 2 })).toBe('第 2 页，共 {total} 条');
    expect(fill('无参数')).toBe('无参数');
    const say = translator({ 'a.b': '你好，{name}' } as const, { 'c.d': '{x}{x}' } as const);
    expect(say('a.b', { name: '张三' })).toBe('你好，张三');
    expect(say('c.d', { x: 0 })).toBe('00');
  });
});
