/**
 * Every metric of the portal, as docs/operations.md ("Monitoring") lists them: written out here,
 * not read from src/server/metrics.ts, so a metric dropped or renamed there fails the tests.
 */
export const PORTAL_METRICS = [
  'portal_http_requests_total',
  'portal_http_request_duration_seconds',
  'portal_render_cache_total',
  'portal_http_client_errors_total',
  'portal_exam_sweep_runs_total',
  'portal_exam_sweep_submitted_total',
  'portal_db_slow_queries_total',
  'portal_db_wal_pause_seconds',
  'portal_db_pool_connections',
  'portal_job_runs_total',
  'portal_password_checks_total',
  'portal_jobs',
  'portal_jobs_oldest_due_seconds',
] as const;
