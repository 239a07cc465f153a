import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { NODE_ALGORITHMS, ORIGINAL, rewriteDigest, SYNC_DIGEST } from '../../scripts/csp-digest.mjs';

/**
 * The server's CSP digests (scripts/csp-digest.mjs, decision 087): the function the build puts in
 * place of Astro's gives the digest Astro's own gives, for any text and each algorithm, and the
 * installed Astro still has the function the build replaces.
 */

const ENCRYPTION = createRequire(import.meta.url)
  .resolve('astro/package.json')
  .replace(/package\.json$/, 'dist/core/encryption.js');
const CONFIG = ENCRYPTION.replace(/encryption\.js$/, 'csp/config.js');

type Digest = (data: string, algorithm: string) => Promise<string>;

async function astroDigest(): Promise<Digest> {
  return ((await import(pathToFileURL(ENCRYPTION).href)) as { generateCspDigest: Digest }).generateCspDigest;
}

/** The replacement as the build writes it, with the names it uses from Astro's module. */
async function builtDigest(): Promise<Digest> {
  const { ALGORITHMS } = (await import(pathToFileURL(CONFIG).href)) as { ALGORITHMS: Record<string, string> };
  return new Function('ALGORITHMS', 'process', `${SYNC_DIGEST}\nreturn generateCspDigest;`)(ALGORITHMS, process) as Digest;
}

describe('CSP digests in the server thread', () => {
  test("the installed Astro's module has the function the build replaces, and only it changes", () => {
    const source = readFileSync(ENCRYPTION, 'utf8');
    const rewritten = rewriteDigest(source);
    expect(rewritten).toContain(SYNC_DIGEST);
    expect(rewritten).not.toContain('crypto.subtle.digest(algorithm');
    // The rest of the module (encryption of server islands' props, content hashes) is untouched.
    expect(rewritten.replace(SYNC_DIGEST, '')).toBe(source.replace(ORIGINAL, ''));
  });

  test('a module without that function, or with it twice, stops the build', () => {
    expect(() => rewriteDigest('export async function generateCspDigest(text) { return text; }')).toThrow(/no longer has/);
    const original = readFileSync(ENCRYPTION, 'utf8').match(ORIGINAL)?.[0] ?? '';
    expect(original).not.toBe('');
    expect(() => rewriteDigest(`${original}\n${original}`)).toThrow(/no longer has/);
  });

  test("for any text and each algorithm, the same digest as Astro's WebCrypto one", async () => {
    const [astro, built] = await Promise.all([astroDigest(), builtDigest()]);
    const algorithms = Object.keys(NODE_ALGORITHMS);
    for (const text of ['', 'body{margin:0}', '学员登录']) {
      for (const algorithm of algorithms) expect(await built(text, algorithm)).toBe(await astro(text, algorithm));
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), fc.constantFrom(...algorithms), async (text, algorithm) => {
        expect(await built(text, algorithm)).toBe(await astro(text, algorithm));
      }),
    );
  });

  test('an algorithm Astro does not know is refused, not hashed with something else', async () => {
    await expect((await builtDigest())('x', 'MD5')).rejects.toThrow(/unknown algorithm/);
  });
});
