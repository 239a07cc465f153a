import { describe, expect, test } from 'vitest';
import { isIPv4, isMapPath, isPublicParamKey, parseRoles } from '~/server/platform/platform.rules';

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
