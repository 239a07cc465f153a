import sanitizeHtml from 'sanitize-html';
import { isUploadedPicture } from '~/lib/uploads';

/**
 * Rich HTML from the database passes through here before any page or API answer shows it, and
 * when it is saved (decision 049). What survives is exactly what the staff editor produces
 * (src/islands/admin/editor/extensions.ts): paragraphs, line breaks, rules, two heading levels,
 * bold, italic, strike, underline, lists, quotes, links and pictures, with no `class`, no `style`
 * and no other attribute. So stored markup cannot lay anything over the page (a link made to
 * cover the viewport), whoever wrote it and whenever.
 * - Links: http, https, mailto or a site path; a link opening a new window is `_blank` with
 *   rel="noopener noreferrer nofollow" (as the editor writes it).
 * - Pictures: only the school's own uploads (/files/<school>/…); any other source, an external
 *   http(s) address, a data: URL or another school's file, and the picture is dropped.
 * - Older markup the editor reads as its own is kept in its terms: b → strong, i → em,
 *   strike/del → s, h1 → h2, h4–h6 → h3, and a block of text (div, section, a table cell, a
 *   caption, pre…) → p, so its words do not run into the next block's. Any other element goes and
 *   its text stays; scripts, styles, frames, SVG and their text go whole.
 */

/** The editor's elements. */
const TAGS = ['p', 'br', 'hr', 'h2', 'h3', 'strong', 'em', 's', 'u', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'];

/** What the editor writes on a link that opens a new window. */
export const LINK_REL = 'noopener noreferrer nofollow';

/** Blocks of text the editor has no element for: each becomes a paragraph. */
const TEXT_BLOCKS = [
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'main',
  'address',
  'center',
  'pre',
  'figcaption',
  'caption',
  'td',
  'th',
  'dt',
  'dd',
  'summary',
];

/** Elements dropped with their text (the parser's defaults and what a browser never shows as text). */
const NO_TEXT = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe', 'object', 'select'];

const keep = (value: string | undefined, pattern: RegExp) => (value !== undefined && pattern.test(value) ? value : undefined);

/** The attributes in the editor's order, the absent ones left out. */
function ordered(attribs: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter((e): e is [string, string] => e[1] !== undefined));
}

function optionsFor(school: string): sanitizeHtml.IOptions {
  return {
    allowedTags: TAGS,
    allowedAttributes: {
      a: ['target', 'rel', 'href', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      ol: ['start', 'type'],
    },
    allowedStyles: {},
    allowedClasses: {},
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: NO_TEXT,
    transformTags: {
      ...Object.fromEntries(TEXT_BLOCKS.map((tag) => [tag, 'p'])),
      b: 'strong',
      i: 'em',
      strike: 's',
      del: 's',
      h1: 'h2',
      h4: 'h3',
      h5: 'h3',
      h6: 'h3',
      a: (tagName, attribs) => {
        const blank = attribs['target'] === '_blank';
        return {
          tagName,
          attribs: ordered({ target: blank ? '_blank' : undefined, rel: blank ? LINK_REL : undefined, href: attribs['href'], title: attribs['title'] }),
        };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: ordered({
          src: attribs['src']?.trim(),
          alt: attribs['alt'],
          title: attribs['title'],
          width: keep(attribs['width'], /^\d{1,5}$/),
          height: keep(attribs['height'], /^\d{1,5}$/),
          loading: 'lazy',
        }),
      }),
      ol: (tagName, attribs) => ({ tagName, attribs: ordered({ start: keep(attribs['start'], /^\d{1,9}$/), type: keep(attribs['type'], /^[1aAiI]$/) }) }),
    },
    // A picture that is not one of the school's uploads goes whole. (Renaming it to a tag that is not
    // allowed instead would leave sanitize-html closing the next element with that name.)
    exclusiveFilter: (frame) => frame.tag === 'img' && !isUploadedPicture(frame.attribs['src'], school),
  };
}

/**
 * The HTML as the editor would write it (see above). `school` is the tenant whose page shows it:
 * its uploads are the only pictures kept.
 */
export function sanitizeRichText(html: string | null | undefined, school: string): string {
  return html ? sanitizeHtml(html, optionsFor(school)) : '';
}

export { safeMediaUrl } from '~/lib/media-url';
