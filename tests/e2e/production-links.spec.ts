import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { BENCH_PRODUCTION_ENV, HOST, freePort, root, spawnUntilReady, stop } from '../../bench/processes.mjs';
import { isPlaceholderHost } from '~/lib/external-links';
import { AGREEMENT_KINDS } from '~/lib/api/contracts/admin-school';
import { WORK_KINDS } from '~/lib/api/contracts/exams';
import { REVIEW_PAGE, WORK_PAGE } from '~/lib/exams/routes';
import { ONLINE_CLASSROOM_PAGE } from '~/lib/learning/jumps';
import { loginStudent } from './support/session';

/**
 * What production shows (decision 058): a production server on an empty database with one school
 * opened by `npm run school:create`, and nothing else configured. Every public and learner page
 * (every page file under src/pages but the staff side's, then every page their links reach) is
 * opened as a visitor and as a signed-in student; every address on it (each element's href, src,
 * action, srcset and data-…-url, and every http(s) address anywhere in the page, the server's HTML
 * and the page as its scripts left it) must be the site's own or a real site: never a placeholder
 * (example.com, .example, .test, .invalid, localhost). The fixed licence number of old is nowhere,
 * and the entries a new school has not set up (APP下载, 推广合伙人登录) are not offered.
 */

const PREDOMAIN = 'walk';
const SCHOOL = '走查职业技能学校';
/** Old fixed texts that must never reach a school's pages. */
const OLD_PLACEHOLDERS = ['京B2-20190000'];
/** Pages the walk follows links to at most (the file list plus what they link to is far fewer). */
const MAX_PAGES = 150;
/** Pages read at once (each by a visitor and a student): most of a page's time is waiting for its network to go quiet. */
const WALKERS = 4;
/** How often a page that moves on by itself is read again, and how long each time its next document may take to load. */
const SETTLE_TRIES = 5;
const NEXT_LOAD_MS = 3_000;
/** A page is read once no request of it has been open for this long (Playwright's own "network idle" span)… */
const QUIET_MS = 500;
/** …and a page whose requests are not all answered within this fails, naming them. */
const QUIET_LIMIT_MS = 30_000;
/** Staff pages, the API, stored files and build assets are not pages of the walk. */
const NOT_A_PAGE = /^\/(?:admin|api|files|_astro|partials)(?:[/?#]|$)|^\/(?:healthz|readyz|metrics)$/;

/** The routes of the page files: every .astro page outside the staff side, dynamic segments filled in. */
function pageRoutes(): string[] {
  const dir = join(root, 'src/pages');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.astro')) files.push(relative(dir, path).replace(/\.astro$/, ''));
    }
  };
  walk(dir);
  const routes = new Set<string>(['/no-such-page']);
  for (const file of files) {
    if (NOT_A_PAGE.test(`/${file}`) || file === '404' || file === '400') continue;
    if (file === 'agreement/[kind]') for (const kind of AGREEMENT_KINDS) routes.add(`/agreement/${kind}`);
    else if (file === '[partner]-login') routes.add('/kingdee-login');
    else if (file === 'study/[work]/[...step]')
      for (const kind of WORK_KINDS)
        for (const step of ['', `/${WORK_PAGE.answer}`, `/${WORK_PAGE.finish}`, `/${REVIEW_PAGE[kind]}`]) routes.add(`/study/${kind}${step}`);
    else if (file === 'study/classroom/[online]') for (const page of Object.values(ONLINE_CLASSROOM_PAGE)) routes.add(`/study/classroom/${page}`);
    else if (file.includes('[')) throw new Error(`the walk does not know how to fill in ${file}: add it here`);
    else routes.add(`/${file.replace(/(?:^|\/)index$/, '')}`);
  }
  return [...routes].sort();
}

/** Addresses in a page's text: every http(s) URL (in attributes, inline scripts and JSON alike). */
const urlsIn = (html: string) => html.match(/https?:\/\/[^\s"'<>`)\\]+/gi) ?? [];

/** What is wrong with an address found on `page` (null: fine): a placeholder host, or an address that cannot be read. */
function problemOf(value: string, pageUrl: string): string | null {
  const text = value.trim();
  if (text === '' || /^(?:#|mailto:|tel:|data:image\/|blob:)/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, pageUrl);
  } catch {
    return `unreadable address ${JSON.stringify(text)}`;
  }
  if (url.protocol === 'javascript:') return `a script address ${JSON.stringify(text)}`;
  if (!/^https?:$/.test(url.protocol)) return null;
  const own = new URL(pageUrl).host;
  if (url.host !== own && isPlaceholderHost(url.hostname)) return `placeholder address ${text}`;
  return null;
}

/**
 * A page opened in a new tab of `context` and read once its scripts ran, then closed. A fresh tab
 * each time: a learner page sends a visitor to sign in a moment after it loaded, and a tab reused for
 * the next address could have that navigation cut in.
 */
async function readAfresh(context: BrowserContext, url: string): Promise<{ url: string; found: Found[]; html: string }> {
  const page = await context.newPage();
  const open = openRequests(page);
  try {
    await page.goto(url);
    return await snapshot(page, open);
  } finally {
    // Chromium may never close a tab whose own navigation is committing (microsoft/playwright#42068),
    // and then a close that waits for it waits for ever: this close asks the tab to go (its unload
    // runs, as a person's closing would) and does not wait.
    await page.close({ runBeforeUnload: true });
  }
}

/** The requests of a tab that have not been answered yet, and a wait for none for QUIET_MS. */
interface OpenRequests {
  quiet(): Promise<void>;
}

/**
 * Watches `page`'s requests from before its first navigation. Unlike `waitForLoadState('networkidle')`,
 * a wait that runs out says which requests were still open, so a slow or hanging call is named.
 */
function openRequests(page: Page): OpenRequests {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const done = (request: Request) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    open.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet() {
      const started = Date.now();
      while (open.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() - started > QUIET_LIMIT_MS) {
          const names = [...open].map((request) => `${request.method()} ${request.url()}`);
          throw new Error(`${page.url()}: requests still open after ${QUIET_LIMIT_MS} ms: ${names.join(', ')}`);
        }
        await page.waitForTimeout(QUIET_MS / 5);
      }
    },
  };
}

/** `act` on every item, at most `limit` at a time. */
async function eachAtMost<T>(limit: number, items: readonly T[], act: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await act(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** An address-like attribute of an element. */
interface Found {
  name: string;
  value: string;
  element: string;
}

/**
 * Every address-like attribute of every element and the whole document, as the page is once its
 * scripts ran. A page that moves on by itself (a learner page sending a visitor to sign in) is read
 * where it lands.
 */
async function snapshot(page: Page, open: OpenRequests): Promise<{ url: string; found: Found[]; html: string }> {
  for (let tries = 0; ; tries++) {
    await open.quiet();
    try {
      const read = await page.evaluate(() => {
        const found: { name: string; value: string; element: string }[] = [];
        for (const el of Array.from(document.querySelectorAll('*'))) {
          for (const attr of Array.from(el.attributes)) {
            const name = attr.name.toLowerCase();
            if (!['href', 'src', 'action', 'formaction', 'poster', 'srcset', 'data'].includes(name) && !/^data-.*url$/.test(name)) continue;
            const values = name === 'srcset' ? attr.value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [attr.value];
            for (const value of values) found.push({ name, value, element: el.tagName.toLowerCase() });
          }
        }
        return { found, html: document.documentElement.outerHTML };
      });
      return { url: page.url(), ...read };
    } catch (error) {
      if (tries >= SETTLE_TRIES) throw new Error(`${page.url()} kept navigating: ${error instanceof Error ? error.message : String(error)}`);
      // The page is moving on: its next document's load, or (if that came already) a short bound.
      await page.waitForEvent('load', { timeout: NEXT_LOAD_MS }).catch(() => undefined);
    }
  }
}

test('every public and learner page of a fresh production school links nowhere but real addresses @desktop-only', async ({ browser }) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'portal-links-'));
  let child: ChildProcess | undefined;
  // From here on the directory is removed whatever fails, the database's making included.
  try {
    const databaseUrl = `file:${join(dir, 'portal.sqlite')}`;
    const env = { ...process.env, ...BENCH_PRODUCTION_ENV, DATABASE_URL: databaseUrl };
    const db = (...args: string[]) =>
      spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/db.ts'), ...args], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
    // The operator's two steps: make the empty database (only migrate may create one), then open a school with its first administrator.
    const migrated = db('migrate');
    expect(migrated.status, migrated.stderr).toBe(0);
    const made = db('create-school', ...['--predomain', PREDOMAIN, '--name', SCHOOL, '--admin-mobile', '13700009999', '--admin-name', '走查管理员']);
    expect(made.status, made.stderr).toBe(0);
    const tenantId = /id (\d+)/.exec(made.stdout)?.[1];
    expect(tenantId, made.stdout).toBeTruthy();

    const port = await freePort();
    // The bare address is the school (DEFAULT_PREDOMAIN), so the walk's own host is no placeholder name.
    child = await spawnUntilReady(
      [join(root, 'scripts/start.mjs'), '--no-build'],
      { ...env, PORT: String(port), HOST, DEFAULT_PREDOMAIN: PREDOMAIN, LOG_LEVEL: 'warn' },
      /"msg":"portal ready"/,
      'portal',
    );
    const base = `http://${HOST}:${port}`;
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const student = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const studentPage = await student.newPage();
    await loginStudent(studentPage, tenantId!, '13900009999', { databaseUrl });
    // The first page keeps the student's session in the site's storage, which every tab of the context shares.
    await studentPage.goto(`${base}/`);
    const visitorPage = await visitor.newPage();

    const problems: string[] = [];
    const queue = pageRoutes();
    const seen = new Set(queue);
    const follow = (href: string, from: string) => {
      let url: URL;
      try {
        url = new URL(href, from);
      } catch {
        return;
      }
      if (url.origin !== base || NOT_A_PAGE.test(url.pathname)) return;
      url.searchParams.delete('redirect');
      const path = url.pathname + url.search;
      if (!seen.has(path) && seen.size < MAX_PAGES) {
        seen.add(path);
        queue.push(path);
      }
    };

    const visit = async (path: string) => {
      // The server's HTML, before any script.
      const answer = await visitorPage.request.get(`${base}${path}`, { maxRedirects: 5 });
      const html = await answer.text();
      for (const url of urlsIn(html)) {
        const problem = problemOf(url, `${base}${path}`);
        if (problem) problems.push(`${path} (HTML): ${problem}`);
      }
      for (const old of OLD_PLACEHOLDERS) if (html.includes(old)) problems.push(`${path} (HTML): shows ${old}`);
      // The page as a visitor and as a student sees it, once its scripts ran (the user menu, islands): both at once.
      const seenBy = await Promise.all(
        (
          [
            ['visitor', visitor],
            ['student', student],
          ] as const
        ).map(async ([who, context]) => ({ who, ...(await readAfresh(context, `${base}${path}`)) })),
      );
      for (const { who, url: here, found, html: live } of seenBy) {
        for (const { name, value, element } of found) {
          const problem = problemOf(value, here);
          if (problem) problems.push(`${path} (${who}, <${element} ${name}>): ${problem}`);
          if (element === 'a' && name === 'href') follow(value, here);
        }
        for (const url of urlsIn(live)) {
          const problem = problemOf(url, here);
          if (problem) problems.push(`${path} (${who}): ${problem}`);
        }
        for (const old of OLD_PLACEHOLDERS) if (live.includes(old)) problems.push(`${path} (${who}): shows ${old}`);
      }
    };
    // Round by round: the pages found so far, WALKERS at a time; the links they show make the next round.
    for (let walked = 0; walked < queue.length; ) {
      const round = queue.slice(walked);
      walked = queue.length;
      await eachAtMost(WALKERS, round, visit);
    }
    test.info().annotations.push({ type: 'pages walked', description: String(queue.length) });
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);

    // What a new school has not set up is not offered; its exam and personal-centre entries are the portal's own.
    await studentPage.goto(`${base}/`);
    const menu = studentPage.getByRole('navigation', { name: '用户菜单' });
    await expect(menu.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/study/mine');
    await expect(menu.getByRole('link', { name: '考试登录' })).toHaveAttribute('href', '/study/mine');
    await expect(menu.getByRole('link', { name: 'APP下载' })).toHaveCount(0);
    const footer = studentPage.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '推广合伙人登录' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: '后台登录' })).toHaveAttribute('href', '/admin/login');
    await expect(footer).not.toContainText('增值电信业务经营许可证');
    await expect(studentPage.getByRole('region', { name: '业务入口' }).getByRole('link', { name: /考试/ })).toHaveAttribute('href', '/study/mine');
    for (const path of ['/login/student-login', '/login/promotion']) expect((await visitorPage.request.get(`${base}${path}`)).status(), path).toBe(404);
    await visitor.close();
    await student.close();
  } finally {
    if (child) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
});
