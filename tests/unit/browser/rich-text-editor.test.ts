// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { Editor } from '@tiptap/core';
import { editorExtensions } from '~/islands/admin/editor/extensions';
import { LINK_REL, sanitizeRichText } from '~/server/sanitize';

/**
 * The editor's own HTML, made by Tiptap with the editor's extensions, passes the server's
 * sanitiser unchanged (decision 049: nothing an editor wrote is lost when it is saved or shown),
 * while what the editor does not allow (scripts, handlers, javascript: links, classes, styles,
 * pictures that are not the school's uploads) never reaches its HTML or is dropped by the sanitiser.
 */

const SCHOOL = 'demo';
const PIC = `/files/${SCHOOL}/202611/1795.png`;

function editorWith(content: string) {
  return new Editor({ element: document.createElement('div'), extensions: editorExtensions(), content });
}

/** The sanitiser writes void elements as `<br />` and gives pictures lazy loading: nothing else differs. */
const asEditorWrites = (html: string) => html.replace(/ \/>/g, '>').replace(/ loading="lazy"/g, '');

describe('the rich-text editor and the sanitiser', () => {
  test('everything the toolbar makes survives sanitising exactly', () => {
    // A document with everything the toolbar makes (and the marks and blocks StarterKit keeps), as Tiptap
    // holds and writes it back.
    const editor = editorWith(
      '<h2>标题</h2><h3>小标题</h3><p><strong>加粗</strong>与<em>斜体</em>、<s>删除线</s>、<u>下划线</u>和' +
        '<a href="https://example.com/a">链接</a>、<a href="mailto:a@example.com">邮件</a></p>' +
        '<p>一行<br>两行</p><hr><ul><li><p>一</p><ul><li><p>嵌套</p></li></ul></li><li><p>二</p></li></ul>' +
        '<ol start="3"><li><p>三</p></li></ol><blockquote><p>引用</p></blockquote>' +
        `<img src="${PIC}" alt="会场" title="会场照片" width="640" height="480">`,
    );
    const html = editor.getHTML();
    for (const tag of ['<strong>', '<em>', '<s>', '<u>', '<h2>', '<h3>', '<ul>', '<ol start="3">', '<li>', '<blockquote>', '<br>', '<hr>', '<a ', '<img ']) {
      expect(html).toContain(tag);
    }
    expect(html).toContain(`<a target="_blank" rel="${LINK_REL}" href="https://example.com/a">`);
    expect(html).toContain(`src="${PIC}"`);
    const shown = sanitizeRichText(html, SCHOOL);
    expect(asEditorWrites(shown)).toBe(html);
    expect(shown).toContain('loading="lazy"');
    editor.destroy();
  });

  test('the sanitiser’s HTML, opened in the editor again, is written back the same', () => {
    const editor = editorWith(sanitizeRichText(`<h2>标题</h2><p><a href="https://example.com/">链接</a></p><img src="${PIC}" alt="图">`, SCHOOL));
    const html = editor.getHTML();
    expect(asEditorWrites(sanitizeRichText(html, SCHOOL))).toBe(html);
    editor.destroy();
  });

  test('script, handlers, javascript: links, classes, styles and pictures that are not uploads never come out of the editor or the sanitiser', () => {
    const editor = editorWith(
      '<p onclick="x()" class="fixed inset-0" style="position:fixed">正文<script>alert(1)</script></p><a href="javascript:alert(2)">坏链接</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="x" onerror="alert(3)"><img src="https://evil.example/a.png"><h2 style="text-align:center">居中</h2>',
    );
    const html = editor.getHTML();
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|data:image|evil\.example|style=|<img/i);
    expect(sanitizeRichText(html, SCHOOL)).not.toMatch(/<script|onclick|onerror|javascript:|class=|style=/i);
    editor.destroy();
  });

  test('a link the editor read with a class still comes out of the sanitiser without it', () => {
    // Tiptap's link keeps a class it reads; the paste cleaner and the sanitiser never let one in.
    const editor = editorWith('<p><a href="https://evil.example" class="fixed inset-0 z-50 block">点我</a></p>');
    expect(sanitizeRichText(editor.getHTML(), SCHOOL)).toBe(`<p><a target="_blank" rel="${LINK_REL}" href="https://evil.example">点我</a></p>`);
    editor.destroy();
  });
});

describe('a paste of HTML', () => {
  test('keeps text, headings, emphasis, safe links and the school’s pictures; drops what could load, run or cover the page', async () => {
    const { cleanPaste } = await import('~/islands/admin/editor/paste');
    const pasted = cleanPaste(
      '<h2 onclick="x()" style="text-align:center">标题</h2>' +
        '<p onmouseover=\'y()\' class="fixed inset-0">正文<strong style="color:red">加粗</strong><script>alert(1)</script></p>' +
        '<img src=x onerror="alert(2)"><img src="/files/t/202611/a.png" alt="图" class="fixed" style="position:fixed">' +
        '<img src="data:image/png;base64,AAAA"><img src="https://evil.example/a.png">' +
        '<a href="javascript:alert(3)">坏链接</a><a href="https://example.com/" class="fixed inset-0 z-50 block" target="_top" id="x">好链接</a>' +
        '<iframe src="https://evil.example/"></iframe>',
    );
    expect(pasted.html).toBe(
      '<h2>标题</h2><p>正文<strong>加粗</strong></p><img src="/files/t/202611/a.png" alt="图"><a>坏链接</a><a href="https://example.com/">好链接</a>',
    );
    // Three pictures were not uploads (x, data:, an external one): the editor says so.
    expect(pasted.droppedPictures).toBe(3);
  });

  test('the editor takes the cleaned paste as its own', async () => {
    const { cleanPastedHtml } = await import('~/islands/admin/editor/paste');
    const editor = editorWith(
      cleanPastedHtml('<p class="x">a<a href="https://example.com/" class="fixed inset-0">b</a></p><img src="https://evil.example/a.png">'),
    );
    expect(editor.getHTML()).toBe(`<p>a<a target="_blank" rel="${LINK_REL}" href="https://example.com/">b</a></p>`);
    editor.destroy();
  });
});
