import { useEffect, useState, type ReactNode } from 'react';
import { Breadcrumb, MissingQuery } from './Breadcrumb';
import { LoadError } from './LoadError';
import { Skeleton } from './Skeleton';
import type { Load } from './use-load';

// The pieces every learner page shows its load with, in one module (one chunk for the pages that load them).

/**
 * The page's query, read from the address once hydrated (null before: the page's HTML is the same
 * for every student, class and lesson).
 */
export function usePageQuery<Q>(read: (params: URLSearchParams) => Q): Q | null {
  const [query, setQuery] = useState<Q | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; the address does not change under the page.
  useEffect(() => setQuery(read(new URLSearchParams(location.search))), []);
  return query;
}

/** The named parameters of the address as text, '' where one is missing (the page says which it needs). */
export function queryFields<K extends string>(params: URLSearchParams, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<K, string>;
}

interface LoadShownProps<T> {
  load: Load<T>;
  onRetry: () => void;
  /** Shown while loading (grey rows by default). */
  placeholder?: ReactNode;
  rows?: number;
  children: (data: T) => ReactNode;
}

/** A load's place on the screen: grey rows while it loads, its failure with a retry, then what its data shows. */
export function LoadShown<T>({ load, onRetry, placeholder, rows, children }: LoadShownProps<T>) {
  if (load.state === 'loading') return placeholder ?? <Skeleton rows={rows} />;
  if (load.state === 'error') return <LoadError message={load.message} onRetry={onRetry} />;
  return children(load.data);
}

interface QueryPageProps<T> {
  /** The signed-in student: null until known (after hydration). */
  student: object | null;
  /** The page's query: null until read (after hydration); its class leads the breadcrumb back. */
  query: { classId: string } | null;
  /** The page's name, last in the breadcrumb. */
  title: string;
  /** The query names everything the page needs; else `missing` says where to come from. */
  complete: boolean;
  missing: string;
  load: Load<T>;
  onRetry: () => void;
  rows?: number;
  children: (data: T) => ReactNode;
}

/**
 * A learner page led by its query: grey rows until the student and the query are known, what is
 * missing from the query, else the breadcrumb (back to the query's class) over the page's load (LoadShown).
 */
export function QueryPage<T>({ student, query, title, complete, missing, load, onRetry, rows = 4, children }: QueryPageProps<T>) {
  if (!student || !query) return <Skeleton rows={rows} />;
  const crumbs = <Breadcrumb current={title} classId={query.classId} />;
  if (!complete) return <MissingQuery crumbs={crumbs} text={missing} />;
  return (
    <>
      {crumbs}
      <LoadShown load={load} onRetry={onRetry} rows={rows}>
        {children}
      </LoadShown>
    </>
  );
}
