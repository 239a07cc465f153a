import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { checkDirectories, checkImports, checkLayers, checkRoutes, checkTables, describeViolation, importsOf, type Violation } from '../support/architecture';

/**
 * The architecture rules (decision 013): the checker first proves it finds each planted violation
 * in a small fake tree under tests/fixtures/architecture (and nothing else there), then finds
 * none in this project.
 */

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/architecture/${name}`, import.meta.url));
const found = (violations: Violation[]) => violations.map(({ rule, file, target }) => ({ rule, file, target }));

describe('the architecture checker finds planted violations', () => {
  it('a runtime value from src/server in browser code, imported or re-exported; `import type` passes, `import { type X }` loads the module', () => {
    expect(found(checkImports(fixture('browser-server')))).toEqual([
      { rule: 'server-value-in-browser', file: 'src/islands/Clock.tsx', target: 'src/server/clock.ts' },
      { rule: 'server-value-in-browser', file: 'src/lib/format.ts', target: 'src/server/clock.ts' },
      { rule: 'server-value-in-browser', file: 'src/lib/reexport.ts', target: 'src/server/clock.ts' },
    ]);
  });

  it("a domain reaching another domain's repository or table, sub-domains included; services, seed and infrastructure pass", () => {
    expect(found(checkImports(fixture('domains')))).toEqual([
      {
        rule: 'cross-domain',
        file: 'src/server/learning/courses/courses.service.ts',
        target: 'src/server/learning/classes/classes.repository.ts',
      },
      { rule: 'cross-domain', file: 'src/server/news/news.service.ts', target: 'src/server/tenant/tenant.repository.ts' },
      { rule: 'cross-domain', file: 'src/server/news/news.service.ts', target: 'src/server/tenant/tenant.table.ts' },
    ]);
  });

  it("a domain that imports a cache's code; the page-change event, a cache's type and the runtime pass", () => {
    expect(found(checkImports(fixture('caches')))).toEqual([
      { rule: 'cache-in-domain', file: 'src/server/news/news.service.ts', target: 'src/server/http/render-cache.ts' },
    ]);
  });

  it('a two-file import cycle closed by a type-only import; a dynamic import closes none', () => {
    expect(found(checkImports(fixture('cycle')))).toEqual([{ rule: 'cycle', file: 'src/lib/a.ts', target: 'src/lib/a.ts → src/lib/b.ts → src/lib/a.ts' }]);
  });

  it('the full message catalogue in browser code; area catalogues, types and the server pass', () => {
    expect(found(checkImports(fixture('catalogue')))).toEqual([
      { rule: 'full-catalogue-in-browser', file: 'src/islands/NewsList.tsx', target: 'src/lib/i18n/index.ts' },
    ]);
  });

  it("SQL naming another domain's table (calls, aliases, casts, raw SQL), a write to one, a read model's undeclared table, an ownerless row type", () => {
    expect(checkTables(fixture('tables')).map(({ rule, file, target, line }) => ({ rule, file, target, line }))).toEqual([
      { rule: 'ownerless-table', file: 'src/server/db/schema.ts', target: 'requestLog', line: undefined },
      { rule: 'foreign-table', file: 'src/server/news/front-page.read-model.ts', target: 'schoolDomains (tenant)', line: 5 },
      { rule: 'foreign-write', file: 'src/server/news/front-page.read-model.ts', target: 'tenants (tenant)', line: 6 },
      { rule: 'foreign-table', file: 'src/server/news/news.repository.ts', target: 'tenants (tenant)', line: 7 },
      { rule: 'foreign-table', file: 'src/server/news/news.repository.ts', target: 'schoolDomains (tenant)', line: 8 },
      { rule: 'foreign-write', file: 'src/server/news/news.repository.ts', target: 'tenants (tenant)', line: 10 },
    ]);
  });

  it('directories in a circle through runtime imports; a type-only import back and a file of src/server close none', () => {
    expect(checkDirectories(fixture('directories'))).toEqual([
      {
        rule: 'directory-cycle',
        file: 'http, tenant',
        target: 'src/server/http/serve.ts → src/server/tenant/tenant.service.ts; src/server/tenant/tenant.routes.ts → src/server/http/serve.ts',
      },
    ]);
  });

  it("http importing a domain's value, imported or re-exported; a domain's type, http's own files and src/server's files pass", () => {
    expect(found(checkLayers(fixture('layers')))).toEqual([
      { rule: 'http-on-domain', file: 'src/server/http/scope.ts', target: 'src/server/tenant/tenant.service.ts' },
      { rule: 'http-on-domain', file: 'src/server/http/serve.ts', target: 'src/server/tenant/host.ts' },
    ]);
  });

  it('an /api route missing from api.md (a heading per call, {id} for :id); middleware and non-api routes are not calls', () => {
    const api = new Hono()
      .get('/news/list', (c) => c.json({}))
      .post('/news/getById/:id', (c) => c.json({}))
      .post('/news/save', (c) => c.json({}));
    const app = new Hono();
    app.use('*', async (_c, next) => next());
    app.get('/healthz', (c) => c.json({}));
    app.route('/api', api);
    const markdown = readFileSync(`${fixture('routes')}/docs/api.md`, 'utf8');
    expect(checkRoutes(app.routes, markdown)).toEqual([{ rule: 'undocumented-route', file: 'docs/api.md', target: 'POST /api/news/save' }]);
  });

  it('reads .astro frontmatter and bundled scripts, not inline ones, and tells type-only imports apart', () => {
    const astro = [
      '---',
      "import Layout from '~/layouts/Main.astro';",
      "import type { Props } from './props';",
      '---',
      '<Layout />',
      '<script>',
      "  import { type Tick, now } from '~/lib/clock';",
      '</script>',
      '<script is:inline>',
      "  import '/never.js';",
      '</script>',
    ].join('\n');
    expect(importsOf('src/pages/x.astro', astro)).toEqual([
      { specifier: '~/layouts/Main.astro', typeOnly: false, line: 2 },
      { specifier: './props', typeOnly: true, line: 3 },
      { specifier: '~/lib/clock', typeOnly: false, line: 7 },
    ]);
  });
});

describe('this project obeys the architecture rules', () => {
  it('imports: no server value or full catalogue in browser code, domains meet through services and reach no cache, no cycles', () => {
    expect(checkImports(projectRoot).map(describeViolation)).toEqual([]);
  });

  it("tables: each has one owning domain, and no domain's SQL names another one's table outside a read model that declares it", () => {
    expect(checkTables(projectRoot).map(describeViolation)).toEqual([]);
  });

  it('layers: http imports no domain', () => {
    expect(checkLayers(projectRoot).map(describeViolation)).toEqual([]);
  });

  it('directories of src/server: no circle', () => {
    expect(checkDirectories(projectRoot).map(describeViolation)).toEqual([]);
  });

  it('every /api route of the app is a heading of docs/api.md', async () => {
    // Loaded here, not at the top: the checks above must run even when the app does not load.
    const { startTestServer } = await import('../setup/server');
    const server = await startTestServer();
    try {
      const markdown = readFileSync(`${projectRoot}/docs/api.md`, 'utf8');
      expect(checkRoutes(server.app.routes, markdown).map(describeViolation)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
