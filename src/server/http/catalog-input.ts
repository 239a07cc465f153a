import { z } from 'zod';
import { t } from '~/server/i18n';
import { CATALOG_STATE } from '~/lib/api/contracts/admin-catalog';
import { idSchema } from './validate';
import { blankIsNone, pageFields } from './list-query';
import { catalogState } from '~/lib/forms/catalog';
import { cstTime } from './cst-time';

/**
 * The input of the staff catalogue calls besides the forms (src/lib/forms/catalog.ts): the list
 * query, the state change and the schedule, the same for every resource.
 */

/** The list's state filter: draft, published, or scheduled (a draft with a time). */
const listState = z.coerce
  .number({ error: t('catalog.badState') })
  .pipe(z.union([z.literal(CATALOG_STATE.DRAFT), z.literal(CATALOG_STATE.PUBLISHED), z.literal(CATALOG_STATE.SCHEDULED)], { error: t('catalog.badState') }));

export const catalogListQuery = z.object({
  ...pageFields,
  keyword: z.preprocess(blankIsNone, z.string().trim().max(64, t('catalog.keywordTooLong')).optional()),
  id: z.preprocess(blankIsNone, idSchema.optional()),
  state: z.preprocess(blankIsNone, listState.optional()),
});
export type CatalogListInput = z.output<typeof catalogListQuery>;

export const stateChange = z.object({ id: idSchema, state: catalogState });

/** A schedule: the row and the time the server publishes it (China Standard Time, to the minute). */
export const scheduleChange = z.object({
  id: idSchema,
  publishAt: z
    .string({ error: t('catalog.publishAtRequired') })
    .trim()
    .min(1, t('catalog.publishAtRequired'))
    .transform(cstTime(t('catalog.publishAtInvalid'), /\d{2}:\d{2}/)),
});
export const withId = z.object({ id: idSchema });
