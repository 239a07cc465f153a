import type { ReactNode } from 'react';
import type { Page } from '~/lib/paging';
import { PagerButtons } from '~/islands/shared/PagerButtons';
import { Empty } from './Empty';
import { LoadShown } from './page';
import type { Load } from './use-load';

interface Props {
  /** Nothing to list at all (not merely on this page). */
  none: boolean;
  /** The list's empty text. */
  empty: string;
  /** The pager's accessible name. */
  pager: string;
  current: number;
  pages: number;
  onPage: (page: number) => void;
  /** This page's items. */
  children: ReactNode;
}

/** A list shown a page at a time: its empty text when there is nothing, else the page's items with the pager under them. */
export function Paged({ none, empty, pager, current, pages, onPage, children }: Props) {
  if (none) return <Empty text={empty} />;
  return (
    <>
      {children}
      <PagerButtons label={pager} current={current} pages={pages} onChange={onPage} />
    </>
  );
}

interface LoadedPageProps<T> {
  /** The server's answer for the page asked for. */
  load: Load<Page<T>>;
  onRetry: () => void;
  /** The page asked for: the pager shows it while the answer names none (0). */
  page: number;
  onPage: (page: number) => void;
  empty: string;
  pager: string;
  /** Shown while loading (grey rows by default). */
  placeholder?: ReactNode;
  rows?: number;
  /** The page's records. */
  children: (records: T[]) => ReactNode;
}

/** A list the server pages: its load's place on the screen (LoadShown), then its records a page at a time (Paged). */
export function LoadedPage<T>({ load, onRetry, page, onPage, empty, pager, placeholder, rows, children }: LoadedPageProps<T>) {
  return (
    <LoadShown load={load} onRetry={onRetry} placeholder={placeholder} rows={rows}>
      {(data) => (
        <Paged none={data.records.length === 0} empty={empty} pager={pager} current={data.current || page} pages={data.pages} onPage={onPage}>
          {children(data.records)}
        </Paged>
      )}
    </LoadShown>
  );
}
