import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { inputClass } from '../shared/fields';
import { t } from '~/lib/i18n/messages/admin';
import type { Page } from '~/lib/paging';
import type { StaffRole, StaffStatus } from '~/lib/staff/roles';
import { STAFF_STATUS } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';

/** Pieces the staff screens share: headings, sections, buttons, loading, labels. */

export const roleLabel = (role: StaffRole) => t(`admin.role.${role}`);
export const statusLabel = (status: StaffStatus) => t(status === STAFF_STATUS.active ? 'admin.status.active' : 'admin.status.disabled');
export const timeText = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));

/** One label and value of a detail list (<dl>): a lead's, a student's. */
export const detailRow = (label: string, value: ReactNode) => (
  <div className="grid grid-cols-[6rem_1fr] gap-2 py-1">
    <dt className="text-muted">{label}</dt>
    <dd className="min-w-0 break-words">{value}</dd>
  </div>
);

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-5 text-2xl font-bold text-ink">{children}</h1>;
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-label={title}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A link that looks like a plain button (a way to another screen, not an action here). */
export const LINK_BUTTON = 'rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium text-brand-dark hover:bg-slate-50';

const BUTTON = {
  primary: 'bg-brand text-white hover:bg-brand-dark',
  plain: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
} as const;

export function Button({
  kind = 'plain',
  onClick,
  disabled,
  children,
  type = 'button',
}: {
  kind?: keyof typeof BUTTON;
  onClick?: () => void;
  disabled?: boolean;
  children: ReactNode;
  type?: 'button' | 'submit';
}) {
  return (
    <button type={type} onClick={onClick} disabled={disabled} className={`rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${BUTTON[kind]}`}>
      {children}
    </button>
  );
}

/** A table that scrolls sideways inside its box on a narrow screen instead of widening the page. */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A region that scrolls must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable).
    // `relative`: visually hidden header text (sr-only, absolutely placed) stays inside the box that scrolls instead of widening the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus is what lets keyboard users scroll it sideways.
    <section className="relative overflow-x-auto" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[640px] border-collapse text-left text-sm">{children}</table>
    </section>
  );
}

export const th = 'border-b border-slate-200 bg-slate-50 px-3 py-2 font-medium text-slate-700';
export const td = 'border-b border-slate-100 px-3 py-2 align-top';

/** Something loaded at once and again on demand: its value, the refusal's message, and a way to load it again. */
export function useLoaded<T>(load: () => Promise<T>): { data: T | null; error: string | null; reload: () => void; set: (v: T) => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  latest.current = load;
  const reload = useCallback(() => {
    setError(null);
    latest.current().then(setData, (e: unknown) => setError(e instanceof Error ? e.message : t('common.systemBusy')));
  }, []);
  useEffect(() => reload(), [reload]);
  return { data, error, reload, set: setData };
}

/** What a list shows while it loads or when loading failed. */
export function LoadState({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  if (!error) return <p className="py-4 text-sm text-muted">{t('common.loading')}</p>;
  return (
    <div role="alert" className="flex items-center gap-3 py-4 text-sm text-red-700">
      <span>
        {t('admin.loadFailed')}：{error}
      </span>
      <Button onClick={onRetry}>{t('admin.retry')}</Button>
    </div>
  );
}

/** A labelled input that may stay empty (the shared TextField marks its input required). */
export function OptionalField({
  id,
  label,
  error,
  value,
  onValue,
  ...input
}: { id: string; label: string; error: string | undefined; value: string; onValue: (v: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange'
>) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass(!!error)}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A list loaded page by page: the query asked for, its page (null while loading), the refusal's
 * message, a way to ask another query, and to put a changed row in place.
 */
export function usePaged<Q, P extends Page<unknown>>(load: (q: Q) => Promise<P>, initial: Q) {
  const [query, setQuery] = useState<Q>(initial);
  const [data, setData] = useState<P | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let live = true;
    setError(null);
    latest.current(query).then(
      (p) => live && setData(p),
      (e: unknown) => live && setError(e instanceof Error ? e.message : t('common.systemBusy')),
    );
    return () => {
      live = false;
    };
  }, [query]);
  return {
    query,
    data,
    error,
    go: (next: Q) => setQuery(next),
    reload: () => setQuery((q) => ({ ...q })),
    set: setData,
  };
}

/** 上一页 / 第 n / m 页 / 下一页 under a list. */
export function Pager({ page, onPage }: { page: Pick<Page<unknown>, 'current' | 'pages' | 'total'>; onPage: (current: number) => void }) {
  return (
    <nav aria-label={t('admin.pager')} className="mt-4 flex flex-wrap items-center justify-end gap-3 text-sm">
      <span className="text-muted">{t('admin.audit.total', { n: page.total })}</span>
      <Button disabled={page.current <= 1} onClick={() => onPage(page.current - 1)}>
        {t('admin.prev')}
      </Button>
      <span>{t('admin.audit.page', { current: page.current, pages: Math.max(1, page.pages) })}</span>
      <Button disabled={page.current >= page.pages} onClick={() => onPage(page.current + 1)}>
        {t('admin.next')}
      </Button>
    </nav>
  );
}

export const fieldClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
