import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import { CATALOG_STATE, type CatalogResource, type CatalogState, type ResourceCalls } from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { Page } from '~/lib/paging';
import { setCsrfToken, staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, PageTitle, Section, TableBox, td, th, timeText } from '../shared';
import { ScheduleForm, useAction } from './form';

/**
 * The list-and-form screen every catalogue resource shares, driven by the resource's calls: search
 * by name, filter by state, a page of rows with edit, publish or take down, schedule, and delete
 * after a confirmation; the resource's own form in a dialog, saved as a draft or published. A
 * resource's island gives only its columns and its form's fields. The server decides and says why
 * it refuses.
 */

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

/** A row's place in its list (a common question may have none). */
export const seqColumn: Column<{ seq: number | null }> = { label: t('catalog.field.seq'), cell: (r) => r.seq ?? '' };

/** What a resource's form is given: the row being edited (null: a new one), and the save of its fields. */
export interface FormProps<T, I> {
  initial: T | null;
  /** Saves the fields (the screen adds the row's id), as a draft or published. */
  save: (fields: Omit<I, 'id' | 'state'>, state: CatalogState) => Promise<void>;
  onCancel: () => void;
}

/** What every catalogue row has: its id, its state and, for a scheduled draft, the time it is published. */
interface Row {
  id: string;
  state: CatalogState;
  scheduledAt: number | null;
}

interface ScreenProps<T extends Row, I> {
  me: StaffMe;
  /** The resource's calls, its screen's title and how a row is named (declared once with its contract). */
  resource: CatalogResource<T, I>;
  columns: Column<T>[];
  Form: (props: FormProps<T, I>) => ReactNode;
  /** Told each time the rows are asked for (a screen that shows counts of them elsewhere asks again). */
  onList?: () => void;
  /** Extra words under the title (what the public side shows of this type). */
  intro?: string;
  /** A label for the state cell besides draft/published (a coupon past its period: ended). */
  stateText?: (row: T) => string | null;
}

const PAGE_SIZE = 10;
/** How many of a resource a form's choice lists (a product's categories, a material's album category). */
export const CHOICES_SIZE = 100;
const KEYWORD_MAX = 64;

export const stateLabel = (state: CatalogState) => t(state === CATALOG_STATE.PUBLISHED ? 'catalog.state.published' : 'catalog.state.draft');
/** A row's state as the list shows it: a scheduled draft with its time. */
const rowStateLabel = (row: Row) => (row.scheduledAt !== null ? t('catalog.scheduledAt', { time: timeText(row.scheduledAt) }) : stateLabel(row.state));

interface Query {
  keyword: string;
  /** One row by its id: the row a link names (?id=, from the audit log), until the next search. */
  id?: string | undefined;
  state: '' | CatalogState;
  current: number;
}

/** The page of rows the query asks for, asked again by load(). */
function useRows<T extends Row, I>(calls: ResourceCalls<T, I>, onList: (() => void) | undefined) {
  const [query, setQuery] = useState<Query>({ keyword: '', state: '', current: 1 });
  const [page, setPage] = useState<Page<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Only the latest request's answer is shown: a slower earlier one (the list before a link's row was asked for) is dropped.
  const latest = useRef(0);
  const load = useCallback(() => {
    const asked = ++latest.current;
    setError(null);
    onList?.();
    const one = query.id ? { id: query.id } : {};
    staffSend(calls.list, { keyword: query.keyword, ...one, state: query.state, current: query.current, size: PAGE_SIZE }).then(
      (found) => asked === latest.current && setPage(found),
      (e: unknown) => asked === latest.current && setError(e instanceof Error ? e.message : t('common.systemBusy')),
    );
  }, [calls, onList, query]);
  useEffect(() => load(), [load]);
  return { query, setQuery, page, error, load };
}

export function CatalogScreen<T extends Row, I>(p: ScreenProps<T, I>) {
  setCsrfToken(p.me.csrfToken);
  const { calls, nameOf } = p.resource;
  const title = t(`catalog.title.${p.resource.screen}`);
  const rows = useRows(calls, p.onList);
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [scheduling, setScheduling] = useState<T | null>(null);
  // The row a link names (?id=, from the audit log): opened for editing once a page holding it is shown.
  const [linked, setLinked] = useState<string | null>(null);
  useEffect(() => {
    const id = new URLSearchParams(location.search).get('id');
    setLinked(id);
    if (id) rows.setQuery((q) => ({ ...q, id }));
  }, [rows.setQuery]);
  useEffect(() => {
    const row = linked ? rows.page?.records.find((r) => r.id === linked) : undefined;
    if (!row) return;
    setLinked(null);
    setEditing({ row });
  }, [linked, rows.page]);

  const save = (row: T | null) => async (fields: Omit<I, 'id' | 'state'>, state: CatalogState) => {
    await staffSend(calls.save, { ...(row ? { id: row.id } : {}), ...fields, state } as I);
    setEditing(null);
    toast(t('catalog.saved'), 'success');
    rows.load();
  };
  const schedule = (row: T) => async (publishAt: string) => {
    const scheduled = await staffSend(calls.schedule, { publishAt }, { params: { id: row.id } });
    setScheduling(null);
    toast(t('catalog.scheduled', { time: timeText(scheduled.scheduledAt) }), 'success');
    rows.load();
  };

  return (
    <div>
      <PageTitle>{title}</PageTitle>
      {p.intro ? <p className="-mt-3 mb-4 text-sm text-slate-600">{p.intro}</p> : null}
      <Section
        title={title}
        actions={
          <Button kind="primary" onClick={() => setEditing({ row: null })}>
            {t('catalog.create')}
          </Button>
        }
      >
        <SearchForm query={rows.query} onQuery={rows.setQuery} />
        {!rows.page ? (
          <LoadState error={rows.error} onRetry={rows.load} />
        ) : (
          <>
            <RowsTable {...p} title={title} rows={rows.page.records} reload={rows.load} onEdit={(row) => setEditing({ row })} onSchedule={setScheduling} />
            <CatalogPager page={rows.page} current={rows.query.current} onPage={(current) => rows.setQuery({ ...rows.query, current })} />
          </>
        )}
      </Section>
      <Modal open={scheduling !== null} title={scheduling ? t('catalog.scheduleTitle', { name: nameOf(scheduling) }) : ''} onClose={() => setScheduling(null)}>
        {scheduling ? <ScheduleForm initial={scheduling.scheduledAt} onCancel={() => setScheduling(null)} save={schedule(scheduling)} /> : null}
      </Modal>
      <Modal
        open={editing !== null}
        title={editing?.row ? t('catalog.editing', { name: nameOf(editing.row) }) : t('catalog.creating', { type: title })}
        onClose={() => setEditing(null)}
      >
        {editing ? <p.Form initial={editing.row} onCancel={() => setEditing(null)} save={save(editing.row)} /> : null}
      </Modal>
    </div>
  );
}

/** Search by part of the name (on submit) and filter by state (at once); either goes back to the first page. */
function SearchForm({ query, onQuery }: { query: Query; onQuery: (q: Query) => void }) {
  const searchId = useId();
  const stateId = useId();
  const [keyword, setKeyword] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    onQuery({ ...query, keyword: keyword.trim(), id: undefined, current: 1 });
  };
  return (
    <form onSubmit={search} className="mb-4 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor={searchId} className="mb-1 block text-sm text-slate-700">
          {t('catalog.searchLabel')}
        </label>
        <input id={searchId} type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} maxLength={KEYWORD_MAX} className={inputClass(false)} />
      </div>
      <div>
        <label htmlFor={stateId} className="mb-1 block text-sm text-slate-700">
          {t('catalog.field.state')}
        </label>
        <select
          id={stateId}
          value={String(query.state)}
          onChange={(e) => onQuery({ ...query, state: e.target.value === '' ? '' : (Number(e.target.value) as CatalogState), id: undefined, current: 1 })}
          className={inputClass(false)}
        >
          <option value="">{t('catalog.state.all')}</option>
          <option value={CATALOG_STATE.DRAFT}>{t('catalog.state.draft')}</option>
          <option value={CATALOG_STATE.SCHEDULED}>{t('catalog.state.scheduled')}</option>
          <option value={CATALOG_STATE.PUBLISHED}>{t('catalog.state.published')}</option>
        </select>
      </div>
      <Button type="submit">{t('catalog.search')}</Button>
    </form>
  );
}

interface RowsProps<T extends Row, I> extends ScreenProps<T, I> {
  title: string;
  rows: T[];
  reload: () => void;
  onEdit: (row: T) => void;
  onSchedule: (row: T) => void;
}

/** The page's rows: the resource's columns, the state, and each row's actions. */
function RowsTable<T extends Row, I>(p: RowsProps<T, I>) {
  return (
    <TableBox label={p.title}>
      <thead>
        <tr>
          {[...p.columns.map((c) => c.label), t('catalog.field.state'), t('catalog.field.actions')].map((label) => (
            <th key={label} scope="col" className={th}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {p.rows.length === 0 ? (
          <tr>
            <td className={td} colSpan={p.columns.length + 2}>
              {t('catalog.empty')}
            </td>
          </tr>
        ) : (
          p.rows.map((row) => (
            <tr key={row.id}>
              {p.columns.map((c) => (
                <td key={c.label} className={td}>
                  {c.cell(row)}
                </td>
              ))}
              <td className={td}>{p.stateText?.(row) ?? rowStateLabel(row)}</td>
              <td className={td}>
                <RowActions {...p} row={row} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </TableBox>
  );
}

/** A row's actions: edit, publish or take down, schedule (a draft), delete after a confirmation. */
function RowActions<T extends Row, I>({ row, resource: { calls, nameOf }, reload, onEdit, onSchedule }: RowsProps<T, I> & { row: T }) {
  const action = useAction();
  const { busy } = action;
  const act = async (run: () => Promise<unknown>, done: string) => {
    if (await action.act(run, done)) reload();
  };
  const published = row.state === CATALOG_STATE.PUBLISHED;
  const params = { params: { id: row.id } };
  const toggle = () =>
    published
      ? act(() => staffSend(calls.state, { state: CATALOG_STATE.DRAFT }, params), t('catalog.unpublished'))
      : act(() => staffSend(calls.state, { state: CATALOG_STATE.PUBLISHED }, params), t('catalog.published'));
  async function remove() {
    if (!(await confirmDialog(t('catalog.confirmDelete', { name: nameOf(row) }), t('catalog.confirmDeleteTitle')))) return;
    await act(() => staffSend(calls.delete, {}, params), t('catalog.deleted'));
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => onEdit(row)} disabled={busy}>
        {t('catalog.edit')}
      </Button>
      <Button onClick={() => void toggle()} disabled={busy}>
        {published ? t('catalog.unpublish') : t('catalog.publish')}
      </Button>
      {published ? null : (
        <Button onClick={() => onSchedule(row)} disabled={busy}>
          {t('catalog.schedule')}
        </Button>
      )}
      <Button kind="danger" onClick={() => void remove()} disabled={busy}>
        {t('catalog.delete')}
      </Button>
    </div>
  );
}

/** The total and the pages; `current` is the page asked for (the server's answer shows which it gave). */
function CatalogPager({ page, current, onPage }: { page: Page<unknown>; current: number; onPage: (current: number) => void }) {
  return (
    <nav aria-label={t('admin.pager')} className="mt-3 flex items-center gap-3 text-sm">
      <span>{t('catalog.total', { total: page.total })}</span>
      <Button onClick={() => onPage(current - 1)} disabled={current <= 1}>
        {t('admin.prev')}
      </Button>
      <span>
        {page.current} / {Math.max(page.pages, 1)}
      </span>
      <Button onClick={() => onPage(current + 1)} disabled={current >= page.pages}>
        {t('admin.next')}
      </Button>
    </nav>
  );
}
