/**
 * The staff side's CSV files, for every domain: the one CSV writer (UTF-8 with a BOM, CRLF, quoted
 * fields, formulas guarded: src/server/csv.rules.ts) and the answer that makes a browser save it
 * under a Chinese name (leads, attendance, progress).
 */
export { csvFile } from '../csv.rules';

/** A CSV download: `asciiName` for old clients, `name` (UTF-8, percent-encoded) for the others; never cached. */
export function csvDownload(text: string, asciiName: string, name: string): Response {
  return new Response(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'no-store',
    },
  });
}
