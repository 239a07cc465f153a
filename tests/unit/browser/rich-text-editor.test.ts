// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { Editor } from '@tiptap/core';
import { editorExtensions } from '~/islands/admin/editor/extensions';
import { sanitizeRichText } from '~/server/sanitize';

/**
 * The editor's own HTML, made by Tiptap with the editor's extensions, passes the server's
 * sanitiser unchanged (nothing an editor wrote is lost when it is saved or shown), while what the
 * editor does not allow (scripts, handlers, javascript: links, pasted data: pictures) never
 * reaches its HTML or is dropped by the sanitiser.
 */

function editorWith(content: string) {
  return new Editor({ element: document.createElement('div'), extensions: editorExtensions(), content });
}

describe('the rich-text editor and the sanitiser', () => {
  test('everything the toolbar makes survives sanitising exactly', () => {
    // A document with everything the toolbar makes, as Tiptap holds and writes it back.
    const editor = editorWith(
      '<h2>标题</h2><h3>小标题</h3><p><strong>加粗</strong>与<em>斜体</em>和<a href="https://example.com/a">链接</a></p>' +
        '<ul><li><p>一</p></li><li><p>二</p></li></ul><ol><li><p>一</p></li></ol><blockquote><p>引用</p></blockquote>' +
        '<img src="/files/demo/202611/1795.png" alt="会场">',
    );
    const html = editor.getHTML();
    for (const tag of ['<strong>', '<em>', '<h2>', '<h3>', '<ul>', '<ol>', '<li>', '<blockquote>', '<a ', '<img ']) expect(html).toContain(tag);
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('src="/files/demo/202611/1795.png"');
    const shown = sanitizeRichText(html);
    // The sanitiser adds lazy loading to pictures and settles the link's rel; nothing else changes.
    const normalise = (h: string) =>
      h
        .replace(/ loading="lazy"/g, '')
        .replace(/ rel="[^"]*"/g, '')
        .replace(/ target="_blank"/g, '')
        .replace(/<img([^>]*?)\s*\/?>/g, '<img$1>')
        .replace(/(<img[^>]*?) alt="([^"]*)"([^>]*?) src="([^"]*)"/g, '$1 src="$4" alt="$2"$3');
    expect(normalise(shown)).toBe(normalise(html));
    editor.destroy();
  });

  test('script, handlers, javascript: links and data: pictures never come out of the editor or the sanitiser', () => {
    const editor = editorWith(
      '<p onclick="x()">正文<script>alert(1)</script></p><a href="javascript:alert(2)">坏链接</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="x" onerror="alert(3)">',
    );
    const html = editor.getHTML();
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|data:image/i);
    expect(sanitizeRichText(html)).not.toMatch(/<script|onclick|onerror|javascript:/i);
    editor.destroy();
  });
});

describe('a paste of HTML', () => {
  test('keeps text, headings, emphasis, safe links and the school’s pictures; drops what could load or run', async () => {
    const { cleanPastedHtml } = await import('~/islands/admin/editor/paste');
    const html = cleanPastedHtml(
      '<h2 onclick="x()">标题</h2><p onmouseover=\'y()\'>正文<strong>加粗</strong><script>alert(1)</script></p>' +
        '<img src=x onerror="alert(2)"><img src="/files/t/202611/a.png" alt="图"><img src="data:image/png;base64,AAAA">' +
        '<a href="javascript:alert(3)">坏链接</a><a href="https://example.com/">好链接</a><iframe src="https://evil.example/"></iframe>',
    );
    expect(html).toBe(
      '<h2>标题</h2><p>正文<strong>加粗</strong></p><img src="/files/t/202611/a.png" alt="图"><a>坏链接</a><a href="https://example.com/">好链接</a>',
    );
  });
});
