/** The counts of a row of rate_tally whose names begin with `prefix` (c: its latest period's; b: the period before's). */
function columnsTotal(row: object | undefined, prefix: 'c' | 'b'): number {
  const pattern = new RegExp(`^${prefix}\\d+$`);
  return Object.entries(row ?? {}).reduce((n, [k, v]) => (pattern.test(k) ? n + Number(v) : n), 0);
}

/** The writes a row of rate_tally holds: its latest period's and the period before's. */
export function slotTotal(row: object | undefined): number {
  return columnsTotal(row, 'c') + columnsTotal(row, 'b');
}

/** The writes a row of rate_tally holds of one period: its latest counts or the period before's, or none. */
export function periodTotal(row: { period: number | string } | undefined, period: number): number {
  if (!row) return 0;
  if (Number(row.period) === period) return columnsTotal(row, 'c');
  if (Number(row.period) === period + 1) return columnsTotal(row, 'b');
  return 0;
}
