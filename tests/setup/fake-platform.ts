import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the third-party course platform (docs/api.md, "Learner area: course detail
 * and third-party courses"; decision 021), for the API and browser tests. It checks every
 * request's signature itself (its own HMAC code, not the server's, so a wrong signing text fails),
 * records the calls, answers /user/sync, /sso/code and /classroom/url, and serves the classroom
 * page (GET /classroom?code=…, showing 第三方课堂) that the classroom URL points to.
 *
 * `mode` makes it fail on purpose: 'error' answers code 500 in the envelope, 'http500' an HTTP 500,
 * 'hangup' drops the connection, 'badUrl' answers a javascript: URL.
 */

export type FakeMode = 'ok' | 'error' | 'http500' | 'hangup' | 'badUrl';

export interface FakeCall {
  path: string;
  body: Record<string, unknown>;
  signed: boolean;
}

export interface FakePlatform {
  /** Base URL to configure as THIRD_PARTY_PLATFORM_URL (ends with '/'). */
  url: string;
  port: number;
  calls: FakeCall[];
  mode: FakeMode;
  close(): Promise<void>;
}

function verified(secret: string, req: IncomingMessage, path: string, body: string): boolean {
  const timestamp = req.headers['x-timestamp'];
  const given = req.headers['x-signature'];
  if (typeof timestamp !== 'string' || !/^\d+$/.test(timestamp) || typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(`${req.method}\n${path}\n${timestamp}\n${body}`, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakePlatform(options: { secret: string; port?: number; host?: string }): Promise<FakePlatform> {
  const host = options.host ?? '127.0.0.1';
  const state = { calls: [] as FakeCall[], mode: 'ok' as FakeMode };
  let origin = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { status: 'ok' });
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/classroom') {
      const code = url.searchParams.get('code') ?? '';
      const back = url.searchParams.get('backUrl') ?? '';
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>第三方课堂</title></head><body><main><h1>第三方课堂</h1>` +
          `<p>课堂编号：${escapeHtml(url.searchParams.get('classroomCode') ?? '')}</p><p>登录码：${escapeHtml(code)}</p>` +
          (/^https?:\/\//.test(back) ? `<p><a href="${escapeHtml(back)}">返回课程</a></p>` : '') +
          `</main></body></html>`,
      );
      return;
    }
    if (req.method !== 'POST') return json(res, 404, { code: 404, msg: 'not found' });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return json(res, 400, { code: 400, msg: 'bad json' });
      }
      const signed = verified(options.secret, req, url.pathname, text);
      state.calls.push({ path: url.pathname, body, signed });
      if (!signed) return json(res, 401, { code: 401, msg: 'bad signature' });
      if (state.mode === 'hangup') return req.socket.destroy();
      if (state.mode === 'http500') return json(res, 500, { code: 500, msg: 'down' });
      if (state.mode === 'error') return json(res, 200, { code: 500, msg: 'platform error', data: null });
      switch (url.pathname) {
        case '/user/sync':
          return json(res, 200, { code: 0, data: { platformUserId: `p-${String(body['userId'])}` } });
        case '/sso/code':
          return json(res, 200, { code: 0, data: { code: `sso-${String(body['platformUserId'])}` } });
        case '/classroom/url': {
          if (state.mode === 'badUrl') return json(res, 200, { code: 0, data: { url: 'javascript:alert(1)' } });
          const target = new URL('/classroom', origin);
          target.searchParams.set('code', String(body['code']));
          target.searchParams.set('classroomCode', String(body['classroomCode']));
          target.searchParams.set('type', String(body['type']));
          target.searchParams.set('backUrl', String(body['backUrl']));
          return json(res, 200, { code: 0, data: { url: target.href } });
        }
        default:
          return json(res, 404, { code: 404, msg: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host === '127.0.0.1' ? '127.0.0.1' : 'localhost'}:${port}`;
  return {
    url: `${origin}/`,
    port,
    get calls() {
      return state.calls;
    },
    get mode() {
      return state.mode;
    },
    set mode(m: FakeMode) {
      state.mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
