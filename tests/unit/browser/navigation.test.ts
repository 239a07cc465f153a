// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { chosenSchoolId, keepSchoolInLinks, loginUrl, safeRedirect, sitePath, withSchoolId } from '~/lib/navigation';

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
  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', ''])('refuses %j and falls back', (target) => {
    expect(safeRedirect(target, '/home')).toBe('/home');
  });
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

describe('withSchoolId: the chosen school on same-site links', () => {
  it.each([
    ['/', '/?schoolId=42'],
    ['/news-information/list', '/news-information/list?schoolId=42'],
    ['/notice/list?current=2', '/notice/list?current=2&schoolId=42'],
    ['/news-information/detail?id=7#comments', '/news-information/detail?id=7&schoolId=42#comments'],
    ['/x?', '/x?schoolId=42'],
    ['/x?a=1&', '/x?a=1&schoolId=42'],
    ['?current=3', '?current=3&schoolId=42'],
    ['/login?redirect=%2F%3FschoolId%3D42', '/login?redirect=%2F%3FschoolId%3D42&schoolId=42'],
  ])('%s -> %s', (href, expected) => {
    expect(withSchoolId(href, '42')).toBe(expected);
  });

  it.each([
    'https://school.example.com/',
    '//evil.example/x',
    '/\\evil.example',
    '#main',
    'mailto:a@b.c',
    'tel:025-1234',
    'javascript:void(0)',
    '/api/oauth/anyTenant/captcha?key=x',
    '/_astro/app.js',
    '/sso-login?ticket=t',
    '/?schoolId=7',
    '/news-information/list?categorizeId=1&schoolId=7#x',
  ])('leaves %s as it is', (href) => {
    expect(withSchoolId(href, '42')).toBe(href);
  });

  it('adds nothing without a school, or with a value that is no school id', () => {
    expect(withSchoolId('/news', null)).toBe('/news');
    expect(withSchoolId('/news', '')).toBe('/news');
    expect(withSchoolId('/news', '1&x=2')).toBe('/news');
  });
});

describe('the chosen school in the browser', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('is read from the address, only when it is a school id', () => {
    expect(chosenSchoolId('?schoolId=1000000000000000002')).toBe('1000000000000000002');
    expect(chosenSchoolId('?schoolId=%3Cscript%3E')).toBeNull();
    expect(chosenSchoolId('')).toBeNull();
  });

  it('goes along to the login page, besides the redirect', () => {
    setConfig({ loginPath: '/login', partner: false });
    history.replaceState(null, '', '/news-information/list?schoolId=42');
    expect(loginUrl()).toBe('/login?redirect=%2Fnews-information%2Flist%3FschoolId%3D42&schoolId=42');
    expect(sitePath('/')).toBe('/?schoolId=42');
  });

  it('is put on links islands render, when they are used', () => {
    history.replaceState(null, '', '/?schoolId=42');
    document.body.innerHTML = `
      <a id="site" href="/notice/list">公告</a>
      <a id="chosen" href="/?schoolId=7">加入的学校</a>
      <a id="other" href="https://other.example/x">外部</a>
      <a id="absolute" href="${location.origin}/news-information/list">新闻</a>`;
    keepSchoolInLinks();
    // jsdom cannot follow a link; the fix happens before the browser would.
    document.addEventListener('click', (e) => e.preventDefault());
    for (const id of ['site', 'chosen', 'other', 'absolute']) {
      document.getElementById(id)!.dispatchEvent(new MouseEvent(id === 'site' ? 'click' : 'contextmenu', { bubbles: true, cancelable: true }));
    }
    expect(document.getElementById('site')!.getAttribute('href')).toBe('/notice/list?schoolId=42');
    expect(document.getElementById('chosen')!.getAttribute('href')).toBe('/?schoolId=7');
    expect(document.getElementById('other')!.getAttribute('href')).toBe('https://other.example/x');
    expect(document.getElementById('absolute')!.getAttribute('href')).toBe('/news-information/list?schoolId=42');
  });
});
