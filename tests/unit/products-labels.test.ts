import { describe, expect, test } from 'vitest';
import { periodTypeName, verificationName } from '~/server/products/products.rules';

describe('product labels', () => {
  test('certificate verification types', () => {
    expect(verificationName(0)).toBe('');
    expect(verificationName(1)).toBe('全国联网可查');
    expect(verificationName(2)).toBe('学信网可查');
    expect(verificationName(3)).toBe('');
    expect(verificationName(null)).toBe('');
  });

  test('class period types', () => {
    expect([1, 2, 3, 4].map(periodTypeName)).toEqual(['培训', '考试', '认证', '评价']);
    expect(periodTypeName(0)).toBe('');
    expect(periodTypeName(5)).toBe('');
  });
});
