import type { ReactNode } from 'react';
import { Button } from '../shared';
import { DataTable, type Column } from './DataTable';

/**
 * A run that is checked before it is applied (a CSV import, certificates for a pass): checking
 * answers a report of what applying would do; applying is possible once a report says what it
 * would do and has not been applied yet.
 */
export function CheckButtons({
  ready,
  busy,
  report,
  run,
  check,
  apply,
}: {
  /** Whether there is something to check (a file picked, a test chosen). */
  ready: boolean;
  busy: boolean;
  report: { applied: boolean } | null;
  run: (apply: boolean) => Promise<void>;
  check: string;
  apply: string;
}) {
  return (
    <>
      <Button disabled={busy || !ready} onClick={() => void run(false)}>
        {check}
      </Button>
      <Button kind="primary" disabled={busy || !ready || !report || report.applied} onClick={() => void run(true)}>
        {apply}
      </Button>
    </>
  );
}

/** A checked or applied run's report: what it found, said as a status, then its rows. */
export function RunReport<R>({
  status,
  label,
  rows,
  rowKey,
  columns,
}: {
  status: ReactNode;
  label: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: readonly Column<R>[];
}) {
  return (
    <div className="mt-4">
      <p className="mb-2 text-sm font-medium" role="status">
        {status}
      </p>
      <DataTable label={label} rows={rows} rowKey={rowKey} columns={columns} />
    </div>
  );
}

/**
 * A CSV import's help and its template to download: the template carries a BOM so that Excel
 * opens the UTF-8 file with its Chinese intact.
 */
export function CsvHelp({ help, template, fileName, link }: { help: string; template: string; fileName: string; link: string }) {
  return (
    <p className="mb-3 text-sm text-muted">
      {help}{' '}
      <a className="text-brand underline" href={`data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${template}`)}`} download={fileName}>
        {link}
      </a>
    </p>
  );
}
