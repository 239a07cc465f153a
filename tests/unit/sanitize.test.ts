import { describe, expect, test } from 'vitest';
import { safeMediaUrl, sanitizeRichText } from '~/server/sanitize';

const SITE = 'https://school.example.cn';

describe('sanitizeRichText', () => {
  test('removes script elements and their text', () => {
    const out = sanitizeRichText('<p>正文</p><script>alert("x")</script><SCRIPT src="https://evil.example/x.js"></SCRIPT>');
    expect(out).toBe('<p>正文</p>');
  });

  test('removes event handler attributes but keeps the element', () => {
    const out = sanitizeRichText('<img src="/images/a.svg" alt="海报" onerror="alert(1)"><p onclick="steal()" ONMOUSEOVER="x()">文字</p>');
    expect(out).not.toMatch(/on\w+\s*=/i);
    expect(out).toContain('src="/images/a.svg"');
    expect(out).toContain('alt="海报"');
    expect(out).toContain('<p>文字</p>');
  });

  test('removes javascript: and other unsafe link targets, keeping the text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
    ]) {
      const out = sanitizeRichText(`<a href="${href}">链接</a>`);
      expect(out, href).not.toMatch(/javascript:|vbscript:|data:|evil\.example/i);
      expect(out, href).toContain('链接');
    }
  });

  test('removes iframes, forms, styles and objects', () => {
    const out = sanitizeRichText(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><style>body{}</style><object data="x"></object><p>留下</p>',
    );
    expect(out).toBe('<p>留下</p>');
  });

  test('keeps the allowed formatting', () => {
    const html =
      '<h2>标题</h2><p style="text-align:center;color:#333">居中<strong>加粗</strong><em>斜体</em><u>下划线</u></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>' +
      '<table><tbody><tr><td colspan="2">单元格</td></tr></tbody></table><a href="https://gov.example.cn/doc" title="文件">文件</a><br />';
    const out = sanitizeRichText(html);
    for (const kept of [
      '<h2>标题</h2>',
      '<strong>加粗</strong>',
      '<em>斜体</em>',
      '<u>下划线</u>',
      '<ul><li>一</li></ul>',
      '<ol><li>二</li></ol>',
      '<blockquote>引用</blockquote>',
      '<td colspan="2">单元格</td>',
      'href="https://gov.example.cn/doc"',
      'title="文件"',
      'text-align:center',
      'color:#333',
    ]) {
      expect(out, kept).toContain(kept);
    }
  });

  test('drops unsafe styles', () => {
    const out = sanitizeRichText('<p style="background-image:url(javascript:alert(1));position:fixed;color:red">x</p>');
    expect(out).not.toMatch(/url\(|position|javascript/i);
    expect(out).toContain('color:red');
  });

  test('links opening a new window get rel="noopener noreferrer"', () => {
    const out = sanitizeRichText('<a href="https://a.example" target="_blank">a</a>');
    expect(out).toContain('rel="noopener noreferrer"');
  });

  test('images load lazily; data: images are allowed', () => {
    expect(sanitizeRichText('<img src="/a.png">')).toContain('loading="lazy"');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toContain('src="data:image/png;base64,AAAA"');
  });

  test('empty input gives an empty string', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});

describe('safeMediaUrl', () => {
  test.each([
    ['/media/open-day.mp4', '/media/open-day.mp4'],
    ['  /media/a.mp4  ', '/media/a.mp4'],
    ['https://cdn.example.cn/v/a.mp4', 'https://cdn.example.cn/v/a.mp4'],
    ['http://cdn.example.cn/a.png', 'http://cdn.example.cn/a.png'],
  ])('keeps %j', (url, kept) => {
    expect(safeMediaUrl(url)).toBe(kept);
  });

  test.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:video/mp4;base64,AAAA',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.example/a.mp4',
    'media/a.mp4',
    'not a url',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeMediaUrl(url)).toBeNull();
  });

  test('null and undefined give null', () => {
    expect(safeMediaUrl(null)).toBeNull();
    expect(safeMediaUrl(undefined)).toBeNull();
  });

  test.each(['/\\evil.example/a.mp4', '/\t/evil.example/a.mp4', '/\n/evil.example/a.mp4'])(
    'a "site-relative" URL %j that a browser reads as another host is refused or stays on the site',
    (url) => {
      const safe = safeMediaUrl(url);
      if (safe === null) return;
      // Whatever it returns must resolve, as a browser resolves a src, to this site or an http(s) URL it named.
      const resolved = new URL(safe, SITE);
      expect(resolved.origin).toBe(SITE);
    },
  );
});
