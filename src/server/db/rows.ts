import { sql, type DeleteResult, type InsertResult, type SelectQueryBuilder, type UpdateResult } from 'kysely';

/**
 * What the drivers answer for a statement, as the code uses it: a count as a number (PostgreSQL's
 * count(*) is bigint, SQLite's an integer), the rows a write changed as a number (Kysely answers
 * bigint). Repositories convert with these once, beside their queries; services see numbers.
 */

/** How many rows a filtered select matches: count(*) over it (nothing selected yet). */
export async function countOf(
  // biome-ignore lint/suspicious/noExplicitAny: any tables and aliases: Kysely's builder is invariant in them, nothing narrower accepts every caller
  filtered: SelectQueryBuilder<any, any, any>,
): Promise<number> {
  const row = (await filtered.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The rows an UPDATE or DELETE changed. */
export const changedRows = (r: { numUpdatedRows: bigint } | { numDeletedRows: bigint }): number =>
  Number('numUpdatedRows' in r ? r.numUpdatedRows : r.numDeletedRows);

/** The rows an INSERT (with ON CONFLICT DO NOTHING or DO UPDATE) wrote. */
export const insertedRows = (r: { numInsertedOrUpdatedRows?: bigint | undefined }): number => Number(r.numInsertedOrUpdatedRows ?? 0);

/** Runs a conditional UPDATE or DELETE: true when it changed a row (the conditions it was written under held). */
export async function changedAny(statement: { executeTakeFirst(): Promise<UpdateResult | DeleteResult> }): Promise<boolean> {
  return changedRows(await statement.executeTakeFirst()) > 0;
}

/** Runs a compare-and-set UPDATE or DELETE of one row: true only for the caller whose conditions still held. */
export async function changedOne(statement: { executeTakeFirst(): Promise<UpdateResult | DeleteResult> }): Promise<boolean> {
  return changedRows(await statement.executeTakeFirst()) === 1;
}

/** Runs an INSERT of one row that does nothing on a conflict: true when it wrote the row (no row stood in its way). */
export async function insertedOne(statement: { executeTakeFirst(): Promise<InsertResult> }): Promise<boolean> {
  return insertedRows(await statement.executeTakeFirst()) > 0;
}

/**
 * A row found by a key that does not name the school (decisions 121, 122), if it is of the school; else undefined, so
 * that another school's row is answered as a missing one.
 */
export const ofSchool = <T extends { tenantId: string }>(row: T | undefined, tenantId: string): T | undefined =>
  row && row.tenantId === tenantId ? row : undefined;
