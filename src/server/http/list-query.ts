import { z } from 'zod';
import { t } from '~/server/i18n';
import { cstTime } from './cst-time';

/** Query filters the staff lists share (the audit log, accounts, leads, content, the catalogue). */

/** An optional query filter: blank is none. */
export const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A China Standard Time day, YYYY-MM-DD, as the epoch ms of its start; blank is none. */
export const day = z.preprocess(
  blankIsNone,
  z
    .string()
    .transform(cstTime(t('staff.badDate'), /^\d{4}-\d{2}-\d{2}$/))
    .optional(),
);

/** Part of a name or a mobile to look for: trimmed, blank is none, at most 20 characters. */
export const searchText = z.preprocess(
  (v) => (typeof v === 'string' ? blankIsNone(v.trim()) : v),
  z
    .string({ error: t('staff.badSearch') })
    .max(20, t('staff.badSearch'))
    .optional(),
);

/** The page asked for: 1-based, at most 100 rows. */
export const pageFields = {
  current: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
