import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, parse, startTestServer, type Answer, type TestServer } from '../setup/server';
import { smsSign } from '~/lib/sms-sign';
import { urlOf } from '~/lib/api/contract';
import { sendSmsCode } from '~/lib/api/contracts/sms';

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

beforeAll(async () => {
  oneHop = await startTestServer({ TRUST_PROXY: 'true', SMS_IP_HOURLY_LIMIT: String(LIMIT) });
  twoHops = await startTestServer({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2', SMS_IP_HOURLY_LIMIT: String(LIMIT) });
});
afterAll(async () => {
  await oneHop?.close();
  await twoHops?.close();
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
