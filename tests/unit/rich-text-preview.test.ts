// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { previewHtml, previewUrl } from '~/lib/rich-text-preview';

/** The staff forms' rich-text preview keeps formatting and drops anything that could run. */
describe('previewHtml', () => {
  test('keeps the allowed formatting', () => {
    expect(previewHtml('<p>带<strong>身份证</strong></p><ul><li>一</li></ul>')).toBe('<p>带<strong>身份证</strong></p><ul><li>一</li></ul>');
  });

  test.each([
    ['a script', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['an event handler', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['a handler after a slash', '<img/onerror=alert(1) src="/a.png">', '<img alt="" src="/a.png">'],
    ['a picture with onerror and a bad address', '<img src=x onerror="alert(1)">', ''],
    ['a javascript: link', '<a href="javascript:alert(1)">a</a>', '<a rel="noopener noreferrer">a</a>'],
    ['another site through //', '<a href="//evil.example">a</a>', '<a rel="noopener noreferrer">a</a>'],
    ['a frame', '<iframe src="https://evil.example"></iframe>b', 'b'],
    ['an svg with script', '<svg onload="alert(1)"><script>x</script></svg>c', 'c'],
    ['an unknown tag, unwrapped', '<marquee><b>d</b></marquee>', '<b>d</b>'],
    ['style', '<style>body{}</style><p style="position:fixed">e</p>', '<p>e</p>'],
  ])('drops %s', (_label, html, expected) => {
    expect(previewHtml(html)).toBe(expected);
  });

  test('keeps site and http(s) pictures and links', () => {
    expect(previewHtml('<img src="/files/a/202611/b.png" alt="图"><a href="https://example.com/x">x</a>')).toBe(
      '<img src="/files/a/202611/b.png" alt="图"><a href="https://example.com/x" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('previewUrl', () => {
  test.each([
    ['/news', true],
    ['https://example.com', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AA', false],
    ['x', false],
  ])('%s → %s', (url, ok) => {
    expect(previewUrl(url)).toBe(ok);
  });
});
