// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '~/lib/navigation';
import { afterLoginTarget } from '~/islands/identity/login-flow';
import { $loggedIn, clearSession, setUser, startSession } from '~/lib/stores/session';

describe('redirects after login', () => {
  it.each(['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '/a\\b', '/ /evil.example', '/x\u0000'])('refuses %j', (target) => {
    expect(safeRedirect(target, '/home')).toBe('/home');
  });

  it('keeps same-origin pages', () => {
    expect(afterLoginTarget('/study/mine', '/')).toBe('/study/mine');
    expect(afterLoginTarget('/news-information/list?current=2', '/')).toBe('/news-information/list?current=2');
    expect(afterLoginTarget('/login/student-login', '/')).toBe('/login/student-login');
  });

  it('never goes back to a login page, nor to another site', () => {
    for (const target of [
      '/login',
      '/login?redirect=%2F',
      '/register?type=2',
      '/sso-login?ticket=x',
      '/kingdee-login',
      'https://evil.example',
      '//evil.example',
      null,
    ]) {
      expect(afterLoginTarget(target, '/study/mine')).toBe('/study/mine');
    }
  });
});

describe('session store', () => {
  it('logged in only when a token and a user id both exist; logout makes a new visitor', () => {
    clearSession();
    const visitor = localStorage.getItem('szyx_uuid');
    expect(visitor).toBeTruthy();
    startSession({ token: 'tok', expiration: Date.now() + 60_000 }, 't-1');
    expect(localStorage.getItem('szyx_tenantId')).toBe('t-1');
    expect($loggedIn.get()).toBe(false);
    setUser({ id: 'u-1', userId: 'u-1' });
    expect($loggedIn.get()).toBe(true);
    clearSession();
    expect($loggedIn.get()).toBe(false);
    expect(localStorage.getItem('szyx_token')).toBeNull();
    expect(localStorage.getItem('szyx_userInfo')).toBeNull();
    expect(localStorage.getItem('szyx_uuid')).toBeTruthy();
    expect(localStorage.getItem('szyx_uuid')).not.toBe(visitor);
  });

  it('an expired token is not a login', () => {
    startSession({ token: 'tok', expiration: Date.now() - 1 });
    setUser({ id: 'u-1', userId: 'u-1' });
    expect($loggedIn.get()).toBe(false);
    clearSession();
  });
});
