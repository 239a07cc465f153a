import { useId, useState } from 'react';
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
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../shared/fields';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, td, th, timeText, usePaged } from './shared';

/**
 * The jobs screen (/admin/jobs, administrators): the school's background jobs, latest run time
 * first, filtered by state and kind, 20 a page; what each works on (linked to its edit screen),
 * its attempts and its last error in full; a failed job may be run again now, a queued one
 * cancelled. The server decides and says why it refuses. When the server cannot process video and
 * audio (no ffmpeg), a line above the list says so and what to do.
 */
const PAGE_SIZE = 20;
const KINDS = ['content.publish', 'catalog.publish', 'media.process'] as const;

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

const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');

export default function JobsIsland({ me, mediaTools }: { me: StaffMe; mediaTools: MediaToolsState }) {
  setCsrfToken(me.csrfToken);
  const stateId = useId();
  const kindId = useId();
  const paged = usePaged((q: AdminJobQuery) => staffSend(adminJobs, q), { state: '', kind: '', current: 1, size: PAGE_SIZE } as AdminJobQuery);
  const [busy, setBusy] = useState<string | null>(null);
  const q = paged.query;

  async function act(job: AdminJob, run: () => Promise<unknown>, done: string) {
    setBusy(job.id);
    try {
      await run();
      toast(done, 'success');
      paged.reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  }

  async function cancel(job: AdminJob) {
    if (!(await confirmDialog(t('jobs.confirmCancel')))) return;
    await act(job, () => staffSend(adminJobCancel, {}, { params: { id: job.id } }), t('jobs.cancelled'));
  }

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
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={stateId} className="mb-1 block text-sm text-slate-700">
              {t('jobs.filter.state')}
            </label>
            <select
              id={stateId}
              value={q.state ?? ''}
              onChange={(e) => paged.go({ ...q, state: e.target.value as AdminJobState | '', current: 1 })}
              className={inputClass(false)}
            >
              <option value="">{t('jobs.state.all')}</option>
              {ADMIN_JOB_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`jobs.state.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={kindId} className="mb-1 block text-sm text-slate-700">
              {t('jobs.filter.kind')}
            </label>
            <select id={kindId} value={q.kind ?? ''} onChange={(e) => paged.go({ ...q, kind: e.target.value, current: 1 })} className={inputClass(false)}>
              <option value="">{t('jobs.kind.all')}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`jobs.kind.${k}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {!paged.data ? (
          <LoadState error={paged.error} onRetry={paged.reload} />
        ) : (
          <>
            <TableBox label={t('jobs.title')}>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    {t('jobs.col.kind')}
                  </th>
                  <th scope="col" className={th}>
                    {t('jobs.col.item')}
                  </th>
                  <th scope="col" className={th}>
                    {t('jobs.col.runAt')}
                  </th>
                  <th scope="col" className={th}>
                    {t('jobs.col.state')}
                  </th>
                  <th scope="col" className={th}>
                    {t('jobs.col.attempts')}
                  </th>
                  <th scope="col" className={th}>
                    {t('jobs.col.error')}
                  </th>
                  <th scope="col" className={th}>
                    {t('jobs.col.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {paged.data.records.length === 0 ? (
                  <tr>
                    <td className={td} colSpan={7}>
                      {t('jobs.empty')}
                    </td>
                  </tr>
                ) : (
                  paged.data.records.map((job) => (
                    <tr key={job.id}>
                      <td className={td}>{kindLabel(job)}</td>
                      <td className={td}>
                        {job.item?.href ? (
                          <a href={job.item.href} className="font-medium text-brand hover:underline">
                            {job.item.title}
                          </a>
                        ) : job.item ? (
                          (job.item.title ?? t('jobs.itemGone'))
                        ) : null}
                      </td>
                      <td className={`${td} whitespace-nowrap`}>{timeText(job.runAt)}</td>
                      <td className={td}>
                        <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${STATE_LOOK[job.state]}`}>
                          {t(`jobs.state.${job.state}`)}
                        </span>
                      </td>
                      <td className={td}>
                        {job.attempts} / {job.maxAttempts}
                      </td>
                      <td className={`${td} max-w-md whitespace-pre-wrap break-words`}>{job.lastError ?? t('jobs.noError')}</td>
                      <td className={td}>
                        <div className="flex flex-wrap gap-2">
                          {job.state === 'failed' ? (
                            <Button
                              onClick={() => void act(job, () => staffSend(adminJobRetry, {}, { params: { id: job.id } }), t('jobs.retried'))}
                              disabled={busy === job.id}
                            >
                              {t('jobs.retry')}
                            </Button>
                          ) : null}
                          {job.state === 'queued' ? (
                            <Button kind="danger" onClick={() => void cancel(job)} disabled={busy === job.id}>
                              {t('jobs.cancel')}
                            </Button>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </TableBox>
            <Pager page={paged.data} onPage={(current) => paged.go({ ...q, current })} />
          </>
        )}
      </Section>
    </div>
  );
}
