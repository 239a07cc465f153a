/** Pure rules of the staff side of leads; the CSV file itself is the shared one of src/server/csv.rules.ts. */
export { CSV_BOM, csvField, csvFile } from '../csv.rules';

/**
 * A lead's mobile as the audit log keeps it: the first three and last four digits (13912345678 ->
 * 139****5678), enough for a reader to tell leads apart, not enough to call. Anything shorter than
 * eight characters is all stars.
 */
export function maskedMobile(mobile: string): string {
  return mobile.length < 8 ? '*'.repeat(mobile.length) : `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}
