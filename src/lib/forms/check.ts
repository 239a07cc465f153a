import type { z } from 'zod';

/**
 * A staff form's field check (useForm's `check`) from the zod object schema its route validates
 * with, so a field's limits and messages are written once (src/lib/forms/*.ts) and the island
 * shows the words the route would refuse with. Checks a single field; rules across fields are
 * the schema's own refinements, which the route applies on submit.
 */
export function schemaCheck<S extends z.ZodObject>(schema: S) {
  const shape: Record<string, z.ZodType> = schema.shape;
  return (field: string, value: unknown): string | null => {
    const fieldSchema = shape[field];
    if (!fieldSchema) return null;
    const result = fieldSchema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}

/**
 * Every refusal of a whole form by its schema, the first per field (the input's top-level key; a rule
 * across fields, which names none, under ''): what a form that sends its fields together shows
 * before it sends, in the words the route would answer.
 */
export function schemaErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[field] ??= issue.message;
  }
  return errors;
}
