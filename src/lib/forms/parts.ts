import { z } from './zod';
import { isBlank } from '~/lib/rules/rule';
import { parseDateTime } from '~/lib/time/cst';

/**
 * The parts of a staff form's schema that many forms share, each refusing in the words the form
 * passes (its own catalogue's message for its own field): so the rule is written once and every
 * form's words stay its own.
 */

/** Blank input (none, or only spaces) is stored as null. */
export const blankIsNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);

/** Text that must be given, trimmed, up to `max` characters. */
export const given = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Text that must say something (invisible characters alone do not), up to `max` characters. */
export const saying = (max: number, required: string, tooLong: string) => given(max, required, tooLong).refine((s) => !isBlank(s), required);

/** Optional text up to `max` characters, trimmed; blank is null. */
export const optionalText = (max: number, message: string) => z.preprocess(blankIsNull, z.string({ error: message }).trim().max(max, message).nullable());

/** One of the listed codes, sent as a number or as its text. */
export const oneOf = (values: readonly number[], message: string) => z.coerce.number({ error: message }).refine((n) => values.includes(n), { message });

/** A time to publish at, typed 'YYYY-MM-DD HH:mm' (China Standard Time, to the minute), as epoch ms. */
export const publishTime = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((text, ctx) => {
      const ms = parseDateTime(text);
      if (Number.isNaN(ms) || !/\d{2}:\d{2}/.test(text)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return ms;
    });
