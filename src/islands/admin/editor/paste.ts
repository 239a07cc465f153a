import { isUploadedPicture } from '~/lib/uploads';

/**
 * What the editor takes from a paste (or a drop) of HTML (another page, a word processor), before
 * the editor parses it into its document. The editor's own parse renders the pasted nodes in the
 * page, so this keeps to what the server's sanitiser keeps (decision 049):
 * - script-like elements, frames and forms go, with their content;
 * - every attribute goes but a link's href and title, a picture's src, alt, title, width and
 *   height, and a list's start and type: no class, no style (a pasted link made to cover the
 *   screen stays a plain link), no handler, no target;
 * - a picture stays only when it is one of the school's uploads (/files/…): a picture from another
 *   site or a data: URL is dropped, and counted so the editor can say so (a picture is uploaded
 *   with the toolbar's button);
 * - a link keeps only an http(s), mailto or site address.
 */

const DROPPED = 'script,style,iframe,frame,frameset,object,embed,link,meta,base,form,input,button,textarea,select,template,noscript,svg,math';
const SAFE_LINK = /^(https?:\/\/|mailto:|\/)/i;
/** Handler attributes, taken out of the text before even an inert parse sees them. */
const HANDLER = /([\s/"'])on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/** The attributes each element keeps (the editor's own). */
const KEPT: Record<string, readonly string[]> = {
  A: ['href', 'title'],
  IMG: ['src', 'alt', 'title', 'width', 'height'],
  OL: ['start', 'type'],
};

export interface CleanPaste {
  html: string;
  /** Pictures dropped because they were not the school's uploads. */
  droppedPictures: number;
}

export function cleanPaste(html: string): CleanPaste {
  if (typeof DOMParser === 'undefined') return { html: '', droppedPictures: 0 };
  // DOMParser's document is inert: nothing in it loads or runs.
  const doc = new DOMParser().parseFromString(html.replace(HANDLER, '$1'), 'text/html');
  for (const el of [...doc.body.querySelectorAll(DROPPED)]) el.remove();
  let droppedPictures = 0;
  for (const el of [...doc.body.querySelectorAll('*')]) {
    const kept = KEPT[el.tagName] ?? [];
    for (const attr of [...el.attributes]) if (!kept.includes(attr.name.toLowerCase())) el.removeAttribute(attr.name);
    if (el.tagName === 'IMG' && !isUploadedPicture((el.getAttribute('src') ?? '').trim())) {
      el.remove();
      droppedPictures += 1;
    }
    if (el.tagName === 'A' && !SAFE_LINK.test((el.getAttribute('href') ?? '').trim())) el.removeAttribute('href');
  }
  return { html: doc.body.innerHTML, droppedPictures };
}

/** The cleaned HTML alone. */
export function cleanPastedHtml(html: string): string {
  return cleanPaste(html).html;
}
