import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';

/**
 * What the staff rich-text editor lets a document hold: paragraphs, two heading levels, bold,
 * italic, strike, underline, lists, quotes, links (http, https, mailto) and pictures by address.
 * No code blocks, no pasted data: pictures (uploads only). Its HTML stays within what the
 * server's sanitiser keeps (tests/unit/browser/rich-text-editor.test.ts).
 */
export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
    }),
    Image.configure({ allowBase64: false }),
  ];
}
