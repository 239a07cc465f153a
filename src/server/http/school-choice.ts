import { isSitePage, namesSchool, SCHOOL_PARAM, withSchoolId } from '~/lib/navigation';

/**
 * A page opened with `?schoolId=` (a school chosen whatever the host) keeps that school on every
 * same-site link it renders, so the next click, a reload or a copied link shows the same school
 * (a school named in the address wins over the host's; the registration form sends a new member
 * to `/?schoolId=<joined school>`). Done once here, over the finished page, rather than in each
 * component: every layout, component, island's server HTML, pager, partial and content link is
 * covered, and a component written tomorrow is too. Pages are cached by host and URL only, and
 * this output depends only on the URL, so caching stays right.
 */

/** Start tags that link to a page, and their attributes that hold the address. */
const LINK_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  form: ['action'],
  iframe: ['src', 'data-src'],
};

/** Raw-text elements whose content is not markup (an inline script may hold '<a href="/">' as text). */
const RAW_TEXT = /<(script|style|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** A start tag of a link element; attribute values may hold '>' when quoted. */
const START_TAG = /<(a|area|form|iframe)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>/gi;
const ATTRIBUTE = /(\s)([\w:-]+)(\s*=\s*)("([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/**
 * An attribute's text as the browser reads it (character references decoded), or null when it
 * holds a reference this does not know: such a value is left exactly as written.
 */
function decodeAttribute(text: string): string | null {
  let unknown = false;
  const value = text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (ref, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined || hex !== undefined) {
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    } else if (NAMED[name!.toLowerCase()] !== undefined) return NAMED[name!.toLowerCase()]!;
    unknown = true;
    return ref;
  });
  return unknown ? null : value;
}

/** A value written back inside double quotes. */
function encodeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The attribute's value as written (entities left as they are), or null when absent. */
function attributeOf(attrs: string, wanted: string): string | null {
  for (const m of attrs.matchAll(ATTRIBUTE)) {
    if (m[2]!.toLowerCase() === wanted) return m[5] ?? m[6] ?? m[7] ?? '';
  }
  return null;
}

function rewriteTag(name: string, attrs: string, schoolId: string): string {
  const element = name.toLowerCase();
  const method = element === 'form' ? (attributeOf(attrs, 'method') ?? 'get').trim().toLowerCase() : null;
  if (method === 'dialog') return `<${name}${attrs}>`;
  if (method === 'get') {
    // A GET form replaces its action's query with its fields: the school goes along as a field.
    // Only forms that submit themselves (an action): islands' forms are handled by their script,
    // and a field added to their markup would not match what they hydrate.
    const written = attributeOf(attrs, 'action');
    const action = written === null ? null : decodeAttribute(written);
    if (action === null || !isSitePage(action || '?') || namesSchool(action)) return `<${name}${attrs}>`;
    return `<${name}${attrs}><input type="hidden" name="${SCHOOL_PARAM}" value="${schoolId}">`;
  }
  const names = LINK_ATTRIBUTES[element] ?? [];
  const rewritten = attrs.replace(ATTRIBUTE, (whole, space: string, attr: string, eq: string, _v: string, dq?: string, sq?: string, bare?: string) => {
    if (!names.includes(attr.toLowerCase())) return whole;
    const value = decodeAttribute(dq ?? sq ?? bare ?? '');
    if (value === null) return whole;
    const next = withSchoolId(value, schoolId);
    if (next === value) return whole;
    return `${space}${attr}${eq}"${encodeAttribute(next)}"`;
  });
  return `<${name}${rewritten}>`;
}

/** The page's HTML with `schoolId` on every same-site link, form and frame that does not name a school. */
export function linkSchoolChoice(html: string, schoolId: string): string {
  let out = '';
  let last = 0;
  for (const m of html.matchAll(RAW_TEXT)) {
    out += rewriteMarkup(html.slice(last, m.index), schoolId) + m[0];
    last = m.index + m[0].length;
  }
  return out + rewriteMarkup(html.slice(last), schoolId);
}

function rewriteMarkup(markup: string, schoolId: string): string {
  return markup.replace(START_TAG, (_tag, name: string, attrs: string | undefined) => rewriteTag(name, attrs ?? '', schoolId));
}

/**
 * The page's answer with the chosen school kept: on a redirect's Location and on the links of an
 * HTML page. `tenantId` is the school the request's `schoolId` resolved to; pages opened without
 * `schoolId` are returned as they are.
 */
export async function keepSchoolChoice(url: URL, tenantId: string, response: Response): Promise<Response> {
  if (!url.searchParams.has(SCHOOL_PARAM)) return response;
  const location = response.headers.get('Location');
  if (response.status >= 300 && response.status < 400 && location) {
    const next = withSchoolId(location, tenantId);
    if (next === location) return response;
    const headers = new Headers(response.headers);
    headers.set('Location', next);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html') || !response.body) return response;
  const html = linkSchoolChoice(await response.text(), tenantId);
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
