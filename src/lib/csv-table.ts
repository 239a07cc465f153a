/**
 * Spreadsheet files (CSV) as the staff imports read them: records split by RFC 4180, then a table
 * whose first row names the columns. Pure and browser-safe: the screens check a file with the
 * same reading the routes apply.
 */

/** Splits CSV text into records of fields (RFC 4180: quotes, doubled quotes, CRLF or LF); null on an unclosed quote. */
export function splitCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  /** Whether the current record has begun (a quoted empty field counts). */
  let begun = false;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      begun = false;
      continue;
    }
    begun = true;
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  if (begun) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** A row of the file: its line (the header is line 1; blank lines keep their numbers) and its trimmed values. */
export interface CsvLine {
  line: number;
  fields: string[];
}

/** A file read as a table: the column names of its header and its other non-blank rows. */
export interface CsvTable {
  header: string[];
  rows: CsvLine[];
  /** A row's value in the named column: '' when the file has no such column or the row stops short of it. */
  value: (fields: string[], column: string) => string;
}

export type CsvTableRead = { ok: true; table: CsvTable } | { ok: false; reason: 'tooLarge' | 'badQuotes' | 'empty' };

/**
 * Reads a file of at most `maxChars` characters: the header names the columns (any order), blank
 * lines are skipped, a BOM (Excel's "CSV UTF-8") is dropped, spaces around a value are trimmed.
 */
export function readCsvTable(text: string, maxChars: number): CsvTableRead {
  if (text.length > maxChars) return { ok: false, reason: 'tooLarge' };
  const records = splitCsv(text.replace(/^\uFEFF/, ''));
  if (records === null) return { ok: false, reason: 'badQuotes' };
  const rows = records.map((fields, i) => ({ line: i + 1, fields: fields.map((f) => f.trim()) })).filter((r) => r.fields.some((f) => f !== ''));
  const head = rows.shift();
  if (!head) return { ok: false, reason: 'empty' };
  const header = head.fields;
  // A column named twice is read from its first place.
  const place = new Map<string, number>();
  for (const [i, column] of header.entries()) if (!place.has(column)) place.set(column, i);
  const value = (fields: string[], column: string) => {
    const i = place.get(column);
    return i === undefined ? '' : (fields[i] ?? '');
  };
  return { ok: true, table: { header, rows, value } };
}
