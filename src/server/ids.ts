import { randomInt } from 'node:crypto';

/**
 * Ids are made in application code so one migration serves SQLite and PostgreSQL:
 * 13 digits of epoch ms then 6 random digits. They sort by creation time and stay unique
 * across several server instances without coordination.
 */
export function newId(now = Date.now()): string {
  return `${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export const ID_PATTERN = /^[0-9A-Za-z_-]{1,32}$/;
