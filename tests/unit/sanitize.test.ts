// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { LINK_REL, safeMediaUrl, sanitizeRichText } from '~/server/sanitize';
import { isUploadedPicture } from '~/lib/uploads';

const SITE = 'https://school.example.cn';
/** The school whose page shows the HTML, and one of its uploaded pictures. */
const SCHOOL = '1000000000000000001';
const PIC = `/files/${SCHOOL}/202611/17950000000000001.png`;
const clean = (html: string | null | undefined) => sanitizeRichText(html, SCHOOL);

/** What the editor may produce (decision 049): each element and the attributes it may carry. */
const EDITOR: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  strong: [],
  em: [],
  s: [],
  u: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  blockquote: [],
  a: ['target', 'rel', 'href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
};

/** Every element of the HTML as a browser parses it, with its attributes. */
/** How a browser parses the HTML (jsdom's parser). */
const parser = new DOMParser();
function elementsOf(html: string): { tag: string; attrs: Record<string, string> }[] {
  const doc = parser.parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  return [...doc.body.querySelectorAll('*')].map((el) => ({
    tag: el.tagName.toLowerCase(),
    attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
  }));
}

const VOID = new Set(['br', 'hr', 'img']);

/**
 * True when the HTML holds only the editor's elements and attributes, pictures only the school's
 * uploads, and every element it opens it closes with the same name (an element left open, a link
 * above all, would take in the page's content after it).
 */
function withinEditor(html: string): boolean {
  const opened = [...html.matchAll(/<([a-z][a-z0-9-]*)[\s/>]/gi)].map((m) => m[1]!.toLowerCase()).filter((t) => !VOID.has(t));
  const closed = [...html.matchAll(/<\/([a-z][a-z0-9-]*)\s*>/gi)].map((m) => m[1]!.toLowerCase());
  if ([...opened].sort().join() !== [...closed].sort().join()) return false;
  return elementsOf(html).every(
    ({ tag, attrs }) =>
      tag in EDITOR &&
      Object.keys(attrs).every((a) => EDITOR[tag]!.includes(a)) &&
      (tag !== 'img' || isUploadedPicture(attrs['src'], SCHOOL)) &&
      (tag !== 'a' || attrs['target'] === undefined || (attrs['target'] === '_blank' && attrs['rel'] === LINK_REL)),
  );
}

describe('sanitizeRichText: scripts and handlers', () => {
  test('removes script elements and their text', () => {
    const out = clean('<p>正文</p><script>alert("x")</script><SCRIPT src="https://evil.example/x.js"></SCRIPT>');
    expect(out).toBe('<p>正文</p>');
  });

  test('removes event handler attributes but keeps the element', () => {
    const out = clean(`<img src="${PIC}" alt="海报" onerror="alert(1)"><p onclick="steal()" ONMOUSEOVER="x()">文字</p>`);
    expect(out).not.toMatch(/on\w+\s*=/i);
    expect(out).toContain(`src="${PIC}"`);
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
      const out = clean(`<a href="${href}">链接</a>`);
      expect(out, href).not.toMatch(/javascript:|vbscript:|data:|evil\.example/i);
      expect(out, href).toContain('链接');
    }
  });

  test('removes iframes, forms, styles and objects', () => {
    const out = clean(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><style>body{}</style><object data="x"></object><p>留下</p>',
    );
    expect(out).toBe('<p>留下</p>');
  });

  test('empty input gives an empty string', () => {
    expect(clean('')).toBe('');
    expect(clean(null)).toBe('');
    expect(clean(undefined)).toBe('');
  });
});

describe('sanitizeRichText: only what the editor produces (decision 049)', () => {
  test('the editor’s own HTML comes back unchanged (pictures gain lazy loading)', () => {
    const html =
      '<h2>标题</h2><h3>小标题</h3><p><strong>加粗</strong><em>斜体</em><s>删除</s><u>下划线</u>一行<br>两行</p><hr>' +
      '<ul><li><p>一</p><ul><li><p>嵌套</p></li></ul></li></ul><ol start="3" type="a"><li><p>三</p></li></ol><blockquote><p>引用</p></blockquote>' +
      `<p><a target="_blank" rel="${LINK_REL}" href="https://gov.example.cn/doc" title="文件">文件</a>` +
      `<a target="_blank" rel="${LINK_REL}" href="mailto:office@example.cn">邮件</a>` +
      `<a target="_blank" rel="${LINK_REL}" href="/news-information/list">本站</a></p>` +
      `<img src="${PIC}" alt="会场" title="会场照片" width="640" height="480">`;
    const out = clean(html).replace(/ \/>/g, '>');
    expect(out).toBe(html.replace('height="480">', 'height="480" loading="lazy">'));
  });

  test('sanitising twice changes nothing', () => {
    const once = clean(`<p class="x" style="color:red">a<b>b</b></p><img src="${PIC}" style="position:fixed"><a href="https://a.example" target="_top">l</a>`);
    expect(clean(once)).toBe(once);
  });

  test('older markup in the editor’s terms: b, i, strike, del, h1, h4–h6, and blocks of text as paragraphs', () => {
    expect(clean('<b>粗</b><i>斜</i><strike>删</strike><del>删</del>')).toBe('<strong>粗</strong><em>斜</em><s>删</s><s>删</s>');
    expect(clean('<h1>一</h1><h4>四</h4><h5>五</h5><h6>六</h6>')).toBe('<h2>一</h2><h3>四</h3><h3>五</h3><h3>六</h3>');
    expect(clean('<div>甲</div><section>乙</section><table><tr><td>丙</td><th>丁</th></tr></table>')).toBe('<p>甲</p><p>乙</p><p>丙</p><p>丁</p>');
    expect(clean('<span style="color:red">红</span><font color="red">字</font><sub>下</sub><mark>标</mark>')).toBe('红字下标');
  });

  // The issue's case: a link an editor (or a teacher) saved to cover the page and catch a click.
  test('a link made to cover the viewport is a plain link', () => {
    expect(clean('<a href="https://evil.example" class="fixed inset-0 z-50 block">点击</a>')).toBe('<a href="https://evil.example">点击</a>');
    expect(clean('<a href="https://evil.example" style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:9999;opacity:0">x</a>')).toBe(
      '<a href="https://evil.example">x</a>',
    );
  });

  test.each([
    ['class on a paragraph', '<p class="fixed inset-0 z-50">x</p>', '<p>x</p>'],
    ['class on a heading', '<h2 class="sr-only">x</h2>', '<h2>x</h2>'],
    ['class on a picture', `<img src="${PIC}" class="fixed inset-0 w-screen h-screen">`, `<img src="${PIC}" loading="lazy" />`],
    ['style position:fixed', '<p style="position:fixed;inset:0;z-index:50">x</p>', '<p>x</p>'],
    ['style position:absolute on a quote', '<blockquote style="position:absolute;top:0">x</blockquote>', '<blockquote>x</blockquote>'],
    ['style with a url()', '<p style="background-image:url(https://tracker.example/p.gif)">x</p>', '<p>x</p>'],
    ['style with expression()', '<p style="width:expression(alert(1))">x</p>', '<p>x</p>'],
    ['text-align (the editor has no alignment)', '<p style="text-align:center">x</p>', '<p>x</p>'],
    ['colour', '<p><strong style="color:#f00">x</strong></p>', '<p><strong>x</strong></p>'],
    ['style on a picture', `<img src="${PIC}" style="position:fixed;top:0;width:100vw">`, `<img src="${PIC}" loading="lazy" />`],
    ['id and name (DOM clobbering)', '<p id="csrf" name="x">x</p><a name="portal-config" href="/a">a</a>', '<p>x</p><a href="/a">a</a>'],
    ['data-* and aria-*', '<p data-action="x" aria-hidden="true" role="button" tabindex="0">x</p>', '<p>x</p>'],
    ['a target other than _blank', '<a href="/a" target="_top">a</a>', '<a href="/a">a</a>'],
    [
      'a rel of the author’s',
      '<a href="https://a.example" target="_blank" rel="opener">a</a>',
      `<a target="_blank" rel="${LINK_REL}" href="https://a.example">a</a>`,
    ],
    ['a ping, a download', '<a href="https://a.example" ping="https://t.example" download>a</a>', '<a href="https://a.example">a</a>'],
    ['a tel: link (the editor takes http, https, mailto)', '<a href="tel:10086">电话</a>', '<a>电话</a>'],
    ['a width in per cent', `<img src="${PIC}" width="100%" height="1e9">`, `<img src="${PIC}" loading="lazy" />`],
    ['a list’s odd start and type', '<ol start="-1" type="disc" reversed><li>x</li></ol>', '<ol><li>x</li></ol>'],
    ['a list item’s value', '<ul><li value="3" class="x">x</li></ul>', '<ul><li>x</li></ul>'],
    [
      'base, link and meta',
      '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/s.css">' +
        '<meta http-equiv="refresh" content="0;url=https://evil.example">x',
      'x',
    ],
    ['svg and math with script', '<svg><a xlink:href="javascript:alert(1)"><text>t</text></a><script>alert(1)</script></svg><math><mi>m</mi></math>x', 'x'],
    [
      'video and audio (external loads)',
      '<video src="https://evil.example/v.mp4" poster="https://evil.example/p.png"></video><audio src="https://evil.example/a.mp3"></audio>x',
      'x',
    ],
    ['a picture element and srcset', '<picture><source srcset="https://evil.example/a.webp"><img src="https://evil.example/a.png"></picture>x', 'x'],
    ['an input image', '<input type="image" src="https://evil.example/a.png">x', 'x'],
    ['a table background', '<table background="https://evil.example/bg.png"><tr><td>x</td></tr></table>', '<p>x</p>'],
  ])('%s', (_name, html, expected) => {
    const out = clean(html);
    expect(out).toBe(expected);
    expect(withinEditor(out)).toBe(true);
  });
});

describe('sanitizeRichText: pictures are the school’s uploads only', () => {
  test.each([
    ['an upload of the school', PIC],
    ['a JPEG', `/files/${SCHOOL}/202612/abc_DEF-123.jpg`],
    ['a GIF', `/files/${SCHOOL}/202612/a.gif`],
    ['a WebP', `/files/${SCHOOL}/202612/a.webp`],
    ['spaces around it', `  ${PIC} `],
  ])('kept: %s', (_name, src) => {
    expect(clean(`<p>前<img src="${src}" alt="图">后</p>`)).toBe(`<p>前<img src="${src.trim()}" alt="图" loading="lazy" />后</p>`);
  });

  test('the address written with character references is the same address', () => {
    expect(clean(`<img src="&#47;files&#x2F;${SCHOOL}/202611/17950000000000001.png">`)).toBe(`<img src="${PIC}" loading="lazy" />`);
  });

  test.each([
    ['an external https picture', 'https://evil.example/a.png'],
    ['an external http picture', 'http://evil.example/a.png'],
    ['the school’s own site, absolute', `${SITE}${PIC}`],
    ['protocol-relative', '//evil.example/a.png'],
    ['a data: PNG', 'data:image/png;base64,iVBORw0KGgo='],
    ['a data: SVG', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['DATA: in capitals', 'DATA:image/png;base64,AAAA'],
    ['a blob: URL', 'blob:https://school.example.cn/1234'],
    ['javascript:', 'javascript:alert(1)'],
    ['a file: URL', 'file:///etc/passwd'],
    ['another school’s upload', '/files/1000000000000000002/202611/a.png'],
    ['a school whose id starts the same', `/files/${SCHOOL}0/202611/a.png`],
    ['a site picture that is not an upload', '/images/news-cover-3.svg'],
    ['an API call as a picture (a GET with the cookie)', '/api/admin/staff/sign-out'],
    ['an SVG under /files/', `/files/${SCHOOL}/202611/a.svg`],
    ['a video under /files/', `/files/${SCHOOL}/202611/a.mp4`],
    ['a path that climbs out', `/files/${SCHOOL}/202611/../../../api/x.png`],
    ['a query string', `${PIC}?v=1`],
    ['a fragment', `${PIC}#x`],
    ['backslashes', `/\\evil.example/files/${SCHOOL}/202611/a.png`],
    ['percent-encoding', `/files/${SCHOOL}/202611/%2e%2e.png`],
    ['a month that is not six digits', `/files/${SCHOOL}/2026/a.png`],
    ['no source at all', ''],
  ])('dropped: %s', (_name, src) => {
    const out = clean(`<p>前<img src="${src.replace(/"/g, '&quot;')}" alt="图">后</p>`);
    expect(out).toBe('<p>前后</p>');
  });

  test('a dropped picture leaves the elements after it whole (a link stays closed)', () => {
    const out = clean('<p><img src="https://evil.example/a.png"><a href="https://a.example">链接</a>后文</p><p>下一段</p>');
    expect(out).toBe('<p><a href="https://a.example">链接</a>后文</p><p>下一段</p>');
    expect(withinEditor(out)).toBe(true);
  });

  test('a picture without src is dropped', () => {
    expect(clean('<p><img alt="无图"></p>')).toBe('<p></p>');
  });
});

describe('sanitizeRichText: properties', () => {
  const tags = fc.constantFrom(...Object.keys(EDITOR), 'div', 'span', 'table', 'td', 'video', 'iframe', 'svg', 'b', 'h1', 'section', 'font', 'style', 'form');
  const dangerousNames = fc.constantFrom(
    'class',
    'style',
    'id',
    'name',
    'onclick',
    'onerror',
    'onload',
    'srcset',
    'poster',
    'background',
    'formaction',
    'xlink:href',
    'data-x',
    'tabindex',
    'contenteditable',
    'hidden',
    'target',
    'rel',
    'src',
    'href',
    'width',
    'height',
    'start',
    'type',
    'alt',
    'title',
    'loading',
  );
  const attrName = fc.oneof(dangerousNames, fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/));
  const attrValue = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      PIC,
      'https://evil.example/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'position:fixed;inset:0',
      'fixed inset-0 z-50',
      '_blank',
      '_top',
      '3',
      'a',
      '100%',
      '/files/other/202611/a.png',
    ),
  );
  const element = fc.record({ tag: tags, attrs: fc.array(fc.tuple(attrName, attrValue), { maxLength: 5 }), text: fc.string({ maxLength: 8 }) });
  const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const htmlOf = (els: { tag: string; attrs: [string, string][]; text: string }[]) =>
    els.map((e) => `<${e.tag}${e.attrs.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join('')}>${e.text}</${e.tag}>`).join('');

  test('whatever attributes an element carries, only the editor’s survive: no class, no style, no other picture', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 6 }), (els) => {
        const out = clean(htmlOf(els));
        expect(withinEditor(out), out).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test('arbitrary markup-like text never yields anything outside the editor’s vocabulary, and sanitising again changes nothing', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('<', '>', '"', "'", '=', '/', '<!--', '-->', '<![CDATA[', ']]>', '&lt;', '&#x3C;', '</', ' class=', ' style=', ' src=', ' href='),
      fc.constantFrom(...Object.keys(EDITOR), 'svg', 'math', 'style', 'script', 'img', 'a', 'template', 'noscript', 'textarea', 'title', 'iframe'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const out = clean(pieces.join(''));
        expect(withinEditor(out), out).toBe(true);
        expect(clean(out)).toBe(out);
      }),
      { numRuns: 400 },
    );
  });
});

describe('isUploadedPicture', () => {
  test('the shape of an upload’s address, of the given school or any', () => {
    expect(isUploadedPicture(PIC)).toBe(true);
    expect(isUploadedPicture(PIC, SCHOOL)).toBe(true);
    expect(isUploadedPicture(PIC, 'another')).toBe(false);
    for (const bad of [null, undefined, '', 'https://x/a.png', `${PIC}?x`, `/files/${SCHOOL}/202611/a.pdf`]) expect(isUploadedPicture(bad)).toBe(false);
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
