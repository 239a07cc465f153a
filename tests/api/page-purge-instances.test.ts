import { execFile } from 'node:child_process';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import * as admin from '~/lib/api/contracts/admin-content';
import * as school from '~/lib/api/contracts/admin-school';
import * as cat from '~/lib/api/contracts/admin-catalog';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { createSchool, getSchoolPage } from '~/server/tenant/tenant.service';
import { getAsides, getNewsItem, getNewsListPage } from '~/server/pages/layout-data';
import { HOME_KINDS } from '~/server/pages/home-sections';
import { getHomeSections } from '~/server/pages/home-data';
import { PAGE_CHANGES_CHANNEL } from '~/server/events/page-change-bus';
import type { PageChange } from '~/server/events/page-changes';
import { pageScopeAt, startCachedPages, type CachedPages, type TestPage } from '../setup/cached-pages';
import { couponInput } from '../setup/catalog';
import { ON_POSTGRES, startTestServer, type Answer, type TestServer, startEachTestAtNow } from '../setup/server';
import { asStaff, makeStaff, sessionOf, type TestStaffSession } from '../setup/staff';

/**
 * Two instances of the portal on one PostgreSQL, each with its own render cache and look-ups: a
 * change made through A reaches B (NOTIFY, heard on B's own listening connection), and B's very
 * next answer after hearing it is the new one; the CDN purge hook is called once per change, by A
 * only; B's listening connection ended by the database is made again, and B then drops everything
 * it had (changes may have gone unheard meanwhile); `npm run school:create`, another process, tells
 * every instance too. How long a change takes to reach B is a matter for the benchmark, not for
 * these tests: they wait for B to hear it and then ask once.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Longer than any delivery: a change B has not heard by then was lost. */
const HEARD_LIMIT_MS = 15_000;
const CDN_TOKEN = 'cdn-purge-token-0123456789';

const PAGES: Record<string, TestPage> = {
  // The list's first page through the instance's look-up, as the news list reads it (decision 111).
  '/news-information/list': {
    shows: { kinds: ['news', 'notices', 'catalogue'] },
    render: async (s) => {
      const { news } = await getNewsListPage({ scope: s }, await getAsides({ scope: s }), { categorizeId: undefined, current: 1 });
      return `<ul>${news.records.map((n) => `<li>${n.title}</li>`).join('')}</ul>`;
    },
  },
  '/': {
    shows: { kinds: ['news', 'notices', 'media', 'coupons', 'catalogue'] },
    render: async (s) => `<h1>${(await s.lookups.schools.get((await s.tenant()).id, () => getSchoolPage(s))).info.projectName}</h1>`,
  },
  // The notices of the side columns, through the instance's look-up (src/server/pages/asides.ts).
  '/columns': {
    shows: { kinds: ['news', 'notices', 'catalogue'] },
    render: async (s) => `<ul>${(await getAsides({ scope: s })).notices.map((n) => `<li>${n.title}</li>`).join('')}</ul>`,
  },
  // The coupons of the home's sections, through the instance's look-up (src/server/pages/home-sections.ts).
  '/home-sections': {
    shows: { kinds: HOME_KINDS },
    render: async (s) => `<ul>${(await getHomeSections({ scope: s })).coupons.map((c) => `<li>${c.title}</li>`).join('')}</ul>`,
  },
};

describe.skipIf(!ON_POSTGRES)('several instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let pagesA: CachedPages;
  let pagesB: CachedPages;
  let cdn: HttpServer;
  const purges: { headers: IncomingHttpHeaders; body: unknown }[] = [];

  startEachTestAtNow(() => [a, b]);
  beforeAll(async () => {
    cdn = createHttpServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        purges.push({ headers: req.headers, body: JSON.parse(text) });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"success":true}');
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const env = { CDN_PURGE_URL: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge`, CDN_PURGE_TOKEN: CDN_TOKEN };
    a = await startTestServer(env);
    b = await startTestServer(env, { databaseUrl: a.databaseUrl });
    await Promise.all([a.runtime.pageChanges.ready, b.runtime.pageChanges.ready]);
    pagesA = await startCachedPages(a, PAGES);
    pagesB = await startCachedPages(b, PAGES);
  });

  afterAll(async () => {
    await pagesA?.close();
    await pagesB?.close();
    await b?.close();
    await a?.close();
    await new Promise<void>((resolve) => cdn.close(() => resolve()));
  });

  let counter = 0;
  async function newSchool(): Promise<{ id: string; host: string; session: TestStaffSession }> {
    counter += 1;
    const preDomain = `inst${process.pid % 10000}x${counter}`;
    const made = await createSchool(a.runtime.db, { preDomain, name: `多实例学校${counter}` }, a.clock.value);
    if (!made.ok) throw new Error(made.problems.join('; '));
    const account = await makeStaff(a, made.tenant.id, STAFF_ROLE.admin);
    return { id: made.tenant.id, host: `${preDomain}.localhost`, session: await sessionOf(a, account) };
  }
  const ok = <T>(answer: Answer): T => {
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    return answer.body.data as T;
  };
  /**
   * Resolves once `server` hears a change of `schoolId` (its render cache, subscribed first, has dropped the school's
   * pages by then). Listens from the call, so call it before the change is made.
   */
  function heardOn(server: TestServer, schoolId: string): Promise<PageChange> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no change of ${schoolId} heard in ${HEARD_LIMIT_MS} ms`));
      }, HEARD_LIMIT_MS);
      const stop = server.runtime.pageChanges.subscribe((change) => {
        if (change.schoolId !== schoolId) return;
        clearTimeout(timer);
        stop();
        resolve(change);
      });
    });
  }
  async function cachedOn(pages: CachedPages, path: string, host: string): Promise<string> {
    const first = await pages.get(path, host);
    expect((await pages.get(path, host)).cache).toBe('hit');
    return first.body;
  }

  test('news published through A: the list cached on B shows it in the first answer after B heard the change', async () => {
    const s = await newSchool();
    const draft = ok<admin.AdminNews>(
      await a.call(admin.adminNewsSave, { title: '跨实例新闻', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, asStaff(s.session, s.id)),
    );
    expect(await cachedOn(pagesB, '/news-information/list', s.host)).not.toContain('跨实例新闻');
    const heard = heardOn(b, s.id);
    ok(await a.call(admin.adminNewsPublish, {}, { ...asStaff(s.session, s.id), params: { id: draft.id } }));
    expect(await heard).toEqual({ schoolId: s.id, kinds: ['news'] });
    expect((await pagesB.get('/news-information/list', s.host)).body).toContain('<li>跨实例新闻</li>');
  });

  test("a news item edited through A: B's item, kept by its look-up, is the edited one in the first read after B heard the change", async () => {
    const s = await newSchool();
    const draft = ok<admin.AdminNews>(
      await a.call(admin.adminNewsSave, { title: '跨实例条目', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, asStaff(s.session, s.id)),
    );
    // B hears the publication before it reads: a later delivery of it would clear what B keeps below.
    const published = heardOn(b, s.id);
    ok(await a.call(admin.adminNewsPublish, {}, { ...asStaff(s.session, s.id), params: { id: draft.id } }));
    expect(await published).toEqual({ schoolId: s.id, kinds: ['news'] });
    const itemOnB = async () => {
      const at = await pageScopeAt(b, s.host);
      return getNewsItem({ scope: at!.scope }, draft.id);
    };
    // Read twice on B: the second is handed the object the first kept.
    const kept = await itemOnB();
    expect(kept?.title).toBe('跨实例条目');
    expect(await itemOnB()).toBe(kept);
    const heard = heardOn(b, s.id);
    const edit = { id: draft.id, title: '跨实例条目改', categorizeIds: [], contentType: 'ARTICLE' as const, content: '<p>y</p>' };
    ok(await a.call(admin.adminNewsSave, edit, asStaff(s.session, s.id)));
    expect(await heard).toEqual({ schoolId: s.id, kinds: ['news'] });
    expect((await itemOnB())?.title).toBe('跨实例条目改');
  });

  test("a notice published through A: B's side columns, kept by its look-up, show it in the first answer after B heard the change", async () => {
    const s = await newSchool();
    const draft = ok<admin.AdminNotice>(await a.call(admin.adminNoticeSave, { title: '跨实例通知', content: '<p>x</p>' }, asStaff(s.session, s.id)));
    expect(await cachedOn(pagesB, '/columns', s.host)).toBe('<ul></ul>');
    const heard = heardOn(b, s.id);
    ok(await a.call(admin.adminNoticePublish, {}, { ...asStaff(s.session, s.id), params: { id: draft.id } }));
    expect(await heard).toEqual({ schoolId: s.id, kinds: ['notices'] });
    expect((await pagesB.get('/columns', s.host)).body).toBe('<ul><li>跨实例通知</li></ul>');
  });

  test("a coupon published through A: B's home sections, kept by its look-up, show it in the first answer after B heard the change", async () => {
    const s = await newSchool();
    expect(await cachedOn(pagesB, '/home-sections', s.host)).toBe('<ul></ul>');
    const heard = heardOn(b, s.id);
    const coupon = couponInput(a.clock.value, { title: '跨实例优惠券', state: cat.CATALOG_STATE.PUBLISHED });
    ok(await a.call(cat.catalogCouponSave, coupon, asStaff(s.session, s.id)));
    expect(await heard).toEqual({ schoolId: s.id, kinds: ['coupons'] });
    expect((await pagesB.get('/home-sections', s.host)).body).toBe('<ul><li>跨实例优惠券</li></ul>');
  });

  test("branding saved through A: B's look-up and every cached page of the school follow once B heard it", async () => {
    const s = await newSchool();
    expect(await cachedOn(pagesB, '/', s.host)).not.toContain('跨实例品牌');
    const settings = ok<school.SchoolSettings>(await a.call(school.schoolSettings, {}, asStaff(s.session, s.id)));
    const { preDomainHost: _p, updatedAt: _u, ...input } = settings;
    const heard = heardOn(b, s.id);
    ok(await a.call(school.saveSchoolSettings, { ...input, projectName: '跨实例品牌' }, asStaff(s.session, s.id)));
    await heard;
    expect((await pagesB.get('/', s.host)).body).toBe('<h1>跨实例品牌</h1>');
  });

  test('the CDN purge hook is called once per change, by the instance that made it, with its tags and token', async () => {
    const s = await newSchool();
    const draft = ok<admin.AdminNews>(
      await a.call(admin.adminNewsSave, { title: '只清一次', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, asStaff(s.session, s.id)),
    );
    const heardOnB = heardOn(b, s.id);
    const before = purges.length;
    ok(await a.call(admin.adminNewsPublish, {}, { ...asStaff(s.session, s.id), params: { id: draft.id } }));
    expect(await heardOnB).toEqual({ schoolId: s.id, kinds: ['news'] });
    await vi.waitFor(() => expect(purges.length).toBe(before + 1), { timeout: HEARD_LIMIT_MS, interval: 20 });
    // B heard the change too and asks nothing: a second request would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = purges.slice(before);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toEqual({ tags: [`s:${s.id}:news`] });
    expect(mine[0]!.headers['authorization']).toBe(`Bearer ${CDN_TOKEN}`);
    expect(mine[0]!.headers['content-type']).toBe('application/json');
  });

  test("listening connections ended by the database: B listens again, drops what it had, and hears A's next change", async () => {
    const s = await newSchool();
    await cachedOn(pagesB, '/news-information/list', s.host);
    await cachedOn(pagesB, '/', s.host);
    const dba = new pg.Client({ connectionString: a.databaseUrl });
    await dba.connect();
    try {
      const ended = await dba.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = $1', [
        `LISTEN ${PAGE_CHANGES_CHANNEL}`,
      ]);
      expect(ended.rowCount).toBe(2);
    } finally {
      await dba.end();
    }
    await vi.waitFor(() => expect(pagesB.cache.size).toBe(0), { timeout: 5_000, interval: 50 });
    await cachedOn(pagesB, '/news-information/list', s.host);
    const draft = ok<admin.AdminNews>(
      await a.call(admin.adminNewsSave, { title: '重连之后', categorizeIds: [], contentType: 'ARTICLE', content: '<p>x</p>' }, asStaff(s.session, s.id)),
    );
    const heard = heardOn(b, s.id);
    ok(await a.call(admin.adminNewsPublish, {}, { ...asStaff(s.session, s.id), params: { id: draft.id } }));
    await heard;
    expect((await pagesB.get('/news-information/list', s.host)).body).toContain('<li>重连之后</li>');
  });

  test('npm run school:create, run as the operator runs it, tells every instance of the new school', async () => {
    const heard: PageChange[] = [];
    const stop = b.runtime.pageChanges.subscribe((change) => heard.push(change));
    try {
      const preDomain = `cli${process.pid % 10000}`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/db.ts',
          'create-school',
          '--predomain',
          preDomain,
          '--name',
          '命令行学校',
          '--admin-mobile',
          '13912345678',
          '--admin-name',
          '陈文静',
        ],
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: a.databaseUrl, TENANT_BASE_DOMAINS: 'localhost', PORT: '4321' } },
      );
      const id = /id (\S+)/.exec(stdout)?.[1];
      expect(id).toBeTruthy();
      await vi.waitFor(() => expect(heard).toContainEqual({ schoolId: id, kinds: 'all' }), { timeout: HEARD_LIMIT_MS, interval: 20 });
    } finally {
      stop();
    }
  });
});
