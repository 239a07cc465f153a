/**
 * The CSV files staff download (consult leads, attendance…), pure (tests/unit/leads-csv.test.ts).
 * Spreadsheet programs open them as they are:
 * - UTF-8 with a byte-order mark, so Excel on Windows shows Chinese instead of guessing a code page;
 * - CRLF between records (RFC 4180), every record ended by one;
 * - a field is quoted when it holds a comma, a double quote, CR or LF, its quotes doubled;
 * - a field starting with = + - @ (or a tab or CR, which some programs skip before reading a
 *   formula) gets a leading apostrophe, so text someone typed (a visitor's message, a student's
 *   name) cannot become a formula that runs when staff open the file (CSV injection). The
 *   apostrophe shows; the text is otherwise intact.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the BOM, the header row, then one record per row, each ended by CRLF. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return CSV_BOM + [header, ...rows].map((r) => r.map(csvField).join(',') + CSV_EOL).join('');
}
