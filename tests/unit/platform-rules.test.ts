import { describe, expect, test } from 'vitest';
import { isIPv4, isMapPath, isPublicParamKey, parseRoles, publicIPv4, rectangleCenter } from '~/server/platform/platform.rules';

describe('public parameter keys and map paths', () => {
  test('only the map key and its security code are public', () => {
    expect(isPublicParamKey('MapKey')).toBe(true);
    expect(isPublicParamKey('MapSecurityJsCode')).toBe(true);
    for (const key of ['mapkey', 'SmsGatewayPassword', '', 'MapKey ']) expect(isPublicParamKey(key), key).toBe(false);
  });

  test('only location/ip is proxied', () => {
    expect(isMapPath('location/ip')).toBe(true);
    for (const path of ['v3/place/text', 'location/ip/', '', 'LOCATION/IP']) expect(isMapPath(path), path).toBe(false);
  });
});

describe('isIPv4', () => {
  test.each(['0.0.0.0', '58.192.0.1', '255.255.255.255', '10.0.0.1'])('%s is an address', (ip) => expect(isIPv4(ip)).toBe(true));
  test.each(['999.1.1.1', '256.0.0.1', '010.0.0.1', '1.2.3', '1.2.3.4.5', '::1', '', ' 1.2.3.4', 'a.b.c.d'])('%j is not', (ip) =>
    expect(isIPv4(ip)).toBe(false),
  );
});

describe('publicIPv4', () => {
  test.each([
    ['58.192.0.1', '58.192.0.1'],
    ['::ffff:58.192.0.1', '58.192.0.1'],
    ['172.15.0.1', '172.15.0.1'],
    ['172.32.0.1', '172.32.0.1'],
    ['100.63.0.1', '100.63.0.1'],
    ['223.255.255.255', '223.255.255.255'],
  ])('%s can be located', (ip, located) => expect(publicIPv4(ip)).toBe(located));
  test.each([
    '0.1.2.3',
    '10.0.0.1',
    '127.0.0.1',
    '::ffff:127.0.0.1',
    '169.254.1.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '100.127.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '2001:db8::1',
    '',
    'x',
  ])('%j cannot', (ip) => expect(publicIPv4(ip)).toBeNull());
});

describe('rectangleCenter', () => {
  test("the middle of the provider's 'lng,lat;lng,lat' box", () => {
    expect(rectangleCenter('118.4,31.8;119.2,32.4')).toEqual({ latitude: 32.1, longitude: 118.80000000000001 });
    expect(rectangleCenter('-10,-20;10,20')).toEqual({ latitude: 0, longitude: 0 });
  });
  test.each([null, '', '118.4,31.8', '118.4,31.8;119.2', '118.4,31.8;119.2,32.4;1,1', 'a,b;c,d', '118.4,91;119.2,32', '181,31;119,32', '1e2,3;4,5', ' ,1;2,3'])(
    '%j is no box',
    (rect) => expect(rectangleCenter(rect)).toBeNull(),
  );
});

describe('parseRoles', () => {
  test('keeps {code, name} pairs that have a code, as text', () => {
    expect(parseRoles('[{"code":"STUDENT","name":"学员"},{"code":"","name":"无"},{"name":"无代码"},null,3,{"code":7}]')).toEqual([
      { code: 'STUDENT', name: '学员' },
      { code: '7', name: '' },
    ]);
  });

  test('anything but a JSON array gives no roles', () => {
    for (const json of ['', '{', '{"code":"A"}', 'null', '"A"']) expect(parseRoles(json), json).toEqual([]);
  });
});
