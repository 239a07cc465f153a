import { createHash } from 'node:crypto';
import { type ScriptScan, scanScripts } from './inline-scripts';
import { weakEtag, weakEtagOf } from './page-cache';

/**
 * A page's bytes in the parts it was rendered in (decision 115): the kept parts' bytes, the same objects on every page
 * that shows them, and the text between them, encoded for that page. What the page's answer needs of all its bytes (its
 * ETag, the digests of its inline scripts) is found once for a kept part and only the rest is read on every page.
 */

/**
 * A kept part's bytes (src/server/pages/kept-html.ts): its HTML as UTF-8, with its SHA-1 and its inline scripts found
 * the first time a page asks. It is written to the page as it is, and never changes.
 */
export class KeptBytes extends Uint8Array<ArrayBuffer> {
  #digest: Buffer | undefined;
  #scripts: ScriptScan | undefined;

  /** The part's HTML encoded, without a copy. */
  static fromHtml(html: string): KeptBytes {
    return new KeptBytes(new TextEncoder().encode(html).buffer);
  }

  get digest(): Buffer {
    this.#digest ??= createHash('sha1').update(this).digest();
    return this.#digest;
  }

  get scripts(): ScriptScan {
    this.#scripts ??= scanScripts(this);
    return this.#scripts;
  }
}

/**
 * The digests of the inline scripts of a page given in its parts: a kept part's found once, the rest's on each page. The
 * parts are scanned one by one when no script can run from one into the next (each but the last `closed`: every script
 * it opens ends in it, and it does not end in the beginning of `<script`), which finds what a scan of the whole page
 * finds. Otherwise the page is scanned whole. (A kept part may well end inside a tag that is not a script's: the
 * header's bytes before the login address, which a request fills in, end inside its link.)
 */
export function inlineScriptDigests(parts: readonly Uint8Array[]): Set<string> {
  const scans = parts.map((part) => (part instanceof KeptBytes ? part.scripts : scanScripts(part)));
  if (scans.slice(0, -1).every((scan) => scan.closed)) return new Set(scans.flatMap((scan) => scan.digests));
  return new Set(scanScripts(Buffer.concat(parts)).digests);
}

/** Before a kept part's SHA-1 in what the ETag hashes. */
const KEPT_PART = Uint8Array.of(1);
/** Before the length (4 bytes) and bytes of any other part. */
const OTHER_PART = 0;
const LENGTH_BYTES = 4;

/**
 * A page's weak ETag from its parts. A page rendered in one part has the ETag of its bytes (`weakEtag`). Otherwise each
 * kept part counts by its SHA-1 and each other part by its bytes, every part framed (a kept part's mark, or another's
 * mark and length), so different pages cannot hash the same parts: a page's ETag changes whenever any of its bytes do,
 * without its kept parts' bytes being read on every page.
 */
export function pageEtag(parts: readonly Uint8Array[]): string {
  if (parts.length === 1) return weakEtag(parts[0]!);
  const hash = createHash('sha1');
  for (const part of parts) {
    if (part instanceof KeptBytes) {
      hash.update(KEPT_PART).update(part.digest);
    } else {
      const frame = Buffer.alloc(1 + LENGTH_BYTES);
      frame[0] = OTHER_PART;
      frame.writeUInt32BE(part.byteLength, 1);
      hash.update(frame).update(part);
    }
  }
  return weakEtagOf(hash);
}
