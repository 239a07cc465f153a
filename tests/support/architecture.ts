import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The architecture rules of this project, checked on the import graph of a source tree
 * (decision 013). Imports are read with TypeScript's own parser, so `import type` and
 * `import { type X }` mean exactly what they mean to the compiler, and .astro files count through
 * their frontmatter and <script> blocks. Dynamic import() is not an edge: it is how a module loads
 * another lazily, on purpose.
 */

export type Rule =
  /** src/islands or src/lib imports a runtime value from src/server. */
  | 'server-value-in-browser'
  /** A domain imports another domain's file other than its *.service.ts. */
  | 'cross-domain'
  /** Files of src import each other in a circle (type-only imports count). */
  | 'cycle'
  /** A browser file imports the full message catalogue instead of an area catalogue. */
  | 'full-catalogue-in-browser'
  /** A domain imports a cache's code: it publishes a page change instead, which the caches hear. */
  | 'cache-in-domain'
  /** The app serves an /api route that docs/api.md does not name. */
  | 'undocumented-route'
  /** A domain's SQL names a table another domain owns, outside a read model that declares it. */
  | 'foreign-table'
  /** SQL writes a table another domain owns (a read model included): only the owner writes. */
  | 'foreign-write'
  /** A table of the schema whose row type is declared outside every domain. */
  | 'ownerless-table'
  /** Directories of src/server import each other in a circle (sub-domains count as directories). */
  | 'directory-cycle'
  /** src/server/http imports a runtime value from a domain: the composition root passes domains' functions in instead. */
  | 'http-on-domain';

export interface Violation {
  rule: Rule;
  /** The importing file (project-relative), the cycle's first file, or docs/api.md. */
  file: string;
  /** The imported file, the cycle as `a → b → a`, or the route as `METHOD /api/…`. */
  target: string;
  /** 1-based line of the import in `file`, when there is one. */
  line?: number;
}

export interface ImportRef {
  specifier: string;
  /** `import type …`, or named imports / exports that are all `type`: erased for this rule set. */
  typeOnly: boolean;
  line: number;
}

interface Edge extends ImportRef {
  to: string;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.astro', '.mts', '.js', '.mjs', '.jsx'];
/** Folders of src/server that serve every domain; they are never domains themselves. */
const INFRASTRUCTURE = new Set(['http', 'db', 'pages']);
const FULL_CATALOGUE = 'src/lib/i18n/index.ts';
/** The process's caches of pages and look-ups: made by the runtime, told of changes by page-change events. */
const CACHES = new Set(['src/server/http/render-cache.ts', 'src/server/ttl-cache.ts']);

/** Project-relative path with forward slashes. */
function idOf(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

function isTypeImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  // A bare `import 'x'` runs the module.
  if (!clause) return false;
  // Only `import type` is erased: with verbatimModuleSyntax (Astro's tsconfig) `import { type X }`
  // still loads the module in the browser, so it counts as a runtime import.
  return clause.phaseModifier === ts.SyntaxKind.TypeKeyword;
}

function isTypeExport(node: ts.ExportDeclaration): boolean {
  return node.isTypeOnly;
}

/** The static imports and re-exports of one piece of TypeScript, lines counted from `firstLine`. */
function importsOfScript(fileName: string, code: string, firstLine: number): ImportRef[] {
  const kind = fileName.endsWith('.tsx') || fileName.endsWith('.jsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, kind);
  const refs: ImportRef[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean, node: ts.Node) => {
    if (!specifier || !ts.isStringLiteral(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + firstLine;
    refs.push({ specifier: specifier.text, typeOnly, line });
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) add(statement.moduleSpecifier, isTypeImport(statement), statement);
    else if (ts.isExportDeclaration(statement)) add(statement.moduleSpecifier, isTypeExport(statement), statement);
    else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      add(statement.moduleReference.expression, statement.isTypeOnly, statement);
    }
  }
  return refs;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The code blocks of an .astro file: the frontmatter between the opening `---` fences (server
 * code) and every bundled <script> (browser code). Scripts marked `is:inline` or `define:vars`,
 * or with a `src` or a non-module `type`, are left as written by Astro: their imports are not
 * resolved in the project.
 */
function astroBlocks(text: string): { code: string; offset: number }[] {
  const blocks: { code: string; offset: number }[] = [];
  let template = text;
  let templateOffset = 0;
  const fence = /^\s*---[^\S\n]*\n/.exec(text);
  if (fence) {
    const start = fence[0].length;
    const end = text.indexOf('\n---', start - 1);
    if (end >= 0) {
      blocks.push({ code: text.slice(start, end), offset: start });
      templateOffset = end + 4;
      template = text.slice(templateOffset);
    }
  }
  for (const script of template.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = script[1] ?? '';
    if (/\bis:inline\b|\bdefine:vars\b|\bsrc\s*=|\btype\s*=\s*["'](?!module\b)/.test(attributes)) continue;
    blocks.push({ code: script[2] ?? '', offset: templateOffset + script.index + script[0].indexOf('>') + 1 });
  }
  return blocks;
}

/** Every static import of a source file (.ts, .tsx, .astro …), type-only ones included. */
export function importsOf(fileName: string, text: string): ImportRef[] {
  if (!fileName.endsWith('.astro')) return importsOfScript(fileName, text, 1);
  return astroBlocks(text).flatMap((b) => importsOfScript(`${fileName}.ts`, b.code, lineAt(text, b.offset)));
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * The file an import names, as Vite and tsc resolve it here: relative paths and the `~/` alias
 * (src/), with or without an extension, or a folder's index. Packages and virtual modules
 * (astro:…, node:…) resolve to undefined: they are not the project's files.
 */
export function resolveImport(root: string, fromFile: string, specifier: string): string | undefined {
  const path = specifier.split('?')[0]!;
  let base: string;
  if (path.startsWith('~/')) base = join(root, 'src', path.slice(2));
  else if (path === '.' || path === '..' || path.startsWith('./') || path.startsWith('../')) base = resolve(dirname(fromFile), path);
  else return undefined;
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    // `./x.js` written for a TypeScript file.
    ...(/\.[mc]?jsx?$/.test(base) ? ['.ts', '.tsx', '.mts'].map((ext) => base.replace(/\.[mc]?jsx?$/, ext)) : []),
    ...SOURCE_EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find(isFile);
}

function sourceFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => SOURCE_EXTENSIONS.some((ext) => file.endsWith(ext)) && !file.endsWith('.d.ts') && isFile(file))
    .sort();
}

/** The import graph of root/src: project-relative file → its imports of other project files. */
export function importGraph(root: string): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>();
  for (const file of sourceFilesUnder(join(root, 'src'))) {
    const edges: Edge[] = [];
    for (const ref of importsOf(file, readFileSync(file, 'utf8'))) {
      const target = resolveImport(root, file, ref.specifier);
      if (target) edges.push({ ...ref, to: idOf(root, target) });
    }
    graph.set(idOf(root, file), edges);
  }
  return graph;
}

const isBrowserFile = (file: string) => file.startsWith('src/islands/') || file.startsWith('src/lib/');

/**
 * The domain a file belongs to, or undefined for files outside any domain. A domain is a folder
 * of src/server holding a *.service.ts or *.routes.ts; a sub-domain is such a folder one level
 * further down (src/server/learning/classes). http/, db/, pages/ and the files directly in
 * src/server are shared infrastructure.
 */
function domainResolver(files: Iterable<string>): (file: string) => string | undefined {
  const domains = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    if (parts[0] !== 'src' || parts[1] !== 'server' || parts.length < 4 || parts.length > 5) continue;
    if (INFRASTRUCTURE.has(parts[2]!) || !/\.(service|routes)\.ts$/.test(parts.at(-1)!)) continue;
    domains.add(parts.slice(2, -1).join('/'));
    // A folder of sub-domains is a domain too: its own files are not any sub-domain's.
    domains.add(parts[2]!);
  }
  return (file) => {
    const parts = file.split('/');
    if (parts[0] !== 'src' || parts[1] !== 'server' || parts.length < 4) return undefined;
    const sub = parts.length >= 5 ? `${parts[2]}/${parts[3]}` : undefined;
    if (sub && domains.has(sub)) return sub;
    return domains.has(parts[2]!) ? parts[2] : undefined;
  };
}

/** Strongly connected components of the graph (Tarjan), each with more than one file or a self-import. */
function cyclicComponents(graph: Map<string, Edge[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(v, Math.min(low.get(v)!, index.get(to)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).some((e) => e.to === v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest way from the component's first file back to itself, through the component. */
function shortestCycle(graph: Map<string, Edge[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const to of [...new Set((graph.get(v) ?? []).map((e) => e.to))].sort()) {
      if (to === start) {
        const path = [start];
        for (let w: string | undefined = v; w !== start && w; w = previous.get(w)) path.splice(1, 0, w);
        return [...path, start];
      }
      if (members.has(to) && !previous.has(to)) {
        previous.set(to, v);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** Rules a, b, c, e and the caches' rule on the source tree under root (a project root holding src/). */
export function checkImports(root: string): Violation[] {
  const graph = importGraph(root);
  const domainOf = domainResolver(graph.keys());
  const violations: Violation[] = [];
  for (const [file, edges] of graph) {
    for (const edge of edges) {
      const at = { file, target: edge.to, line: edge.line };
      if (isBrowserFile(file) && edge.to.startsWith('src/server/') && !edge.typeOnly) {
        violations.push({ rule: 'server-value-in-browser', ...at });
      }
      if (isBrowserFile(file) && file !== FULL_CATALOGUE && edge.to === FULL_CATALOGUE && !edge.typeOnly) {
        violations.push({ rule: 'full-catalogue-in-browser', ...at });
      }
      const from = domainOf(file);
      const to = domainOf(edge.to);
      if (from && to && from !== to && !edge.to.endsWith('.service.ts')) violations.push({ rule: 'cross-domain', ...at });
      if (from && CACHES.has(edge.to) && !edge.typeOnly) violations.push({ rule: 'cache-in-domain', ...at });
    }
  }
  for (const component of cyclicComponents(graph)) {
    violations.push({ rule: 'cycle', file: component[0]!, target: shortestCycle(graph, component).join(' → ') });
  }
  return violations;
}

/**
 * The unit of the directory rule: a domain (sub-domains apart), another folder of src/server
 * (http, db …), or a file directly in src/server (errors.ts, runtime.ts: each its own unit).
 */
function directoryUnit(domainOf: (file: string) => string | undefined, file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'src' || parts[1] !== 'server') return undefined;
  if (parts.length === 3) return parts[2];
  return domainOf(file) ?? parts[2];
}

/**
 * No circle between directories of src/server through runtime imports (a type-only import is
 * erased and moves nothing): each directory can be read, tested and moved with only those below it.
 */
export function checkDirectories(root: string): Violation[] {
  const files = importGraph(root);
  const domainOf = domainResolver(files.keys());
  const graph = new Map<string, Edge[]>();
  for (const [file, edges] of files) {
    const from = directoryUnit(domainOf, file);
    if (!from) continue;
    const out = graph.get(from) ?? [];
    graph.set(from, out);
    for (const edge of edges) {
      const to = directoryUnit(domainOf, edge.to);
      if (!to || to === from || edge.typeOnly || out.some((e) => e.to === to)) continue;
      out.push({ ...edge, specifier: `${file} → ${edge.to}`, to });
    }
  }
  return cyclicComponents(graph).map((component) => {
    const cycle = shortestCycle(graph, component);
    const steps = cycle.slice(1).map((to, i) => graph.get(cycle[i]!)!.find((e) => e.to === to)!.specifier);
    return { rule: 'directory-cycle' as const, file: component.join(', '), target: steps.join('; ') };
  });
}

/**
 * http/ is the web's machinery under every domain (serve, validation, caches, the staff gate, the
 * request scope): it imports no runtime value from a domain. What it needs of one (who a request
 * speaks for) the composition root passes in; a domain's types may be named (they are erased).
 */
export function checkLayers(root: string): Violation[] {
  const graph = importGraph(root);
  const domainOf = domainResolver(graph.keys());
  const violations: Violation[] = [];
  for (const [file, edges] of graph) {
    if (!file.startsWith('src/server/http/')) continue;
    for (const edge of edges) {
      if (!edge.typeOnly && domainOf(edge.to)) violations.push({ rule: 'http-on-domain', file, target: edge.to, line: edge.line });
    }
  }
  return violations;
}

/** Kysely's calls whose first argument names tables: a name, `name as alias`, or a list of them. */
const TABLE_CALLS = new Set([
  'selectFrom',
  'updateTable',
  'insertInto',
  'replaceInto',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'using',
]);
const WRITE_CALLS = new Set(['updateTable', 'insertInto', 'replaceInto', 'deleteFrom', 'mergeInto']);
/** A table named in raw SQL (sql`…` templates): after from, join, update or into, in snake_case. */
const RAW_TABLE = /\b(from|join|update|into)\s+"?([a-z][a-z0-9_]*)"?/gi;
const RAW_WRITE = /^(update|into)$/i;
/** A read model: a query module of a domain that reads other domains' tables, all listed in its `READS`. */
const READ_MODEL = /\.read-model\.ts$/;
/** The database's own tools (migrations, backup, moving a school) handle every table by design. */
const DATABASE_TOOLS = 'src/server/db/';
const SCHEMA = 'src/server/db/schema.ts';

export interface TableUse {
  file: string;
  table: string;
  write: boolean;
  line: number;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The table names a Kysely argument gives: literals, `x as 'name'` casts and lists of them. */
function tableNames(node: ts.Expression): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text.split(/\s+as\s+/)[0]!.trim()];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => tableNames(e));
  if (ts.isAsExpression(node) && ts.isLiteralTypeNode(node.type) && ts.isStringLiteral(node.type.literal)) return [node.type.literal.text];
  if (ts.isParenthesizedExpression(node)) return tableNames(node.expression);
  // A subquery, an alias of one or a variable: its own calls are read where they are written.
  return [];
}

/** Every table of `tables` named by Kysely calls or raw SQL in one file. */
export function tableUsesOf(file: string, text: string, tables: ReadonlySet<string>): TableUse[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const uses: TableUse[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && TABLE_CALLS.has(node.expression.name.text)) {
      const call = node.expression.name.text;
      const first = node.arguments[0];
      for (const table of first ? tableNames(first) : []) {
        if (tables.has(table)) uses.push({ file, table, write: WRITE_CALLS.has(call), line: lineOf(node) });
      }
    }
    if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText(source))) {
      const tpl = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(tpl) ? [tpl.text] : [tpl.head.text, ...tpl.templateSpans.map((span) => span.literal.text)];
      for (const part of parts) {
        for (const match of part.matchAll(RAW_TABLE)) {
          const table = camel(match[2]!);
          if (tables.has(table)) uses.push({ file, table, write: RAW_WRITE.test(match[1]!), line: lineOf(node) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/**
 * Each table's owner: the domain whose *.table.ts declares its row type (read from the schema's
 * `Database` interface and the imports of src/server/db/schema.ts).
 */
export function tableOwners(root: string): { owners: Map<string, string>; ownerless: string[] } {
  const files = sourceFilesUnder(join(root, 'src')).map((f) => idOf(root, f));
  const domainOf = domainResolver(files);
  const schemaFile = join(root, SCHEMA);
  const source = ts.createSourceFile(schemaFile, readFileSync(schemaFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const declaredIn = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = resolveImport(root, schemaFile, statement.moduleSpecifier.text);
    const bindings = statement.importClause?.namedBindings;
    if (!target || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) declaredIn.set(element.name.text, idOf(root, target));
  }
  const owners = new Map<string, string>();
  const ownerless: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== 'Database') continue;
    for (const member of statement.members) {
      if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
      const table = member.name.getText(source);
      const file = declaredIn.get(member.type.typeName.getText(source));
      const owner = file ? domainOf(file) : undefined;
      if (owner) owners.set(table, owner);
      else ownerless.push(table);
    }
  }
  return { owners, ownerless };
}

/** The table names a read model's `export const READS = [...]` lists. */
function declaredReads(file: string, text: string): Set<string> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const reads = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'READS' || !declaration.initializer) continue;
      let value: ts.Expression = declaration.initializer;
      while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
      for (const name of tableNames(value)) reads.add(name);
    }
  }
  return reads;
}

/**
 * Rule f: each table has one owning domain; only the owner's SQL writes it, and another domain
 * reads it only in a read model (`*.read-model.ts`) whose `READS` lists it. The database's own
 * tools under src/server/db are exempt.
 */
export function checkTables(root: string): Violation[] {
  const { owners, ownerless } = tableOwners(root);
  const tables = new Set(owners.keys());
  const files = sourceFilesUnder(join(root, 'src', 'server')).map((f) => idOf(root, f));
  const domainOf = domainResolver(files);
  const violations: Violation[] = ownerless.map((table) => ({ rule: 'ownerless-table' as const, file: SCHEMA, target: table }));
  for (const file of files) {
    if (file.startsWith(DATABASE_TOOLS) || !/\.tsx?$/.test(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const domain = domainOf(file);
    const reads = READ_MODEL.test(file) ? declaredReads(file, text) : new Set<string>();
    const seen = new Set<string>();
    for (const use of tableUsesOf(file, text, tables)) {
      const owner = owners.get(use.table)!;
      if (owner === domain) continue;
      const rule = use.write ? ('foreign-write' as const) : reads.has(use.table) ? undefined : ('foreign-table' as const);
      const key = `${rule} ${use.table}`;
      if (!rule || seen.has(key)) continue;
      seen.add(key);
      violations.push({ rule, file, target: `${use.table} (${owner})`, line: use.line });
    }
  }
  return violations;
}

export interface RouteLike {
  method: string;
  path: string;
}

/** `:id` and `{id}` (with or without a pattern) both become `{id}`. */
function normalPath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}').replace(/\/+$/, '');
}

/**
 * The calls docs/api.md names: every heading `METHOD /api/…` (the form the document uses for
 * each call; path parameters are written `{id}`).
 */
export function documentedCalls(markdown: string): Set<string> {
  const calls = new Set<string>();
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(GET|POST|PUT|PATCH|DELETE)\s+`?(\/api\/[^\s`]+)`?/.exec(line);
    if (heading) calls.add(`${heading[1]} ${normalPath(heading[2]!)}`);
  }
  return calls;
}

/**
 * Rule d: every /api route the app registers (Hono's app.routes; middleware entries are method
 * ALL or a wildcard and are not calls) must be a heading of docs/api.md.
 */
export function checkRoutes(routes: readonly RouteLike[], apiMarkdown: string, docFile = 'docs/api.md'): Violation[] {
  const documented = documentedCalls(apiMarkdown);
  const served = new Set(
    routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*')).map((r) => `${r.method} ${normalPath(r.path)}`),
  );
  return [...served]
    .filter((call) => !documented.has(call))
    .sort()
    .map((call) => ({ rule: 'undocumented-route' as const, file: docFile, target: call }));
}

/** One line per violation, for a readable assertion failure. */
export function describeViolation(v: Violation): string {
  const where = v.line ? `${v.file}:${v.line}` : v.file;
  switch (v.rule) {
    case 'server-value-in-browser':
      return `${where} imports a runtime value from ${v.target} (browser code may import only types from src/server)`;
    case 'full-catalogue-in-browser':
      return `${where} imports the full catalogue ${v.target} (browser code imports its area catalogue)`;
    case 'cross-domain':
      return `${where} imports ${v.target}, another domain's file that is not its *.service.ts`;
    case 'cache-in-domain':
      return `${where} imports the cache ${v.target} (a domain publishes a page change; the caches subscribe to it)`;
    case 'cycle':
      return `import cycle: ${v.target}`;
    case 'undocumented-route':
      return `${v.target} is served but has no heading in ${v.file}`;
    case 'foreign-table':
      return `${where} names the table ${v.target} in its SQL: read it through its owner's service or a read model whose READS lists it`;
    case 'foreign-write':
      return `${where} writes the table ${v.target}: only its owner's repository writes it`;
    case 'ownerless-table':
      return `${where}: the table ${v.target} has its row type outside every domain`;
    case 'directory-cycle':
      return `directories import each other in a circle (${v.file}): ${v.target}`;
    case 'http-on-domain':
      return `${where} imports ${v.target}, a domain's file: http/ depends on no domain (the composition root passes what it needs in)`;
  }
}
