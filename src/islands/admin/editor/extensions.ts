import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { isUploadedPicture } from '~/lib/uploads';

/**
 * What the staff rich-text editor lets a document hold (decision 049): paragraphs, line breaks,
 * rules, two heading levels, bold, italic, strike, underline, lists, quotes, links (http, https,
 * mailto, site paths) and pictures uploaded to the school's file store. No code blocks, no text
 * alignment or colours (no `style`), no classes, no picture from another site or a data: URL: a
 * picture is uploaded with the toolbar's button. Its HTML is exactly what the server's sanitiser
 * keeps (tests/unit/browser/rich-text-editor.test.ts), so nothing an editor writes is lost.
 */
export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
    }),
    UploadedImage.configure({ allowBase64: false }),
  ];
}

/** A picture, read from HTML only when it is one of the file store's uploads (/files/…). */
const UploadedImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (dom) => (isUploadedPicture((dom.getAttribute('src') ?? '').trim()) ? null : false) }];
  },
});
