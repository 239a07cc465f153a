import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Call } from '~/lib/api/contract';
import { captchaImage } from '~/lib/api/contracts/captcha';
import { calendarFile } from '~/lib/api/contracts/learning-timetable';
import { leadsExport } from '~/lib/api/contracts/staff';
import { adminStudentsExport } from '~/lib/api/contracts/admin-students';
import { SUCCESS_CODES } from '~/lib/envelope';
import { DEMO, HUAXIA, parse, useTestServer, type Answer } from '../setup/server';
import { loginAs } from '../setup/users';
import { consoleError } from '../setup/fail-on-console-error';
import { sessionOf } from '../setup/staff';
import { DEMO_STAFF } from '~/dev/seed/staff';

/**
 * Generated bad input on every /api route (property-based, fast-check): odd JSON bodies, wrong
 * types, huge and unicode strings, nested objects, malformed JSON and URL encoding, odd headers
 * (TenantId, Token, Authorization, Host, Content-Type…), bad path ids, other methods. Whatever
 * comes, the answer is never a 5xx, always the {code, data, message} envelope with a message
 * (Chinese when refused), and never a stack trace; an unhandled error inside the server fails the
 * run through console.error as well (tests/setup/server.ts).
 *
 * The routes are the app's own (app.routes), checked against the contracts in
 * src/lib/api/contracts: every route must have a contract and every contract a route, and their
 * number is asserted, so a new route cannot be skipped silently (add it, then update ROUTES).
 *
 * Seed: fixed under CI (process.env.CI), else FC_SEED when given, else a new one each run; the
 * seed is in every test's name, and fast-check prints seed and path with the counterexample.
 * Replay a failure with `FC_SEED=<seed> FC_PATH=<path> npx vitest run tests/api/generated-bad-input.test.ts -t '<route>'`;
 * FC_RUNS=<n> runs more (or fewer) inputs a route.
 */

/** The number of /api routes: update it when a route is added or removed. */
const ROUTES = 353;
const CI_SEED = 20261123;
const SEED = process.env['CI'] ? CI_SEED : process.env['FC_SEED'] ? Number(process.env['FC_SEED']) : Date.now() % 2 ** 31;
const RUNS = Number(process.env['FC_RUNS'] ?? 50);

// Partner edition: its one extra call runs its handler instead of answering 404.
const server = useTestServer({ PARTNER_EDITION: 'true' });

// --- The routes ------------------------------------------------------------------------------

const contractModules = import.meta.glob<Record<string, unknown>>('../../src/lib/api/contracts/*.ts', { eager: true });

const isCall = (v: unknown): v is Call<unknown, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  ['GET', 'POST', 'PUT', 'DELETE'].includes((v as Call<unknown, unknown>).method) &&
  typeof (v as Call<unknown, unknown>).path === 'string';

const CALLS: Call<unknown, unknown>[] = [
  ...new Map(
    Object.values(contractModules)
      .flatMap((m) => Object.values(m).filter(isCall))
      .map((c) => [`${c.method} /api${c.path}`, c] as const),
  ).values(),
].sort((a, b) => a.path.localeCompare(b.path));

const routeName = (c: Pick<Call<unknown, unknown>, 'method' | 'path'>) => `${c.method} /api${c.path}`;

/** Calls whose success is not the envelope (the captcha is a picture for an <img>, the calendar feed an .ics file, the leads and students a CSV file). */
const PICTURES = new Set([routeName(captchaImage), routeName(calendarFile), routeName(leadsExport), routeName(adminStudentsExport)]);

// --- What is generated -----------------------------------------------------------------------

// What each call takes, read from the contracts' source: the request type's field names and the
// string literals in it (enum values such as template codes), following the types it names.
const LIB_DIR = fileURLToPath(new URL('../../src/lib/', import.meta.url));
const CONTRACTS_DIR = `${LIB_DIR}api/contracts/`;
const TYPE_SOURCE = readdirSync(LIB_DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(`${LIB_DIR}${f}`, 'utf8'))
  .join('\n');
const CONTRACT_SOURCES = readdirSync(CONTRACTS_DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(`${CONTRACTS_DIR}${f}`, 'utf8'));

/**
 * The type expression starting at `start`: up to `stop` (or an unmatched closer) at depth 0, or,
 * with `block`, up to the brace that closes the one at `start`.
 */
function balanced(text: string, start: number, stop: RegExp, block = false): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if ('<{(['.includes(ch)) depth++;
    else if ('>})]'.includes(ch)) {
      if (depth === 0) return text.slice(start, i);
      depth--;
      if (block && depth === 0) return text.slice(start, i + 1);
    } else if (!block && depth === 0 && stop.test(ch)) return text.slice(start, i);
  }
  return text.slice(start);
}

/** The body of a type declared in src/lib: an interface's `{…}`, or a type alias up to its `;`. */
function typeText(name: string): string {
  const m = new RegExp(`(?:^|\\n)\\s*(?:export\\s+)?(interface|type|const)\\s+${name}\\b`).exec(TYPE_SOURCE);
  if (!m) return '';
  const at = m.index + m[0].length;
  if (m[1] === 'interface') return balanced(TYPE_SOURCE, TYPE_SOURCE.indexOf('{', at), /$/, true);
  return balanced(TYPE_SOURCE, TYPE_SOURCE.indexOf('=', at) + 1, /;/);
}

interface Shape {
  fields: string[];
  literals: string[];
}

function shapeOf(type: string, seen = new Set<string>()): Shape {
  const fields = new Set([...type.matchAll(/(\w+)\??\s*:/g)].map((m) => m[1]!));
  const literals = new Set([...type.matchAll(/'([^']*)'/g)].map((m) => m[1]!));
  // Named types, and the constant lists that `typeof LIST[number]` types are made of.
  const named = [...type.matchAll(/\b([A-Z]\w*)\b/g), ...type.matchAll(/typeof\s+(\w+)/g)];
  for (const [, name] of named) {
    if (seen.has(name!) || seen.size > 20) continue;
    seen.add(name!);
    const inner = shapeOf(typeText(name!), seen);
    for (const f of inner.fields) fields.add(f);
    for (const l of inner.literals) literals.add(l);
  }
  return { fields: [...fields], literals: [...literals] };
}

/** The request type of the call at `path`, as written in its contract. */
function requestShape(path: string): Shape {
  for (const source of CONTRACT_SOURCES) {
    const at = source.indexOf(`'${path}'`);
    if (at < 0) continue;
    const open = Math.max(source.lastIndexOf('get<', at), source.lastIndexOf('post<', at));
    if (open < 0) return { fields: [], literals: [] };
    return shapeOf(balanced(source, source.indexOf('<', open) + 1, /,/));
  }
  return { fields: [], literals: [] };
}

/** Names used anywhere in the contracts, and the keys that trip naive code. */
const ANY_FIELD = [
  ...new Set(CONTRACT_SOURCES.flatMap((s) => [...s.matchAll(/^\s*(?:readonly\s+)?([A-Za-z_]\w*)\??:/gm)].map((m) => m[1]!))),
  'model',
  'current',
  'size',
  'order',
  'sort',
  'timestamp',
  'id',
  'tenantId',
  'schoolId',
  '__proto__',
  'constructor',
  'prototype',
].sort();

const ODD_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[object Object]',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '😀',
  '𠀀',
  '中文',
  '\u202Etxt',
  'a'.repeat(65),
  '9'.repeat(40),
  '%',
  '%zz',
  '$where',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe: the text itself must reach the server
  '${7*7}',
  '{{7*7}}',
  '\\',
  '\r\n',
  'ascending',
  'descending',
  'createdTime',
  'PASSWORD',
  'MOBILE_LOGIN_REGISTER',
  'VISITOR_MSG_VERIFY',
  'UNIVERSITY_PIC',
  'REVIEW',
  'PEOPLE_SAY',
  'NEW_INFORMATION',
  'location/ip',
  '13800138000',
  '123456',
  'Demo2025',
  '2026-11-22 10:00:00',
  '2026-02-31 00:00:00',
  'ABC123',
  'x'.repeat(20_001),
];

/**
 * One character of any kind: control characters, Latin-1, combining marks, CJK, private use,
 * emoji (astral) and lone surrogates. (fast-check's 'binary' unit does the same but takes seconds
 * to build.)
 */
const ODD_CHAR = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0x80, max: 0x36f }),
    fc.integer({ min: 0x4e00, max: 0x9fff }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.integer({ min: 0xe000, max: 0xffff }),
    fc.integer({ min: 0x10000, max: 0x10ffff }),
  )
  .map((c) => String.fromCodePoint(c));

/** Percent-encoding; a lone surrogate (which has none) becomes the bytes of one, invalid UTF-8. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

/** Ids that exist (some requests should reach the handlers), filled once the server is up. */
let knownIds: string[] = [];
let tokens: string[] = [];
/** The demo administrator's staff session (cookie and CSRF token), new for each route: a generated sign-out may end it. */
let staffSession = { cookie: '', csrf: '' };

const arbitraries = (shape: Shape) => {
  const text = fc.oneof(
    { arbitrary: fc.constantFrom(...ODD_TEXT, ...knownIds, DEMO.id, HUAXIA.id), weight: 3 },
    ...(shape.literals.length ? [{ arbitrary: fc.constantFrom(...shape.literals), weight: 2 }] : []),
    { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: ODD_CHAR, maxLength: 20 }), weight: 2 },
  );
  const key = fc.oneof(
    ...(shape.fields.length ? [{ arbitrary: fc.constantFrom(...shape.fields), weight: 8 }] : []),
    ...(shape.literals.length ? [{ arbitrary: fc.constantFrom(...shape.literals), weight: 1 }] : []),
    { arbitrary: fc.constantFrom(...ANY_FIELD), weight: 2 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
  const scalar = fc.oneof(
    { arbitrary: text, weight: 4 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.constantFrom(0, -1, 1, 2, 1.5, 2 ** 53, 1e21, -0, Number.MAX_VALUE, 100_000, 100_001, 9999, 10_000), weight: 1 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: scalar, weight: 5 },
      { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
      { arbitrary: fc.dictionary(key, tie('value'), { maxKeys: 5 }), weight: 1 },
    ),
  }));
  const id = fc.oneof(fc.constantFrom(...knownIds, DEMO.id), fc.stringMatching(/^[0-9A-Za-z_-]{1,32}$/));
  const literal = shape.literals.length ? fc.constantFrom(...shape.literals) : text;
  /** A value of the kind the field takes (by its name), often right, sometimes not. */
  const plausible = (field: string): fc.Arbitrary<unknown> => {
    const f = field.toLowerCase();
    if (['tenantid', 'schoolid', 'universityid'].includes(f)) return fc.constantFrom(DEMO.id, DEMO.id, HUAXIA.id);
    if (f === 'mobile' || f === 'username') return fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.constantFrom('13800138000', 'demo_student'));
    if (f === 'code' || f === 'captchacode') return fc.stringMatching(/^\d{4,6}$/);
    if (f === 'key' || f === 'captchakey') return fc.stringMatching(/^[A-Za-z0-9]{16}$/);
    if (f === 'qrcode') return fc.stringMatching(/^[A-Z0-9]{6}$/);
    if (f === 'current' || f === 'size') return fc.integer({ min: 1, max: 120 });
    if (f === 'timestamp') return fc.constant(Date.UTC(2026, 10, 22, 2));
    if (f.endsWith('time')) return fc.constantFrom('2026-11-22 10:00:00', '2026-10-23 10:00:00', '2025-11-22 10:00:00');
    if (f.includes('password')) return fc.stringMatching(/^[A-Za-z0-9]{6,20}$/);
    if (f.endsWith('list')) return fc.array(id, { maxLength: 5 });
    if (f === 'id' || f.endsWith('id') || f === 'commentparent') return id;
    if (/(type|order|sort|path|state|status|granttype|key)$/.test(f) || f === 'open') return fc.oneof(literal, fc.integer({ min: -1, max: 2 }));
    return text;
  };
  const { object } = fc.letrec<{ object: Record<string, unknown> }>((tie) => ({
    // The call's own fields, each there or not, with plausible or odd values, plus a few strays.
    object: fc
      .tuple(
        fc.record(
          Object.fromEntries(
            shape.fields.map((f) => [
              f,
              f === 'model' || f === 'data'
                ? fc.oneof({ depthSize: 'small' }, tie('object'), value)
                : fc.oneof({ arbitrary: plausible(f), weight: 3 }, { arbitrary: value, weight: 1 }),
            ]),
          ),
          { requiredKeys: [] },
        ),
        fc.dictionary(key, value, { maxKeys: 3 }),
      )
      .map(([own, strays]) => ({ ...strays, ...own })),
  }));

  const body = fc.oneof(
    { arbitrary: object.map((o) => JSON.stringify(o)), weight: 16 },
    { arbitrary: value.map((v) => JSON.stringify(v) ?? 'undefined'), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '{',
        '{"current": 1,',
        '[',
        'null',
        'true',
        '"text"',
        '42',
        '\uFEFF{}',
        'current=1&size=4',
        '<xml/>',
        '{"a":1}{"b":2}',
        '{"__proto__":{"polluted":1}}',
        `{"model":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ unit: ODD_CHAR, maxLength: 60 }), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    // Larger than any body limit: refused before it is parsed.
    { arbitrary: fc.constant(`{"s":"${'x'.repeat(1_100_000)}"}`), weight: 1 },
  );

  const queryPart = fc.oneof(
    {
      arbitrary: fc
        .tuple(
          key,
          fc.oneof(
            text,
            scalar.map((v) => String(v)),
            value.map((v) => JSON.stringify(v) ?? ''),
          ),
        )
        .map(([k, v]) => `${encode(k)}=${encode(v)}`),
      weight: 2,
    },
    { arbitrary: fc.constantFrom('%', '%zz', 'id=%E0%A4%A', 'a=%FF', '&&', '=', 'id=1=2', '+', 'id=%00', 'x[]=1', 'id', 'id=', 'timestamp=abc'), weight: 1 },
  );
  const asQuery = (o: Record<string, unknown>) =>
    Object.entries(o).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x))}`),
    );
  const query = fc
    .tuple(object.map(asQuery), fc.array(queryPart, { maxLength: 3 }))
    .map(([own, odd]) => [...own, ...odd])
    .map((parts) => (parts.length ? `?${parts.join('&')}` : ''));

  const pathParam = fc.oneof(
    { arbitrary: fc.constantFrom(...knownIds, DEMO.id), weight: 2 },
    { arbitrary: text.map(encode), weight: 3 },
    { arbitrary: fc.constantFrom('%', '%zz', '..', '%2e%2e', '%2F', '%00', '%F0%9F%98%80', 'a'.repeat(300), '%E4%B8%AD'), weight: 2 },
  );

  const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 80 });
  const hosts = [
    `${HUAXIA.preDomain}.localhost:4321`,
    'nosuch.localhost',
    '127.0.0.1:4321',
    '[::1]:4321',
    `${'a'.repeat(300)}.localhost`,
    'localhost:99999',
    '..localhost',
    'xn--fsq.localhost',
    'LOCALHOST',
    ' ',
    '',
  ];
  /** A header that is there in `present` of 10 requests, else absent (the usual value first, then odd ones). */
  const header = (present: number, usual: fc.Arbitrary<string>, odd: fc.Arbitrary<string> = headerText) =>
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 10 - present },
      { arbitrary: usual, weight: Math.max(1, present - 2) },
      { arbitrary: odd, weight: 2 },
    );
  const headers = fc
    .record({
      'Content-Type': header(
        9,
        fc.constantFrom('application/json', 'application/json; charset=utf-8'),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=zz',
          'application/xml',
          'application/json; charset=utf-16',
          '*/*',
          'json',
        ),
      ),
      TenantId: header(
        9,
        fc.constantFrom(DEMO.id, DEMO.id, DEMO.id, HUAXIA.id),
        fc.oneof(fc.constantFrom('0', '-1', 'null', "1' or '1'='1", '9'.repeat(40), ' ', 'x'.repeat(300)), headerText),
      ),
      SchoolId: header(1, fc.constantFrom(DEMO.id, HUAXIA.id)),
      Token: header(6, fc.constantFrom(...tokens)),
      Authorization: header(1, fc.constantFrom('Basic !!!', `Basic ${btoa('a:b')}`, `Basic ${btoa(':')}`, 'Bearer x')),
      Host: header(3, fc.constant('localhost:4321'), fc.constantFrom(...hosts)),
      'X-Forwarded-Host': header(1, fc.constantFrom(...hosts, ',', ' , localhost')),
      'X-Forwarded-For': header(1, fc.constantFrom('1.2.3.4', '1.2.3.4, 5.6.7.8', 'unknown', '::1')),
      'X-Request-Id': header(1, fc.constantFrom('abcdefgh-1234')),
      ApplicationId: header(1, fc.constantFrom('1', 'app')),
      sign: header(2, fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })),
      'Accept-Language': header(1, fc.constantFrom('zh-CN', 'en')),
      'User-Agent': header(2, fc.constantFrom('Mozilla/5.0 (iPhone)', 'Mozilla/5.0')),
      'Content-Length': header(1, fc.constantFrom('0', '-1', '99999999999', 'abc', '1')),
      // The staff calls: a real session most of the time, so their input reaches the handlers.
      Cookie: header(6, fc.constantFrom(staffSession.cookie), fc.constantFrom('szyx_staff=', 'szyx_staff=x; szyx_staff=y', 'a=b', ';;=', 'szyx_staff="a"')),
      'X-CSRF-Token': header(6, fc.constantFrom(staffSession.csrf)),
      'Sec-Fetch-Site': header(1, fc.constantFrom('same-origin', 'cross-site', 'none')),
      Origin: header(1, fc.constantFrom('http://localhost', 'https://evil.example', 'null')),
    })
    .map((h) => Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined)));

  const ip = fc.constantFrom('', '127.0.0.1', '::1', '10.9.8.7', '2001:db8::1', '::ffff:10.0.0.1');
  return { body, query, pathParam, headers, ip };
};

interface Generated {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
  ip: string;
}

function requestFor(call: Call<unknown, unknown>): fc.Arbitrary<Generated> {
  const a = arbitraries(requestShape(call.path));
  const method = fc.oneof(
    { arbitrary: fc.constant(call.method), weight: 12 },
    { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), weight: 1 },
  );
  const params = (call.path.match(/:\w+/g) ?? []).map(() => a.pathParam);
  return fc.record({ method, params: fc.tuple(...params), query: a.query, headers: a.headers, body: a.body, ip: a.ip }).map((r) => {
    let i = 0;
    const path = `/api${call.path.replace(/:\w+/g, () => r.params[i++] as string)}`;
    // A GET request cannot carry a body; its input is the query. A POST may have a query too.
    const hasBody = r.method !== 'GET';
    return { method: r.method, path, query: r.query, headers: r.headers, body: hasBody ? r.body : undefined, ip: r.ip };
  });
}

// --- What every answer must be ---------------------------------------------------------------

const CHINESE = /[\u4e00-\u9fff]/;
const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\(|\.(?:ts|js|mjs|cjs):\d+|node_modules|\b(?:Type|Reference|Syntax|Range)?Error:\s/;

async function send(r: Generated): Promise<Answer> {
  const res = await server().app.request(`${r.path}${r.query}`, { method: r.method, headers: r.headers, body: r.body }, { ip: r.ip });
  return parse(res);
}

/** What is wrong with an answer, or null. */
function problemOf(call: Call<unknown, unknown>, r: Generated, a: Answer): string | null {
  if (a.status >= 500) return `HTTP ${a.status}`;
  if (STACK_TRACE.test(a.text)) return 'stack trace in the body';
  const type = a.headers.get('content-type') ?? '';
  if (
    PICTURES.has(routeName(call)) &&
    r.method === call.method &&
    a.status === 200 &&
    (type.startsWith('image/') || type.startsWith('text/calendar') || type.startsWith('text/csv'))
  )
    return null;
  if (!type.startsWith('application/json')) return `content type ${JSON.stringify(type)}, not JSON`;
  const b = a.body as Record<string, unknown> | undefined;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return 'the body is not a JSON object';
  const keys = Object.keys(b).sort().join(',');
  if (keys !== 'code,data,message') return `envelope keys ${keys}`;
  if (typeof b['code'] !== 'number') return 'code is not a number';
  if (typeof b['message'] !== 'string' || b['message'] === '') return 'no message';
  const refused = !(SUCCESS_CODES as readonly number[]).includes(b['code']);
  if (refused && !CHINESE.test(b['message'])) return 'a refusal whose message is not Chinese';
  if (refused && b['data'] !== null) return 'a refusal with data';
  return null;
}

// --- The run ---------------------------------------------------------------------------------

beforeAll(async () => {
  const db = server().runtime.db;
  const ids = async (table: 'news' | 'materials' | 'contentOperations' | 'comments' | 'notices' | 'hotMajors' | 'products' | 'commentScores') =>
    (await db.selectFrom(table).select('id').limit(2).execute()).map((r) => r.id);
  knownIds = (
    await Promise.all((['news', 'materials', 'contentOperations', 'comments', 'notices', 'hotMajors', 'products', 'commentScores'] as const).map(ids))
  ).flat();
  const demo = await loginAs(server(), DEMO.id);
  const huaxia = await loginAs(server(), HUAXIA.id);
  tokens = [demo.token, demo.token, huaxia.token, 'not-a-token', ''];
  knownIds.push(demo.userId);
});

beforeEach(async () => {
  const admin = DEMO_STAFF[DEMO.id]![0]!;
  staffSession = await sessionOf(server(), { id: admin.id, tenantId: DEMO.id });
});

describe(`generated bad input on every /api route (seed ${SEED}, ${RUNS} runs a route)`, () => {
  test(`the app serves exactly the ${ROUTES} routes of the contracts`, () => {
    const served = server()
      .app.routes.filter((r) => ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method) && r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set(served).size, 'a route is registered twice').toBe(served.length);
    expect([...served].sort()).toEqual(CALLS.map(routeName).sort());
    expect(CALLS).toHaveLength(ROUTES);
  });

  test.each(CALLS.map((c) => [routeName(c), c] as const))('%s: never a 5xx, always the envelope, never a stack trace', async (_name, call) => {
    // The server's error log goes to console.error (tests/setup/server.ts): a logged error fails
    // the property with its input (so fast-check shrinks and reports it) instead of the run at once.
    const logged: string[] = [];
    consoleError.mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')));
    await fc.assert(
      fc.asyncProperty(requestFor(call), async (r) => {
        const before = logged.length;
        const answer = await send(r);
        const problem = logged.length > before ? `the server logged an error (${logged.at(-1)!.slice(0, 300)})` : problemOf(call, r, answer);
        if (problem) throw new Error(`${problem}: ${r.method} ${r.path}${r.query.slice(0, 300)} -> HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS, ...(process.env['FC_PATH'] ? { path: process.env['FC_PATH'] } : {}) },
    );
  });
});
