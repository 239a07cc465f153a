// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

vi.mock('~/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/navigation')>()),
  navigateTo: vi.fn(),
}));

import type { Page } from '~/lib/paging';
const { send, sendPage, request, tryAgainAfter, ApiError } = await import('~/lib/api/client');
const { get: getCall, post: postCall } = await import('~/lib/api/contract');

// Calls as the islands make them: a contract and send(); paths are under /api.
const get = (path: string, query?: Record<string, unknown>) => send(getCall<Record<string, unknown> | undefined, unknown>(path.replace(/^\/api/, '')), query);
const post = (path: string, body?: unknown) => send(postCall<unknown, unknown>(path.replace(/^\/api/, '')), body);
const postPage = (path: string, body: unknown) => sendPage(postCall<unknown, Page<unknown>>(path.replace(/^\/api/, '')), body);
const { navigateTo } = await import('~/lib/navigation');
const { $session, setToken, setUser } = await import('~/lib/stores/session');
const { sendSmsCode } = await import('~/islands/consult/sms');
const { smsSign } = await import('~/lib/sms-sign');

const API = 'http://api.test';
const server = setupServer();
const seen: { url: URL; headers: Headers; body: unknown }[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
function configure(apiBase: string) {
  document.head.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify({
    apiBase,
    tenantId: 't-1',
    partner: false,
    loginPath: '/login',
    smsSignKey: 'sign-key',
  })}</script>`;
}

beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
  document.body.innerHTML = '';
  configure(API);
  vi.mocked(navigateTo).mockClear();
});
afterEach(() => server.resetHandlers());

function answer(body: unknown, status = 200) {
  return async ({ request }: { request: Request }) => {
    const text = request.method === 'GET' ? '' : await request.text();
    seen.push({ url: new URL(request.url), headers: request.headers, body: text ? JSON.parse(text) : undefined });
    return HttpResponse.json(body as Record<string, unknown>, { status });
  };
}

const toastText = () => document.getElementById('toast-region')?.textContent ?? '';

describe('the browser API client', () => {
  it('sends the spec headers and a timestamp, and returns data on success', async () => {
    setToken('tok-123');
    server.use(http.get(`${API}/api/x`, answer({ code: 0, data: { a: 1 }, message: 'ok' })));
    await expect(get('/api/x', { q: 'v' })).resolves.toEqual({ a: 1 });
    const req = seen[0]!;
    expect(req.url.searchParams.get('q')).toBe('v');
    expect(Number(req.url.searchParams.get('timestamp'))).toBeGreaterThan(0);
    expect(req.headers.get('TenantId')).toBe('t-1');
    expect(req.headers.get('Token')).toBe('tok-123');
    expect(req.headers.get('PlatformType')).toBe('PC');
    expect(req.headers.get('Authorization')).toMatch(/^Basic /);
  });

  it('treats codes 200 and 1 as success too', async () => {
    server.use(http.post(`${API}/api/y`, answer({ code: 200, data: 'fine' })));
    await expect(post('/api/y', { a: 1 })).resolves.toBe('fine');
    expect(seen[0]!.body).toEqual({ a: 1 });
  });

  it('converts paging fields to numbers', async () => {
    server.use(http.post(`${API}/api/p`, answer({ code: 0, data: { records: [1], current: '2', pages: '3', size: '4', total: '9' } })));
    await expect(postPage('/api/p', {})).resolves.toEqual({ records: [1], current: 2, pages: 3, size: 4, total: 9 });
  });

  it.each([40001, 40005, 40009])('on login-invalid code %i clears the session and goes to login keeping the page', async (code) => {
    setToken('tok-old');
    setUser({ id: 'u1', userId: 'u1', nickName: '小王' });
    window.history.replaceState(null, '', '/notice/list?current=2');
    server.use(http.post(`${API}/api/z`, answer({ code, data: null, message: '登录已过期' })));
    await expect(post('/api/z')).rejects.toThrow('请登录');
    expect($session.get().token).toBeNull();
    expect($session.get().user).toBeNull();
    expect(localStorage.getItem('szyx_token')).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith('/login?redirect=%2Fnotice%2Flist%3Fcurrent%3D2');
    expect(toastText()).toContain('登录已过期');
  });

  it('shows the server message for other failures, whichever field carries it', async () => {
    server.use(http.get(`${API}/api/m`, answer({ code: 400, data: null, msg: '参数 size 不正确' })));
    const error = await get('/api/m').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('参数 size 不正确');
    expect(toastText()).toContain('参数 size 不正确');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('shows 系统繁忙 for a non-200 status', async () => {
    server.use(http.get(`${API}/api/e`, answer({ code: 500, message: 'boom' }, 500)));
    await expect(get('/api/e')).rejects.toThrow('系统繁忙');
    expect(toastText()).toContain('系统繁忙');
  });

  it('sends a JSON body with its content type, and a GET query without undefined values, lists repeated and null as empty', async () => {
    server.use(http.put(`${API}/api/j`, answer({ code: 0, data: 1 })), http.get(`${API}/api/q`, answer({ code: 0, data: 2 })));
    await expect(request('/api/j', { method: 'PUT', body: { a: [1, 'x'], b: null } })).resolves.toBe(1);
    expect(seen[0]!.body).toEqual({ a: [1, 'x'], b: null });
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
    await expect(get('/api/q', { ids: [3, 4], empty: null, gone: undefined, on: false, n: 0, text: 'a b&c' })).resolves.toBe(2);
    const params = seen[1]!.url.searchParams;
    expect(params.getAll('ids')).toEqual(['3', '4']);
    expect(params.get('empty')).toBe('');
    expect(params.has('gone')).toBe(false);
    expect([params.get('on'), params.get('n'), params.get('text')]).toEqual(['false', '0', 'a b&c']);
  });

  it('puts paths under an API base that is a path, once', async () => {
    configure('/gateway/');
    const urls: string[] = [];
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      urls.push(String(input).split('?')[0]!);
      return HttpResponse.json({ code: 0, data: null });
    });
    await request('/api/b', { method: 'POST' });
    await request('/gateway/api/b', { method: 'POST' });
    fetched.mockRestore();
    expect(urls).toEqual(['/gateway/api/b', '/gateway/api/b']);
  });

  it('says 系统繁忙 for an answer that is not JSON, and keeps the status and Retry-After of an HTTP refusal', async () => {
    server.use(
      http.get(`${API}/api/h`, () => new HttpResponse('<html>ok</html>', { headers: { 'content-type': 'text/html' } })),
      http.get(`${API}/api/r`, () => HttpResponse.json({ message: 'slow down' }, { status: 429, headers: { 'Retry-After': '7' } })),
    );
    await expect(get('/api/h')).rejects.toThrow('系统繁忙');
    const error = await get('/api/r').catch((e: unknown) => e);
    expect((error as InstanceType<typeof ApiError>).http.status).toBe(429);
    expect(tryAgainAfter(error)).toBe(7000);
  });

  it('drops keys of an answer that could reach a prototype', async () => {
    server.use(
      http.get(
        `${API}/api/p`,
        () => new HttpResponse('{"code":0,"data":{"ok":1,"__proto__":{"polluted":true}}}', { headers: { 'content-type': 'application/json' } }),
      ),
    );
    const data = (await get('/api/p')) as Record<string, unknown>;
    expect(data).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
  });

  it('signs the SMS code query exactly as sent, its timestamp included', async () => {
    server.use(http.get(`${API}/api/oauth/anyTenant/sendSmsCode`, answer({ code: 0, data: null })));
    await sendSmsCode('13800000000', 'MOBILE_LOGIN_REGISTER');
    const { url, headers } = seen[0]!;
    expect(headers.get('sign')).toBe(await smsSign(Object.fromEntries(url.searchParams), 'sign-key'));
    expect(url.searchParams.get('timestamp')).toMatch(/^\d+$/);
  });

  it('shows 系统繁忙 for a network failure', async () => {
    server.use(http.get(`${API}/api/n`, () => HttpResponse.error()));
    await expect(get('/api/n')).rejects.toThrow('系统繁忙');
    expect(toastText()).toContain('系统繁忙');
  });
});
