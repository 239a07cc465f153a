import { z } from 'zod';
import { parseDateTime } from '~/lib/time/cst';

/**
 * Reads China Standard Time text ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]') as epoch ms, as a zod
 * transform: text not of the `shape` a field asks for (when it asks), or naming no real time (a
 * 31 February), is refused with the field's `message`.
 */
export const cstTime =
  (message: string, shape?: RegExp) =>
  // T: the value before the transform, which a field that may be empty lets be null (handled by the caller).
  <T extends string | null>(text: string, ctx: z.core.$RefinementCtx<T>): number => {
    const ms = shape && !shape.test(text) ? Number.NaN : parseDateTime(text);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return ms;
  };
