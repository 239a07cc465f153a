import { createHash } from 'node:crypto';

const SCRIPT_OPEN = '<script';
const SCRIPT_CLOSE = '</script';
/** What may follow `<script` in a script's opening tag (not `<scripts…>` or `<script-x>`). */
const AFTER_SCRIPT = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d, 0x3e, 0x2f]);
const LESS = 0x3c;
const GREATER = 0x3e;
const QUOTES = new Set([0x22, 0x27]);
const HAS_SRC = /\ssrc\s*=/i;
/** A data block the browser never runs (the page's config, structured data): no policy names it. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The inline scripts found in some bytes, and whether those bytes end outside every tag and script. */
export interface ScriptScan {
  /** The digests (`sha256-…`) of the inline scripts, in order. */
  readonly digests: readonly string[];
  /**
   * True when every script the scan opened was closed in these bytes and they do not end in the beginning of `<script`
   * (`<`, `<s`… or `<script` itself): no script the scan looks for can begin in them and go on in the bytes after them.
   */
  readonly closed: boolean;
}

/**
 * The SHA-256 digests (`sha256-…`, base64, as Astro writes them) of the inline scripts in some of a page's bytes: every
 * `<script>` without a `src` that is not a JSON data block, its text up to `</script`, hashed as the UTF-8 bytes the
 * browser hashes. The page is Astro's, which escapes `<` in text and attribute values, so a `<script` in it opens a
 * script or lies inside one. A script cut off at the end (no `</script` after its tag) ends the scan.
 */
export function scanScripts(bytes: Uint8Array): ScriptScan {
  const page = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const digests: string[] = [];
  let at = page.indexOf(SCRIPT_OPEN);
  while (at !== -1) {
    // Past the end there is no next byte: the look-up below then finds nothing and the loop ends.
    if (!AFTER_SCRIPT.has(page[at + SCRIPT_OPEN.length]!)) {
      at = page.indexOf(SCRIPT_OPEN, at + SCRIPT_OPEN.length);
      continue;
    }
    // The opening tag ends at the first `>` outside a quoted attribute value.
    let end = at + SCRIPT_OPEN.length;
    let quote = 0;
    for (; end < page.length; end++) {
      const c = page[end]!;
      if (quote) {
        if (c === quote) quote = 0;
      } else if (QUOTES.has(c)) quote = c;
      else if (c === GREATER) break;
    }
    // A tag cut off at the end has no `</script` after it.
    const close = page.indexOf(SCRIPT_CLOSE, end + 1);
    if (close === -1) return { digests, closed: false };
    const tag = page.toString('latin1', at, end);
    if (!HAS_SRC.test(tag) && !DATA_BLOCK.test(tag)) {
      digests.push(
        `sha256-${createHash('sha256')
          .update(page.subarray(end + 1, close))
          .digest('base64')}`,
      );
    }
    at = page.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
  }
  // Bytes ending in `<`, `<s`… or `<script` may end where a script opens: whether it does depends on the next bytes.
  const lastTag = page.lastIndexOf(LESS);
  const openAtEnd = lastTag !== -1 && page.length - lastTag <= SCRIPT_OPEN.length && SCRIPT_OPEN.startsWith(page.toString('latin1', lastTag));
  return { digests, closed: !openAtEnd };
}
