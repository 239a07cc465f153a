import { z } from 'zod';
import { idSchema, pageRequest } from '../http/validate';

/** Input pieces shared by the engagement and media routes. */

/** Empty values (`?materialCategoryId=`, `"tagId": ""`) mean "not given". */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalId = z.preprocess(blankToUndefined, idSchema.optional());

/**
 * The paging request with a model that is always validated: a missing model is parsed as {} (so
 * its required fields are named in the message) instead of being taken as is.
 */
export function pagedWith<M extends z.ZodObject, S extends readonly [string, ...string[]]>(
  model: M,
  sorts: S,
  defaults: { size: number; sort: S[number]; order: 'ascending' | 'descending'; maxSize?: number },
) {
  return pageRequest(z.object({}), sorts, defaults).extend({ model: model.prefault({} as never) });
}
