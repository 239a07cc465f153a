import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import { CATALOG_STATE, type CatalogListQuery, type CatalogState } from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import type { Page } from '~/lib/paging';
import { setCsrfToken } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { inputClass } from '../../shared/fields';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, PageTitle, Section, TableBox, td, th, timeText } from '../shared';
import { localInputValue } from '~/lib/time/cst';

/**
 * The list-and-form pattern every catalogue screen shares: search by name, filter by state, a
 * page of rows with edit, publish or take down, and delete after a confirmation; the type's own
 * form in a dialog, saved as a draft or published. The server decides and says why it refuses.
 */

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

export interface FormProps<T> {
  /** The row being edited, or null for a new one. */
  initial: T | null;
  onSaved: (row: T) => void;
  onCancel: () => void;
}

/** What every catalogue row has: its id, its state and, for a scheduled draft, the time it is published. */
interface Row {
  id: string;
  state: CatalogState;
  scheduledAt: number | null;
}

interface ScreenProps<T extends Row> {
  me: StaffMe;
  title: string;
  list: (q: CatalogListQuery) => Promise<Page<T>>;
  columns: Column<T>[];
  nameOf: (row: T) => string;
  setState: (id: string, state: CatalogState) => Promise<T>;
  remove: (id: string) => Promise<null>;
  /** Schedules a draft: the time as the API reads it, 'YYYY-MM-DD HH:mm' China Standard Time. */
  schedule: (id: string, publishAt: string) => Promise<T>;
  Form: (props: FormProps<T>) => ReactNode;
  /** Extra words under the title (what the public side shows of this type). */
  intro?: string;
  /** A label for the state cell besides draft/published (a coupon past its period: ended). */
  stateText?: (row: T) => string | null;
}

const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
const PAGE_SIZE = 10;

export const stateLabel = (state: CatalogState) => t(state === CATALOG_STATE.PUBLISHED ? 'catalog.state.published' : 'catalog.state.draft');
/** A row's state as the list shows it: a scheduled draft with its time. */
const rowStateLabel = (row: Row) => (row.scheduledAt !== null ? t('catalog.scheduledAt', { time: timeText(row.scheduledAt) }) : stateLabel(row.state));

export function CatalogScreen<T extends Row>(p: ScreenProps<T>) {
  setCsrfToken(p.me.csrfToken);
  const searchId = useId();
  const stateId = useId();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<{ keyword: string; state: '' | CatalogState; current: number }>({ keyword: '', state: '', current: 1 });
  const [page, setPage] = useState<Page<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [scheduling, setScheduling] = useState<T | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { list } = p;

  const load = useCallback(() => {
    setError(null);
    list({ keyword: query.keyword, state: query.state, current: query.current, size: PAGE_SIZE }).then(setPage, (e: unknown) =>
      setError(e instanceof Error ? e.message : t('common.systemBusy')),
    );
  }, [list, query]);
  useEffect(() => load(), [load]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ ...query, keyword: keyword.trim(), current: 1 });
  };

  async function act(row: T, run: () => Promise<unknown>, done: string) {
    setBusy(row.id);
    try {
      await run();
      toast(done, 'success');
      load();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  }

  async function remove(row: T) {
    if (!(await confirmDialog(t('catalog.confirmDelete', { name: p.nameOf(row) }), t('catalog.confirmDeleteTitle')))) return;
    await act(row, () => p.remove(row.id), t('catalog.deleted'));
  }

  const toggle = (row: T) =>
    row.state === CATALOG_STATE.PUBLISHED
      ? act(row, () => p.setState(row.id, CATALOG_STATE.DRAFT), t('catalog.unpublished'))
      : act(row, () => p.setState(row.id, CATALOG_STATE.PUBLISHED), t('catalog.published'));

  return (
    <div>
      <PageTitle>{p.title}</PageTitle>
      {p.intro ? <p className="-mt-3 mb-4 text-sm text-slate-600">{p.intro}</p> : null}
      <Section
        title={p.title}
        actions={
          <Button kind="primary" onClick={() => setEditing({ row: null })}>
            {t('catalog.create')}
          </Button>
        }
      >
        <form onSubmit={search} className="mb-4 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 sm:max-w-xs">
            <label htmlFor={searchId} className="mb-1 block text-sm text-slate-700">
              {t('catalog.searchLabel')}
            </label>
            <input id={searchId} type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} maxLength={64} className={inputClass(false)} />
          </div>
          <div>
            <label htmlFor={stateId} className="mb-1 block text-sm text-slate-700">
              {t('catalog.field.state')}
            </label>
            <select
              id={stateId}
              value={String(query.state)}
              onChange={(e) => setQuery({ ...query, state: e.target.value === '' ? '' : (Number(e.target.value) as CatalogState), current: 1 })}
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
        {!page ? (
          <LoadState error={error} onRetry={load} />
        ) : (
          <>
            <TableBox label={p.title}>
              <thead>
                <tr>
                  {p.columns.map((c) => (
                    <th key={c.label} scope="col" className={th}>
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className={th}>
                    {t('catalog.field.state')}
                  </th>
                  <th scope="col" className={th}>
                    {t('catalog.field.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.records.length === 0 ? (
                  <tr>
                    <td className={td} colSpan={p.columns.length + 2}>
                      {t('catalog.empty')}
                    </td>
                  </tr>
                ) : (
                  page.records.map((row) => (
                    <tr key={row.id}>
                      {p.columns.map((c) => (
                        <td key={c.label} className={td}>
                          {c.cell(row)}
                        </td>
                      ))}
                      <td className={td}>{p.stateText?.(row) ?? rowStateLabel(row)}</td>
                      <td className={td}>
                        <div className="flex flex-wrap gap-2">
                          <Button onClick={() => setEditing({ row })} disabled={busy === row.id}>
                            {t('catalog.edit')}
                          </Button>
                          <Button onClick={() => void toggle(row)} disabled={busy === row.id}>
                            {row.state === CATALOG_STATE.PUBLISHED ? t('catalog.unpublish') : t('catalog.publish')}
                          </Button>
                          {row.state === CATALOG_STATE.PUBLISHED ? null : (
                            <Button onClick={() => setScheduling(row)} disabled={busy === row.id}>
                              {t('catalog.schedule')}
                            </Button>
                          )}
                          <Button kind="danger" onClick={() => void remove(row)} disabled={busy === row.id}>
                            {t('catalog.delete')}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </TableBox>
            <nav aria-label={t('admin.pager')} className="mt-3 flex items-center gap-3 text-sm">
              <span>{t('catalog.total', { total: page.total })}</span>
              <Button onClick={() => setQuery({ ...query, current: query.current - 1 })} disabled={query.current <= 1}>
                {t('admin.prev')}
              </Button>
              <span>
                {page.current} / {Math.max(page.pages, 1)}
              </span>
              <Button onClick={() => setQuery({ ...query, current: query.current + 1 })} disabled={query.current >= page.pages}>
                {t('admin.next')}
              </Button>
            </nav>
          </>
        )}
      </Section>
      <Modal
        open={scheduling !== null}
        title={scheduling ? t('catalog.scheduleTitle', { name: p.nameOf(scheduling) }) : ''}
        onClose={() => setScheduling(null)}
      >
        {scheduling ? (
          <ScheduleForm
            initial={scheduling.scheduledAt}
            onCancel={() => setScheduling(null)}
            save={async (publishAt) => {
              const row = await p.schedule(scheduling.id, publishAt);
              setScheduling(null);
              toast(t('catalog.scheduled', { time: timeText(row.scheduledAt) }), 'success');
              load();
            }}
          />
        ) : null}
      </Modal>
      <Modal
        open={editing !== null}
        title={editing?.row ? t('catalog.editing', { name: p.nameOf(editing.row) }) : t('catalog.creating', { type: p.title })}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <p.Form
            initial={editing.row}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              toast(t('catalog.saved'), 'success');
              load();
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}

/** A catalogue form: its fields, the server's refusal, and saving as a draft or published. */
export function CatalogForm({ children, save, onCancel }: { children: ReactNode; save: (state: CatalogState) => Promise<void>; onCancel: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  async function run(state: CatalogState) {
    setBusy(true);
    setMessage(null);
    try {
      await save(state);
    } catch (e) {
      setMessage(e instanceof Error ? e.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void run(CATALOG_STATE.PUBLISHED);
      }}
    >
      {children}
      {message ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel} disabled={busy}>
          {t('catalog.cancel')}
        </Button>
        <Button onClick={() => void run(CATALOG_STATE.DRAFT)} disabled={busy}>
          {t('catalog.saveDraft')}
        </Button>
        <Button kind="primary" type="submit" disabled={busy}>
          {t('catalog.savePublish')}
        </Button>
      </div>
    </form>
  );
}

/** The time a draft is published at: a date and time (China Standard Time), checked by the server. */
function ScheduleForm({ initial, save, onCancel }: { initial: number | null; save: (publishAt: string) => Promise<void>; onCancel: () => void }) {
  const id = useId();
  const hintId = useId();
  const [when, setWhen] = useState(initial === null ? '' : localInputValue(initial));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await save(when.replace('T', ' '));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : t('common.systemBusy'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.scheduleField')}
        </label>
        <input id={id} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} aria-describedby={hintId} className={inputClass(false)} />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {t('catalog.scheduleHint')}
        </p>
      </div>
      {message ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel} disabled={busy}>
          {t('catalog.cancel')}
        </Button>
        <Button kind="primary" type="submit" disabled={busy}>
          {t('catalog.scheduleSave')}
        </Button>
      </div>
    </form>
  );
}

/** A labelled single-line input of a catalogue form. */
export function Field({
  label,
  value,
  onValue,
  type = 'text',
  maxLength,
  required = false,
  inputMode,
  step,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  type?: string;
  maxLength?: number;
  required?: boolean;
  inputMode?: 'numeric' | 'decimal' | 'text';
  step?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        inputMode={inputMode}
        step={step}
        aria-required={required || undefined}
        onChange={(e) => onValue(e.target.value)}
        className={inputClass(false)}
      />
    </div>
  );
}

/** Optional text as the server takes it: blank is none. */
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
