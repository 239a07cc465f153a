/**
 * Parts of a page's layout (the header, the footer, the floating tools) drawn once from the data of a look-up and
 * kept exactly as long as the look-up keeps that data (decision 100). The look-ups (src/server/ttl-cache.ts) hand
 * every request the same object until it is a few seconds old or a change of the school clears them, here and on
 * every other instance; a part is kept beside that object (a WeakMap), so a part drawn from data that was replaced is
 * never used again and goes with the object. No clock, no clearing of its own: it cannot show a school older than
 * the look-up does.
 */
export interface KeptHtml {
  /**
   * The HTML of `part` drawn from `from` (the object a look-up returned), rendered by `render` the first time it is
   * asked for; concurrent first requests share one render, and a failed render is not kept.
   */
  get(from: object, part: string, render: () => Promise<string>): Promise<string>;
}

export function createKeptHtml(): KeptHtml {
  const kept = new WeakMap<object, Map<string, Promise<string>>>();
  return {
    get(from, part, render) {
      let parts = kept.get(from);
      if (!parts) {
        parts = new Map();
        kept.set(from, parts);
      }
      const hit = parts.get(part);
      if (hit) return hit;
      const html = render();
      parts.set(part, html);
      // Until it settles every request is handed this one, so on failure it is still the one to forget.
      const own = parts;
      html.catch(() => own.delete(part));
      return html;
    },
  };
}

/**
 * A kept part's only per-request value: where the part was drawn with `placeholder` as an attribute's value, `value`
 * goes instead, escaped as Astro escapes an attribute (`&` and `"`), so the HTML is the one Astro would have drawn
 * with `value` itself. The placeholder must be text Astro leaves as it is (letters, digits, `-` and `_`).
 */
export function fillAttribute(html: string, placeholder: string, value: string): string {
  const escaped = value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  // A function, not the string: a `$` in the value is not a replacement pattern.
  return html.replaceAll(placeholder, () => escaped);
}
