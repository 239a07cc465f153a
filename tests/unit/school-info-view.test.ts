import { describe, expect, test } from 'vitest';
import { schoolInfoView } from '~/server/school/school.rules';
import { amapSearchUrl, placeMapUrl } from '~/server/school/links';
import { productDetailHref } from '~/server/products/products.rules';

describe('/school-info ?index', () => {
  test.each([
    [undefined, 0, false],
    ['', 0, false],
    ['0', 0, false],
    ['project', 0, false],
    ['1', 1, false],
    ['institution', 1, false],
    ['2', 2, false],
    ['certification', 2, false],
    [' Certification ', 2, false],
    ['evaluation', 2, true],
    ['3', 0, false],
    ['constructor', 0, false],
    ['__proto__', 0, false],
  ])('%s -> tab %i, evaluation %s', (index, tab, evaluation) => {
    expect(schoolInfoView(index)).toEqual({ index: tab, evaluation });
  });
});

describe('keyless map links', () => {
  test('a search by address', () => {
    expect(amapSearchUrl('江苏省南京市 江东中路 369 号')).toBe(`https://uri.amap.com/search?keyword=${encodeURIComponent('江苏省南京市 江东中路 369 号')}`);
    expect(amapSearchUrl('  ')).toBeNull();
  });

  test('a marker with coordinates, else a search by address, else nothing', () => {
    expect(placeMapUrl({ name: '建邺', address: '江东中路', longitude: 118.7386, latitude: 32.0196 })).toBe(
      `https://uri.amap.com/marker?position=118.7386,32.0196&name=${encodeURIComponent('建邺')}`,
    );
    expect(placeMapUrl({ name: '建邺', address: '南京市江东中路', longitude: null, latitude: 32 })).toBe(
      `https://uri.amap.com/search?keyword=${encodeURIComponent('南京市江东中路')}`,
    );
    expect(placeMapUrl({ name: '建邺', address: '南京市江东中路', longitude: 500, latitude: 32 })).toContain('/search?keyword=');
    expect(placeMapUrl({ name: '建邺', address: null })).toBeNull();
  });
});

test('the product detail address', () => {
  expect(productDetailHref('123')).toBe('/educational-product/detail?id=123');
  expect(productDetailHref('a b&c')).toBe('/educational-product/detail?id=a%20b%26c');
});
