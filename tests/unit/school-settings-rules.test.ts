import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  MIN_CONTRAST_WITH_WHITE,
  brandColorRule,
  brandShades,
  brandStyle,
  contactPhoneRule,
  contrastWithWhite,
  coordinateRule,
  emailRule,
  hostNameRule,
  isPlatformHost,
  openingTimeRule,
  plainText,
  ratioText,
  webUrlRule,
} from '~/lib/school/settings';

const hexColor = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('brand colour', () => {
  test('contrast with white at the ends and at the default blue', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#1456d9')).toBeGreaterThan(MIN_CONTRAST_WITH_WHITE);
    // #767676 is the lightest grey with 4.5:1 on white; #777777 just misses it.
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite('#777777')).toBeLessThan(4.5);
  });

  test('empty is the default; #RRGGBB in any case comes out lower case; other shapes are refused', () => {
    expect(brandColorRule('')).toEqual({ ok: true, value: '' });
    expect(brandColorRule(' #0B6E4F ')).toEqual({ ok: true, value: '#0b6e4f' });
    for (const bad of ['red', '#fff', '#12345g', 'rgb(0,0,0)', '#1234567', 12, {}]) expect(brandColorRule(bad).ok).toBe(false);
  });

  test('a colour too light for white text is refused with its ratio, rounded down', () => {
    expect(brandColorRule('#777777')).toEqual({ ok: false, message: expect.stringContaining('对比度 4.4:1') });
    expect(brandColorRule('#767676').ok).toBe(true);
    expect(ratioText(4.49)).toBe('4.4');
  });

  test('property: a colour is taken exactly when white text on it has at least 4.5:1, and its dark shade keeps that', () => {
    fc.assert(
      fc.property(hexColor, (hex) => {
        const result = brandColorRule(hex.toUpperCase());
        expect(result.ok).toBe(contrastWithWhite(hex) >= MIN_CONTRAST_WITH_WHITE);
        if (result.ok) {
          expect(result.value).toBe(hex);
          expect(contrastWithWhite(brandShades(hex).dark)).toBeGreaterThanOrEqual(contrastWithWhite(hex) - 1e-9);
        }
      }),
    );
  });

  test('the stylesheet holds only a checked colour', () => {
    expect(brandStyle('#0b6e4f')).toMatch(/^:root\{--color-brand:#0b6e4f;--color-brand-dark:#[0-9a-f]{6};--color-brand-soft:#[0-9a-f]{6}\}$/);
    expect(brandStyle('red;}</style><script>')).toBe('');
    expect(brandStyle(null)).toBe('');
  });
});

describe('host names', () => {
  test('lower-cased, trimmed, a trailing dot dropped', () => {
    expect(hostNameRule(' WWW.Example.COM. ')).toEqual({ ok: true, value: 'www.example.com' });
    expect(hostNameRule('xn--fiqs8s.example.cn')).toEqual({ ok: true, value: 'xn--fiqs8s.example.cn' });
  });

  test.each([
    '',
    'localhost',
    'http://www.example.com',
    'www.example.com/path',
    'www.example.com:8080',
    '10.0.0.1',
    '-a.example.com',
    'a..example.com',
    `${'a'.repeat(64)}.com`,
    '中文.com',
  ])('%s is refused', (host) => {
    expect(hostNameRule(host).ok).toBe(false);
  });

  test('platform hosts: a base domain and anything under it', () => {
    expect(isPlatformHost('yunxiao.cn', ['yunxiao.cn'])).toBe(true);
    expect(isPlatformHost('huaxia.yunxiao.cn', ['yunxiao.cn'])).toBe(true);
    expect(isPlatformHost('notyunxiao.cn', ['yunxiao.cn'])).toBe(false);
  });
});

describe('the other fields', () => {
  test('plain text: trimmed, limited, no markup', () => {
    const rule = plainText('学校名称', 5, true);
    expect(rule('  江南  ')).toEqual({ ok: true, value: '江南' });
    expect(rule('')).toEqual({ ok: false, message: '请输入学校名称' });
    expect(rule('一二三四五六')).toEqual({ ok: false, message: '学校名称不能超过5个字' });
    expect(rule('<b>')).toEqual({ ok: false, message: '学校名称不能包含尖括号或控制字符' });
    expect(plainText('简称', 5)('')).toEqual({ ok: true, value: '' });
  });

  test('phone, e-mail, web address, coordinates, opening times', () => {
    expect(contactPhoneRule('0571-8888 6666 转 123').ok).toBe(true);
    expect(contactPhoneRule('call me').ok).toBe(false);
    expect(emailRule('a@b.cn').ok).toBe(true);
    expect(emailRule('a@b').ok).toBe(false);
    expect(webUrlRule('https://www.example.com/a?b=1').ok).toBe(true);
    expect(webUrlRule('javascript:alert(1)').ok).toBe(false);
    expect(webUrlRule('data:text/html,x').ok).toBe(false);
    expect(coordinateRule(90)('30.28')).toEqual({ ok: true, value: 30.28 });
    expect(coordinateRule(90)('')).toEqual({ ok: true, value: null });
    expect(coordinateRule(90)('90.5').ok).toBe(false);
    expect(coordinateRule(180)('1e3').ok).toBe(false);
    expect(openingTimeRule('08:30')).toEqual({ ok: true, value: '08:30:00' });
    expect(openingTimeRule('23:59:59')).toEqual({ ok: true, value: '23:59:59' });
    for (const bad of ['24:00', '8:30', '08:60', 'noon']) expect(openingTimeRule(bad).ok).toBe(false);
  });
});
