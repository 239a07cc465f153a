import { expect } from 'vitest';
import { smsSign } from '~/lib/sms-sign';
import { urlOf } from '~/lib/api/contract';
import * as identity from '~/lib/api/contracts/identity';
import * as login from '~/lib/api/contracts/login';
import * as sms from '~/lib/api/contracts/sms';
import { expectOk } from './api';
import { DEMO, parse, type Answer, type TestServer } from './server';
import client from 'prom-client';

/** Paths of the identity calls, from the contracts (tests name calls as the islands do). */
export const LOGIN = {
  login: urlOf(login.login),
  send: urlOf(sms.sendSmsCode),
  latest: urlOf(sms.latestSmsCode),
  userInfo: urlOf(identity.userInfo),
  logout: urlOf(identity.logout),
  bind: urlOf(login.bindTenant),
  studentId: urlOf(login.studentId),
  updateStudent: urlOf(login.updateStudent),
  checkInvitation: urlOf(login.checkInvitation),
  defTenant: urlOf(login.defTenantByQrCode),
  joinByInvitation: urlOf(login.joinByInvitation),
  sso: urlOf(login.ssoLogin),
  kingdee: urlOf(login.partnerSso),
} as const;

/** The one message of every wrong credential. */
export const LOGIN_FAILED = '账号、密码或验证码错误，请检查后重试';
export const TOO_MANY = '登录尝试过于频繁，请15分钟后再试';

let counter = 0;
/** A mobile no other test of this worker uses (SMS limits are per mobile). */
export const uniqueMobile = (prefix = '150') =>
  `${prefix}${String((process.pid % 1000) * 100_000 + ++counter)
    .padStart(8, '0')
    .slice(-8)}`;
let ipCounter = 0;
/** A client address no other test uses (the per-IP limits). */
export const uniqueIp = () => `10.${(process.pid % 200) + 20}.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export interface CallOptions {
  tenant?: string | null;
  ip?: string;
  token?: string;
  /** A Cookie header (the student device cookie of decision 053). */
  cookie?: string;
}

/** POST as JSON from a client address, with the TenantId (default demo) and Token headers. */
export async function postAs(s: TestServer, path: string, body: unknown, o: CallOptions = {}): Promise<Answer> {
  const tenant = o.tenant === undefined ? DEMO.id : o.tenant;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (tenant) headers['TenantId'] = tenant;
  if (o.token) headers['Token'] = o.token;
  if (o.cookie) headers['Cookie'] = o.cookie;
  const res = await s.app.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }, { ip: o.ip ?? uniqueIp() });
  return parse(res);
}

export async function getAs(s: TestServer, path: string, query: Record<string, string>, o: CallOptions = {}): Promise<Answer> {
  const tenant = o.tenant === undefined ? DEMO.id : o.tenant;
  const headers: Record<string, string> = {};
  if (tenant) headers['TenantId'] = tenant;
  if (o.token) headers['Token'] = o.token;
  const qs = new URLSearchParams({ ...query, timestamp: String(s.clock.value) });
  return parse(await s.app.request(`${path}?${qs}`, { headers }, { ip: o.ip ?? uniqueIp() }));
}

/** Sends a MOBILE_LOGIN_REGISTER code as the browser does and reads it from the development endpoint. */
export async function sendLoginCode(s: TestServer, mobile: string, tenant: string = DEMO.id): Promise<string> {
  const query = { mobile, templateCode: 'MOBILE_LOGIN_REGISTER', timestamp: String(s.clock.value) };
  const sign = await smsSign(query, s.runtime.config.SMS_SIGN_ACCESS_KEY);
  const res = await s.app.request(`${LOGIN.send}?${new URLSearchParams(query)}`, { headers: { TenantId: tenant, sign } }, { ip: uniqueIp() });
  expectOk(await parse(res));
  const latest = expectOk<{ code: string }>(await s.get(LOGIN.latest, { mobile, templateCode: 'MOBILE_LOGIN_REGISTER' }, { tenant }));
  return latest.code;
}

export const codeLoginBody = (mobile: string, code: string, tenantId: string = DEMO.id, extra: Record<string, unknown> = {}) => ({
  mobile,
  code,
  grantType: 'MOBILE_LOGIN_REGISTER',
  tenantId,
  terminalType: 'ALL_USER',
  bizType: 'P_MINI',
  bizId: '',
  ...extra,
});

export const passwordLoginBody = (username: string, password: string, tenantId: string = DEMO.id) => ({
  grantType: 'PASSWORD',
  username,
  password,
  terminalType: 'ALL_USER',
  bizType: 'P_MINI',
  bizId: '',
  tenantId,
});

export interface LoggedIn {
  userId: string;
  token: string;
  expiration: number;
  mobile: string;
}

/** Logs in with a fresh code (the user is created on first login). */
export async function codeLogin(s: TestServer, mobile = uniqueMobile(), tenant: string = DEMO.id, extra: Record<string, unknown> = {}): Promise<LoggedIn> {
  const code = await sendLoginCode(s, mobile, tenant);
  const data = expectOk<{ userId: string; token: string; expiration: number }>(
    await postAs(s, LOGIN.login, codeLoginBody(mobile, code, tenant, extra), { tenant }),
  );
  expect(Object.keys(data).sort()).toEqual(['expiration', 'token', 'userId']);
  return { ...data, mobile };
}

/** A wrong 6-digit code for a right one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The `name=value` of one cookie an answer sets (its first Set-Cookie of that name), or null. */
export function setCookieOf(answer: Answer, name: string): string | null {
  const set = answer.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return set ? set.slice(0, set.indexOf(';')) : null;
}

/** This process's password checks so far, by result (the metric operators see; read alone, without a whole scrape). */
export async function passwordChecks(): Promise<Record<'match' | 'mismatch', number>> {
  const metric = client.register.getSingleMetric('portal_password_checks_total');
  const values = metric ? (await metric.get()).values : [];
  const read = (result: string) => values.find((v) => v.labels['result'] === result)?.value ?? 0;
  return { match: read('match'), mismatch: read('mismatch') };
}
