/**
 * The spreadsheet (CSV) imports: how many characters of text each one takes, and how large its
 * request body may therefore be (decision 049). The screen reads the file (UTF-8 with or without
 * BOM, or GBK), and sends its text as the `csv` string of a JSON body, so the body is the text as
 * UTF-8 plus the JSON around it.
 *
 * Loaded by Node directly from scripts/start.mjs through the request gate (type stripping):
 * erasable TypeScript only, and no imports.
 */

/** Characters of the file's text each import takes (its schema and its parser refuse more). */
export const CSV_IMPORT_CHARS = {
  /** Students of a class (about 100 KB of Latin text). */
  students: 100_000,
  /** Questions of the bank. */
  questions: 400_000,
  /** Certificates. */
  certificates: 1_000_000,
} as const;

/**
 * The bytes one character of the text may take in the JSON body. A string's length counts UTF-16
 * units: a Chinese character is one unit and three UTF-8 bytes, a character outside the basic plane
 * two units and four bytes; JSON writes a quote, a backslash, a tab or a line break as two bytes.
 * Only the other control characters (\u0000–\u001f, six bytes as `\u00XX`), which no spreadsheet
 * writes, can go past it: a file full of them may be refused (413) before its character count.
 */
export const CSV_BYTES_PER_CHAR = 3;

/** Room for the rest of the JSON body (`{"csv":"…","apply":true}` and a path's id). */
export const CSV_FRAMING_BYTES = 16 * 1024;

/** The import calls, by their full path (the gate sees /api…, the query string already cut off). */
const CSV_IMPORT_PATHS: readonly { path: RegExp; chars: number }[] = [
  { path: /^\/api\/admin\/classes\/[^/]+\/students\/import$/, chars: CSV_IMPORT_CHARS.students },
  { path: /^\/api\/admin\/bank\/questions\/import$/, chars: CSV_IMPORT_CHARS.questions },
  { path: /^\/api\/admin\/certificates\/import$/, chars: CSV_IMPORT_CHARS.certificates },
];

/** The body a CSV import of `chars` characters may send. */
export const csvBodyBytes = (chars: number): number => chars * CSV_BYTES_PER_CHAR + CSV_FRAMING_BYTES;

/**
 * The largest body a request to this path may send: an import call's own size, never below the
 * general limit; every other path the general limit. `url` may carry its query string.
 */
export function bodyLimitFor(url: string, general: number): number {
  const path = url.split('?')[0] ?? '';
  const call = CSV_IMPORT_PATHS.find((c) => c.path.test(path));
  return call ? Math.max(general, csvBodyBytes(call.chars)) : general;
}
