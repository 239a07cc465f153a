import { z } from './zod';
import type { Rule } from '~/lib/rules/rule';

/**
 * A plain-function form rule (src/lib/rules, src/lib/school/settings) as a zod schema: the rule's
 * first message becomes the issue and its value (trimmed, normalised) the output, so a staff form's
 * schema (src/lib/forms/*.ts) and the route validating with it refuse with the rule's own words.
 */
export function zodRule<T>(rule: Rule<T>) {
  return z.unknown().transform((value, ctx): T => {
    const result = rule(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}
