import { useRef, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-content';
import * as api from '~/lib/api/contracts/admin-content';
import type { AdminNewsSummary, AdminNoticeSummary, ArticleState } from '~/lib/api/contracts/admin-content';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { Page } from '~/lib/paging';
import type { Call } from '~/lib/api/contract';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { PagerButtons } from '../../shared/PagerButtons';
import { Button, LoadState, PageTitle, Section, TableBox, td, th, timeText, useLoaded } from '../shared';
import { STATES, StateBadge, failed, stateLabel } from './shared';
import { CategoriesSection } from './CategoriesSection';

/**
 * The news list (/admin/news, with the categories below) or the notice list (/admin/notices):
 * search by title, filter by state (and category), page through; publish, withdraw or delete a
 * row (deleting asks first); write a new one or open one in the editor.
 */

type Kind = 'news' | 'notice';
type Row = AdminNewsSummary | AdminNoticeSummary;
const PAGE_SIZE = 10;

const CALLS = {
  news: { page: api.adminNewsPage, publish: api.adminNewsPublish, unpublish: api.adminNewsUnpublish, remove: api.adminNewsDelete, edit: '/admin/news/edit' },
  notice: {
    page: api.adminNoticePage,
    publish: api.adminNoticePublish,
    unpublish: api.adminNoticeUnpublish,
    remove: api.adminNoticeDelete,
    edit: '/admin/notices/edit',
  },
} as const;

export default function ArticleListIsland({ me, kind }: { me: StaffMe; kind: Kind }) {
  setCsrfToken(me.csrfToken);
  const calls = CALLS[kind];
  const [typed, setTyped] = useState('');
  // The list's query, read by the loader when it runs; the counter re-renders the filters.
  const queryRef = useRef<{ title: string; state: ArticleState | ''; categorizeId: string; current: number }>({
    title: '',
    state: '',
    categorizeId: '',
    current: 1,
  });
  const [, rerender] = useState(0);
  const query = queryRef.current;
  const categories = useLoaded(() => (kind === 'news' ? staffSend(api.adminCategories, {}) : Promise.resolve([])));
  const list = useLoaded<Page<Row>>(() => {
    const q = queryRef.current;
    return staffSend(calls.page as typeof api.adminNewsPage, {
      current: q.current,
      size: PAGE_SIZE,
      title: q.title,
      ...(q.state ? { state: q.state } : {}),
      ...(kind === 'news' && q.categorizeId ? { categorizeId: q.categorizeId } : {}),
    });
  });
  const [busy, setBusy] = useState<string | null>(null);
  const reloadWith = (next: Partial<typeof query>) => {
    queryRef.current = { ...queryRef.current, ...next };
    rerender((n) => n + 1);
    list.reload();
  };

  async function act(row: Row, run: () => Promise<unknown>, done: string) {
    setBusy(row.id);
    try {
      await run();
      toast(done, 'success');
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
      list.reload();
    }
  }

  const remove = async (row: Row) => {
    if (!(await confirmDialog(t('adminContent.confirmDelete', { title: row.title })))) return;
    await act(row, () => staffSend(calls.remove, {}, { params: { id: row.id } }), t('adminContent.deleted'));
  };
  const title = kind === 'news' ? t('adminContent.news') : t('adminContent.notices');
  const searchId = `${kind}-search`;

  return (
    <div>
      <PageTitle>{title}</PageTitle>
      <Section
        title={title}
        actions={
          <a href={calls.edit} className="rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-dark">
            {kind === 'news' ? t('adminContent.newNews') : t('adminContent.newNotice')}
          </a>
        }
      >
        <form
          aria-label={t('adminContent.search')}
          className="mb-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            reloadWith({ title: typed.trim(), current: 1 });
          }}
        >
          <div>
            <label htmlFor={searchId} className="mb-1 block text-sm text-slate-700">
              {t('adminContent.searchTitle')}
            </label>
            <input id={searchId} type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} className={inputClass(false)} />
          </div>
          <div>
            <label htmlFor={`${kind}-state`} className="mb-1 block text-sm text-slate-700">
              {t('adminContent.col.state')}
            </label>
            <select
              id={`${kind}-state`}
              value={query.state}
              onChange={(e) => reloadWith({ state: e.target.value as ArticleState | '', current: 1 })}
              className={inputClass(false)}
            >
              <option value="">{t('adminContent.allStates')}</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {stateLabel(s)}
                </option>
              ))}
            </select>
          </div>
          {kind === 'news' ? (
            <div>
              <label htmlFor="news-category" className="mb-1 block text-sm text-slate-700">
                {t('adminContent.col.category')}
              </label>
              <select
                id="news-category"
                value={query.categorizeId}
                onChange={(e) => reloadWith({ categorizeId: e.target.value, current: 1 })}
                className={inputClass(false)}
              >
                <option value="">{t('adminContent.allCategories')}</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button type="submit" kind="primary">
            {t('adminContent.search')}
          </Button>
        </form>
        {!list.data ? (
          <LoadState error={list.error} onRetry={list.reload} />
        ) : list.data.records.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t('adminContent.empty')}</p>
        ) : (
          <>
            <TableBox label={title}>
              <thead>
                <tr>
                  <th className={th}>{t('adminContent.col.title')}</th>
                  <th className={th}>{kind === 'news' ? t('adminContent.col.category') : t('adminContent.col.writer')}</th>
                  <th className={th}>{t('adminContent.col.state')}</th>
                  <th className={th}>{t('adminContent.col.publishAt')}</th>
                  <th className={th}>{t('adminContent.col.updatedAt')}</th>
                  <th className={th}>{t('adminContent.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.records.map((row) => (
                  <tr key={row.id}>
                    <td className={td}>
                      <a href={`${calls.edit}?id=${encodeURIComponent(row.id)}`} className="font-medium text-brand hover:underline">
                        {row.title}
                      </a>
                    </td>
                    <td className={td}>{'categories' in row ? row.categories.map((c) => c.name).join('、') : (row.writerName ?? '')}</td>
                    <td className={td}>
                      <StateBadge state={row.state} />
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{row.state === 'draft' ? '' : timeText(row.publishAt)}</td>
                    <td className={`${td} whitespace-nowrap`}>{timeText(row.updatedAt)}</td>
                    <td className={td}>
                      <div className="flex flex-wrap gap-2">
                        {row.state !== 'published' ? (
                          <Button
                            disabled={busy === row.id}
                            onClick={() =>
                              void act(
                                row,
                                () => staffSend(calls.publish as Call<Record<string, never>, unknown>, {}, { params: { id: row.id } }),
                                t('adminContent.published'),
                              )
                            }
                          >
                            {t('adminContent.publishNow')}
                          </Button>
                        ) : null}
                        {row.state === 'published' || row.state === 'scheduled' ? (
                          <Button
                            disabled={busy === row.id}
                            onClick={() =>
                              void act(
                                row,
                                () => staffSend(calls.unpublish as Call<Record<string, never>, unknown>, {}, { params: { id: row.id } }),
                                t('adminContent.withdrawnDone'),
                              )
                            }
                          >
                            {row.state === 'published' ? t('adminContent.unpublish') : t('adminContent.cancelSchedule')}
                          </Button>
                        ) : null}
                        <Button kind="danger" disabled={busy === row.id} onClick={() => void remove(row)}>
                          {t('adminContent.delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <p className="mt-3 text-sm text-muted">{t('adminContent.total', { total: list.data.total })}</p>
            <PagerButtons label={title} current={list.data.current} pages={list.data.pages} onChange={(current) => reloadWith({ current })} />
          </>
        )}
      </Section>
      {kind === 'news' ? <CategoriesSection categories={categories} /> : null}
    </div>
  );
}
