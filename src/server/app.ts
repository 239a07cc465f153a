import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { AppError, fail } from './errors';
import { readClientHeaders, type Runtime } from './http/context';
import { createScope } from './http/request-scope';
import { addressTrust, clientAddress, fetchHeaders, requestHost } from './http/forwarded';
import type { ApiEnv } from './http/scope';
import { noteRoute, ROUTE_LABEL } from './http/request-context';
import { setBaseHeaders } from './http/security-headers';
import { isDatabaseUnavailable, pingDatabase } from './db/database';
import { isStaleStatement } from './db/statement-names';
import { tenantRoutes } from './tenant/tenant.routes';
import { contentRoutes } from './content/content.routes';
import { identityRoutes } from './identity/identity.routes';
import { engagementRoutes } from './engagement/engagement.routes';
import { feedItemLikeBase, openMaterialExists } from './media/media.service';
import { publishedNewsExists } from './content/content.service';
import { productsRoutes } from './products/products.routes';
import { leadsRoutes } from './leads/leads.routes';
import { leadsStaffRoutes } from './staff/leads.routes';
import { studentsStaffRoutes } from './staff/students/students.routes';
import { loginRoutes } from './login/login.routes';
import { certificatesRoutes } from './certificates/certificates.routes';
import { captchaRoutes } from './captcha/captcha.routes';
import { smsRoutes } from './sms/sms.routes';
import { platformRoutes } from './platform/platform.routes';
import { mediaRoutes } from './media/media.routes';
import { schoolRoutes } from './school/school.routes';
import { schoolAdminRoutes } from './school/school.admin.routes';
import { classesRoutes } from './learning/classes/classes.routes';
import { messagesRoutes } from './messages/messages.routes';
import { messagesStaffRoutes } from './staff/messages/messages.admin.routes';
import { quickTestRoutes } from './staff/quick-tests/quick-tests.routes';
import { courseDetailRoutes } from './learning/course-detail/course-detail.routes';
import { thirdPartyRoutes } from './learning/third-party/third-party.routes';
import { classPageRoutes } from './learning/class-page/class-page.routes';
import { timetableRoutes } from './learning/timetable/timetable.routes';
import { interactionRoutes } from './learning/interaction/interaction.routes';
import { attendanceRoutes } from './learning/attendance/attendance.routes';
import { offlineClassroomRoutes } from './learning/offline-classroom-page/offline-classroom-page.routes';
import { onlineClassroomRoutes } from './learning/online-classroom/online-classroom.routes';
import { worksRoutes } from './exams/works/works.routes';
import { papersRoutes } from './exams/papers/papers.routes';
import { attemptsRoutes } from './exams/attempts/attempts.routes';
import { bankRoutes } from './exams/bank/bank.routes';
import { staffRoutes } from './staff/staff.routes';
import { contentAdminRoutes } from './content/content.admin.routes';
import { classesAdminRoutes } from './learning/classes/classes.admin.routes';
import { activitiesAdminRoutes } from './learning/activities/activities.admin.routes';
import { attendanceAdminRoutes } from './learning/attendance/attendance.admin.routes';
import { interactionAdminRoutes } from './learning/interaction/interaction.admin.routes';
import { progressAdminRoutes } from './learning/progress/progress.admin.routes';
import { certificatesAdminRoutes } from './certificates/certificates.admin.routes';
import { coursesAdminRoutes } from './learning/courses/courses.admin.routes';
import { markingRoutes } from './exams/marking/marking.routes';
import { questionsRoutes } from './exams/questions/questions.routes';
import { papersAdminRoutes } from './exams/papers/papers.admin.routes';
import { worksAdminRoutes } from './exams/works/works.admin.routes';
import { filesRoutes } from './storage/files.routes';
import { schoolSettingsRoutes } from './tenant/school-settings.routes';
import { productsAdminRoutes } from './products/products.admin.routes';
import { mediaAdminRoutes } from './media/media.admin.routes';
import { mediaLibraryRoutes } from './media-library/media-library.routes';
import { couponsAdminRoutes } from './leads/coupons.admin.routes';
import { jobsAdminRoutes } from './jobs/jobs.admin.routes';
import { dashboardRoutes } from './staff/dashboard/dashboard.routes';
import { errorStack } from './logger';

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * The API: one Hono app under /api, plus /healthz and /readyz. Every error becomes the
 * {code, data, message} envelope here and nowhere else.
 */
export function createApp(runtime: Runtime) {
  const app = new Hono<ApiEnv>();

  app.use('*', async (c, next) => {
    const own = c.req.routeIndex;
    const given = c.env?.requestId ?? c.req.header('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    c.set(
      'scope',
      createScope(runtime, {
        requestId,
        host: requestHost(fetchHeaders(c.req.raw.headers), runtime.config.TRUST_PROXY, () => new URL(c.req.url).host),
        ip: clientAddress(fetchHeaders(c.req.raw.headers), addressTrust(runtime.config), c.env?.ip ?? ''),
        headers: readClientHeaders(c.req.raw.headers),
      }),
    );
    c.header('X-Request-Id', requestId);
    await next();
    // The answer is counted by the route that made it (its path template: /api/admin/media/uploads/:id),
    // so every call, a protocol's own routes included, has its series; a path that names no call, one.
    noteRoute(c.req.routeIndex === own ? ROUTE_LABEL.apiNotFound : routePath(c));
    // Anything not marked public is never stored by a shared cache.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    setBaseHeaders(c.res.headers);
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const [up, media] = await Promise.all([pingDatabase(runtime.db), runtime.providers.mediaTools.status()]);
    // Missing media programs leave every other page and call working: said here, not a reason to take the instance out.
    const mediaTools = media.available ? 'ok' : 'missing';
    return c.json(up ? { status: 'ok', database: runtime.dbKind, mediaTools } : { status: 'unavailable', mediaTools }, up ? 200 : 503);
  });

  // The whole route tree: one router per domain, each serving its domain's contracts.
  const api = new Hono<ApiEnv>()
    .route('/', tenantRoutes)
    .route('/', schoolRoutes)
    .route('/', platformRoutes)
    .route('/', contentRoutes)
    .route('/', mediaRoutes)
    .route('/', engagementRoutes({ openMaterialExists, feedItemLikeBase, publishedNewsExists }))
    .route('/', productsRoutes)
    .route('/', smsRoutes)
    .route('/', leadsRoutes)
    .route('/', leadsStaffRoutes)
    .route('/', studentsStaffRoutes)
    .route('/', messagesStaffRoutes)
    .route('/', messagesRoutes)
    .route('/', identityRoutes)
    .route('/', loginRoutes)
    .route('/', captchaRoutes)
    .route('/', certificatesRoutes)
    .route('/', classesRoutes)
    .route('/', courseDetailRoutes)
    .route('/', thirdPartyRoutes)
    .route('/', classPageRoutes)
    .route('/', timetableRoutes)
    .route('/', interactionRoutes)
    .route('/', attendanceRoutes)
    .route('/', offlineClassroomRoutes)
    .route('/', onlineClassroomRoutes)
    .route('/', worksRoutes)
    .route('/', papersRoutes)
    .route('/', attemptsRoutes)
    .route('/', bankRoutes)
    .route('/', staffRoutes)
    .route('/', dashboardRoutes)
    .route('/', filesRoutes)
    .route('/', contentAdminRoutes)
    .route('/', schoolSettingsRoutes)
    .route('/', schoolAdminRoutes)
    .route('/', productsAdminRoutes)
    .route('/', mediaAdminRoutes)
    .route('/', mediaLibraryRoutes)
    .route('/', couponsAdminRoutes)
    .route('/', classesAdminRoutes);
  api.route('/', jobsAdminRoutes(runtime.jobKinds));
  api.route('/', activitiesAdminRoutes);
  api.route('/', attendanceAdminRoutes);
  api.route('/', interactionAdminRoutes);
  api.route('/', progressAdminRoutes);
  api.route('/', coursesAdminRoutes);
  api.route('/', certificatesAdminRoutes);
  api.route('/', markingRoutes);
  api.route('/', questionsRoutes);
  api.route('/', papersAdminRoutes);
  api.route('/', worksAdminRoutes);
  api.route('/', quickTestRoutes);
  app.route('/api', api);

  app.notFound((c) => c.json(fail(ErrorCode.NOT_FOUND, t('api.notFound')), 404));

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(fail(err.code, err.message), err.status as 200);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(fail(err.status, t('validation.invalid')), err.status);
    }
    // The client went away mid-request (a page left while its body was read): not a server fault.
    if (c.req.raw.signal?.aborted) {
      runtime.logger.info('client aborted', { requestId: c.var.scope?.requestId, path: c.req.path });
      return c.body(null, 499 as 400);
    }
    // The database is down or restarting, or a transaction met a statement its connection prepares again (a rolling
    // upgrade's migration, decision 118): the client may try again; the pool reconnects by itself.
    if (isDatabaseUnavailable(err) || isStaleStatement(err)) {
      // Every request meets it while the database is down: one line per interval, with the count left out.
      runtime.logger.repeating('warn', 'database unavailable', { requestId: c.var.scope?.requestId, path: c.req.path, error: err.message });
      c.header('Retry-After', '5');
      return c.json(fail(ErrorCode.UNAVAILABLE, t('api.internal')), 503);
    }
    runtime.logger.error('unhandled error', {
      requestId: c.var.scope?.requestId,
      path: c.req.path,
      error: errorStack(err),
    });
    return c.json(fail(ErrorCode.INTERNAL, t('api.internal')), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
