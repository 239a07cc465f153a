import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, startTestServer, type Answer, type TestServer, startEachTestAtNow } from '../setup/server';
import { smsSign } from '~/lib/sms-sign';
import { verifySmsCode } from '~/server/sms/sms.service';
import { urlOf } from '~/lib/api/contract';
import * as sms from '~/lib/api/contracts/sms';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * SMS_PROVIDER=http against a local stand-in for the SMS gateway (this machine has no outside
 * network): what is posted, and what a failure does.
 */

const SEND = urlOf(sms.sendSmsCode);
const TOKEN = 'gateway-token-123';

interface Received {
  headers: IncomingHttpHeaders;
  body: { id: string; mobile: string; templateCode: string; code: string; signName: string; school: { id: string; name: string } };
}

let gateway: Server;
let gatewayStatus = 200;
const received: Received[] = [];
let portal: TestServer;
let unreachable: TestServer;

startEachTestAtNow(() => [portal, unreachable]);
beforeAll(async () => {
  gateway = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) });
      res.writeHead(gatewayStatus, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: gatewayStatus === 200 }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const port = (gateway.address() as AddressInfo).port;
  portal = await startTestServer({ SMS_PROVIDER: 'http', SMS_HTTP_URL: `http://127.0.0.1:${port}/sms/send`, SMS_HTTP_TOKEN: TOKEN });
  // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
  unreachable = await startTestServer({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms/send' });
});

afterAll(async () => {
  await portal?.close();
  await unreachable?.close();
  await new Promise((resolve) => gateway?.close(resolve));
});

async function send(s: TestServer, mobile: string): Promise<Answer> {
  const query = { mobile, templateCode: 'MOBILE_LOGIN_REGISTER', timestamp: String(s.clock.value) };
  const sign = await smsSign(query, s.runtime.config.SMS_SIGN_ACCESS_KEY);
  const res = await s.app.request(`${SEND}?${new URLSearchParams(query)}`, { headers: { TenantId: DEMO.id, sign } }, { ip: '198.51.100.1' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
}

const verify = (s: TestServer, mobile: string, code: string) =>
  verifySmsCode({ db: s.runtime.db, config: s.runtime.config, now: s.clock.value }, { tenantId: DEMO.id, mobile, templateCode: 'MOBILE_LOGIN_REGISTER', code });

describe('the HTTP SMS provider', () => {
  test('posts {id, mobile, templateCode, code, signName, school} as JSON with the token; the posted code verifies', async () => {
    gatewayStatus = 200;
    const before = received.length;
    const answer = await send(portal, '13600000001');
    expectOk(answer);
    expect(answer.body.message).toBe('发送成功');
    expect(received).toHaveLength(before + 1);
    const got = received.at(-1)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['authorization']).toBe(`Bearer ${TOKEN}`);
    expect(Object.keys(got.body).sort()).toEqual(['code', 'id', 'mobile', 'school', 'signName', 'templateCode']);
    // A gateway shared by schools signs with the school's 短信签名: by default the school's name.
    const school = await portal.runtime.db.selectFrom('tenants').select('name').where('id', '=', DEMO.id).executeTakeFirstOrThrow();
    expect(got.body).toMatchObject({
      mobile: '13600000001',
      templateCode: 'MOBILE_LOGIN_REGISTER',
      signName: school.name,
      school: { id: DEMO.id, name: school.name },
    });
    expect(got.body.id).toMatch(/^\d{26}$/);
    expect(got.body.code).toMatch(/^\d{6}$/);
    await verify(portal, '13600000001', got.body.code);
  });

  test('there is no development endpoint to read codes from', async () => {
    expectRefused(
      await portal.call(sms.latestSmsCode, { mobile: '13600000001', templateCode: 'MOBILE_LOGIN_REGISTER' }),
      ErrorCode.NOT_FOUND,
      t('common.noData'),
    );
  });

  test('a gateway failure answers 发送失败, the code is not usable and the countdown is given back', async () => {
    gatewayStatus = 500;
    const answer = await send(portal, '13600000002');
    expectRefused(answer, ErrorCode.UNAVAILABLE, t('sms.sendFailed'));
    const posted = received.at(-1)!.body;
    expect(posted.mobile).toBe('13600000002');
    await expect(verify(portal, '13600000002', posted.code)).rejects.toMatchObject({ message: '请先获取验证码' });

    // The visitor may try again at once, and that code works.
    gatewayStatus = 200;
    expectOk(await send(portal, '13600000002'));
    await verify(portal, '13600000002', received.at(-1)!.body.code);
  });

  test('an unreachable gateway answers 发送失败 (never a 500)', async () => {
    const answer = await send(unreachable, '13600000003');
    expectRefused(answer, ErrorCode.UNAVAILABLE, t('sms.sendFailed'));
  });
});
