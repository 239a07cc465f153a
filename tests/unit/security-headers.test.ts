import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addSource, contentSecurityPolicy } from '../../src/server/http/security-headers';

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
