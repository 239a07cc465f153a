import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, parse, startTestServer, type Answer, type TestServer, startEachTestAtNow } from '../setup/server';
import { smsSign } from '~/lib/sms-sign';
import { urlOf } from '~/lib/api/contract';
import { sendSmsCode } from '~/lib/api/contracts/sms';
import * as staff from '~/lib/api/contracts/staff';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { asStaff, makeStaff, sessionOf } from '../setup/staff';

/**
 * Behind an appending proxy (nginx's $proxy_add_x_forwarded_for, most CDNs) the client writes the
 * left part of X-Forwarded-For: per-address limits must count the address the proxy appended, so
 * rotating made-up addresses buys nothing. The SMS per-address limit (SMS_IP_HOURLY_LIMIT) stands
 * for every per-address limit here: they all read the request scope's address.
 */

const SEND = urlOf(sendSmsCode);
const LIMIT = 5;
const PROXY_PEER = '10.0.0.2';
let oneHop: TestServer;
let twoHops: TestServer;
let direct: TestServer;

startEachTestAtNow(() => [oneHop, twoHops, direct]);
beforeAll(async () => {
  oneHop = await startTestServer({ TRUST_PROXY: 'true', SMS_IP_HOURLY_LIMIT: String(LIMIT) });
  twoHops = await startTestServer({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2', SMS_IP_HOURLY_LIMIT: String(LIMIT) });
  direct = await startTestServer();
});
afterAll(async () => {
  await oneHop?.close();
  await twoHops?.close();
  await direct?.close();
});

let mobiles = 0;
const freshMobile = () => `136${String(process.pid % 1000).padStart(3, '0')}${String(++mobiles).padStart(5, '0')}`;

async function send(s: TestServer, forwardedFor: string): Promise<Answer> {
  const query = { mobile: freshMobile(), templateCode: 'MOBILE_LOGIN_REGISTER', timestamp: String(s.clock.value) };
  const sign = await smsSign(query, s.runtime.config.SMS_SIGN_ACCESS_KEY);
  const res = await s.app.request(
    `${SEND}?${new URLSearchParams(query)}`,
    { headers: { TenantId: DEMO.id, sign, 'X-Forwarded-For': forwardedFor } },
    { ip: PROXY_PEER },
  );
  return parse(res);
}

describe('per-address limits behind an appending proxy', () => {
  test('one proxy: a client rotating made-up X-Forwarded-For entries is still one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) codes.push((await send(oneHop, `198.18.${i}.1, 203.0.113.7`)).body.code);
    expect(codes).toEqual([...Array(LIMIT).fill(0), 429, 429, 429]);
    // Another real client behind the same proxy is not affected.
    expect((await send(oneHop, '198.18.0.1, 203.0.113.8')).body.code).toBe(0);
  });

  test('a CDN and nginx (TRUST_PROXY_HOPS=2): the address the CDN appended counts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) codes.push((await send(twoHops, `198.18.${i}.1, 203.0.113.20, 198.51.100.${i + 1}`)).body.code);
    expect(codes).toEqual([...Array(LIMIT).fill(0), 429, 429]);
  });
});

/**
 * A staff write from the site's own page carries the browser's Origin, port included, and the
 * staff gate compares it with the site's origin as the request tells it (src/server/http/origin.ts).
 * Behind a proxy on a port of its own (http://school:8080) the portal must see that port: in the
 * host nginx passes ($http_host, deploy/nginx.conf), or in X-Forwarded-Port from proxies that send
 * it apart from the host. Each case: a teacher with a second session asks to end the other
 * sessions; accepted, the other session is gone; refused, 403 and it still works.
 */
describe('staff writes through a proxy on a non-default port', () => {
  const PROXY_PORT = 8080;
  const SCHOOL = 'demo.localhost';

  async function revokeOthers(s: TestServer, headers: Record<string, string>) {
    const account = await makeStaff(s, DEMO.id, STAFF_ROLE.teacher);
    const session = await sessionOf(s, account);
    const other = await sessionOf(s, account);
    const answer = await s.call(staff.revokeOtherSessions, {}, asStaff(session, DEMO.id, { 'Sec-Fetch-Site': 'same-origin', ...headers }));
    const otherCode = (await s.call(staff.mySessions, {}, asStaff(other, DEMO.id))).body.code;
    return { body: answer.body, otherSignedIn: otherCode === 0 };
  }

  test('nginx passing the Host the browser sent, port included: the write is taken', async () => {
    const host = `${SCHOOL}:${PROXY_PORT}`;
    const taken = await revokeOthers(oneHop, { Host: host, 'X-Forwarded-Host': host, 'X-Forwarded-Proto': 'http', Origin: `http://${host}` });
    expect(taken).toEqual({ body: { code: 0, data: { revoked: 1 }, message: expect.any(String) }, otherSignedIn: false });
  });

  test('a proxy that forwards the port apart (X-Forwarded-Port), or names the default port of https: the write is taken', async () => {
    const apart = { Host: 'portal-1:4321', 'X-Forwarded-Host': SCHOOL, 'X-Forwarded-Port': String(PROXY_PORT), 'X-Forwarded-Proto': 'http' };
    for (const headers of [
      { ...apart, Origin: `http://${SCHOOL}:${PROXY_PORT}` },
      { Host: 'portal-1:4321', 'X-Forwarded-Host': SCHOOL, 'X-Forwarded-Port': '8443', 'X-Forwarded-Proto': 'https', Origin: `https://${SCHOOL}:8443` },
      { Host: `${SCHOOL}:443`, 'X-Forwarded-Host': `${SCHOOL}:443`, 'X-Forwarded-Proto': 'https', Origin: `https://${SCHOOL}` },
    ]) {
      const taken = await revokeOthers(oneHop, headers);
      expect(taken, JSON.stringify(headers)).toEqual({ body: { code: 0, data: { revoked: 1 }, message: expect.any(String) }, otherSignedIn: false });
    }
  });

  test('an Origin of another port, or a forwarded port the portal does not trust: refused, nothing changed', async () => {
    const refused = { body: { code: 403, data: null, message: '请求来源不正确，请从本校后台页面操作' }, otherSignedIn: true };
    const apart = { Host: 'portal-1:4321', 'X-Forwarded-Host': SCHOOL, 'X-Forwarded-Port': String(PROXY_PORT), 'X-Forwarded-Proto': 'http' };
    expect(await revokeOthers(oneHop, { ...apart, Origin: `http://${SCHOOL}:9090` })).toEqual(refused);
    expect(await revokeOthers(oneHop, { ...apart, Origin: `http://${SCHOOL}` })).toEqual(refused);
    // Without TRUST_PROXY a client's own forwarded headers name nothing: Host is the site.
    expect(await revokeOthers(direct, { Host: SCHOOL, 'X-Forwarded-Port': String(PROXY_PORT), Origin: `http://${SCHOOL}:${PROXY_PORT}` })).toEqual(refused);
    expect(await revokeOthers(direct, { Host: SCHOOL, 'X-Forwarded-Host': 'evil.example', Origin: 'http://evil.example' })).toEqual(refused);
  });
});
