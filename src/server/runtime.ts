import cluster from 'node:cluster';
import { parseConfig, type Config } from './config';
import { announceApi } from './http/api-listener';
import { migrateToLatest, openDatabase, type DB, type DatabaseKind } from './db/database';
import { createLogger, errorStack, type Logger } from './logger';
import { createApp, type App } from './app';
import type { Runtime } from './http/context';
import { createRichTextMemo } from './rich-text-memo';
import { createTtlCache } from './ttl-cache';
import { createKeptHtml } from './pages/kept-html';
import { changesAsides } from './pages/asides';
import { changesHome, HOME_SECTIONS_KEPT_MS } from './pages/home-sections';
import { changesNewsList, NEWS_ITEM_KEPT_MS, NEWS_ITEMS_KEPT, NEWS_LIST_KEPT_MS } from './pages/news-list';
import { changesNotices, NOTICE_ITEMS_KEPT, NOTICE_PAGES_KEPT_MS } from './pages/notice-pages';
import { HOUR } from '~/lib/time/cst';
import { createSmsProvider } from './sms/sms.provider';
import { createMapProvider } from './platform/map.provider';
import { startDeadlineSweep } from './exams/attempts/sweep';
import { startStagingSweep } from './media-library/staging';
import { removeAbandonedWorkspaces } from './media-library/job-workspace';
import { startRateEventsSweep } from './limits/sweep';
import { startJobRunner } from './jobs/runner';
import { countSlowQuery, observeWalPause, setMediaToolsAvailable, watchPool } from './metrics';
import { MEDIA_TOOLS_FIX, createMediaTools, type MediaToolsStatus } from './media-tools';
import { requestContext } from './http/request-context';
import { fileStoreOf } from './storage/file-stores';
import { createLocalPageChangeBus, createPgPageChangeBus, createProcessGroupPageChangeBus, type PageChangeBus } from './events/page-change-bus';
import { createCdnPurger } from './events/cdn-purge';
import { changesSchool, purgeTagsOf } from './events/page-changes';
import { announcePurge } from './http/render-cache';
import { uploadStagingOf } from './media-library/staging-store';
import { requireTenantById, resolveTenant } from './tenant/tenant.service';
import { authenticate, studentOf } from './identity/identity.service';
import { authenticateStaff, csrfTokenFor } from './staff/accounts/sessions.service';
import type { JobKinds } from './jobs/handlers';
import { catalogPublishJob } from './jobs/catalog-publish.handler';
import { CATALOG_PUBLISH_JOB } from '~/lib/staff/catalog-schedule';
import { CONTENT_PUBLISH_JOB } from './content/content.admin.service';
import { contentPublishJob } from './content/publish.handler';
import { MEDIA_PROCESS_JOB } from './media-library/media-library.service';
import { mediaProcessJob } from './media-library/process.handler';
import { PARTICIPANTS_CLASSES_KEPT, PARTICIPANTS_KEPT_MS } from './learning/duties/duties.service';
import { FINISHERS_KEPT, FINISHERS_KEPT_MS } from './learning/course-detail/course-detail.service';
import { RANKINGS_KEPT, RANKINGS_KEPT_MS } from './learning/timetable/timetable.service';
import { productsCatalog } from './products/publish.handler';
import { mediaCatalog } from './media/publish.handler';
import { couponsCatalog } from './leads/publish.handler';

import { SMS_SEND_JOB } from './sms/sms-outbox.service';
import { smsSendJob } from './sms/sms-send.handler';

/** Every kind of job, each defined by the domain whose work it is: the runner runs them, the jobs screen describes them. */
const JOB_KINDS: JobKinds = {
  [CONTENT_PUBLISH_JOB]: contentPublishJob,
  [CATALOG_PUBLISH_JOB]: catalogPublishJob([productsCatalog, mediaCatalog, couponsCatalog]),
  [MEDIA_PROCESS_JOB]: mediaProcessJob,
  [SMS_SEND_JOB]: smsSendJob,
};

export interface Server {
  runtime: Runtime;
  app: App;
}

/**
 * Opens and migrates the database, then builds the API. The server never seeds: the demo schools
 * (with their published demo logins) come from the development seed (src/dev/seed, outside the
 * production build), which `npm start` in development and `npm run db:seed` run before; a
 * production database gets its schools from `npm run school:create`.
 */
export async function createServer(config: Config, now: () => number = Date.now, logger: Logger = createLogger(config.LOG_LEVEL)): Promise<Server> {
  const { db, kind, classWideDb, poolStats } = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    // The runtime's logger, once it exists (tests replace it after the server is made).
    onConnectionError: (error) => (runtime?.logger ?? logger).warn('database connection lost', { error: error.message }),
    slowQueryMs: config.SLOW_QUERY_MS,
    backgroundCheckpoints: true,
    classWideReadsInWorker: true,
    onClassWideReadsError: (error) => (runtime?.logger ?? logger).warn('class-wide reads moved to the main connection', { error: error.message }),
    onCheckpointError: (error) => (runtime?.logger ?? logger).warn('background checkpoints stopped', { error: error.message }),
    onCheckpointPause: observeWalPause,
    onSlowQuery: (text, ms) => {
      countSlowQuery();
      (runtime?.logger ?? logger).warn('slow query', { ms, sql: text, requestId: requestContext.getStore()?.requestId });
    },
  });
  if (poolStats) watchPool(poolStats);
  let runtime: Runtime | undefined;
  try {
    await migrateToLatest(db);
    runtime = createRuntime(config, db, kind, now, logger, classWideDb);
    return { runtime, app: createApp(runtime) };
  } catch (error) {
    // A failed start (the database unreachable) must not leave a pool or a listener behind: the next try opens anew.
    await runtime?.pageChanges.close();
    await db.destroy().catch(() => undefined);
    throw error;
  }
}

/**
 * The process-wide dependencies over an open database (the server's, or a probe's own); class-wide reads go to
 * `classWideDb` (the server's worker thread on SQLite: openDatabase), else to `db`.
 */
export function createRuntime(
  config: Config,
  db: DB,
  kind: DatabaseKind,
  now: () => number = Date.now,
  logger = createLogger(config.LOG_LEVEL),
  classWideDb: DB = db,
): Runtime {
  // The logger is read when used: tests replace runtime.logger once the server is made.
  const log = () => runtime.logger;
  const pageChanges: PageChangeBus =
    kind === 'postgres'
      ? createPgPageChangeBus({ url: config.DATABASE_URL, db, logger: log, connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS })
      : cluster.isWorker
        ? // One of the start script's worker processes: the others hear through the primary.
          createProcessGroupPageChangeBus(log, process as Parameters<typeof createProcessGroupPageChangeBus>[1])
        : createLocalPageChangeBus(log);
  const runtime: Runtime = {
    config,
    db,
    classWideDb,
    dbKind: kind,
    logger,
    now,
    lookups: {
      // "No such school" is not remembered: a school opened a moment ago answers at once.
      tenants: createTtlCache(5_000, undefined, undefined, (tenant) => tenant !== null),
      schools: createTtlCache(5_000),
      customerServices: createTtlCache(5_000),
      asides: createTtlCache(5_000),
      homes: createTtlCache(HOME_SECTIONS_KEPT_MS),
      newsLists: createTtlCache(NEWS_LIST_KEPT_MS),
      newsItems: createTtlCache(NEWS_ITEM_KEPT_MS, NEWS_ITEMS_KEPT, undefined, (item) => item !== null),
      noticeLists: createTtlCache(NOTICE_PAGES_KEPT_MS),
      noticeItems: createTtlCache(NOTICE_PAGES_KEPT_MS, NOTICE_ITEMS_KEPT, undefined, (item) => item !== null),
      qrCodes: createTtlCache(HOUR, 500),
      richText: createRichTextMemo(),
      // Class-wide counts every classmate's page shows alike: counted once per class a while (decision 070).
      participants: createTtlCache(PARTICIPANTS_KEPT_MS, PARTICIPANTS_CLASSES_KEPT, now),
      // How many of a class completed a course, the same for every classmate: counted once per class and course a while (decision 128).
      finishers: createTtlCache(FINISHERS_KEPT_MS, FINISHERS_KEPT, now),
      // A class's timetable ranking, the same for every classmate: made once per class and range a while (decision 125).
      rankings: createTtlCache(RANKINGS_KEPT_MS, RANKINGS_KEPT, now),
      // Kept beside the schools' and customer services' objects above: cleared with them, never older than they are.
      layoutParts: createKeptHtml(),
    },
    providers: {
      sms: createSmsProvider(config, log),
      map: createMapProvider(config),
      mediaTools: createMediaTools({ ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH }, (status) => reportMediaTools(runtime, status)),
    },
    // Chosen once: one client (and its kept-alive connections) per process.
    storage: fileStoreOf(config),
    pageChanges,
    uploadStaging: uploadStagingOf(config),
    // The domains that own schools, users and staff sessions answer who a request speaks for.
    identify: {
      tenantById: requireTenantById,
      tenantOf: resolveTenant,
      user: authenticate,
      student: studentOf,
      staff: authenticateStaff,
      staffCsrfToken: csrfTokenFor,
    },
    jobKinds: JOB_KINDS,
  };
  // A change of a school itself (names, branding, host names, a new school) reaches every look-up
  // that holds it, here and on every other instance; a change of news, notices or the catalogue the
  // side columns' look-up, of anything the home shows the home's, and of news the news list's first
  // pages. Subscribed before the render cache's purge (announcePageChanges), in the same delivery: a
  // page rendered after the purge reads them anew.
  pageChanges.subscribe((change) => {
    if (changesAsides(change)) runtime.lookups.asides.clear();
    if (changesHome(change)) runtime.lookups.homes.clear();
    if (changesNewsList(change)) {
      runtime.lookups.newsLists.clear();
      runtime.lookups.newsItems.clear();
    }
    if (changesNotices(change)) {
      runtime.lookups.noticeLists.clear();
      runtime.lookups.noticeItems.clear();
    }
    if (!changesSchool(change)) return;
    runtime.lookups.tenants.clear();
    runtime.lookups.schools.clear();
    runtime.lookups.customerServices.clear();
  });
  if (config.CDN_PURGE_URL && config.CDN_PURGE_TOKEN) {
    const cdn = createCdnPurger({ url: config.CDN_PURGE_URL, token: config.CDN_PURGE_TOKEN, logger: log });
    // Once per change across instances: only the instance that made it asks the CDN.
    pageChanges.subscribe((change, origin) => {
      const tags = purgeTagsOf(change);
      if (origin === 'here' && tags !== 'all') cdn.purge(tags);
    });
  }
  return runtime;
}

/**
 * The media programs' state as the operator sees it: the metric, and a log line on each change (a
 * warning naming the fix while either is missing: every video and audio upload then fails).
 */
function reportMediaTools(runtime: Runtime, status: MediaToolsStatus): void {
  setMediaToolsAvailable(status.available);
  const paths = runtime.providers.mediaTools.paths;
  if (status.available) runtime.logger.info('ffmpeg and ffprobe found: videos and audio are processed', { ...paths });
  else {
    runtime.logger.warn(`${status.missing.join(' and ')} not found: ${MEDIA_TOOLS_FIX}; until then every video and audio upload fails`, {
      missing: status.missing,
      ...paths,
    });
  }
}

/**
 * Hands every page change this runtime hears (made here or on another instance) to the process's
 * render cache, which lives in scripts/start.mjs outside the built server bundle: the two share
 * only the process, so the tags cross as a process event (render-cache.ts). Answers the unsubscribe.
 */
export function announcePageChanges(runtime: Runtime): () => void {
  return runtime.pageChanges.subscribe((change) => announcePurge(purgeTagsOf(change)));
}

/** Releases what the runtime holds besides the database: the page-change listener's connection. */
export async function closeRuntime(runtime: Runtime): Promise<void> {
  await runtime.pageChanges.close();
  await runtime.db.destroy();
}

// One server per process, made on first use: the database pool and the parsed environment are
// process resources, not request or tenant state. The process's logger is made once too: it
// remembers its repeating lines across failed starts (the database down: one line per interval).
let server: Promise<Server> | undefined;
let processLogger: Logger | undefined;

export function getServer(): Promise<Server> {
  if (server) return server;
  const config = parseConfig(process.env);
  processLogger ??= createLogger(config.LOG_LEVEL);
  const logger = processLogger;
  // Made outside the request that asked first: the process's timers (sweeps, job runner) belong to
  // no request, and their log lines and notes must not carry that request's id.
  server = requestContext.exit(() =>
    createServer(config, Date.now, logger).then(
      (made) => {
        // The media programs are looked for once now, so a missing one is said at start (log, metric, /readyz).
        void made.runtime.providers.mediaTools.status();
        // The process's deadline sweep (exams): submits overdue attempts whose browser never came back.
        startDeadlineSweep(made.runtime);
        // Resumable uploads that received nothing for a day (or started a week ago) are removed with the room they held.
        startStagingSweep(made.runtime);
        // The media job's working copies left by a process of this machine that was killed mid-job.
        removeAbandonedWorkspaces(made.runtime.logger).catch((error: unknown) =>
          made.runtime.logger.warn('media job directories not cleaned', { error: errorStack(error) }),
        );
        // The rate limits' counts of periods no window reads any more are removed every 10 s, a batch at a time.
        startRateEventsSweep(made.runtime);
        // The process's job runner (scheduled publishing) and its metrics; it stops claiming once the process is asked to stop.
        const stopJobs = startJobRunner(made.runtime);
        // Page changes heard here or from another instance reach this process's render cache.
        announcePageChanges(made.runtime);
        // From now on the start script gives API calls to the app directly (http/api-listener.ts).
        announceApi((request, env) => made.app.fetch(request, env));
        process.once('SIGTERM', stopJobs);
        process.once('SIGINT', stopJobs);
        return made;
      },
      (error: unknown) => {
        // Not remembered: the next request (the start script's readiness probe) tries again. Every
        // request tries while the database is down: one line per interval says so.
        server = undefined;
        logger.repeating('error', 'database not reachable at start; will try again', {
          database: config.databaseKind,
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      },
    ),
  );
  return server;
}
