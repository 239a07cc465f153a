import { useRef, useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-content';
import * as api from '~/lib/api/contracts/admin-content';
import type { AdminCategory, AdminNewsSummary, AdminNoticeSummary, ArticleState } from '~/lib/api/contracts/admin-content';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { Page } from '~/lib/paging';
import { CONTENT_LIMITS } from '~/lib/forms/content';
import type { Call } from '~/lib/api/contract';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { PagerButtons } from '../../shared/PagerButtons';
import { Button, LoadState, PageTitle, Section, timeText, useLoaded } from '../shared';
import { DataTable, type OptionData, Options } from '../kit';
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

type Query = { title: string; state: ArticleState | ''; categorizeId: string; current: number };
type Calls = (typeof CALLS)[Kind];

/** Search by title, filter by state and (news) category. */
function ArticleFilter({
  kind,
  query,
  categories,
  onQuery,
}: {
  kind: Kind;
  query: Query;
  categories: readonly AdminCategory[];
  onQuery: (next: Partial<Query>) => void;
}) {
  const [typed, setTyped] = useState('');
  const searchId = `${kind}-search`;
  const select = (id: string, label: string, value: string, on: (v: string) => void, all: string, options: OptionData) => (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => on(e.target.value)} className={inputClass(false)}>
        <Options options={options} none={all} />
      </select>
    </div>
  );
  return (
    <form
      aria-label={t('adminContent.search')}
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onQuery({ title: typed.trim(), current: 1 });
      }}
    >
      <div>
        <label htmlFor={searchId} className="mb-1 block text-sm text-slate-700">
          {t('adminContent.searchTitle')}
        </label>
        <input
          id={searchId}
          type="search"
          value={typed}
          maxLength={CONTENT_LIMITS.titleMax}
          onChange={(e) => setTyped(e.target.value)}
          className={inputClass(false)}
        />
      </div>
      {select(
        `${kind}-state`,
        t('adminContent.col.state'),
        query.state,
        (v) => onQuery({ state: v as ArticleState | '', current: 1 }),
        t('adminContent.allStates'),
        STATES.map((s) => [s, stateLabel(s)] as const),
      )}
      {kind === 'news'
        ? select(
            'news-category',
            t('adminContent.col.category'),
            query.categorizeId,
            (v) => onQuery({ categorizeId: v, current: 1 }),
            t('adminContent.allCategories'),
            categories.map((c) => [c.id, c.name] as const),
          )
        : null}
      <Button type="submit" kind="primary">
        {t('adminContent.search')}
      </Button>
    </form>
  );
}

/** A row's publish, withdraw and delete buttons. */
function RowActions({
  row,
  calls,
  busy,
  act,
}: {
  row: Row;
  calls: Calls;
  busy: boolean;
  act: (row: Row, run: () => Promise<unknown>, done: string) => Promise<void>;
}) {
  const call = (c: Call<Record<string, never>, unknown>) => () => staffSend(c, {}, { params: { id: row.id } });
  const remove = async () => {
    if (!(await confirmDialog(t('adminContent.confirmDelete', { title: row.title })))) return;
    await act(row, call(calls.remove), t('adminContent.deleted'));
  };
  return (
    <div className="flex flex-wrap gap-2">
      {row.state !== 'published' ? (
        <Button disabled={busy} onClick={() => void act(row, call(calls.publish), t('adminContent.published'))}>
          {t('adminContent.publishNow')}
        </Button>
      ) : null}
      {row.state === 'published' || row.state === 'scheduled' ? (
        <Button disabled={busy} onClick={() => void act(row, call(calls.unpublish), t('adminContent.withdrawnDone'))}>
          {row.state === 'published' ? t('adminContent.unpublish') : t('adminContent.cancelSchedule')}
        </Button>
      ) : null}
      <Button kind="danger" disabled={busy} onClick={() => void remove()}>
        {t('adminContent.delete')}
      </Button>
    </div>
  );
}

function ArticleTable({ kind, title, rows, actions }: { kind: Kind; title: string; rows: readonly Row[]; actions: (row: Row) => ReactNode }) {
  const edit = CALLS[kind].edit;
  return (
    <DataTable
      label={title}
      rows={rows}
      columns={[
        {
          header: t('adminContent.col.title'),
          cell: (row) => (
            <a href={`${edit}?id=${encodeURIComponent(row.id)}`} className="font-medium text-brand hover:underline">
              {row.title}
            </a>
          ),
        },
        {
          header: kind === 'news' ? t('adminContent.col.category') : t('adminContent.col.writer'),
          cell: (row) => ('categories' in row ? row.categories.map((c) => c.name).join('、') : (row.writerName ?? '')),
        },
        { header: t('adminContent.col.state'), cell: (row) => <StateBadge state={row.state} /> },
        { header: t('adminContent.col.publishAt'), cell: (row) => (row.state === 'draft' ? '' : timeText(row.publishAt)), className: 'whitespace-nowrap' },
        { header: t('adminContent.col.updatedAt'), cell: (row) => timeText(row.updatedAt), className: 'whitespace-nowrap' },
        { header: t('adminContent.col.actions'), cell: actions },
      ]}
    />
  );
}

export default function ArticleListIsland({ me, kind }: { me: StaffMe; kind: Kind }) {
  setCsrfToken(me.csrfToken);
  const calls = CALLS[kind];
  // The list's query, read by the loader when it runs; the counter re-renders the filters.
  const queryRef = useRef<Query>({ title: '', state: '', categorizeId: '', current: 1 });
  const [, rerender] = useState(0);
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
  const reloadWith = (next: Partial<Query>) => {
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

  const title = kind === 'news' ? t('adminContent.news') : t('adminContent.notices');
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
        <ArticleFilter kind={kind} query={queryRef.current} categories={categories.data ?? []} onQuery={reloadWith} />
        {!list.data ? (
          <LoadState error={list.error} onRetry={list.reload} />
        ) : list.data.records.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t('adminContent.empty')}</p>
        ) : (
          <>
            <ArticleTable
              kind={kind}
              title={title}
              rows={list.data.records}
              actions={(row) => <RowActions row={row} calls={calls} busy={busy === row.id} act={act} />}
            />
            <p className="mt-3 text-sm text-muted">{t('adminContent.total', { total: list.data.total })}</p>
            <PagerButtons label={title} current={list.data.current} pages={list.data.pages} onChange={(current) => reloadWith({ current })} />
          </>
        )}
      </Section>
      {kind === 'news' ? <CategoriesSection categories={categories} /> : null}
    </div>
  );
}
