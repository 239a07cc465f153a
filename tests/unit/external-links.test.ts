import { describe, expect, test } from 'vitest';
import { EXTERNAL_LINK_MAX_CHARS, checkExternalLink, isPlaceholderHost } from '~/lib/external-links';
import { externalLinkRule } from '~/lib/school/settings';

describe('placeholder hosts: the names reserved for examples and tests', () => {
  test.each([
    'example.com',
    'school.example.com',
    'EXAMPLE.ORG',
    'a.b.example.net',
    'example.com.',
    'partners.e2e.example',
    'x.test',
    'nothing.invalid',
    'localhost',
    'demo.localhost',
  ])('%s is a placeholder', (host) => expect(isPlaceholderHost(host)).toBe(true));

  test.each(['example.cn', 'myexample.com', 'example.com.cn', 'examples.com', 'testing.cn', 'jiangnan.edu.cn', 'localhost.cn', 'school-example.com'])(
    '%s is not',
    (host) => expect(isPlaceholderHost(host)).toBe(false),
  );
});

describe('a link to another site', () => {
  test('https with a host: kept as typed, trimmed', () => {
    expect(checkExternalLink(' https://app.jiangnan.cn/download?from=pc ')).toEqual({ ok: true, url: 'https://app.jiangnan.cn/download?from=pc' });
    expect(checkExternalLink('HTTPS://APP.jiangnan.cn')).toEqual({ ok: true, url: 'HTTPS://APP.jiangnan.cn' });
  });

  test.each([
    ['plain http', 'http://app.jiangnan.cn/'],
    ['a script', 'javascript:alert(1)'],
    ['data', 'data:text/html,<b>x</b>'],
    ['no scheme', 'app.jiangnan.cn/download'],
    ['a site path', '/login/promotion'],
    ['protocol-relative', '//app.jiangnan.cn/'],
    ['credentials', 'https://user:pass@app.jiangnan.cn/'],
    ['a space', 'https://app.jiangnan.cn/a b'],
    ['an angle bracket', 'https://app.jiangnan.cn/<x>'],
    ['a quote', 'https://app.jiangnan.cn/"x'],
    ['no host', 'https://'],
    ['too long', `https://app.jiangnan.cn/${'a'.repeat(EXTERNAL_LINK_MAX_CHARS)}`],
  ])('%s is refused', (_name, value) => {
    expect(checkExternalLink(value)).toEqual({ ok: false, reason: 'format' });
  });

  test('the longest address kept passes; a placeholder is refused as one', () => {
    const longest = `https://app.jiangnan.cn/${'a'.repeat(EXTERNAL_LINK_MAX_CHARS - 'https://app.jiangnan.cn/'.length)}`;
    expect(checkExternalLink(longest).ok).toBe(true);
    expect(checkExternalLink('https://school.example.com/app')).toEqual({ ok: false, reason: 'placeholder' });
  });

  test("the settings' rule: '' is none; the message names the field and says why", () => {
    const rule = externalLinkRule('APP 下载页地址');
    expect(rule('')).toEqual({ ok: true, value: '' });
    expect(rule('  ')).toEqual({ ok: true, value: '' });
    expect(rule(' https://app.jiangnan.cn ')).toEqual({ ok: true, value: 'https://app.jiangnan.cn' });
    expect(rule('http://app.jiangnan.cn')).toEqual({ ok: false, message: 'APP 下载页地址请填写以 https:// 开头的完整网址' });
    expect(rule('https://app.example.com')).toEqual({ ok: false, message: 'APP 下载页地址不能使用示例地址（如 example.com），请填写真实的网址' });
    expect(rule({ url: 'https://app.jiangnan.cn' })).toEqual({ ok: false, message: 'APP 下载页地址请填写以 https:// 开头的完整网址' });
  });
});
