import { describe, expect, test } from 'vitest';
import {
  MISSING_SEQ,
  effectiveSeq,
  parseCertificates,
  parsePeriodTypes,
  parsePrice,
  productPrice,
  ratingDiamonds,
  sortBySeq,
} from '~/server/products/products.rules';

describe('ratingDiamonds', () => {
  test.each([
    [0, 2],
    [1, 2],
    [999, 2],
    [1000, 3],
    [1001, 3],
    [1999, 3],
    [2000, 4],
    [2001, 4],
    [1_000_000, 4],
  ])('%i thumbs give %i diamonds', (thumbs, diamonds) => {
    expect(ratingDiamonds(thumbs)).toBe(diamonds);
  });

  test('missing, negative or non-numeric thumbs count as 0', () => {
    expect(ratingDiamonds(null)).toBe(2);
    expect(ratingDiamonds(undefined)).toBe(2);
    expect(ratingDiamonds(-5)).toBe(2);
    expect(ratingDiamonds(Number.NaN)).toBe(2);
    expect(ratingDiamonds(Number.POSITIVE_INFINITY)).toBe(2);
  });
});

describe('parsePrice: the 起 suffix', () => {
  test('a trailing 起 means "from" and is not part of the amount', () => {
    expect(parsePrice('1980起')).toEqual({ amount: '1980', from: true });
    expect(parsePrice(' 1980 起 ')).toEqual({ amount: '1980', from: true });
    expect(parsePrice('¥2580.00起')).toEqual({ amount: '2580', from: true });
  });

  test('a plain price has no suffix', () => {
    expect(parsePrice('2980')).toEqual({ amount: '2980', from: false });
    expect(parsePrice(2980)).toEqual({ amount: '2980', from: false });
    expect(parsePrice('￥99.50')).toEqual({ amount: '99.5', from: false });
    expect(parsePrice('0')).toEqual({ amount: '0', from: false });
  });

  test('起 elsewhere in the text is kept', () => {
    expect(parsePrice('起1980')).toEqual({ amount: '起1980', from: false });
  });

  test('nothing to show: null', () => {
    expect(parsePrice(null)).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('   ')).toBeNull();
    expect(parsePrice('起')).toBeNull();
    expect(parsePrice('¥')).toBeNull();
  });
});

describe('productPrice', () => {
  test('the coupon price is the price; a different standard price is the original', () => {
    expect(productPrice({ defStandPrice: '2680', defCouponPrice: '1980起', subsidyPrice: '1000' })).toEqual({
      current: { amount: '1980', from: true },
      original: { amount: '2680', from: false },
      subsidy: { amount: '1000', from: false },
    });
  });

  test('equal prices show no original; no coupon falls back to the standard price', () => {
    expect(productPrice({ defStandPrice: '3280', defCouponPrice: '3280.00', subsidyPrice: null }).original).toBeNull();
    expect(productPrice({ defStandPrice: '4280', defCouponPrice: null, subsidyPrice: '0' })).toEqual({
      current: { amount: '4280', from: false },
      original: null,
      subsidy: null,
    });
    expect(productPrice({ defStandPrice: null, defCouponPrice: null, subsidyPrice: null }).current).toBeNull();
  });
});

describe('sortBySeq: missing seq counts as 1000', () => {
  const q = (id: string, seq: number | null, createdAt = 0) => ({ id, seq, createdAt });

  test('ascending seq, a missing seq between 999 and 1001', () => {
    const sorted = sortBySeq([q('a', 1500), q('b', null), q('c', 2), q('d', 1001), q('e', 999), q('f', 1)]);
    expect(sorted.map((x) => x.id)).toEqual(['f', 'c', 'e', 'b', 'd', 'a']);
  });

  test('a missing seq ties with 1000; ties keep the older question first, then the id', () => {
    const sorted = sortBySeq([q('z', 1000, 5), q('y', null, 3), q('x', null, 3), q('w', 1000, 1)]);
    expect(sorted.map((x) => x.id)).toEqual(['w', 'x', 'y', 'z']);
  });

  test('does not change the input and handles zero and negative seq', () => {
    const input = [q('a', null), q('b', 0), q('c', -1)];
    const sorted = sortBySeq(input);
    expect(sorted.map((x) => x.id)).toEqual(['c', 'b', 'a']);
    expect(input.map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });

  test('effectiveSeq', () => {
    expect(MISSING_SEQ).toBe(1000);
    expect(effectiveSeq(null)).toBe(1000);
    expect(effectiveSeq(undefined)).toBe(1000);
    expect(effectiveSeq(Number.NaN)).toBe(1000);
    expect(effectiveSeq(7)).toBe(7);
  });
});

describe('parseCertificates', () => {
  const list = [{ name: '保育师（四级）', url: 'https://cert.example.cn/a' }];

  test('an array or a JSON string of it', () => {
    expect(parseCertificates(list)).toEqual(list);
    expect(parseCertificates(JSON.stringify(list))).toEqual(list);
    expect(parseCertificates(JSON.stringify(JSON.stringify(list)))).toEqual(list);
  });

  test('bad items and bad text give what is usable', () => {
    expect(parseCertificates('not json')).toEqual([]);
    expect(parseCertificates('')).toEqual([]);
    expect(parseCertificates(null)).toEqual([]);
    expect(parseCertificates({ name: 'x' })).toEqual([]);
    expect(parseCertificates([{ url: 'x' }, { name: '  ' }, '茶艺师', { name: '电子商务师', url: 5 }])).toEqual([
      { name: '茶艺师', url: '' },
      { name: '电子商务师', url: '' },
    ]);
  });
});

describe('parsePeriodTypes', () => {
  test('known codes only, sorted, once', () => {
    expect(parsePeriodTypes('[3,1,2,1,9,"4"]')).toEqual([1, 2, 3, 4]);
    expect(parsePeriodTypes('oops')).toEqual([]);
    expect(parsePeriodTypes('{"a":1}')).toEqual([]);
    expect(parsePeriodTypes(null)).toEqual([]);
  });
});
