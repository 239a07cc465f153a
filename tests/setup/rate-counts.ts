/** The writes a row of rate_count holds: the sum of its slots' counts (c0 … c11). */
export function slotTotal(row: object | undefined): number {
  return Object.entries(row ?? {}).reduce((n, [k, v]) => (/^c\d+$/.test(k) ? n + Number(v) : n), 0);
}
