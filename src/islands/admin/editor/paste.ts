/**
 * What the editor takes from a paste of HTML (another page, a word processor), before the editor
 * parses it into its document: script-like elements, frames and forms go, every event-handler
 * attribute goes, a picture stays only when it is one of the school's uploads or an http(s)
 * address, a link keeps only an http(s), mailto or site address. The editor's own parse renders
 * the pasted nodes in the page, so without this a pasted `<img src=x onerror=…>` would load and
 * try its handler there (the staff pages' CSP would block the handler, but not the load).
 */

const DROPPED = 'script,style,iframe,frame,frameset,object,embed,link,meta,base,form,input,button,textarea,select,template,noscript,svg,math';
const SAFE_PICTURE = /^(\/files\/|https?:\/\/)/i;
const SAFE_LINK = /^(https?:\/\/|mailto:|\/)/i;
/** Handler attributes, taken out of the text before even an inert parse sees them. */
const HANDLER = /([\s/"'])on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

export function cleanPastedHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  // DOMParser's document is inert: nothing in it loads or runs.
  const doc = new DOMParser().parseFromString(html.replace(HANDLER, '$1'), 'text/html');
  for (const el of [...doc.body.querySelectorAll(DROPPED)]) el.remove();
  for (const el of [...doc.body.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) if (attr.name.toLowerCase().startsWith('on')) el.removeAttribute(attr.name);
    if (el.tagName === 'IMG' && !SAFE_PICTURE.test((el.getAttribute('src') ?? '').trim())) el.remove();
    if (el.tagName === 'A' && !SAFE_LINK.test((el.getAttribute('href') ?? '').trim())) el.removeAttribute('href');
  }
  return doc.body.innerHTML;
}
