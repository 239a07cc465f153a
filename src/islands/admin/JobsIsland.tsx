import { adminJobs as JOB_MESSAGES, t } from '~/lib/i18n/messages/admin-jobs';
import {
  ADMIN_JOB_STATES,
  adminJobCancel,
  adminJobRetry,
  adminJobs,
  type AdminJob,
  type AdminJobQuery,
  type AdminJobState,
  type MediaToolsState,
} from '~/lib/api/contracts/admin-jobs';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { PageTitle, Section, timeText } from './shared';
import { FilterBar, PagedList, RowActions, useListScreen, type Column, type FilterField } from './kit';

/**
 * The jobs screen (/admin/jobs, administrators): the school's background jobs, latest run time
 * first, filtered by state and kind, 20 a page; what each works on (linked to its edit screen),
 * its attempts and its last error in full; a failed job may be run again now, a queued one
 * cancelled. The server decides and says why it refuses. When the server cannot process video and
 * audio (no ffmpeg), a line above the list says so and what to do.
 */
const PAGE_SIZE = 20;
const KINDS = ['content.publish', 'catalog.publish', 'media.process', 'sms.send'] as const;

const STATE_LOOK: Record<AdminJobState, string> = {
  queued: 'bg-slate-100 text-slate-800',
  running: 'bg-blue-100 text-blue-900',
  done: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-100 text-slate-600',
};

/** The kind in words: what it does to which kind of thing when known (定时发布新闻), else the kind, else its name. */
function kindLabel(job: AdminJob): string {
  const specific = job.item ? `jobs.what.${job.kind}.${job.item.type}` : null;
  for (const key of [specific, `jobs.kind.${job.kind}`]) if (key && key in JOB_MESSAGES) return t(key as keyof typeof JOB_MESSAGES);
  return job.kind;
}

const STATE_OPTIONS = ADMIN_JOB_STATES.map((s) => [s, t(`jobs.state.${s}`)] as const);
const KIND_OPTIONS = KINDS.map((k) => [k, t(`jobs.kind.${k}`)] as const);
const BLANK = { state: '', kind: '' };
const FILTERS: FilterField<keyof typeof BLANK>[] = [
  { name: 'state', label: t('jobs.filter.state'), kind: 'select', any: t('jobs.state.all'), options: STATE_OPTIONS },
  { name: 'kind', label: t('jobs.filter.kind'), kind: 'select', any: t('jobs.kind.all'), options: KIND_OPTIONS },
];

/** What a job works on, linked to its edit screen when it has one. */
function ItemCell({ job }: { job: AdminJob }) {
  if (!job.item) return null;
  if (!job.item.href) return <>{job.item.title ?? t('jobs.itemGone')}</>;
  return (
    <a href={job.item.href} className="font-medium text-brand hover:underline">
      {job.item.title}
    </a>
  );
}

export default function JobsIsland({ me, mediaTools }: { me: StaffMe; mediaTools: MediaToolsState }) {
  setCsrfToken(me.csrfToken);
  const jobs = useListScreen((q: AdminJobQuery) => staffSend(adminJobs, q), { ...BLANK, current: 1, size: PAGE_SIZE } as AdminJobQuery);
  const params = (job: AdminJob) => ({ params: { id: job.id } });
  const columns: Column<AdminJob>[] = [
    { header: t('jobs.col.kind'), cell: kindLabel },
    { header: t('jobs.col.item'), cell: (job) => <ItemCell job={job} /> },
    { header: t('jobs.col.runAt'), cell: (job) => timeText(job.runAt), className: 'whitespace-nowrap' },
    {
      header: t('jobs.col.state'),
      cell: (job) => (
        <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${STATE_LOOK[job.state]}`}>
          {t(`jobs.state.${job.state}`)}
        </span>
      ),
    },
    { header: t('jobs.col.attempts'), cell: (job) => `${job.attempts} / ${job.maxAttempts}` },
    { header: t('jobs.col.error'), cell: (job) => job.lastError ?? t('jobs.noError'), className: 'max-w-md whitespace-pre-wrap break-words' },
    {
      header: t('jobs.col.actions'),
      cell: (job) => (
        <RowActions
          busy={jobs.busy === job.id}
          actions={[
            {
              label: t('jobs.retry'),
              when: job.state === 'failed',
              onClick: () => void jobs.act(job.id, { run: () => staffSend(adminJobRetry, {}, params(job)), done: t('jobs.retried') }),
            },
            {
              label: t('jobs.cancel'),
              kind: 'danger',
              when: job.state === 'queued',
              onClick: () =>
                void jobs.act(job.id, {
                  confirm: t('jobs.confirmCancel'),
                  run: () => staffSend(adminJobCancel, {}, params(job)),
                  done: t('jobs.cancelled'),
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div>
      <PageTitle>{t('jobs.title')}</PageTitle>
      <p className="-mt-3 mb-4 text-sm text-slate-600">{t('jobs.intro')}</p>
      {!mediaTools.available && (
        <section
          role="alert"
          aria-labelledby="jobs-media-tools"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <h2 id="jobs-media-tools" className="font-semibold">
            {t('jobs.mediaTools.title')}
          </h2>
          <p className="mt-1 leading-6">{t('jobs.mediaTools.body', { missing: mediaTools.missing.join('、') })}</p>
        </section>
      )}
      <Section title={t('jobs.title')}>
        <FilterBar
          idPrefix="jobs"
          apply="change"
          fields={FILTERS}
          blank={BLANK}
          onSearch={(v) => jobs.go({ ...jobs.query, state: v.state as AdminJobState | '', kind: v.kind, current: 1 })}
        />
        <PagedList list={jobs} label={t('jobs.title')} columns={columns} empty={t('jobs.empty')} />
      </Section>
    </div>
  );
}
