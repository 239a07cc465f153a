// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from '~/lib/navigation';

function setConfig(config: object | null) {
  document.getElementById('portal-config')?.remove();
  if (!config) return;
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'portal-config';
  el.textContent = JSON.stringify(config);
  document.head.appendChild(el);
}

afterEach(() => setConfig(null));

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/study/mine?tab=2')).toBe('/study/mine?tab=2');
  });
  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', ''])(
    'refuses %j and falls back',
    (target) => {
      expect(safeRedirect(target, '/home')).toBe('/home');
    },
  );
  it('falls back for a missing value', () => {
    expect(safeRedirect(null)).toBe('/');
  });
});

describe('loginUrl', () => {
  it('goes to /login keeping the page as redirect', () => {
    setConfig({ loginPath: '/login', partner: false });
    expect(loginUrl('/news-information/list?categorizeId=5')).toBe('/login?redirect=%2Fnews-information%2Flist%3FcategorizeId%3D5');
  });
  it('uses the partner login route in the partner edition', () => {
    setConfig({ loginPath: '/kingdee-login', partner: true, partnerSlug: 'kingdee' });
    expect(loginUrl('/study/mine')).toBe('/kingdee-login?redirect=%2Fstudy%2Fmine');
  });
  it('never carries a foreign redirect', () => {
    setConfig({ loginPath: '/login', partner: false });
    expect(loginUrl('//evil.example')).toBe('/login?redirect=%2F');
  });
});
