import type { ReactNode } from 'react';
import type { Page } from '~/lib/paging';
import { Button, LINK_BUTTON, LoadState, Pager, TableBox, td, th } from '../shared';

/**
 * A list's table with its columns declared as data, and the states around it: loading or
 * refused (with 重试), nothing to show (the screen's own words), or the rows and, for a paged
 * list, 上一页 / 下一页 under them.
 */
export interface Column<T> {
  header: ReactNode;
  /** The row's cell; `index` and `rows`: its place in the rows shown (an ordered list's 序号, 上移 and 下移). */
  cell: (row: T, index: number, rows: readonly T[]) => ReactNode;
  /** Extra classes of the column's cells (a width, no wrapping). */
  className?: string;
}

interface TableProps<T> {
  /** The table's name for assistive technology (the region that scrolls sideways). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** A row's React key; a row with an `id` is keyed by it unless told. */
  rowKey?: (row: T) => string;
  /** Attributes a row carries (data-… hooks the screen's scripts or tests find it by). */
  rowProps?: (row: T) => Record<`data-${string}`, string>;
}

/** Rows without an `id` must say how they are keyed (a generic row says it too: its `id` is not known yet). */
type Keyed<T> = { rowKey: (row: T) => string } | (T extends { id: string } ? { rowKey?: undefined } : never);

const idOf = (row: unknown) => (row as { id: string }).id;

export function DataTable<T>({ label, columns, rows, rowKey = idOf, rowProps }: TableProps<T> & Keyed<T>) {
  return (
    <TableBox label={label}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            // The headers are the column's words; their order is the table's, never reordered.
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are declared once and never move.
            <th key={i} scope="col" className={c.className ? `${th} ${c.className}` : th}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <td key={i} className={c.className ? `${td} ${c.className}` : td}>
                {c.cell(row, index, rows)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

/** What a list screen's hook gives the view: the answer (null while loading), the refusal, and a retry. */
interface Loaded<P> {
  data: P | null;
  error: string | null;
  reload: () => void;
}

type Rows<T> = Page<T> | readonly T[];
const rowsOf = <T,>(data: Rows<T>): readonly T[] => ('records' in data ? data.records : data);
/** The row type of a list's answer (a page of rows, or all of them). */
type RowOf<P> = P extends Page<infer T> ? T : P extends readonly (infer T)[] ? T : never;

interface StatesProps<P> {
  list: Loaded<P>;
  empty: string;
  onPage?: (current: number) => void;
}

/**
 * A list's states around however its rows are shown (a table, cards): LoadState while loading or
 * refused, the `empty` words when there is nothing, else `show(rows)` and (a page of a longer
 * list) the pager asking `onPage`.
 */
export function ListStates<P extends Rows<unknown>>({ list, empty, onPage, show }: StatesProps<P> & { show: (rows: readonly RowOf<P>[]) => ReactNode }) {
  if (!list.data) return <LoadState error={list.error} onRetry={list.reload} />;
  const rows = rowsOf(list.data) as readonly RowOf<P>[];
  if (rows.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <>
      {show(rows)}
      {onPage && 'records' in list.data && <Pager page={list.data} onPage={onPage} />}
    </>
  );
}

/** How a list's table is shown, without its rows (they come from its answer). */
type TableOf<P extends Rows<unknown>> = Omit<TableProps<RowOf<P>>, 'rows' | 'rowKey'> &
  Keyed<RowOf<P>> & {
    empty: string;
    /** Shown under the table (a note about the rows). */
    children?: ReactNode;
  };

type ViewProps<P extends Rows<unknown>> = TableOf<P> & StatesProps<P>;

/** A list as a screen shows it: its states (ListStates) around the table of its rows. */
export function ListView<P extends Rows<unknown>>({ list, empty, onPage, children, ...table }: ViewProps<P>) {
  return (
    <ListStates<P>
      list={list}
      empty={empty}
      onPage={onPage}
      show={(rows) => (
        <>
          <DataTable<RowOf<P>> {...(table as TableProps<RowOf<P>> & Keyed<RowOf<P>>)} rows={rows} />
          {children}
        </>
      )}
    />
  );
}

/** A paged list screen's query: which page it asks for. */
interface PagedQuery {
  current?: number;
}

/**
 * A list screen's page of rows (useListScreen over Page<T>) in its table, with the pager: another
 * page asks the same query (the filters kept) for that page.
 */
export function PagedList<P extends Page<unknown>, Q extends PagedQuery>(props: TableOf<P> & { list: Loaded<P> & { query: Q; go: (q: Q) => void } }) {
  const { list } = props;
  return <ListView<P> {...props} onPage={(current) => list.go({ ...list.query, current })} />;
}

/**
 * One of a row's actions: a button, or a link to another screen (`href`); `when` false: not shown
 * for this row; `disabled`: shown but not usable here (the first row cannot move up).
 */
export type RowAction = {
  label: ReactNode;
  when?: boolean;
} & ({ kind?: 'plain' | 'danger' | 'primary'; onClick: () => void; disabled?: boolean } | { href: string });

/**
 * A row's actions side by side, the buttons disabled while one of the row's actions runs. With
 * `name`, each says whose it is to assistive technology (a list of 编辑 buttons is told apart by it).
 */
export function RowActions({
  actions,
  busy,
  name,
  className = 'flex flex-wrap gap-2',
}: {
  actions: readonly RowAction[];
  busy?: boolean;
  name?: string;
  className?: string;
}) {
  const shown = actions.filter((a) => a.when !== false);
  if (shown.length === 0) return null;
  const words = (a: RowAction) =>
    name === undefined ? (
      a.label
    ) : (
      <>
        {a.label}
        <span className="sr-only"> {name}</span>
      </>
    );
  return (
    <span className={className}>
      {shown.map((a, i) =>
        'href' in a ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's actions are declared in a fixed order.
          <a key={i} className={`${LINK_BUTTON} text-sm`} href={a.href}>
            {words(a)}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Button key={i} kind={a.kind} disabled={busy || a.disabled} onClick={a.onClick}>
            {words(a)}
          </Button>
        ),
      )}
    </span>
  );
}
