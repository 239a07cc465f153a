/**
 * What a staff form's rich-text preview shows of the HTML being typed: parsed in an inert document
 * (a DOMParser document runs no script and loads nothing), then rebuilt from an allowlist of tags
 * and attributes; anything else is dropped with its content (script, style, embedded frames) or
 * unwrapped to its text. Links and pictures keep only site paths and http(s) addresses. The
 * server's sanitiser decides what is stored and shown; this keeps the staff page itself safe while
 * it previews what someone types.
 */

const KEEP = new Set([
  'p',
  'br',
  'hr',
  'span',
  'div',
  'blockquote',
  'pre',
  'code',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const DROP = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'link', 'meta', 'base']);
const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** A site path (not //host) or an http(s) address. */
export function previewUrl(url: string): boolean {
  const u = url.trim();
  return (/^\/(?![/\\])/.test(u) && !/[\s\\]/.test(u)) || /^https?:\/\/[^\s]+$/i.test(u);
}

function copy(from: Node, into: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP.has(tag)) continue;
    if (!KEEP.has(tag)) {
      copy(el, into, doc);
      continue;
    }
    // A picture without a usable address shows nothing; one without a description is taken as decoration.
    if (tag === 'img' && !previewUrl(el.getAttribute('src') ?? '')) continue;
    const out = doc.createElement(tag);
    if (tag === 'img' && !el.hasAttribute('alt')) out.setAttribute('alt', '');
    for (const name of ATTRIBUTES[tag] ?? []) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      if ((name === 'href' || name === 'src') && !previewUrl(value)) continue;
      out.setAttribute(name, value);
    }
    if (tag === 'a') out.setAttribute('rel', 'noopener noreferrer');
    copy(el, out, doc);
    into.appendChild(out);
  }
}

/**
 * Event-handler attributes renamed before parsing: the browser checks them against the page's
 * Content Security Policy as soon as it parses them, even in an inert document (blocked, but
 * reported as a console error). The allowlist below drops the renamed attributes anyway.
 */
const HANDLER = /([\s/"'])on([a-z]+\s*=)/gi;

/** The previewable HTML of `html` (browser only: needs DOMParser). */
export function previewHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html.replace(HANDLER, '$1data-off-$2')}`, 'text/html');
  const clean = document.implementation.createHTMLDocument('');
  const box = clean.createElement('div');
  copy(parsed.body, box, clean);
  return box.innerHTML;
}
