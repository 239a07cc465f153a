import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused, invalidField } from '../setup/api';
import { DAY, DEMO, HUAXIA, startTestServer, parse, useTestServer, type TestServer, startEachTestAtNow } from '../setup/server';
import { loginAs, withToken } from '../setup/users';
import { LEADS_SEED } from '~/dev/seed/leads';
import { setParameter, VISITS_PER_IP_PER_DAY } from '~/server/platform/platform.service';
import { startOfCstDay } from '~/lib/time/cst';
import { urlOf } from '~/lib/api/contract';
import * as platform from '~/lib/api/contracts/platform';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const PARAMS = urlOf(platform.paramMap);
const MAP = urlOf(platform.mapProxy);
const BROWSE = urlOf(platform.schoolBrowseCount);
const VISIT = urlOf(platform.visit);
const ROLE_PACK = urlOf(platform.rolePack);
const UNKNOWN_TENANT = '1000000000000000009';

describe('parameter/findParamMapByKey', () => {
  // One test: the values it sets are the server's, and any other test would find them set.
  test("MapKey is null until it is set; the school's own value wins over the global one; another school falls back to the global", async () => {
    expect(expectOk(await server().post(PARAMS, ['MapKey']))).toEqual({ MapKey: null });
    const db = server().runtime.db;
    const now = server().clock.value;
    await setParameter(db, null, 'MapKey', 'global-map-key', now);
    expect(expectOk(await server().post(PARAMS, ['MapKey']))).toEqual({ MapKey: 'global-map-key' });
    expect(expectOk(await server().post(PARAMS, ['MapKey'], { tenant: HUAXIA.id }))).toEqual({ MapKey: 'global-map-key' });

    await setParameter(db, DEMO.id, 'MapKey', 'demo-map-key', now);
    expect(expectOk(await server().post(PARAMS, ['MapKey', 'MapKey']))).toEqual({ MapKey: 'demo-map-key' });
    expect(expectOk(await server().post(PARAMS, ['MapKey'], { tenant: HUAXIA.id }))).toEqual({ MapKey: 'global-map-key' });
    expect(expectOk(await server().post(PARAMS, ['MapKey', 'MapSecurityJsCode']))).toEqual({ MapKey: 'demo-map-key', MapSecurityJsCode: null });

    // Setting again replaces the value (one row per school and key).
    await setParameter(db, DEMO.id, 'MapKey', 'demo-map-key-2', now);
    expect(expectOk(await server().post(PARAMS, ['MapKey']))).toEqual({ MapKey: 'demo-map-key-2' });
  });

  test('keys outside the allow-list are refused', async () => {
    await setParameter(server().runtime.db, null, 'SmsGatewayPassword', 'secret', server().clock.value);
    const answer = await server().post(PARAMS, ['MapKey', 'SmsGatewayPassword']);
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('platform.paramNotAllowed', { key: 'SmsGatewayPassword' }));
    expect(answer.text).not.toContain('secret"');
  });

  test('a body that is not a list of keys is refused', async () => {
    for (const [body, message] of [
      [{}, t('validation.invalid')],
      [[], t('validation.invalid')],
      ['MapKey', t('validation.invalid')],
      [[1], invalidField('0', '无效输入：期望 string，实际接收 数字')],
      [['x'.repeat(65)], invalidField('0', '数值过大：期望 string <=64 字符')],
      [Array(21).fill('MapKey'), t('validation.invalid')],
      ['[', t('validation.badJson')],
    ] as const) {
      expectRefused(await server().post(PARAMS, typeof body === 'string' && body !== '[' ? JSON.stringify(body) : body), ErrorCode.BAD_REQUEST, message);
    }
  });
});

describe('mapProxy', () => {
  test('without MAP_WEB_SERVICE_KEY: 定位服务未配置, never a 500', async () => {
    const answer = await server().post(MAP, { path: 'location/ip', data: {} });
    expectRefused(answer, ErrorCode.UNAVAILABLE, t('platform.mapNotConfigured'));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('定位服务未配置');
  });

  test('only allow-listed paths and valid input', async () => {
    const bad = await server().post(MAP, { path: 'v3/place/text', data: {} });
    expectRefused(bad, ErrorCode.BAD_REQUEST, t('platform.mapPathNotAllowed', { path: 'v3/place/text' }));
    expectRefused(
      await server().post(MAP, { path: 'location/ip', data: { ip: '999.1.1.1' } }),
      ErrorCode.BAD_REQUEST,
      invalidField('data.ip', t('platform.badIp')),
    );
    expectRefused(await server().post(MAP, { data: {} }), ErrorCode.BAD_REQUEST, invalidField('path', '无效输入：期望 string，实际接收 undefined'));
    expectRefused(await server().post(MAP, '{'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
  });

  describe('with a configured provider (a local stand-in for the map web service)', () => {
    let amap: Server;
    let answer: Record<string, unknown> = {};
    const asked: URL[] = [];
    let configured: TestServer;
    let unreachable: TestServer;

    startEachTestAtNow(() => [configured, unreachable]);
    beforeAll(async () => {
      amap = createServer((req, res) => {
        asked.push(new URL(req.url ?? '/', 'http://amap.local'));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
      await new Promise<void>((resolve) => amap.listen(0, '127.0.0.1', resolve));
      const port = (amap.address() as AddressInfo).port;
      configured = await startTestServer({ MAP_WEB_SERVICE_KEY: 'web-service-key', MAP_WEB_SERVICE_URL: `http://127.0.0.1:${port}` });
      unreachable = await startTestServer({ MAP_WEB_SERVICE_KEY: 'web-service-key', MAP_WEB_SERVICE_URL: 'http://127.0.0.1:9' });
    });

    afterAll(async () => {
      await configured?.close();
      await unreachable?.close();
      await new Promise((resolve) => amap?.close(resolve));
    });

    const proxy = async (s: TestServer, data: Record<string, unknown>, ip = '') =>
      parse(
        await s.app.request(
          MAP,
          { method: 'POST', headers: { 'Content-Type': 'application/json', TenantId: DEMO.id }, body: JSON.stringify({ path: 'location/ip', data }) },
          { ip },
        ),
      );

    test("locates the visitor's IP with the server-side key", async () => {
      answer = { status: '1', info: 'OK', province: '江苏省', city: '南京市', adcode: '320100', rectangle: '118.4,31.8;119.2,32.3' };
      const location = expectOk(await proxy(configured, {}, '58.192.0.1'));
      expect(location).toEqual({
        province: '江苏省',
        city: '南京市',
        adcode: '320100',
        rectangle: '118.4,31.8;119.2,32.3',
        // The middle of the city's box: where the header measures the distance from.
        latitude: 32.05,
        longitude: 118.80000000000001,
      });
      const url = asked.at(-1)!;
      expect(url.pathname).toBe('/v3/ip');
      expect(url.searchParams.get('key')).toBe('web-service-key');
      expect(url.searchParams.get('ip')).toBe('58.192.0.1');
      // The key never reaches the browser.
      expect(JSON.stringify(location)).not.toContain('web-service-key');
    });

    test('an explicit data.ip is located instead; unknown places are null', async () => {
      answer = { status: '1', info: 'OK', province: [], city: [], adcode: [], rectangle: [] };
      const unknown = { province: null, city: null, adcode: null, rectangle: null, latitude: null, longitude: null };
      expect(expectOk(await proxy(configured, { ip: '10.0.0.1' }, '58.192.0.1'))).toEqual(unknown);
      expect(asked.at(-1)!.searchParams.get('ip')).toBe('10.0.0.1');
    });

    test('a caller with a private, loopback or IPv6 address is unknown, and the provider is not asked (it would locate this server)', async () => {
      for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.20', '::1', '2001:db8::1', '']) {
        const before = asked.length;
        expect(expectOk(await proxy(configured, {}, ip)), ip).toEqual({
          province: null,
          city: null,
          adcode: null,
          rectangle: null,
          latitude: null,
          longitude: null,
        });
        expect(asked.length, ip).toBe(before);
      }
      answer = { status: '1', info: 'OK', province: '江苏省', city: '苏州市', adcode: '320500', rectangle: '120.4,31.1;120.9,31.5' };
      expect(expectOk(await proxy(configured, {}, '::ffff:58.192.0.1'))).toMatchObject({ city: '苏州市' });
      expect(asked.at(-1)!.searchParams.get('ip')).toBe('58.192.0.1');
    });

    test('a provider refusal or an unreachable provider: 定位服务暂不可用, never a 500', async () => {
      answer = { status: '0', info: 'INVALID_USER_KEY' };
      const refused = await proxy(configured, {}, '58.192.0.1');
      expectRefused(refused, ErrorCode.UNAVAILABLE, t('platform.mapUnavailable'));
      const down = await proxy(unreachable, {}, '58.192.0.1');
      expectRefused(down, ErrorCode.UNAVAILABLE, t('platform.mapUnavailable'));
    });
  });
});

describe('performanceStat: browse count and visits', () => {
  const visit = async (visitorId: unknown, o: { tenant?: string; ip?: string } = {}) =>
    parse(
      await server().app.request(
        VISIT,
        { method: 'POST', headers: { 'Content-Type': 'application/json', TenantId: o.tenant ?? DEMO.id }, body: JSON.stringify({ visitorId }) },
        { ip: o.ip ?? '198.51.100.20' },
      ),
    );

  test('querySchoolBrowseCount needs a token of this school', async () => {
    expectRefused(await server().get(BROWSE), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    expectRefused(await server().get(BROWSE, {}, withToken('not-a-token')), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    const huaxiaUser = await loginAs(server(), HUAXIA.id);
    expectRefused(await server().get(BROWSE, {}, withToken(huaxiaUser.token)), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
    const me = await loginAs(server(), DEMO.id);
    const answer = await server().get(BROWSE, {}, withToken(me.token));
    // The school's count as stored: other tests of this file count visits into it.
    const stored = await server().runtime.db.selectFrom('schools').select('browseCount').where('tenantId', '=', DEMO.id).executeTakeFirstOrThrow();
    expect(expectOk(answer)).toBe(Number(stored.browseCount));
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  test('one visit per visitor per day is counted into the school only', async () => {
    const me = await loginAs(server(), DEMO.id);
    const huaxiaMe = await loginAs(server(), HUAXIA.id);
    const count = async () => expectOk<number>(await server().get(BROWSE, {}, withToken(me.token)));
    const huaxiaCount = async () => expectOk<number>(await server().get(BROWSE, {}, { tenant: HUAXIA.id, headers: { Token: huaxiaMe.token } }));
    const before = await count();
    const huaxiaBefore = await huaxiaCount();

    const first = expectOk(await visit('visitor-a'));
    expect(first).toEqual({ counted: true, browseCount: before + 1 });
    expect(expectOk(await visit('visitor-a'))).toEqual({ counted: false, browseCount: before + 1 });
    expect(expectOk(await visit('visitor-b'))).toEqual({ counted: true, browseCount: before + 2 });
    expect(await count()).toBe(before + 2);
    expect(await huaxiaCount()).toBe(huaxiaBefore);

    // The same visitor at the other school counts there.
    expect(expectOk(await visit('visitor-a', { tenant: HUAXIA.id }))).toEqual({ counted: true, browseCount: huaxiaBefore + 1 });

    // The next China Standard Time day counts again.
    server().clock.set(startOfCstDay(server().clock.value) + DAY);
    expect(expectOk(await visit('visitor-a'))).toEqual({ counted: true, browseCount: before + 3 });
  });

  test(`one IP address adds at most ${VISITS_PER_IP_PER_DAY} visits a day`, async () => {
    const ip = '198.51.100.99';
    let last = 0;
    for (let i = 0; i < VISITS_PER_IP_PER_DAY; i++) {
      const r = expectOk(await visit(`flood-${i}`, { ip }));
      expect(r.counted).toBe(true);
      last = r.browseCount;
    }
    expect(expectOk(await visit('flood-extra', { ip }))).toEqual({ counted: false, browseCount: last });
    expect(expectOk(await visit('flood-extra', { ip: '198.51.100.100' })).counted).toBe(true);
  });

  test('bad visitor ids are refused', async () => {
    for (const [id, message] of [
      ['', invalidField('visitorId', t('platform.badVisitor'))],
      ['a b', invalidField('visitorId', t('platform.badVisitor'))],
      ['x'.repeat(65), invalidField('visitorId', t('platform.badVisitor'))],
      [42, invalidField('visitorId', '无效输入：期望 string，实际接收 数字')],
      [null, invalidField('visitorId', '无效输入：期望 string，实际接收 空值(null)')],
    ] as const)
      expectRefused(await visit(id), ErrorCode.BAD_REQUEST, message);
    expectRefused(await server().post(VISIT, '{'), ErrorCode.BAD_REQUEST, t('validation.badJson'));
    expectRefused(await visit('v', { tenant: UNKNOWN_TENANT }), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('baseRolePack/getByTenantId', () => {
  test("gives the school's role pack to a user of that school", async () => {
    const me = await loginAs(server(), DEMO.id);
    const pack = expectOk(await server().get(ROLE_PACK, { tenantId: DEMO.id }, withToken(me.token)));
    const seed = LEADS_SEED[DEMO.id]!.rolePack;
    expect(pack).toEqual({ id: expect.any(String), tenantId: DEMO.id, name: seed.name, roles: seed.roles });
    // Without the query parameter the request's school counts.
    expect(expectOk(await server().get(ROLE_PACK, {}, withToken(me.token))).id).toBe(pack.id);
  });

  test('needs a token, of the school asked for', async () => {
    expectRefused(await server().get(ROLE_PACK, { tenantId: DEMO.id }), ErrorCode.TOKEN_INVALID, t('identity.tokenInvalid'));
    const huaxiaUser = await loginAs(server(), HUAXIA.id);
    // Naming the demo school with a token of the second school is refused, whatever the header says.
    expectRefused(
      await server().get(ROLE_PACK, { tenantId: DEMO.id }, { tenant: HUAXIA.id, headers: { Token: huaxiaUser.token } }),
      ErrorCode.TOKEN_FOREIGN,
      t('identity.tokenForeign'),
    );
    const own = expectOk(await server().get(ROLE_PACK, { tenantId: HUAXIA.id }, { tenant: HUAXIA.id, headers: { Token: huaxiaUser.token } }));
    expect(own.name).toBe(LEADS_SEED[HUAXIA.id]!.rolePack.name);
  });

  test('unknown or malformed school ids are refused', async () => {
    const me = await loginAs(server(), DEMO.id);
    expectRefused(await server().get(ROLE_PACK, { tenantId: UNKNOWN_TENANT }, withToken(me.token)), ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
    expectRefused(
      await server().get(ROLE_PACK, { tenantId: '../etc' }, withToken(me.token)),
      ErrorCode.BAD_REQUEST,
      invalidField('tenantId', t('validation.badFormat')),
    );
  });
});
