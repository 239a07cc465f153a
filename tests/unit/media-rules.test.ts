import { describe, expect, test } from 'vitest';
import { bannerLink } from '~/server/media/media.rules';

describe('bannerLink', () => {
  test('site paths and http(s) links pass; script and protocol-relative links become no link', () => {
    expect(bannerLink('/educational-product')).toBe('/educational-product');
    expect(bannerLink('https://www.example.cn/a')).toBe('https://www.example.cn/a');
    expect(bannerLink('javascript:alert(1)')).toBeNull();
    expect(bannerLink('//evil.example')).toBeNull();
    expect(bannerLink(null)).toBeNull();
  });
});
