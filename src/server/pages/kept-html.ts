import { KeptBytes } from '../http/page-parts';

/**
 * Parts of a page's layout (the header, the footer, the floating tools) drawn once from the data of a look-up and
 * kept exactly as long as the look-up keeps that data (decision 100). The look-ups (src/server/ttl-cache.ts) hand
 * every request the same object until it is a few seconds old or a change of the school clears them, here and on
 * every other instance; a part is kept beside that object (a WeakMap), so a part drawn from data that was replaced is
 * never used again and goes with the object. No clock, no clearing of its own: it cannot show a school older than
 * the look-up does. A part drawn from the objects of several look-ups (the home's sections and its school) is kept
 * beside that list of objects: as long as each look-up hands out the same object, and no longer.
 */
export interface KeptHtml {
  /**
   * `part` drawn from `from` (the object a look-up returned, or the objects of several, in a fixed order), rendered by
   * `render` the first time it is asked for; concurrent first requests share one render, and a failed render is not kept.
   */
  get(from: KeptFrom, part: string, render: () => Promise<string>): Promise<KeptPiece>;
}

/**
 * A kept part: its HTML, and the same HTML as UTF-8, which a page writes as it is (decision 115). Astro's render of a page
 * keeps those bytes apart from the page's text, so a kept part is encoded once, not on every page that shows it.
 */
export interface KeptPiece {
  readonly html: string;
  readonly bytes: KeptBytes;
  /** The bytes between the occurrences of each placeholder asked of `filledBytes`, encoded the first time. */
  readonly around: Map<string, readonly KeptBytes[]>;
}

const keptPiece = (html: string): KeptPiece => ({ html, bytes: KeptBytes.fromHtml(html), around: new Map() });

/** What a part is drawn from: one look-up's object, or the objects of several look-ups. */
export type KeptFrom = object | readonly [object, ...object[]];

/** A list of objects, one per look-up, each a step: its next objects, and the list's own key once it ends there. */
interface Step {
  next: WeakMap<object, Step>;
  key?: object;
}

export function createKeptHtml(): KeptHtml {
  const kept = new WeakMap<object, Map<string, Promise<KeptPiece>>>();
  const lists: Step = { next: new WeakMap() };
  /**
   * One key per list of objects, the same for the same objects in the same order. Each step is held only by the object
   * before it (weakly), so a key goes, with its parts, as soon as any object of its list goes.
   */
  const keyOf = (from: KeptFrom): object => {
    if (!Array.isArray(from)) return from;
    let step = lists;
    for (const object of from as readonly object[]) {
      let next = step.next.get(object);
      if (!next) {
        next = { next: new WeakMap() };
        step.next.set(object, next);
      }
      step = next;
    }
    step.key ??= {};
    return step.key;
  };
  return {
    get(from, part, render) {
      const key = keyOf(from);
      let parts = kept.get(key);
      if (!parts) {
        parts = new Map();
        kept.set(key, parts);
      }
      const hit = parts.get(part);
      if (hit) return hit;
      const piece = render().then(keptPiece);
      parts.set(part, piece);
      // Until it settles every request is handed this one, so on failure it is still the one to forget.
      const own = parts;
      piece.catch(() => own.delete(part));
      return piece;
    },
  };
}

/**
 * A kept part's only per-request value: where the part was drawn with `placeholder` as an attribute's value, `value`
 * goes instead, escaped as Astro escapes an attribute (`&` and `"`), so the HTML is the one Astro would have drawn
 * with `value` itself. The placeholder must be text Astro leaves as it is (letters, digits, `-` and `_`).
 */
export function fillAttribute(html: string, placeholder: string, value: string): string {
  const escaped = escapeAttribute(value);
  // A function, not the string: a `$` in the value is not a replacement pattern.
  return html.replaceAll(placeholder, () => escaped);
}

/**
 * The bytes of `fillAttribute(piece.html, placeholder, value)`, as the pieces a page writes one after the other: the kept
 * bytes around the placeholder, split once per placeholder, and the value's between them.
 */
export function filledBytes(piece: KeptPiece, placeholder: string, value: string): Uint8Array[] {
  let around = piece.around.get(placeholder);
  if (!around) {
    around = piece.html.split(placeholder).map(KeptBytes.fromHtml);
    piece.around.set(placeholder, around);
  }
  const filled = Buffer.from(escapeAttribute(value), 'utf8');
  return around.flatMap((bytes, i) => (i === 0 ? [bytes] : [filled, bytes]));
}

const escapeAttribute = (value: string): string => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
