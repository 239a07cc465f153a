import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { scanScripts } from '../../src/server/http/inline-scripts';
import { weakEtag } from '../../src/server/http/page-cache';
import { inlineScriptDigests, KeptBytes, pageEtag } from '../../src/server/http/page-parts';

/**
 * A page's bytes in the parts it was rendered in (src/server/http/page-parts.ts, decision 115): the digests of its inline
 * scripts, found part by part and once for a kept part, are those of the whole page, wherever the page is cut and
 * whichever parts are kept; its ETag changes whenever any of its bytes do.
 */

const encode = (html: string) => new TextEncoder().encode(html);

/** Pages as Astro renders them, with the tags, quotes and script texts the scan has to get right. */
const page = fc
  .array(
    fc.constantFrom(
      '<p>正文</p>',
      '<script>a()</script>',
      '<script type="module">b("中")</script>',
      "<script data-x='a>b'>c()</script>",
      '<script src="/a.js"></script>',
      '<script type="application/json">{"a":1}</script>',
      '<scripts>',
      '<script-x></script-x>',
      '<a title="&lt;script&gt;">x</a>',
      '<script>d(1 > 0)</script>',
      '<div class="x">',
      '</div>',
      ' 文字 ',
    ),
    { maxLength: 14 },
  )
  .map((pieces) => pieces.join(''));

/** `html` cut at the given places into parts, each kept (KeptBytes) or not as `kept` says. */
function cut(html: string, places: number[], kept: boolean[]): Uint8Array[] {
  const whole = encode(html);
  const ends = [...new Set(places.map((p) => p % (whole.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const [i, end] of [...ends, whole.length].entries()) {
    const bytes = whole.slice(start, end);
    parts.push(kept[i % Math.max(kept.length, 1)] ? new KeptBytes(bytes.buffer) : bytes);
    start = end;
  }
  return parts;
}

describe("a page's parts", () => {
  test("its inline scripts' digests are the whole page's, wherever it is cut and whichever parts are kept", () => {
    fc.assert(
      fc.property(page, fc.array(fc.nat(), { maxLength: 6 }), fc.array(fc.boolean(), { maxLength: 6 }), (html, places, kept) => {
        const whole = new Set(scanScripts(encode(html)).digests);
        expect(inlineScriptDigests(cut(html, places, kept))).toEqual(whole);
        expect(inlineScriptDigests([encode(html)])).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  });

  test('a part is closed exactly when no script the scan looks for runs from it into the next', () => {
    // Inside a tag that is not a script's, or in a closing tag outside a script: the next part cannot make either a script.
    for (const closed of ['<p>x</p><script>a()</script>', '文字', '<a href="', '<div class="x', '<p>x</p></scri', '<scripts>'])
      expect(scanScripts(encode(closed)).closed, closed).toBe(true);
    for (const open of ['<p>x</p><scr', '<script', '<script>a()', '<script type="a>', '<', '<s']) expect(scanScripts(encode(open)).closed, open).toBe(false);
  });

  test("a kept part's scripts and SHA-1 are found once, however many pages show it", () => {
    const part = KeptBytes.fromHtml('<header><script>a()</script>校名</header>');
    expect(part.scripts).toBe(part.scripts);
    expect(part.digest).toBe(part.digest);
    expect(Buffer.from(part).toString('utf8')).toBe('<header><script>a()</script>校名</header>');
  });

  test("a page's ETag: its bytes' when it is one part; any change of its bytes changes it, the same parts give the same", () => {
    expect(pageEtag([encode('<p>页</p>')])).toBe(weakEtag('<p>页</p>'));
    fc.assert(
      fc.property(page, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), fc.array(fc.boolean(), { maxLength: 5 }), fc.nat(), (html, places, kept, at) => {
        const etag = pageEtag(cut(html, places, kept));
        // The same page rendered again, in the same parts (kept parts as new objects of the same bytes).
        expect(pageEtag(cut(html, places, kept))).toBe(etag);
        // Any one byte changed, wherever it is.
        const whole = encode(html);
        if (whole.length === 0) return;
        const changed = whole.slice();
        const i = at % whole.length;
        changed[i] = changed[i]! ^ 1;
        expect(pageEtag(cut(new TextDecoder().decode(changed), places, kept))).not.toBe(etag);
      }),
      { numRuns: 500 },
    );
  });

  test('bytes moved from one part into the next change the ETag (every part is framed)', () => {
    const a = [encode('<p>a'), encode('b</p>'), KeptBytes.fromHtml('<footer>脚</footer>')];
    const b = [encode('<p>ab'), encode('</p>'), KeptBytes.fromHtml('<footer>脚</footer>')];
    const c = [encode('<p>a'), encode('b</p>'), KeptBytes.fromHtml('<footer>尾</footer>')];
    expect(new Set([pageEtag(a), pageEtag(b), pageEtag(c)]).size).toBe(3);
  });
});
