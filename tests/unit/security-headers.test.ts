import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inlineScriptDigests } from '../../src/server/http/page-parts';
import { addSource, contentSecurityPolicy, narrowScriptHashes } from '../../src/server/http/security-headers';

/**
 * A page's Content-Security-Policy (src/server/http/security-headers.ts): Astro's policy as it rendered it when the API
 * is on the site's own origin (the page middleware then leaves the header as it is), the API's origin added to
 * connect-src when the browser calls it elsewhere, and a policy that allows nothing for a page Astro did not render.
 */

const RENDERED = "default-src 'self'; connect-src 'self' https://*.amap.com; script-src 'self' 'sha256-OHAywHw6udxVXYPXEaCmqGb8/5dwFkjXo1r4HdWSezI='";

describe('content security policy', () => {
  test("with the API on the site's own origin, the rendered policy is the very string Astro wrote", () => {
    for (const base of ['', '/api', '/']) expect(contentSecurityPolicy(RENDERED, { PUBLIC_API_BASE: base })).toBe(RENDERED);
  });

  test('an API elsewhere is added to connect-src once, and to nothing else', () => {
    const policy = contentSecurityPolicy(RENDERED, { PUBLIC_API_BASE: 'https://api.example.com/v1' });
    expect(policy).not.toBe(RENDERED);
    expect(policy).toContain("connect-src 'self' https://*.amap.com https://api.example.com");
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(contentSecurityPolicy(policy, { PUBLIC_API_BASE: 'https://api.example.com/v2' })).toBe(policy);
  });

  test('a page Astro did not render allows no script at all', () => {
    const policy = contentSecurityPolicy(null, { PUBLIC_API_BASE: '' });
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/script-src/);
  });

  test('addSource: the source is in its directive exactly once, the other directives unchanged', () => {
    const directive = fc.constantFrom('connect-src', 'img-src', 'frame-src');
    const source = fc.webUrl().map((u) => new URL(u).origin);
    fc.assert(
      fc.property(directive, source, (name, origin) => {
        const once = addSource(RENDERED, name, origin);
        const parts = once.split('; ');
        const own = parts.filter((p) => p.split(' ')[0] === name);
        expect(own).toHaveLength(1);
        expect(own[0]!.split(' ').filter((s) => s === origin)).toHaveLength(1);
        expect(addSource(once, name, origin)).toBe(once);
        for (const p of RENDERED.split('; ')) if (p.split(' ')[0] !== name) expect(parts).toContain(p);
      }),
    );
  });
});

const digest = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const bytes = (html: string) => new TextEncoder().encode(html);
/** A page rendered in one part. */
const onePart = (html: string) => [bytes(html)];
/** A policy as Astro writes it: the build's hashes, then style-src after them. */
const policyWith = (hashes: string[]) =>
  `default-src 'self';connect-src 'self'; script-src 'self' https://webapi.amap.com ${hashes.map((h) => `'${h}'`).join(' ')}; style-src 'self' 'unsafe-inline'`;

describe("a page's policy allows its own inline scripts alone (decision 101)", () => {
  const script = fc
    .string({ unit: fc.constantFrom('a', '中', '<', '>', '"', "'", ' ', '\n', '/', 's', 'c'), maxLength: 40 })
    .filter((t) => !t.includes('</script'));
  const attributes = fc.constantFrom('', ' type="module"', " data-x='a>b'", ' type="application/json" id="c"', ' type = application/ld+json');
  const source = fc.constantFrom(' src="/a.js"', " src = '/b.js'", ' SRC=/c.js');
  // Astro escapes `<` in text and attribute values, so the page's own `<script` opens a script or is inside one.
  const filler = fc.constantFrom('<p>正文</p>', '<scripts>', '<script-x></script-x>', '<a title="&lt;script&gt;">x</a>', '');

  test('the digests are those of every script without a src and not a data block, whatever its text, attributes and surroundings', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, attributes, script, fc.option(source))), (parts) => {
        const html = parts.map(([before, attrs, text, src]) => `${before}<script${src ?? ''}${attrs}>${text}</script>`).join('');
        const runs = ([, attrs, , src]: (typeof parts)[number]) => src === null && !attrs.includes('json');
        const expected = new Set(parts.filter(runs).map(([, , text]) => digest(text)));
        expect(inlineScriptDigests(onePart(html))).toEqual(expected);
      }),
    );
  });

  test('a build hash stays exactly when the page has that script; every other source and directive is unchanged', () => {
    const build = ['one()', 'two()', 'three()', '中文()'];
    fc.assert(
      fc.property(fc.subarray(build), fc.subarray(['x()', 'y()']), (onPage, foreign) => {
        const policy = policyWith(build.map(digest));
        const html = [...onPage, ...foreign].map((t) => `<script>${t}</script>`).join('<p>x</p>');
        const narrowed = narrowScriptHashes(policy, onePart(html));
        for (const text of build) expect(narrowed.includes(digest(text))).toBe(onPage.includes(text));
        // A script of the page that is not the build's is never let in.
        for (const text of foreign) expect(narrowed).not.toContain(digest(text));
        expect(narrowed.replace(/ 'sha256-[^']+'/g, '')).toBe(policy.replace(/ 'sha256-[^']+'/g, ''));
      }),
    );
  });

  test('a policy without hashes, or without script-src, is the very string given', () => {
    const plain = "default-src 'self'; script-src 'self'";
    expect(narrowScriptHashes(plain, onePart('<script>a()</script>'))).toBe(plain);
    const none = "default-src 'self'; style-src 'self' 'sha256-abc='";
    expect(narrowScriptHashes(none, onePart('<script>a()</script>'))).toBe(none);
  });

  test('script-src as the last directive, and a page cut off inside a tag', () => {
    const last = `default-src 'self'; script-src 'self' '${digest('a()')}' '${digest('b()')}'`;
    expect(narrowScriptHashes(last, onePart('<script>b()</script>'))).toBe(`default-src 'self'; script-src 'self' '${digest('b()')}'`);
    expect(inlineScriptDigests(onePart('<p>x</p><script type="mod'))).toEqual(new Set());
    expect(inlineScriptDigests(onePart('<script>a()'))).toEqual(new Set());
    expect(inlineScriptDigests(onePart('<script'))).toEqual(new Set());
  });
});
