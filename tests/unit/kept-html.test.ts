import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createKeptHtml, fillAttribute, filledBytes } from '../../src/server/pages/kept-html';

/**
 * The layout's parts kept beside the look-up's object they are drawn from (src/server/pages/kept-html.ts, decision
 * 100): a part is drawn once per object and part, whatever the order and overlap of the requests; an object the
 * look-up replaced (a new one after a change or a few seconds) is drawn anew; a failed drawing is tried again.
 */

/** A request: which of the look-up's objects it got, which part it asks for, and whether the drawing fails. */
const request = fc.record({ object: fc.nat({ max: 3 }), part: fc.constantFrom('header:', 'header:news', 'footer', 'tools'), fails: fc.boolean() });

describe('kept layout parts', () => {
  test('whatever the requests and their overlap: each object and part is drawn once it succeeds, and every request gets its own drawing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(request, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }), async (rounds) => {
        const kept = createKeptHtml();
        const objects = [{}, {}, {}, {}];
        const drawn = new Map<string, number>();
        const done = new Set<string>();
        for (const round of rounds) {
          // A round's requests ask at once; the first to ask for a part not yet kept decides whether its drawing fails.
          const firstAsking = new Map<string, boolean>();
          const keptBefore = new Set(done);
          const drawnBefore = new Map(drawn);
          const answers = round.map(async (r) => {
            const key = `${r.object}/${r.part}`;
            if (!firstAsking.has(key)) firstAsking.set(key, r.fails);
            try {
              const piece = await kept.get(objects[r.object]!, r.part, async () => {
                drawn.set(key, (drawn.get(key) ?? 0) + 1);
                if (firstAsking.get(key)) throw new Error('drawing failed');
                return `<p>${key}</p>`;
              });
              expect(piece.html).toBe(`<p>${key}</p>`);
              done.add(key);
            } catch (error) {
              // Only this round's own failed drawing: an earlier failure is not kept.
              expect(keptBefore.has(key)).toBe(false);
              expect(firstAsking.get(key)).toBe(true);
              expect((error as Error).message).toBe('drawing failed');
            }
          });
          await Promise.all(answers);
          // One drawing in the round for a part not kept before it, shared by all who asked; none for a kept one.
          for (const key of firstAsking.keys()) {
            expect((drawn.get(key) ?? 0) - (drawnBefore.get(key) ?? 0)).toBe(keptBefore.has(key) ? 0 : 1);
          }
        }
        for (const key of done) {
          const before = drawn.get(key);
          const [object, part] = key.split('/');
          await kept.get(objects[Number(object)]!, part!, async () => 'drawn again');
          expect(drawn.get(key)).toBe(before);
        }
      }),
    );
  });

  test('a new object from the look-up is drawn anew, the old one’s part is not used for it', async () => {
    const kept = createKeptHtml();
    const before = { name: '旧校名' };
    const after = { name: '新校名' };
    const draw = (school: { name: string }) => async () => `<header>${school.name}</header>`;
    expect((await kept.get(before, 'header:', draw(before))).html).toBe('<header>旧校名</header>');
    expect((await kept.get(after, 'header:', draw(after))).html).toBe('<header>新校名</header>');
    expect((await kept.get(before, 'header:', draw(after))).html).toBe('<header>旧校名</header>');
  });

  test('a part drawn from several look-ups is kept while every one hands out the same object, and drawn anew when any changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: 2 }), fc.nat({ max: 2 })), { minLength: 1, maxLength: 20 }), async (asks) => {
        const kept = createKeptHtml();
        // Three objects each look-up may hand out (the home's sections, the school).
        const homes = [{}, {}, {}];
        const schools = [{}, {}, {}];
        const drawings: string[] = [];
        for (const [home, school] of asks) {
          const key = `${home}/${school}`;
          const piece = await kept.get([homes[home]!, schools[school]!], 'home', async () => {
            drawings.push(key);
            return `<main>${key}</main>`;
          });
          // Never a part drawn from another pair of objects.
          expect(piece.html).toBe(`<main>${key}</main>`);
        }
        // Each pair is drawn once, the first time it is asked for.
        expect(drawings).toEqual([...new Set(asks.map(([home, school]) => `${home}/${school}`))]);
      }),
    );
  });

  test('a list of objects is not the first object alone, nor the same objects in another order', async () => {
    const kept = createKeptHtml();
    const home = {};
    const school = {};
    const draw = (html: string) => async () => html;
    const html = async (from: object | [object, object], drawn: string) => (await kept.get(from, 'home', draw(drawn))).html;
    expect(await html([home, school], 'pair')).toBe('pair');
    expect(await html(home, 'home alone')).toBe('home alone');
    expect(await html([school, home], 'other order')).toBe('other order');
    expect(await html([home, school], 'drawn again')).toBe('pair');
  });

  test("a request's value goes where the placeholder was, escaped as Astro escapes an attribute's value", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string().filter((s) => !s.includes('portal-kept-login-href')),
        (value, around) => {
          const drawn = `<a href="portal-kept-login-href">${around}</a>`;
          const filled = fillAttribute(drawn, 'portal-kept-login-href', value);
          const escaped = value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
          expect(filled.startsWith(`<a href="${escaped}">`)).toBe(true);
          // The attribute ends where it ended: a quote in the value cannot close it.
          expect(filled.slice('<a href="'.length).indexOf('"')).toBe(escaped.length);
          expect(filled).toBe(`<a href="${escaped}">${around}</a>`);
        },
      ),
    );
  });

  test("a kept part's bytes are its HTML as UTF-8, lone surrogates as TextEncoder writes them, and the same bytes every time", async () => {
    const encoder = new TextEncoder();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), async (html) => {
        const kept = createKeptHtml();
        const from = {};
        const piece = await kept.get(from, 'part', async () => html);
        expect(Buffer.from(piece.bytes).equals(Buffer.from(encoder.encode(html)))).toBe(true);
        // A page writes the kept bytes as they are: the next request is handed the same ones, not a new encoding.
        expect((await kept.get(from, 'part', async () => 'drawn again')).bytes).toBe(piece.bytes);
      }),
      { numRuns: 200 },
    );
  });

  test("a part's bytes with a request's value filled in are those of its HTML filled in, however often the placeholder occurs", async () => {
    const encoder = new TextEncoder();
    const placeholder = 'portal-kept-login-href';
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes(placeholder)),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { minLength: 1, maxLength: 3 }),
        async (around, values) => {
          const html = around.join(`<a href="${placeholder}">`);
          const piece = await createKeptHtml().get({}, 'header:', async () => html);
          // Several requests with their own values, the split made by the first one used by the next.
          for (const value of values) {
            const written = Buffer.concat(filledBytes(piece, placeholder, value));
            expect(written.equals(Buffer.from(encoder.encode(fillAttribute(html, placeholder, value))))).toBe(true);
          }
          expect(Buffer.from(piece.bytes).equals(Buffer.from(encoder.encode(html)))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('the kept parts, and the components they draw, read nothing of the request (it goes through a placeholder)', () => {
    // MainLayout.astro keeps these; a value of the request in them would be drawn for the first request and shown on all.
    const kept = ['Header', 'Footer', 'FloatingTools', 'SchoolLogo'];
    for (const name of kept) {
      const source = readFileSync(new URL(`../../src/components/${name}.astro`, import.meta.url), 'utf8');
      expect(source, name).not.toMatch(/Astro\.(url|request|locals|cookies|params|site|clientAddress)\b/);
      // Components they draw are kept with them: each must be in the list above.
      for (const [, imported] of source.matchAll(/^import (\w+) from '\.\/(\w+)\.astro';$/gm)) expect(kept, `${name} draws ${imported}`).toContain(imported);
    }
  });

  test("the home's kept body, the lists' kept pages and articles, and all they draw, read nothing of the request; the home's islands are all in it", () => {
    // src/pages/index.astro keeps HomeBody whole at the home's own address (decision 112): a value of the request in it
    // would be drawn for the first request and shown on all. The running configuration's look-ups are not the request.
    const request = /Astro\.(url|request|cookies|params|site|clientAddress)\b|Astro\.locals(?!\.server\.runtime\b)/;
    const read = (path: string) => readFileSync(new URL(`../../src/${path}`, import.meta.url), 'utf8');
    /** The component at `path` and every component it draws, each checked by `check`; an island's module by `island`. */
    const walk = (path: string, check: (path: string, source: string) => void, island: (file: string) => void, seen = new Set<string>()) => {
      if (seen.has(path)) return seen;
      seen.add(path);
      const source = read(path);
      check(path, source);
      for (const [, from] of source.matchAll(/^import \w+ from '([^']+)';$/gm)) {
        const dir = path.slice(0, path.lastIndexOf('/') + 1);
        const file = from!.startsWith('~/') ? from!.slice(2) : from!.startsWith('./') ? dir + from!.slice(2) : null;
        if (file?.endsWith('.astro')) walk(file, check, island, seen);
        else if (file?.startsWith('islands/')) island(file);
      }
      return seen;
    };
    const drawn = walk(
      'components/home/HomeBody.astro',
      (path, source) => expect(source, path).not.toMatch(request),
      // An island renders on the server from its props alone: it may not reach the server's modules.
      (file) => expect(read(`${file}.tsx`), file).not.toMatch(/from '~\/server\//),
    );
    expect(drawn.size).toBeGreaterThan(5);
    // The lists' first pages and the items' articles, kept beside their look-ups' objects (decisions 111, 113, 114), likewise.
    for (const kept of ['components/NewsListPage.astro', 'components/NewsArticle.astro', 'components/NoticeListPage.astro', 'components/NoticeArticle.astro']) {
      const parts = walk(
        kept,
        (path, source) => expect(source, path).not.toMatch(request),
        (file) => expect.unreachable(`${kept} draws the island ${file}`),
      );
      expect(parts.size, kept).toBeGreaterThan(1);
    }
    // Astro writes the islands' scripts once a page, before the first island it draws: with every island of the page in
    // the kept body, a kept body has them exactly once, however often it is used again.
    const noIsland = (path: string, source: string) => expect(source, path).not.toMatch(/\bclient:/);
    const none = (file: string) => expect.unreachable(`the home draws the island ${file} outside its kept body`);
    walk('pages/index.astro', (path, source) => path !== 'components/home/HomeBody.astro' && noIsland(path, source), none, new Set(drawn));
    // The form pages keep their one island (decision 116), likewise the only island of the page: no other in the page,
    // its layout or anything they draw, and an island that renders from its props alone.
    for (const page of ['pages/login.astro', 'pages/[partner]-login.astro', 'pages/query_h5.astro']) {
      const source = read(page);
      const kept = source.match(/<KeptPart from=\{data\.school\} part="[\w-]+"><(\w+) client:load[^>]*\/><\/KeptPart>/);
      expect(kept, page).not.toBeNull();
      expect(source.match(/\bclient:/g), page).toHaveLength(1);
      const island = source.match(new RegExp(`^import ${kept![1]} from '~/(islands/[^']+)';$`, 'm'))![1]!;
      expect(read(`${island}.tsx`), island).not.toMatch(/from '~\/server\//);
      walk(
        page,
        (path, text) => path !== page && noIsland(path, text),
        (file) => expect(file, page).toBe(island),
      );
    }
  });
});
